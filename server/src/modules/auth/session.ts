import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { createHmac, randomUUID } from 'node:crypto';
import { LIMITS, PLATFORM_MESSAGES } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { hashToken, randomToken } from '../../platform/tokens.js';

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
/**
 * How long after a rotation the spent refresh token is still answered, with the successor that
 * rotation issued, instead of being taken for a stolen one. Two tabs of one browser whose
 * access tokens expired together (15 minutes) both send the same refresh cookie; the one that
 * loses the race must not revoke the family and sign the shopper out everywhere. 30 s covers
 * a slow phone connection's round trips; a replay later than that still revokes the family
 * (docs/security.md, ASVS 10.4.5; docs/decisions/003-sessions.md).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/** The signed-in user as routes see it (`request.user`). */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: 'admin' | 'customer';
  /** The refresh-token family this request's access token belongs to. */
  familyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by {@link SessionService.authenticate} when the access token is valid. */
    user: SessionUser | null;
  }
}

/** Sessions: access tokens (JWT HS256, ~15 min) and rotating refresh tokens (~30 days). */
export interface SessionService {
  /** Start a session: a new refresh-token family; sets both cookies and the {@link DEVICE_COOKIE}. */
  start(reply: FastifyReply, userId: string): Promise<void>;
  /**
   * The user and device named by a valid {@link DEVICE_COOKIE}, or null (missing, forged,
   * expired, or a token for another use).
   */
  deviceOf(request: FastifyRequest): Promise<{ userId: string; deviceId: string } | null>;
  /** Start a session and return its tokens instead of setting cookies (tests, tools). */
  mint(userId: string): Promise<{ accessToken: string; refreshToken: string }>;
  /**
   * Rotate the presented refresh token (`POST /auth/refresh-token`): marks it used, issues its
   * successor in the same family and a new access token; returns the user id. A token spent by
   * a rotation less than {@link REFRESH_REUSE_GRACE_MS} ago (the losing tab of a race) is
   * answered with that same successor and a new access token. Any other spent, revoked or
   * expired token revokes its whole family (ASVS 7.4.x, 10.4.5; docs/decisions/003-sessions.md, docs/security.md).
   * @throws AppError('unauthorized') for a missing, unknown, expired or revoked token, or one
   *   spent longer ago than the grace window.
   */
  refresh(request: FastifyRequest, reply: FastifyReply): Promise<string>;
  /** Revoke the presented refresh token's family and clear the cookies (`POST /auth/logout`). */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Revoke every session of a user (password reset). */
  endAll(db: Db, userId: string): Promise<void>;
  /**
   * Set the `otp_session` cookie (a signed JWT, `use: 'otp'`, {@link PENDING_TTL_MS}) naming
   * the pending sign-up whose one-time code `POST /auth/verify/otp` checks
   * (docs/decisions/017-pending-sign-ups.md).
   */
  startPending(reply: FastifyReply, signupId: string): Promise<void>;
  /** The pending sign-up id named by a valid `otp_session` cookie, or null (missing, forged, expired). */
  pendingSignupId(request: FastifyRequest): Promise<string | null>;
  /** Clear the `otp_session` cookie (after a successful verification). */
  clearPending(reply: FastifyReply): void;
  /**
   * Read and verify the access-token cookie; sets `request.user` when it is valid, its user
   * exists and its family is not revoked; `null` otherwise. Never throws for a bad token.
   */
  authenticate(request: FastifyRequest): Promise<void>;
  /** preHandler: 401 'Please sign in' unless signed in. */
  requireUser(request: FastifyRequest): Promise<void>;
  /** preHandler: 401 for a visitor, 403 'Admins only' for a customer (docs/product.md#roles-and-permissions, docs/architecture.md#http-api). */
  requireAdmin(request: FastifyRequest): Promise<void>;
}

/** Options of {@link createSessionService}. */
export interface SessionOptions {
  db: Db;
  secret: string;
  clock: Clock;
  /** `Secure` cookies when PUBLIC_URL is https (docs/architecture.md#http-api). */
  secureCookies: boolean;
}

