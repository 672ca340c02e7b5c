import type { StatusUpdateResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { putAdminOrder } from './admin-order-cache';

/**
 * `POST /api/admin/orders/{orderId}/sign-off` → `{message, order}` (docs/product.md#sign-off-before-cutting):
 * asks the customer to approve before cutting; the server mails her.
 * @throws ApiError (404 unknown order; 409 delivered or cancelled).
 */
async function askSignOff(orderId: string): Promise<StatusUpdateResponse> {
  return api<StatusUpdateResponse>(`/admin/orders/${encodeURIComponent(orderId)}/sign-off`, { method: 'POST' });
}

/**
 * `PUT /api/admin/orders/{orderId}/sign-off` `{state: 'approved', via: 'phone'}` → `{message, order}`
 * (docs/product.md#sign-off-before-cutting): records an approval she gave by phone.
 * @throws ApiError (404 unknown order; 409 delivered or cancelled).
 */
async function recordPhoneApproval(orderId: string): Promise<StatusUpdateResponse> {
  return api<StatusUpdateResponse>(`/admin/orders/${encodeURIComponent(orderId)}/sign-off`, {
    method: 'PUT',
    body: { state: 'approved', via: 'phone' },
  });
}

/** Mutation of `Ask for approval`; the answered order replaces the listed one ({@link putAdminOrder}). */
export function useAskSignOff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: askSignOff, onSuccess: ({ order }) => putAdminOrder(queryClient, order) });
}

/** Mutation of `Approved by phone`; the answered order replaces the listed one ({@link putAdminOrder}). */
export function usePhoneApproval() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPhoneApproval, onSuccess: ({ order }) => putAdminOrder(queryClient, order) });
}
