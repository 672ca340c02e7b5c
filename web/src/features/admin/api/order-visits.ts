import type { AppointmentBody, StatusUpdateResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { visitSlotsQuery } from '../../../lib/visit-days';
import { putAdminOrder } from './admin-order-cache';
import { ADMIN_KEY } from './keys';

/**
 * `POST /api/admin/orders/{orderId}/appointments` `{kind, date, slotId}` → `{message, order}`
 * (docs/product.md#trial-and-delivery-visits): books (or moves) the order's trial or delivery visit;
 * the server mails the customer.
 * @throws ApiError (400 a bad or past day; 404 unknown order; 409 delivered or cancelled, a closed day, a full or started slot).
 */
async function bookVisit({ orderId, ...body }: AppointmentBody & { orderId: string }): Promise<StatusUpdateResponse> {
  return api<StatusUpdateResponse>(`/admin/orders/${encodeURIComponent(orderId)}/appointments`, { method: 'POST', body });
}

/**
 * `DELETE /api/admin/orders/{orderId}/appointments/{id}` → `{message, order}`: cancels a trial or
 * delivery visit, its place freed; the server mails the customer.
 * @throws ApiError (404 unknown order or visit; 409 delivered or cancelled).
 */
async function cancelVisit({ orderId, id }: { orderId: string; id: string }): Promise<StatusUpdateResponse> {
  return api<StatusUpdateResponse>(`/admin/orders/${encodeURIComponent(orderId)}/appointments/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** After a change: the answered order replaces the listed one; the calendar's places and the day's visits are read again. */
function changed(queryClient: QueryClient, { order }: StatusUpdateResponse): void {
  putAdminOrder(queryClient, order);
  void queryClient.invalidateQueries({ queryKey: visitSlotsQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'visits'] });
}

/** Mutation of an order card's "Book a trial/delivery visit" form. */
export function useBookVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookVisit, onSuccess: (answer) => changed(queryClient, answer) });
}

/** Mutation of a visit's Cancel on an order card. */
export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelVisit, onSuccess: (answer) => changed(queryClient, answer) });
}
