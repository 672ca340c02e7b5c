import type { AdminOrderListResponse, MeasuredBody, MeasuredResponse } from '@thaiyal/contract';
import { ORDER_STATES } from '@thaiyal/contract/limits';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';
import { putAdminOrder } from '../api/admin-order-cache';
import { ADMIN_KEY } from '../api/keys';
import { addSave, deleteSave, listSaves, putSave, type QueuedSave, type ServerMeasured } from './owner-day-db';

/** The query key of the queue on this phone (read from IndexedDB, never from the server). */
const PENDING_SAVES_KEY = [...ADMIN_KEY, 'pending-saves'] as const;

/** The day's visits' queries, every date: a sent save refreshes the cards that show what was measured. */
const VISITS_KEY = [...ADMIN_KEY, 'visits'] as const;

/**
 * The statuses by which the server refuses a save for what it is (docs/product.md#the-measurement-book:
 * 400 a refused value or note, 404 an order gone, 409 delivered, cancelled or her profiles full):
 * sending it again unchanged would be refused again, so it waits for the owner
 * (docs/decisions/024-owners-day-offline.md#the-queue). Any other failure (no connection, 5xx, a
 * session to renew) keeps it waiting to be sent.
 */
const REFUSED_STATUSES: ReadonlySet<number> = new Set([400, 404, 409, 422]);

/** True when `error` is the lack of a connection (api.ts: a fetch that never reached the server is status 0). */
export function isNoConnection(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * The queue as a query: every save on this phone, in the order typed. Always runs, offline too
 * (`networkMode: 'always'`: it reads IndexedDB, not the network); an empty list where the
 * browser has no IndexedDB.
 */
const pendingSavesQuery = queryOptions({
  queryKey: PENDING_SAVES_KEY,
  queryFn: () => listSaves().catch((): QueuedSave[] => []),
  networkMode: 'always',
  staleTime: Infinity,
});

/** The saves waiting on this phone ({@link pendingSavesQuery}). */
export function usePendingSaves() {
  return useQuery(pendingSavesQuery);
}

/** One measurement save to queue: the order, the garment's name (shown while it waits) and the body the form built. */
export interface SaveToQueue {
  orderId: string;
  garment: string;
  body: MeasuredBody;
}

/**
 * Keeps a save on the phone, at the end of the queue (docs/decisions/024-owners-day-offline.md#the-queue).
 * @throws Error when the browser has no IndexedDB (the form then says it could not save).
 */
export async function queueSave(queryClient: QueryClient, save: SaveToQueue): Promise<void> {
  await addSave({ ...save, typedAtMs: Date.now(), state: 'waiting' });
  await queryClient.invalidateQueries({ queryKey: PENDING_SAVES_KEY });
}

/** True when some save is still waiting to be sent: a newer one must wait behind it, so the last typed is the one kept. */
export async function hasWaitingSaves(): Promise<boolean> {
  return (await listSaves().catch((): QueuedSave[] => [])).some((save) => save.state === 'waiting');
}

/**
 * What the server holds now for the refused save's garment, read from the owner's order list
 * (`GET /api/orders/status?q=<order>&status=<every state>`): the line's `measured`, null when
 * nothing was measured or the order is gone (404), undefined when it could not be read.
 */
async function serverVersion(save: QueuedSave, status: number): Promise<ServerMeasured | null | undefined> {
  if (status === 404) return null;
  const productId = save.body.lines[0]?.productId;
  try {
    const query = new URLSearchParams({ q: save.orderId, status: ORDER_STATES.join(',') });
    const page = await api<AdminOrderListResponse>(`/orders/status?${query.toString()}`);
    const order = page.orders.find((one) => one.orderId === save.orderId);
    return order ? (order.items.find((item) => item.productId === productId)?.measured ?? null) : null;
  } catch {
    return undefined;
  }
}

/**
 * Sends one save: 2xx removes it and puts the answered order in the lists; a refusal
 * ({@link REFUSED_STATUSES}) keeps it as refused, with the server's message and version.
 * @returns false when the queue must stop here (no connection, or the server could not answer).
 */
async function sendOne(queryClient: QueryClient, save: QueuedSave): Promise<boolean> {
  try {
    const answer = await api<MeasuredResponse>(`/admin/orders/${encodeURIComponent(save.orderId)}/measurements`, {
      method: 'PUT',
      body: save.body,
    });
    await deleteSave(save.id!);
    putAdminOrder(queryClient, answer.order);
    void queryClient.invalidateQueries({ queryKey: VISITS_KEY });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || !REFUSED_STATUSES.has(error.status)) return false;
    const { status, code, message, reason, params } = error;
    const server = await serverVersion(save, status);
    await putSave({ ...save, state: 'refused', refusal: { status, code, message, reason, params }, server });
    return true;
  }
}

/** Sends the waiting saves in the order typed, one at a time, until one cannot be sent. */
async function sendWaiting(queryClient: QueryClient): Promise<void> {
  try {
    for (const save of await listSaves()) {
      if (save.state === 'waiting' && !(await sendOne(queryClient, save))) break;
    }
  } finally {
    await queryClient.invalidateQueries({ queryKey: PENDING_SAVES_KEY });
  }
}

let sending: Promise<void> | null = null;
let askedAgain = false;

/**
 * Sends the queue (docs/decisions/024-owners-day-offline.md#the-queue): on `online`, when the
 * dashboard opens and on the owner's Send now. One run at a time, so no save is sent twice; a
 * call during a run makes it go round once more (a save put back by "Send mine again").
 * Never rejects: a save that could not be sent stays queued.
 */
export function sendQueued(queryClient: QueryClient): Promise<void> {
  if (sending) {
    askedAgain = true;
    return sending;
  }
  sending = (async () => {
    do {
      askedAgain = false;
      await sendWaiting(queryClient).catch(() => undefined);
    } while (askedAgain);
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/** "Send mine again": the refused save waits again, at its place in the queue, and the queue is sent. */
export async function sendAgain(queryClient: QueryClient, save: QueuedSave): Promise<void> {
  await putSave({ ...save, state: 'waiting', refusal: undefined, server: undefined });
  await queryClient.invalidateQueries({ queryKey: PENDING_SAVES_KEY });
  await sendQueued(queryClient);
}

/** "Drop it": the refused save is removed from the phone; the server's version stays. */
export async function dropSave(queryClient: QueryClient, save: QueuedSave): Promise<void> {
  await deleteSave(save.id!);
  await queryClient.invalidateQueries({ queryKey: PENDING_SAVES_KEY });
}
