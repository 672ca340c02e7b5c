import type { PaymentBody, StatusUpdateResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { putAdminOrder } from './admin-order-cache';
import { ADMIN_KEY } from './keys';

/** A payment received at the door for one order (docs/product.md#payment-at-the-door). */
export interface PaymentRecord extends PaymentBody {
  orderId: string;
}

/**
 * `POST /api/admin/orders/{orderId}/payments` with `{method, amount, reference?, note?}` → 201
 * `{message, order}` (docs/product.md#payment-at-the-door): amount in rupees.
 * @throws ApiError (400 a bad amount; 404 unknown order; 409 not yet designed, cancelled, paid in full or over the balance).
 */
async function recordPayment({ orderId, ...body }: PaymentRecord): Promise<StatusUpdateResponse> {
  return api<StatusUpdateResponse>(`/admin/orders/${encodeURIComponent(orderId)}/payments`, { method: 'POST', body });
}

/**
 * Mutation of an order card's payment form: the answered order replaces the listed one
 * ({@link putAdminOrder}) and the Collections view is read again when next shown.
 */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: ({ order }) => {
      putAdminOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'collections'] });
    },
  });
}
