import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { LIMITS } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { hashToken, randomToken } from '../../platform/tokens.js';

/** Cookie names (DESIGN.md Cookies). The refresh cookie is only sent to `/api/auth`. */
export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
/**
 * Names the account waiting for its one-time code (issue "Accounts" §1): set by sign-up and by
 * an unverified sign-in, read by `POST /auth/verify/otp`, whose body is only `{otp}` (SPEC §7).
 */
export const PENDING_COOKIE = 'otp_session';
const REFRESH_COOKIE_PATH = '/api/auth';
/** How long the pending-verification cookie lives; each sign-up or unverified sign-in renews it. */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

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
  /** Start a session: a new refresh-token family; sets both cookies. */
  start(reply: FastifyReply, userId: string): Promise<void>;
  /** Start a session and return its tokens instead of setting cookies (tests, tools). */
  mint(userId: string): Promise<{ accessToken: string; refreshToken: string }>;
  /**
   * Rotate the presented refresh token (`POST /auth/refresh-token`): marks it used, issues a
   * new one in the same family and a new access token. A spent or revoked token revokes its
   * whole family (ASVS 7.4.x, issue "Accounts" §3).
   * @throws AppError('unauthorized') for a missing, unknown, expired, spent or revoked token.
   */
  refresh(request: FastifyRequest, reply: FastifyReply): Promise<string>;
  /** Revoke the presented refresh token's family and clear the cookies (`POST /auth/logout`). */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Revoke every session of a user (password reset). */
  endAll(db: Db, userId: string): Promise<void>;
  /**
   * Set the `otp_session` cookie (a signed JWT, `use: 'otp'`, {@link PENDING_TTL_MS}) naming
   * the unverified account whose one-time code `POST /auth/verify/otp` checks.
   */
  startPending(reply: FastifyReply, userId: string): Promise<void>;
  /** The user id named by a valid `otp_session` cookie, or null (missing, forged, expired). */
  pendingUserId(request: FastifyRequest): Promise<string | null>;
  /** Clear the `otp_session` cookie (after a successful verification). */
  clearPending(reply: FastifyReply): void;
  /**
   * Read and verify the access-token cookie; sets `request.user` when it is valid, its user
   * exists and its family is not revoked; `null` otherwise. Never throws for a bad token.
   */
  authenticate(request: FastifyRequest): Promise<void>;
  /** preHandler: 401 'Please sign in' unless signed in. */
  requireUser(request: FastifyRequest): Promise<void>;
  /** preHandler: 401 for a visitor, 403 'Admins only' for a customer (SPEC §6, DESIGN.md). */
  requireAdmin(request: FastifyRequest): Promise<void>;
}

/** Options of {@link createSessionService}. */
export interface SessionOptions {
  db: Db;
  secret: string;
  clock: Clock;
  /** `Secure` cookies when PUBLIC_URL is https (DESIGN.md). */
  secureCookies: boolean;
}

/** Create the session service (DESIGN.md Cookies; ASVS 7). */
export function createSessionService(options: SessionOptions): SessionService {
  const { db, clock, secureCookies } = options;
  const key = new TextEncoder().encode(options.secret);
  const cookieBase = { httpOnly: true, sameSite: 'lax' as const, secure: secureCookies };

  async function signAccess(userId: string, familyId: string): Promise<string> {
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ sid: familyId, use: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + LIMITS.accessTokenTtlMs / 1000)
      .sign(key);
  }

  async function mintTokens(userId: string, familyId: string): Promise<{ accessToken: string; refreshToken: string }> {
    const refreshToken = randomToken();
    const expiresAt = new Date(clock.now().getTime() + LIMITS.refreshTokenTtlMs);
    await db
      .insert(refreshTokens)
      .values({ userId, familyId, tokenHash: hashToken(refreshToken), expiresAt, createdAt: clock.now() });
    return { accessToken: await signAccess(userId, familyId), refreshToken };
  }

  async function issue(reply: FastifyReply, userId: string, familyId: string): Promise<void> {
    const { accessToken: access, refreshToken: refresh } = await mintTokens(userId, familyId);
    reply
      .setCookie(ACCESS_COOKIE, access, { ...cookieBase, path: '/', maxAge: LIMITS.accessTokenTtlMs / 1000 })
      .setCookie(REFRESH_COOKIE, refresh, { ...cookieBase, path: REFRESH_COOKIE_PATH, maxAge: LIMITS.refreshTokenTtlMs / 1000 });
  }

  function clear(reply: FastifyReply): void {
    reply
      .clearCookie(ACCESS_COOKIE, { ...cookieBase, path: '/' })
      .clearCookie(REFRESH_COOKIE, { ...cookieBase, path: REFRESH_COOKIE_PATH });
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: clock.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  const service: SessionService = {
    async startPending(reply, userId) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const token = await new SignJWT({ use: 'otp' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + PENDING_TTL_MS / 1000)
        .sign(key);
      reply.setCookie(PENDING_COOKIE, token, { ...cookieBase, path: REFRESH_COOKIE_PATH, maxAge: PENDING_TTL_MS / 1000 });
    },

    async pendingUserId(request) {
      const token = request.cookies[PENDING_COOKIE];
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() });
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
    },

    mint(userId) {
      return mintTokens(userId, randomUUID());
    },

    async refresh(request, reply) {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw new AppError('unauthorized', 'Please sign in');
      const now = clock.now();
      // Claim the token atomically: only one of two simultaneous refreshes wins.
      const claimed = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, hashToken(presented)),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            sql`${refreshTokens.expiresAt} > ${now.toISOString()}`,
          ),
        )
        .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
      const row = claimed[0];
      if (!row) {
        const [known] = await db
          .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(presented)));
        // A spent token presented again means it was stolen or replayed: end the family.
        if (known) await revokeFamily(known.familyId);
        clear(reply);
        throw new AppError('unauthorized', 'Your session has ended. Please sign in again.');
      }
      await issue(reply, row.userId, row.familyId);
      return row.userId;
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
        const { payload } = await jwtVerify(token, key, {
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
      if (!request.user) throw new AppError('unauthorized', 'Please sign in');
    },

    async requireAdmin(request) {
      if (!request.user) throw new AppError('unauthorized', 'Please sign in');
      if (request.user.role !== 'admin') throw new AppError('forbidden', 'Admins only');
    },
  };
  return service;
}
