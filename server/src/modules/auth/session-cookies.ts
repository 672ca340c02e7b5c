import type { FastifyReply } from 'fastify';
import { LIMITS } from '@thaiyal/contract';

/** Cookie names (docs/architecture.md#sessions-and-cookies). The refresh cookie is only sent to `/api/auth`. */
export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
/**
 * Names the pending sign-up waiting for its one-time code (docs/product.md#sign-up,
 * docs/decisions/017-pending-sign-ups.md): set by sign-up and by a sign-in with a pending
 * sign-up's password, read by `POST /auth/verify/otp`, whose body is only `{otp}` (docs/product.md#api).
 */
export const PENDING_COOKIE = 'otp_session';
const REFRESH_COOKIE_PATH = '/api/auth';
/**
 * A cookie that holds no secret, only `1`, readable by the web app's script: "this browser has
 * a session" (set and cleared with the refresh cookie, which the page cannot see: it is
 * HttpOnly and sent only to `/api/auth`). Without it the web app knows at once that the shopper
 * is a visitor and skips the auth check and its token refresh, two round trips before a first
 * visit settles (docs/decisions/013-first-load.md). With it, the usual check decides; it grants nothing by itself.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
/**
 * Marks a browser that signed in to an account before (docs/security.md, sign-in without
 * lock-out; ASVS 6.3.1): a signed JWT (`use: 'device'`, `sub` = the user id, a random `jti`
 * naming the device), `HttpOnly`, sent only to `/api/auth`, set at every sign-in and kept
 * {@link DEVICE_TTL_MS}, also after logout. A right password from such a browser passes the
 * per-address refusal and the per-e-mail slow-down of sign-in, so no one can lock the owner out.
 */
export const DEVICE_COOKIE = 'device';
/** How long a device cookie lives; each sign-in renews it. */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** How long the pending-verification cookie lives; each sign-up or unverified sign-in renews it. */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

/** Writes and clears the session's cookies on a reply (docs/architecture.md#sessions-and-cookies). */
export interface SessionCookies {
  /** The access and refresh tokens, and the script-readable {@link SESSION_HINT_COOKIE}. */
  setSession(reply: FastifyReply, accessToken: string, refreshToken: string): void;
  /** Clear the three cookies {@link SessionCookies.setSession} sets. */
  clearSession(reply: FastifyReply): void;
  /** The {@link PENDING_COOKIE}, holding the signed pending-sign-up token. */
  setPending(reply: FastifyReply, token: string): void;
  clearPending(reply: FastifyReply): void;
  /** The {@link DEVICE_COOKIE}, holding the signed device token. */
  setDevice(reply: FastifyReply, token: string): void;
}

/**
 * The session's cookies: all `SameSite=Lax`, `Secure` when `secure` (PUBLIC_URL is https), all
 * but the hint `HttpOnly`; the refresh, pending and device cookies only sent to `/api/auth`.
 * Lifetimes in seconds from LIMITS.accessTokenTtlMs, LIMITS.refreshTokenTtlMs,
 * {@link PENDING_TTL_MS} and {@link DEVICE_TTL_MS}.
 */
export function sessionCookies(secure: boolean): SessionCookies {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure };
  const hint = { ...base, httpOnly: false, path: '/' };
  return {
    setSession(reply, accessToken, refreshToken) {
      reply
        .setCookie(ACCESS_COOKIE, accessToken, { ...base, path: '/', maxAge: LIMITS.accessTokenTtlMs / 1000 })
        .setCookie(REFRESH_COOKIE, refreshToken, { ...base, path: REFRESH_COOKIE_PATH, maxAge: LIMITS.refreshTokenTtlMs / 1000 })
        .setCookie(SESSION_HINT_COOKIE, '1', { ...hint, maxAge: LIMITS.refreshTokenTtlMs / 1000 });
    },
    clearSession(reply) {
      reply
        .clearCookie(ACCESS_COOKIE, { ...base, path: '/' })
        .clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH })
        .clearCookie(SESSION_HINT_COOKIE, hint);
    },
    setPending(reply, token) {
      reply.setCookie(PENDING_COOKIE, token, { ...base, path: REFRESH_COOKIE_PATH, maxAge: PENDING_TTL_MS / 1000 });
    },
    clearPending(reply) {
      reply.clearCookie(PENDING_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
    },
    setDevice(reply, token) {
      reply.setCookie(DEVICE_COOKIE, token, { ...base, path: REFRESH_COOKIE_PATH, maxAge: DEVICE_TTL_MS / 1000 });
    },
  };
}
