import { and, count, eq, ne } from 'drizzle-orm';
import { MAX_PUSH_SUBSCRIPTIONS, PUSH_MESSAGES, type Language, type PushSubscriptionBody } from '@thaiyal/contract';
import type { PushConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { pushSubscriptions, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { isPushEndpointAllowed } from '../../platform/push-endpoint.js';

/** Whether the keys are what RFC 8291 needs: an uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte secret. */
function validKeys(keys: PushSubscriptionBody['keys']): boolean {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  return p256dh.length === 65 && p256dh[0] === 0x04 && auth.length === 16;
}

/**
 * Turn notifications on for a browser of user `userId` (docs/product.md#notifications): saves
 * its endpoint and keys and the language the shop is shown in (`language`). A browser that
 * subscribes again (a new key, another account on the same browser) replaces its row. At most
 * {@link MAX_PUSH_SUBSCRIPTIONS} browsers per account; the user's row is locked while counting,
 * so two browsers subscribing at once cannot pass the limit together.
 * @throws AppError('bad_request', PUSH_MESSAGES.notPushService) for an endpoint that is not https
 *   on a known push service (docs/security.md#notifications); ('bad_request', badKeys) for keys
 *   that are not RFC 8291's; ('conflict', tooMany) past the limit.
 */
export async function subscribe(
  db: Db,
  userId: string,
  body: PushSubscriptionBody,
  language: Language,
  now: Date,
  config: Pick<PushConfig, 'hosts' | 'allowLoopbackReceiver'>,
): Promise<void> {
  if (!isPushEndpointAllowed(body.endpoint, config)) throw new AppError('bad_request', PUSH_MESSAGES.notPushService);
  if (!validKeys(body.keys)) throw new AppError('bad_request', PUSH_MESSAGES.badKeys);
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, body.endpoint)));
    if ((others?.n ?? 0) >= MAX_PUSH_SUBSCRIPTIONS) throw new AppError('conflict', PUSH_MESSAGES.tooMany);
    const row = { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, language, createdAt: now };
    await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: row.p256dh, auth: row.auth, language, createdAt: now },
      });
  });
}

/**
 * Turn notifications off for the browser at `endpoint`, if it is user `userId`'s: its row and
 * its waiting notifications go. The same answer whether it was on or not (nothing to tell).
 */
export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
