/**
 * The name of the IndexedDB database that keeps the owner's day on her phone
 * (docs/decisions/024-owners-day-offline.md): today's visits as last loaded and the measurements
 * typed without a connection. Here, outside the admin feature, so that signing out (the drawer,
 * app/) can remove it without loading the admin chunk.
 */
export const OWNER_DAY_DB = 'thaiyal-owner-day';

/**
 * Removes the owner's day from this phone (docs/security.md#the-owners-day-on-her-phone): called
 * when someone signs out, because the phone may be shared. A plain `deleteDatabase` (a few bytes,
 * no library), so the drawer's chunk stays small; an open admin page closes its connection when
 * asked (`blocking` in owner-day-db.ts), so the removal is never left waiting. Does nothing where
 * the browser has no IndexedDB.
 */
export function forgetOwnerDay(): void {
  if (typeof indexedDB === 'undefined') return;
  indexedDB.deleteDatabase(OWNER_DAY_DB);
}
