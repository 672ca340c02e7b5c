import type { MessageResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dropAdminOrder } from './admin-order-cache';

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

/**
 * Mutation that deletes a delivered order (docs/product.md#api): once deleted it leaves its page
 * and the Delivered count, and the other pages are not fetched again
 * (docs/product.md#lists-by-page; {@link dropAdminOrder}). A refusal changes nothing on screen.
 */
export function useDeleteDeliveredOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeliveredOrder,
    onSuccess: (_message, orderId) => dropAdminOrder(queryClient, orderId),
  });
}
