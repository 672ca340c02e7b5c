import type { CancelledOrderListResponse, MessageResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { mapPages, type Pages } from '../../../lib/paged';
import { adminKeys } from './keys';

/**
 * `DELETE /api/orders/delete/{id}` removes a cancelled-order record → the server's message,
 * 'Order deleted successfully' (docs/product.md#api, docs/product.md#messages). @throws ApiError (404 unknown).
 */
export async function deleteCancelledOrder(recordId: string): Promise<string> {
  const { message } = await api<MessageResponse>(`/orders/delete/${encodeURIComponent(recordId)}`, { method: 'DELETE' });
  return message;
}

/**
 * Mutation that deletes a cancelled-order record: it leaves its page, and the other pages are not
 * fetched again (docs/product.md#lists-by-page).
 */
export function useDeleteCancelledOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCancelledOrder,
    onSuccess: (_message, recordId) => {
      queryClient.setQueriesData<Pages<CancelledOrderListResponse>>({ queryKey: adminKeys.cancelledOrders }, (data) =>
        mapPages(data, (page) => ({ ...page, cancelledOrders: page.cancelledOrders.filter((item) => item._id !== recordId) })),
      );
    },
  });
}
