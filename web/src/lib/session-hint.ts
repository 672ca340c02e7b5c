import { SESSION_HINT_COOKIE } from '@thaiyal/contract/pages';

/**
 * Whether this browser holds a session the auth check could confirm: true when the server's
 * session hint cookie is present. Without it the shopper is a visitor, with no need to ask the
 * server (docs/decisions/013-first-load.md: no auth check and token refresh before a first visit settles).
 * @param cookies `document.cookie`, or the same string in a test.
 */
export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
