import type { MeasuredBody, MeasuredResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { hasWaitingSaves, isNoConnection, queueSave, sendQueued } from '../offline/measurement-queue';
import { putAdminOrder } from './admin-order-cache';
import { ADMIN_KEY } from './keys';

/** The measurements taken at the visit for one order (docs/product.md#the-measurement-book). */
export interface RecordedMeasurements extends MeasuredBody {
  orderId: string;
  /** The garment's name, shown while the save waits on the phone (docs/decisions/024-owners-day-offline.md). */
  garment: string;
}

/** What a save came to: the server's answer, or `{queued: true}` when it was kept on the phone to be sent later. */
export type RecordOutcome = MeasuredResponse | { queued: true };

/**
 * `PUT /api/admin/orders/{orderId}/measurements` with `{lines: [{productId, measurements, unit, note}],
 * saveToProfile}` → `{message, order}` (docs/product.md#the-measurement-book).
 * @throws ApiError (400 a refused value or note, with its message; 404 unknown order; 409 delivered
 *   or cancelled, or her profiles full).
 */
async function recordMeasurements({ orderId, body }: { orderId: string; body: MeasuredBody }): Promise<MeasuredResponse> {
  return api<MeasuredResponse>(`/admin/orders/${encodeURIComponent(orderId)}/measurements`, { method: 'PUT', body });
}

/**
 * Sends the save, or keeps it on the phone (docs/decisions/024-owners-day-offline.md#the-queue)
 * when the phone is offline, when the request finds no connection, or when older saves still
 * wait (sent first, so the last typed is the one the server keeps); the queue is then sent.
 * @throws ApiError the server's refusal, as {@link recordMeasurements}; Error when a save to keep finds no IndexedDB.
 */
async function recordOrQueue(queryClient: QueryClient, { orderId, garment, ...body }: RecordedMeasurements): Promise<RecordOutcome> {
  const queue = async (): Promise<RecordOutcome> => {
    await queueSave(queryClient, { orderId, garment, body });
    void sendQueued(queryClient);
    return { queued: true };
  };
  if (!navigator.onLine || (await hasWaitingSaves())) return queue();
  try {
    return await recordMeasurements({ orderId, body });
  } catch (error) {
    if (isNoConnection(error)) return queue();
    throw error;
  }
}

/**
 * Mutation of a garment's measurement form; the answered order replaces the listed one
 * ({@link putAdminOrder}) and the day's visits are read again, so their cards show it. Runs
 * offline too (`networkMode: 'always'`): there it keeps the save on the phone.
 */
export function useRecordMeasurements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: RecordedMeasurements) => recordOrQueue(queryClient, save),
    networkMode: 'always',
    onSuccess: (outcome) => {
      if ('queued' in outcome) return;
      putAdminOrder(queryClient, outcome.order);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'visits'] });
    },
  });
}