/** Create the session service (docs/architecture.md#sessions-and-cookies; ASVS 7). */
export function createSessionService(options: SessionOptions): SessionService {
  const { db, clock, secureCookies } = options;
  const key = new TextEncoder().encode(options.secret);
  // The same secret as a WebCrypto key, made once: given the bytes, jose imports a key on every
  // sign and verify, which every signed-in request pays (docs/performance.md#how-it-measures).
  const jwtKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const cookieBase = { httpOnly: true, sameSite: 'lax' as const, secure: secureCookies };

  async function signAccess(userId: string, familyId: string): Promise<string> {
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ sid: familyId, use: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + LIMITS.accessTokenTtlMs / 1000)
      .sign(await jwtKey);
  }

  /** The row of a new refresh token of `familyId`, stored hashed, expiring 30 days from now. */
  function refreshRow(userId: string, familyId: string, refreshToken: string) {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + LIMITS.refreshTokenTtlMs);
    return { userId, familyId, tokenHash: hashToken(refreshToken), expiresAt, createdAt: now };
  }

  /**
   * The token that rotating `token` issues: an HMAC of it under the session secret, so a tab
   * that lost a refresh race can be handed the very token the winner got although only hashes
   * are stored. Unpredictable without both the spent token and the secret.
   */
  function successorOf(token: string): string {
    return createHmac('sha256', key).update('refresh-successor\0').update(token).digest('base64url');
  }

  async function mintTokens(userId: string, familyId: string): Promise<{ accessToken: string; refreshToken: string }> {
    const refreshToken = randomToken();
    await db.insert(refreshTokens).values(refreshRow(userId, familyId, refreshToken));
    return { accessToken: await signAccess(userId, familyId), refreshToken };
  }

  async function issue(reply: FastifyReply, userId: string, familyId: string): Promise<void> {
    const { accessToken, refreshToken } = await mintTokens(userId, familyId);
    setSessionCookies(reply, accessToken, refreshToken);
  }

  function setSessionCookies(reply: FastifyReply, access: string, refresh: string): void {
    reply
      .setCookie(ACCESS_COOKIE, access, { ...cookieBase, path: '/', maxAge: LIMITS.accessTokenTtlMs / 1000 })
      .setCookie(REFRESH_COOKIE, refresh, { ...cookieBase, path: REFRESH_COOKIE_PATH, maxAge: LIMITS.refreshTokenTtlMs / 1000 })
      .setCookie(SESSION_HINT_COOKIE, '1', { ...cookieBase, httpOnly: false, path: '/', maxAge: LIMITS.refreshTokenTtlMs / 1000 });
  }

  function clear(reply: FastifyReply): void {
    reply
      .clearCookie(ACCESS_COOKIE, { ...cookieBase, path: '/' })
      .clearCookie(REFRESH_COOKIE, { ...cookieBase, path: REFRESH_COOKIE_PATH })
      .clearCookie(SESSION_HINT_COOKIE, { ...cookieBase, httpOnly: false, path: '/' });
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: clock.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  const service: SessionService = {
    async startPending(reply, signupId) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const token = await new SignJWT({ use: 'otp' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(signupId)
        .setIssuedAt(now)
        .setExpirationTime(now + PENDING_TTL_MS / 1000)
        .sign(await jwtKey);
      reply.setCookie(PENDING_COOKIE, token, { ...cookieBase, path: REFRESH_COOKIE_PATH, maxAge: PENDING_TTL_MS / 1000 });
    },

    async pendingSignupId(request) {
      const token = request.cookies[PENDING_COOKIE];
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, await jwtKey, { algorithms: ['HS256'], currentDate: clock.now() });
        // An access token must not pass for a pending-verification cookie, nor the reverse.
        if (payload.use !== 'otp' || typeof payload.sub !== 'string') return null;
        return payload.sub;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },

    clearPending(reply) {
      reply.clearCookie(PENDING_COOKIE, { ...cookieBase, path: REFRESH_COOKIE_PATH });
    },

    async start(reply, userId) {
      await issue(reply, userId, randomUUID());
      const now = Math.floor(clock.now().getTime() / 1000);
      const previous = await service.deviceOf(reply.request);
      const device = await new SignJWT({ use: 'device' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(previous?.userId === userId ? previous.deviceId : randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + DEVICE_TTL_MS / 1000)
        .sign(await jwtKey);
      reply.setCookie(DEVICE_COOKIE, device, { ...cookieBase, path: REFRESH_COOKIE_PATH, maxAge: DEVICE_TTL_MS / 1000 });
    },

    async deviceOf(request) {
      const token = request.cookies[DEVICE_COOKIE];
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, await jwtKey, { algorithms: ['HS256'], currentDate: clock.now() });
        if (payload.use !== 'device' || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
        return { userId: payload.sub, deviceId: payload.jti };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },

    mint(userId) {
      return mintTokens(userId, randomUUID());
    },

    async refresh(request, reply) {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) {
        // No session to refresh: a stale hint cookie goes too, so the next page skips the check.
        clear(reply);
        throw new AppError('unauthorized', PLATFORM_MESSAGES.signInRequired);
      }
      const now = clock.now();
      const presentedHash = hashToken(presented);
      const successor = successorOf(presented);
      // Claim the token and store its successor in one transaction: only one of two
      // simultaneous refreshes wins, and the loser (which waits on the row lock) then finds
      // the successor committed.
      const rotated = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(refreshTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(refreshTokens.tokenHash, presentedHash),
              isNull(refreshTokens.usedAt),
              isNull(refreshTokens.revokedAt),
              sql`${refreshTokens.expiresAt} > ${now.toISOString()}`,
            ),
          )
          .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
        if (claimed) await tx.insert(refreshTokens).values(refreshRow(claimed.userId, claimed.familyId, successor));
        return claimed;
      });
      if (rotated) {
        setSessionCookies(reply, await signAccess(rotated.userId, rotated.familyId), successor);
        return rotated.userId;
      }
      const [known] = await db
        .select({
          userId: refreshTokens.userId,
          familyId: refreshTokens.familyId,
          usedAt: refreshTokens.usedAt,
          revokedAt: refreshTokens.revokedAt,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, presentedHash));
      // The losing tab of a race: spent by a rotation moments ago and never revoked. It gets
      // the winner's successor, not a sibling, so the family keeps one live chain and a later
      // replay of either copy is still caught (docs/decisions/003-sessions.md).
      if (known?.usedAt && !known.revokedAt && now.getTime() - known.usedAt.getTime() < REFRESH_REUSE_GRACE_MS) {
        const [next] = await db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.tokenHash, hashToken(successor)),
              eq(refreshTokens.familyId, known.familyId),
              isNull(refreshTokens.revokedAt),
              sql`${refreshTokens.expiresAt} > ${now.toISOString()}`,
            ),
          );
        if (next) {
          setSessionCookies(reply, await signAccess(known.userId, known.familyId), successor);
          return known.userId;
        }
      }
      // A spent token presented again after the grace window means it was stolen or
      // replayed: end the family.
      if (known) await revokeFamily(known.familyId);
      clear(reply);
      throw new AppError('unauthorized', PLATFORM_MESSAGES.sessionEnded);
    },

    async end(request, reply) {
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) {
        const [known] = await db
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(presented)));
        if (known) await revokeFamily(known.familyId);
      } else if (request.user) {
        await revokeFamily(request.user.familyId);
      }
      clear(reply);
    },

    async endAll(tx, userId) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    async authenticate(request) {
      request.user = null;
      const token = request.cookies[ACCESS_COOKIE];
      if (!token) return;
      let userId: string;
      let familyId: string;
      try {
        const { payload } = await jwtVerify(token, await jwtKey, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        if (payload.use !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return;
        userId = payload.sub;
        familyId = payload.sid;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return;
        throw error;
      }
      // One indexed query: the user still exists and this sign-in was not ended (logout, reset).
      const [row] = await db
        .select({ id: users.id, username: users.username, email: users.email, role: users.role })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId} and ${refreshTokens.revokedAt} is null)`,
          ),
        );
      if (row) request.user = { ...row, familyId };
    },

    async requireUser(request) {
      if (!request.user) throw new AppError('unauthorized', PLATFORM_MESSAGES.signInRequired);
    },

    async requireAdmin(request) {
      if (!request.user) throw new AppError('unauthorized', PLATFORM_MESSAGES.signInRequired);
      if (request.user.role !== 'admin') throw new AppError('forbidden', PLATFORM_MESSAGES.adminsOnly);
    },
  };
  return service;
}
