import { and, eq, isNull, sql } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { LIMITS } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { hashToken, randomToken } from '../../platform/tokens.js';

/**
 * How long after a rotation the spent refresh token is still answered, with the successor that
 * rotation issued, instead of being taken for a stolen one. Two tabs of one browser whose
 * access tokens expired together (15 minutes) both send the same refresh cookie; the one that
 * loses the race must not revoke the family and sign the shopper out everywhere. 30 s covers
 * a slow phone connection's round trips; a replay later than that still revokes the family
 * (docs/security.md, ASVS 10.4.5; docs/decisions/003-sessions.md).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/** A refresh token's session after a rotation: whose, which family, and the token to hand back. */
export interface Rotated {
  userId: string;
  familyId: string;
  refreshToken: string;
}

/** The refresh tokens of every sign-in (table `refresh_tokens`; docs/decisions/003-sessions.md). */
export interface RefreshTokens {
  /** A new refresh token of `familyId`, stored hashed, expiring LIMITS.refreshTokenTtlMs from now. One statement. */
  issue(userId: string, familyId: string): Promise<string>;
  /**
   * Rotate `presented`: mark it used and store its successor in the same family, in one
   * transaction; a token spent by a rotation less than {@link REFRESH_REUSE_GRACE_MS} ago and
   * not revoked gets that same successor again. Anything else (unknown, expired, revoked, or
   * spent longer ago) revokes its whole family, if it has one, and answers null.
   */
  rotate(presented: string): Promise<Rotated | null>;
  /** Revoke the family of the refresh token `presented`, when it is known. */
  revokeFamilyOf(presented: string): Promise<void>;
  /** Revoke every live token of the family `familyId`. */
  revokeFamily(familyId: string): Promise<void>;
  /** Revoke every live token of `userId`, in the caller's transaction `tx` (password reset). */
  revokeAll(tx: Db, userId: string): Promise<void>;
}

/** What the store's steps share: the database, the session secret's bytes and the clock. */
interface Store {
  db: Db;
  secret: Uint8Array<ArrayBuffer>;
  clock: Clock;
}

/** The row of a new refresh token of `familyId`, stored hashed, expiring 30 days from now. */
function rowOf({ clock }: Store, userId: string, familyId: string, token: string) {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + LIMITS.refreshTokenTtlMs);
  return { userId, familyId, tokenHash: hashToken(token), expiresAt, createdAt: now };
}

/**
 * The token that rotating `token` issues: an HMAC of it under the session secret, so a tab
 * that lost a refresh race can be handed the very token the winner got although only hashes
 * are stored. Unpredictable without both the spent token and the secret.
 */
function successorOf({ secret }: Store, token: string): string {
  return createHmac('sha256', secret).update('refresh-successor\0').update(token).digest('base64url');
}

/**
 * Claim the token and store its successor in one transaction: only one of two simultaneous
 * refreshes wins, and the loser (which waits on the row lock) then finds the successor committed.
 */
async function claim(store: Store, presentedHash: string, successor: string, now: Date) {
  return store.db.transaction(async (tx) => {
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
    if (claimed) await tx.insert(refreshTokens).values(rowOf(store, claimed.userId, claimed.familyId, successor));
    return claimed;
  });
}

/** Whether the successor `successor` of a token of `familyId` is stored, live and unexpired. */
async function successorLives({ db }: Store, successor: string, familyId: string, now: Date): Promise<boolean> {
  const [next] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(successor)),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > ${now.toISOString()}`,
      ),
    );
  return next !== undefined;
}

/** The stored token whose hash is `tokenHash`: whose, which family, when used and revoked. */
async function findByHash({ db }: Store, tokenHash: string) {
  const [known] = await db
    .select({
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return known;
}

async function revokeFamily({ db, clock }: Store, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** {@link RefreshTokens.rotate}: the claim, else the grace window, else the family's end. */
async function rotate(store: Store, presented: string): Promise<Rotated | null> {
  const now = store.clock.now();
  const presentedHash = hashToken(presented);
  const successor = successorOf(store, presented);
  const rotated = await claim(store, presentedHash, successor, now);
  if (rotated) return { ...rotated, refreshToken: successor };
  const known = await findByHash(store, presentedHash);
  // The losing tab of a race: spent by a rotation moments ago and never revoked. It gets
  // the winner's successor, not a sibling, so the family keeps one live chain and a later
  // replay of either copy is still caught (docs/decisions/003-sessions.md).
  if (known?.usedAt && !known.revokedAt && now.getTime() - known.usedAt.getTime() < REFRESH_REUSE_GRACE_MS) {
    if (await successorLives(store, successor, known.familyId, now)) {
      return { userId: known.userId, familyId: known.familyId, refreshToken: successor };
    }
  }
  // A spent token presented again after the grace window means it was stolen or
  // replayed: end the family.
  if (known) await revokeFamily(store, known.familyId);
  return null;
}

/**
 * The refresh-token store on `db`, with `secret` (the session secret's bytes) making each
 * token's successor and `clock` dating every change (ASVS 7.4.x, 10.4.5).
 */
export function refreshTokenStore(db: Db, secret: Uint8Array<ArrayBuffer>, clock: Clock): RefreshTokens {
  const store: Store = { db, secret, clock };
  return {
    async issue(userId, familyId) {
      const token = randomToken();
      await db.insert(refreshTokens).values(rowOf(store, userId, familyId, token));
      return token;
    },
    rotate: (presented) => rotate(store, presented),
    async revokeFamilyOf(presented) {
      const known = await findByHash(store, hashToken(presented));
      if (known) await revokeFamily(store, known.familyId);
    },
    revokeFamily: (familyId) => revokeFamily(store, familyId),
    async revokeAll(tx, userId) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
