import type { ReadyByBody, StatusUpdateResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { putAdminOrder } from './admin-order-cache';

/**
 * `PUT /api/admin/orders/{orderId}/ready-by` with `{readyBy, reason}` → `{message, order}`
 * (docs/product.md#dates-a-tailor-promises): the order's new ready-by date; the server puts the
 * move on its timeline and mails the customer.
 * @throws ApiError (400 a date before today or over a year ahead, or no reason; 404 unknown order; 409 delivered or cancelled).
 */
async function moveReadyBy({ orderId, ...body }: ReadyByBody & { orderId: string }): Promise<StatusUpdateResponse> {
  return api<StatusUpdateResponse>(`/admin/orders/${encodeURIComponent(orderId)}/ready-by`, { method: 'PUT', body });
}

/** Mutation of an order's move-date form; the answered order replaces the listed one ({@link putAdminOrder}). */
export function useMoveReadyBy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveReadyBy,
    onSuccess: ({ order }) => putAdminOrder(queryClient, order),
  });
}
