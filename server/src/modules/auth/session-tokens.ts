import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { LIMITS } from '@thaiyal/contract';
import type { Clock } from '../../platform/clock.js';
import { DEVICE_TTL_MS, PENDING_TTL_MS } from './session-cookies.js';

/**
 * What a signed token is for: the access token, the pending sign-up's `otp_session`, or the
 * device cookie. Each carries its `use`, so one never passes for another.
 */
export type TokenUse = 'access' | 'otp' | 'device';

/** The session's signed tokens (HS256 JWTs under the session secret; docs/decisions/003-sessions.md). */
export interface SessionTokens {
  /** An access token of `userId` in the refresh-token family `familyId` (`sid`), LIMITS.accessTokenTtlMs long. */
  signAccess(userId: string, familyId: string): Promise<string>;
  /** The `otp_session` token naming the pending sign-up `signupId`, {@link PENDING_TTL_MS} long. */
  signPending(signupId: string): Promise<string>;
  /** The device token of `userId`, naming the device `deviceId` (`jti`), {@link DEVICE_TTL_MS} long. */
  signDevice(userId: string, deviceId: string): Promise<string>;
  /**
   * The claims of `token` when it is well signed, unexpired at the clock's time, made for `use`
   * and names a subject (`sub`); null otherwise (forged, expired, another use, not a JWT).
   */
  verify(token: string, use: TokenUse): Promise<(JWTPayload & { sub: string }) | null>;
}

/**
 * Sign and verify the session's tokens with `secret` (the session secret's bytes), at `clock`'s
 * time. The secret is imported once as a WebCrypto key: given the bytes, jose imports a key on
 * every sign and verify, which every signed-in request pays (docs/performance.md#how-it-measures).
 */
export function sessionTokens(secret: Uint8Array<ArrayBuffer>, clock: Clock): SessionTokens {
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function sign(claims: JWTPayload & { use: TokenUse }, subject: string, ttlMs: number, jti?: string): Promise<string> {
    const now = nowSeconds();
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(subject);
    if (jti !== undefined) jwt.setJti(jti);
    return jwt
      .setIssuedAt(now)
      .setExpirationTime(now + ttlMs / 1000)
      .sign(await key);
  }

  return {
    signAccess: (userId, familyId) => sign({ sid: familyId, use: 'access' }, userId, LIMITS.accessTokenTtlMs),
    signPending: (signupId) => sign({ use: 'otp' }, signupId, PENDING_TTL_MS),
    signDevice: (userId, deviceId) => sign({ use: 'device' }, userId, DEVICE_TTL_MS, deviceId),
    async verify(token, use) {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: clock.now() });
        // An access token must not pass for a pending-verification cookie, nor the reverse.
        if (payload.use !== use || typeof payload.sub !== 'string') return null;
        return payload as JWTPayload & { sub: string };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
