import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { PLATFORM_MESSAGES } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { SessionHooks } from '../../platform/current-user.js';
import { AppError } from '../../platform/errors.js';
import { refreshTokenStore, type RefreshTokens } from './refresh-tokens.js';
import { ACCESS_COOKIE, DEVICE_COOKIE, PENDING_COOKIE, REFRESH_COOKIE, sessionCookies, type SessionCookies } from './session-cookies.js';
import { sessionTokens, type SessionTokens } from './session-tokens.js';

/**
 * Sessions: access tokens (JWT HS256, ~15 min) and rotating refresh tokens (~30 days), with the
 * hooks every module uses ({@link SessionHooks}).
 */
export interface SessionService extends SessionHooks {
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
   * a rotation less than `REFRESH_REUSE_GRACE_MS` ago (the losing tab of a race) is
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
   * Set the `otp_session` cookie (a signed JWT, `use: 'otp'`, `PENDING_TTL_MS`) naming
   * the pending sign-up whose one-time code `POST /auth/verify/otp` checks
   * (docs/decisions/017-pending-sign-ups.md).
   */
  startPending(reply: FastifyReply, signupId: string): Promise<void>;
  /** The pending sign-up id named by a valid `otp_session` cookie, or null (missing, forged, expired). */
  pendingSignupId(request: FastifyRequest): Promise<string | null>;
  /** Clear the `otp_session` cookie (after a successful verification). */
  clearPending(reply: FastifyReply): void;
}

/** Options of {@link createSessionService}. */
export interface SessionOptions {
  db: Db;
  secret: string;
  clock: Clock;
  /** `Secure` cookies when PUBLIC_URL is https (docs/architecture.md#http-api). */
  secureCookies: boolean;
}

/** What the pieces of the session service share. */
interface SessionParts {
  db: Db;
  tokens: SessionTokens;
  refresh: RefreshTokens;
  cookies: SessionCookies;
}

/**
 * Who is asking (docs/decisions/003-sessions.md): the access-token cookie verified, then ONE
 * indexed query that the user still exists and this sign-in was not ended (logout, reset).
 */
function sessionHooks({ db, tokens }: SessionParts): SessionHooks {
  return {
    async authenticate(request) {
      request.user = null;
      const token = request.cookies[ACCESS_COOKIE];
      const claims = token ? await tokens.verify(token, 'access') : null;
      if (!claims || typeof claims.sid !== 'string') return;
      const familyId = claims.sid;
      const [row] = await db
        .select({ id: users.id, username: users.username, email: users.email, role: users.role })
        .from(users)
        .where(
          and(
            eq(users.id, claims.sub),
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
}

/** The pending sign-up's cookie (docs/decisions/005-pending-verification-cookie.md, docs/decisions/017-pending-sign-ups.md). */
function pendingSignups({ tokens, cookies }: SessionParts): Pick<SessionService, 'startPending' | 'pendingSignupId' | 'clearPending'> {
  return {
    async startPending(reply, signupId) {
      cookies.setPending(reply, await tokens.signPending(signupId));
    },
    async pendingSignupId(request) {
      const token = request.cookies[PENDING_COOKIE];
      return token ? ((await tokens.verify(token, 'otp'))?.sub ?? null) : null;
    },
    clearPending: (reply) => cookies.clearPending(reply),
  };
}

/** The device cookie of a browser that signed in before (docs/security.md, sign-in without lock-out). */
function knownDevices({ tokens, cookies }: SessionParts) {
  async function deviceOf(request: FastifyRequest): Promise<{ userId: string; deviceId: string } | null> {
    const token = request.cookies[DEVICE_COOKIE];
    const claims = token ? await tokens.verify(token, 'device') : null;
    if (!claims || typeof claims.jti !== 'string') return null;
    return { userId: claims.sub, deviceId: claims.jti };
  }
  /** Renew the device cookie at a sign-in of `userId`; the browser keeps its device id when it named the same account. */
  async function markDevice(reply: FastifyReply, userId: string): Promise<void> {
    const previous = await deviceOf(reply.request);
    const deviceId = previous?.userId === userId ? previous.deviceId : randomUUID();
    cookies.setDevice(reply, await tokens.signDevice(userId, deviceId));
  }
  return { deviceOf, markDevice };
}

/** Starting, refreshing and ending sessions: the refresh-token family and its cookies (ASVS 7.4.x). */
function sessionLifecycle({ tokens, refresh, cookies }: SessionParts) {
  async function mint(userId: string, familyId: string): Promise<{ accessToken: string; refreshToken: string }> {
    const refreshToken = await refresh.issue(userId, familyId);
    return { accessToken: await tokens.signAccess(userId, familyId), refreshToken };
  }
  return {
    mint,
    async open(reply: FastifyReply, userId: string): Promise<void> {
      const { accessToken, refreshToken } = await mint(userId, randomUUID());
      cookies.setSession(reply, accessToken, refreshToken);
    },
    async refresh(request: FastifyRequest, reply: FastifyReply): Promise<string> {
      const presented = request.cookies[REFRESH_COOKIE];
      // No session to refresh: a stale hint cookie goes too, so the next page skips the check.
      if (!presented) {
        cookies.clearSession(reply);
        throw new AppError('unauthorized', PLATFORM_MESSAGES.signInRequired);
      }
      const rotated = await refresh.rotate(presented);
      if (!rotated) {
        cookies.clearSession(reply);
        throw new AppError('unauthorized', PLATFORM_MESSAGES.sessionEnded);
      }
      cookies.setSession(reply, await tokens.signAccess(rotated.userId, rotated.familyId), rotated.refreshToken);
      return rotated.userId;
    },
    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) await refresh.revokeFamilyOf(presented);
      else if (request.user) await refresh.revokeFamily(request.user.familyId);
      cookies.clearSession(reply);
    },
  };
}

/**
 * Create the session service (docs/architecture.md#sessions-and-cookies; ASVS 7): signed tokens
 * (session-tokens.ts), refresh-token rotation (refresh-tokens.ts) and cookies
 * (session-cookies.ts), put together as the hooks, the pending sign-up, the device and the
 * session's start, refresh and end.
 */
export function createSessionService(options: SessionOptions): SessionService {
  const secret = new TextEncoder().encode(options.secret);
  const parts: SessionParts = {
    db: options.db,
    tokens: sessionTokens(secret, options.clock),
    refresh: refreshTokenStore(options.db, secret, options.clock),
    cookies: sessionCookies(options.secureCookies),
  };
  const lifecycle = sessionLifecycle(parts);
  const devices = knownDevices(parts);
  return {
    ...sessionHooks(parts),
    ...pendingSignups(parts),
    deviceOf: devices.deviceOf,
    async start(reply, userId) {
      await lifecycle.open(reply, userId);
      await devices.markDevice(reply, userId);
    },
    mint: (userId) => lifecycle.mint(userId, randomUUID()),
    refresh: lifecycle.refresh,
    end: lifecycle.end,
    endAll: parts.refresh.revokeAll,
  };
}
