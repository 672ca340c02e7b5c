import type { CancelledOrder, MessageResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/**
 * `DELETE /api/orders/delete/{id}` removes a cancelled-order record → the server's message,
 * 'Order deleted successfully' (docs/product.md#api, docs/product.md#messages). @throws ApiError (404 unknown).
 */
export async function deleteCancelledOrder(recordId: string): Promise<string> {
  const { message } = await api<MessageResponse>(`/orders/delete/${encodeURIComponent(recordId)}`, { method: 'DELETE' });
  return message;
}

/** Mutation that deletes a cancelled-order record and drops it from the list. */
export function useDeleteCancelledOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCancelledOrder,
    onSuccess: (_message, recordId) => {
      queryClient.setQueryData<CancelledOrder[]>(adminKeys.cancelledOrders, (list) => list?.filter((item) => item._id !== recordId));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.cancelledOrders }),
  });
}
