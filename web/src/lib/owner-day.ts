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
  forgetOwner();
  if (typeof indexedDB === 'undefined') return;
  indexedDB.deleteDatabase(OWNER_DAY_DB);
}

/** Where the owner's own account is kept for opening the dashboard offline ({@link keepOwner}). */
const OWNER_KEY = 'thaiyal-owner';

/**
 * Keeps the signed-in admin's own account on the phone, or forgets it for anyone else
 * (docs/decisions/024-owners-day-offline.md#opening-the-dashboard-offline): without a connection
 * the session check cannot answer, and the dashboard, which only an admin may open, would send
 * her home. Only an admin's account is kept, and it is removed on sign-out and when the server
 * says she is signed out. Storage refused (private mode, full) keeps nothing.
 * @param user the session check's answer (null for a visitor).
 */
export function keepOwner<U extends { role: string }>(user: U | null): void {
  try {
    if (user?.role === 'admin') localStorage.setItem(OWNER_KEY, JSON.stringify(user));
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // No storage: the dashboard simply needs a connection to open.
  }
}

/** The admin account kept by {@link keepOwner}, for a session check that found no connection; undefined if none. */
export function keptOwner<U>(): U | undefined {
  try {
    const kept = localStorage.getItem(OWNER_KEY);
    return kept ? (JSON.parse(kept) as U) : undefined;
  } catch {
    return undefined;
  }
}

function forgetOwner(): void {
  try {
    localStorage.removeItem(OWNER_KEY);
  } catch {
    // Nothing could be kept either.
  }
}
