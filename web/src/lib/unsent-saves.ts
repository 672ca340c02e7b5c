import { OWNER_DAY_DB } from './owner-day';

/**
 * How many measurement saves wait on this phone, not yet accepted by the server (waiting or
 * refused, docs/decisions/024-owners-day-offline.md#the-queue): signing out removes them, so the
 * drawer asks first. A bare IndexedDB count, like `forgetOwnerDay` (owner-day.ts), so the drawer
 * loads neither `idb` nor the admin chunk; its own module, so it is in the drawer's chunk, not the
 * first load's (owner-day.ts is imported by the session check). A phone with no such database
 * (anyone but the owner) answers 0 without creating one: the open is aborted in `upgradeneeded`,
 * which only a missing database fires here. Any failure (no IndexedDB, no `saves` store) answers 0:
 * nothing to lose.
 */
export function countUnsentSaves(): Promise<number> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(0);
  return new Promise((resolve) => {
    const open = indexedDB.open(OWNER_DAY_DB);
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const database = open.result;
      try {
        const count = database.transaction('saves').objectStore('saves').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => resolve(0);
      } catch {
        resolve(0);
      } finally {
        // Closed at once (the count still finishes), so a removal is never kept waiting on this connection.
        database.close();
      }
    };
  });
}
