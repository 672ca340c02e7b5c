import type { DayVisitsResponse, ErrorBody, MeasuredBody } from '@thaiyal/contract';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OWNER_DAY_DB } from '../../../lib/owner-day';

/** A kept answer of `GET /api/admin/visits` for one day, with when it was loaded (epoch ms). */
export interface KeptVisits {
  date: string;
  savedAtMs: number;
  data: DayVisitsResponse;
}

/** What the server said when it refused a queued save: the API's error body, kept to be said again in the owner's language. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  reason?: ErrorBody['reason'];
  params?: ErrorBody['params'];
}

/** One line's measurements as the server holds them (`AdminOrder.items[].measured`), null for none. */
export type ServerMeasured = DayVisitsResponse['slots'][number]['orders'][number]['items'][number]['measured'];

/**
 * A measurement save typed on this phone and not yet accepted by the server
 * (docs/decisions/024-owners-day-offline.md#the-queue): the body of
 * `PUT /api/admin/orders/:orderId/measurements` as the form built it, with the garment's name to
 * show. `waiting` until sent; `refused` with the server's reason and what the server held
 * (`server`, undefined when it could not be read; null for nothing measured yet, or an order gone).
 */
export interface QueuedSave {
  /** Assigned by IndexedDB in the order saves were typed; the queue is sent in this order. */
  id?: number;
  orderId: string;
  garment: string;
  body: MeasuredBody;
  typedAtMs: number;
  state: 'waiting' | 'refused';
  refusal?: Refusal;
  server?: ServerMeasured | null;
}

interface OwnerDaySchema extends DBSchema {
  visits: { key: string; value: KeptVisits };
  saves: { key: number; value: QueuedSave };
}

let opened: Promise<IDBPDatabase<OwnerDaySchema>> | null = null;

/**
 * The database, opened once. When another tab or the sign-out removes it (`blocking`), this
 * connection closes at once and the next call opens a new, empty one.
 * @throws Error when the browser has no IndexedDB (the callers then work online only).
 */
function db(): Promise<IDBPDatabase<OwnerDaySchema>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
  opened ??= openDB<OwnerDaySchema>(OWNER_DAY_DB, 1, {
    upgrade(database) {
      database.createObjectStore('visits', { keyPath: 'date' });
      database.createObjectStore('saves', { keyPath: 'id', autoIncrement: true });
    },
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
    terminated() {
      opened = null;
    },
  });
  return opened;
}

/**
 * Keeps `data`, the answer for `date`, loaded at `savedAtMs`, and removes every other day's:
 * only today's visits stay on the phone (docs/security.md#the-owners-day-on-her-phone).
 */
export async function keepVisits(date: string, data: DayVisitsResponse, savedAtMs: number): Promise<void> {
  const database = await db();
  const tx = database.transaction('visits', 'readwrite');
  for (const key of await tx.store.getAllKeys()) if (key !== date) await tx.store.delete(key);
  await tx.store.put({ date, data, savedAtMs });
  await tx.done;
}

/** Removes every kept day but `today`: run when the dashboard opens, so a day she did not open online does not leave yesterday's on the phone. */
export async function dropOtherDays(today: string): Promise<void> {
  const database = await db();
  const tx = database.transaction('visits', 'readwrite');
  for (const key of await tx.store.getAllKeys()) if (key !== today) await tx.store.delete(key);
  await tx.done;
}

/** The kept answer for `date`, or undefined when none was kept. */
export async function readVisits(date: string): Promise<KeptVisits | undefined> {
  return (await db()).get('visits', date);
}

/** Adds a save at the end of the queue; resolves with its id. */
export async function addSave(save: Omit<QueuedSave, 'id'>): Promise<number> {
  return (await db()).add('saves', save as QueuedSave);
}

/** Every queued save, in the order they were typed. */
export async function listSaves(): Promise<QueuedSave[]> {
  return (await db()).getAll('saves');
}

/** Replaces a queued save (its state, refusal, server version). */
export async function putSave(save: QueuedSave): Promise<void> {
  await (await db()).put('saves', save);
}

/** Removes a queued save: sent, or dropped by the owner. */
export async function deleteSave(id: number): Promise<void> {
  await (await db()).delete('saves', id);
}
