import type { MessageResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/**
 * `DELETE /api/orders/delivered/delete/{orderId}` → the server's message, 'deleted'
 * (docs/product.md#api, docs/product.md#messages). @throws ApiError (409 when the order is not delivered, 404 unknown).
 */
export async function deleteDeliveredOrder(orderId: string): Promise<string> {
  const { message } = await api<MessageResponse>(`/orders/delivered/delete/${encodeURIComponent(orderId)}`, {
    method: 'DELETE',
  });
  return message;
}

/** Mutation that deletes a delivered order; the orders reload either way (docs/product.md#api). */
export function useDeleteDeliveredOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeliveredOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
  });
}
