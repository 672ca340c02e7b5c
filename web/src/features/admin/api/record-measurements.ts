import type { MeasuredBody, MeasuredResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { putAdminOrder } from './admin-order-cache';

/** The measurements taken at the visit for one order (docs/product.md#the-measurement-book). */
export interface RecordedMeasurements extends MeasuredBody {
  orderId: string;
}

/**
 * `PUT /api/admin/orders/{orderId}/measurements` with `{lines: [{productId, measurements, unit, note}],
 * saveToProfile}` → `{message, order}` (docs/product.md#the-measurement-book).
 * @throws ApiError (400 a refused value or note, with its message; 404 unknown order; 409 delivered
 *   or cancelled, or her profiles full).
 */
async function recordMeasurements({ orderId, ...body }: RecordedMeasurements): Promise<MeasuredResponse> {
  return api<MeasuredResponse>(`/admin/orders/${encodeURIComponent(orderId)}/measurements`, { method: 'PUT', body });
}

/** Mutation of a garment's measurement form; the answered order replaces the listed one, nothing else is fetched ({@link putAdminOrder}). */
export function useRecordMeasurements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordMeasurements,
    onSuccess: ({ order }) => putAdminOrder(queryClient, order),
  });
}
