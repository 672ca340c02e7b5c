/**
 * Name of the cookie the server sets beside the session cookies, holding `1` and nothing secret
 * (server/src/modules/auth/session.ts `SESSION_HINT_COOKIE`). The session cookies themselves
 * are HttpOnly, so script cannot see them.
 */
const SESSION_HINT_COOKIE = 'signed_in';

/**
 * Whether this browser holds a session the auth check could confirm: true when the server's
 * session hint cookie is present. Without it the shopper is a visitor, with no need to ask the
 * server (docs/decisions/013-first-load.md: no auth check and token refresh before a first visit settles).
 * @param cookies `document.cookie`, or the same string in a test.
 */
export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
