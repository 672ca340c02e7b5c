import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import webpush from 'web-push';
import type { Language, PushPayload } from '@thaiyal/contract';
import type { PushConfig } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { pushOutbox, pushSubscriptions, users } from '../db/schema/index.js';
import { createBatchWorker, type SenderLog, type BatchWorker } from './batch-worker.js';
import type { Clock } from './clock.js';
import { retryDelayMs } from './outbox.js';
import { isPushEndpointAllowed, publicOnlyLookup } from './push-endpoint.js';
import type { VapidKeys } from './push-keys.js';

/** A notification's title and line in one language. */
export interface PushText {
  title: string;
  body: string;
}

/**
 * A notification to queue (see {@link queuePush}): what it reports (for the log), to whom, its
 * text in both languages (the recipient's is picked per browser), the page to open and the tag
 * (one per order: a newer notification replaces the older on her phone).
 * - `to.userId`: the shopper's browsers; in `to.language` when set (the language she ordered
 *   in, as the shop writes to her), else in each browser's own;
 * - `'admins'`: every admin's browsers, each in its own language.
 */
export interface PushNotice {
  kind: string;
  to: { userId: string; language: Language | null } | 'admins';
  text: Record<Language, PushText>;
  url: string;
  tag: string;
}

/** How long a notification may wait unsent before it is dropped as stale, and the push service may keep it: 3 days. */
const PUSH_TTL_S = 3 * 24 * 60 * 60;

/**
 * Put notifications in the push outbox, inside the caller's transaction (docs/architecture.md#notifications;
 * docs/decisions/023-push-notifications.md), as `queueMails` does for mail, so each exists exactly
 * when what it reports was committed: one row per notification per browser (subscription) of its
 * recipient, the text in that browser's language. Two statements per notice (read the browsers,
 * write the rows); nothing when nobody has notifications on. Call `app.outbox.wake()` after the
 * commit (it wakes the push sender too).
 */
export async function queuePush(tx: Db, now: Date, notices: readonly PushNotice[]): Promise<void> {
  for (const notice of notices) {
    const browsers =
      notice.to === 'admins'
        ? await tx
            .select({ id: pushSubscriptions.id, language: pushSubscriptions.language })
            .from(pushSubscriptions)
            .innerJoin(users, eq(users.id, pushSubscriptions.userId))
            .where(eq(users.role, 'admin'))
        : await tx
            .select({ id: pushSubscriptions.id, language: pushSubscriptions.language })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, notice.to.userId));
    if (browsers.length === 0) continue;
    const fixed = notice.to === 'admins' ? null : notice.to.language;
    await tx.insert(pushOutbox).values(
      browsers.map((browser) => ({
        subscriptionId: browser.id,
        kind: notice.kind,
        payload: { ...notice.text[fixed ?? browser.language], url: notice.url, tag: notice.tag } satisfies PushPayload,
        createdAt: now,
        sendAfter: now,
        discardAfter: new Date(now.getTime() + PUSH_TTL_S * 1000),
      })),
    );
  }
}

/** How often the push sender looks for notifications due (retries, and those another process queued). */
const PUSH_POLL_MS = 5_000;
/** Notifications taken at a time. */
const BATCH_SIZE = 20;
/** How long one push service may take to answer. */
const PUSH_TIMEOUT_MS = 10_000;

/** Options of {@link createPushSender}. */
export interface PushSenderOptions {
  database: Database;
  clock: Clock;
  keys: VapidKeys;
  config: PushConfig;
  log: SenderLog;
  /** Default {@link PUSH_POLL_MS}. */
  pollMs?: number;
}

/** Sends the push outbox; see {@link createPushSender}. The loop's own members (batch-worker.ts), but `closed`. */
export type PushSender = Omit<BatchWorker, 'closed'>;

type Row = {
  id: string;
  kind: string;
  payload: PushPayload;
  attempts: number;
  discardAfter: Date;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/** What a push service's answer means for the row: sent, gone (404/410), retry, or refused for good. */
type Outcome = { sent: true } | { sent: false; gone?: boolean; refused?: boolean; error: string };

/** Up to {@link BATCH_SIZE} notifications due at `now`, oldest first, with their browser; with `lock`, held `FOR UPDATE SKIP LOCKED`. */
function due(db: Db, now: Date, lock: boolean) {
  const query = db
    .select({
      id: pushOutbox.id,
      kind: pushOutbox.kind,
      payload: pushOutbox.payload,
      attempts: pushOutbox.attempts,
      discardAfter: pushOutbox.discardAfter,
      subscriptionId: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(and(isNull(pushOutbox.failedAt), lte(pushOutbox.sendAfter, now)))
    .orderBy(asc(pushOutbox.sendAfter), asc(pushOutbox.createdAt))
    .limit(BATCH_SIZE);
  return lock ? query.for('update', { of: pushOutbox, skipLocked: true }) : query;
}

/**
 * Post one notification: web-push encrypts it for the browser (RFC 8291, aes128gcm) and signs
 * the VAPID header (RFC 8292); the request goes out through {@link publicOnlyLookup}, with no
 * redirect followed and a {@link PUSH_TIMEOUT_MS} limit (docs/security.md#notifications).
 */
async function post(row: Row, options: PushSenderOptions): Promise<Outcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    JSON.stringify(row.payload),
    {
      vapidDetails: { subject: options.config.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
      TTL: PUSH_TTL_S,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  const send = details.endpoint.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise<Outcome>((resolve) => {
    const request = send(
      details.endpoint,
      { method: details.method, headers: details.headers, lookup: publicOnlyLookup as never, timeout: PUSH_TIMEOUT_MS },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve({ sent: true });
        const error = `push service answered ${status}`;
        if (status === 404 || status === 410) return resolve({ sent: false, gone: true, error });
        if (status === 429 || status >= 500) return resolve({ sent: false, error });
        return resolve({ sent: false, refused: true, error });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${PUSH_TIMEOUT_MS} ms`)));
    request.on('error', (error) => resolve({ sent: false, error: error.message }));
    request.end(details.body);
  });
}

/** Send `rows`, then delete the sent, stale and gone ones and reschedule the failed ones. */
async function sendRows(db: Db, rows: Row[], now: Date, options: PushSenderOptions): Promise<void> {
  const done: string[] = [];
  const goneBrowsers: string[] = [];
  await Promise.all(
    rows.map(async (row) => {
      if (row.discardAfter.getTime() <= now.getTime()) {
        options.log.info({ kind: row.kind }, 'notification dropped unsent: too old');
        return done.push(row.id);
      }
      // Checked again at send time: PUSH_HOSTS may have narrowed since she subscribed.
      if (!isPushEndpointAllowed(row.endpoint, options.config)) {
        options.log.warn({ kind: row.kind }, 'notification dropped: its endpoint is not on PUSH_HOSTS');
        return done.push(row.id);
      }
      const outcome = await post(row, options).catch((error: unknown): Outcome => ({ sent: false, error: (error as Error).message }));
      if (outcome.sent) return done.push(row.id);
      if (outcome.gone) {
        options.log.info({ kind: row.kind }, 'the browser dropped its subscription; removed');
        return goneBrowsers.push(row.subscriptionId);
      }
      const attempts = row.attempts + 1;
      const retryInMs = retryDelayMs(attempts);
      if (outcome.refused)
        options.log.error({ kind: row.kind, err: outcome.error }, 'notification refused by the push service; kept, not tried again');
      else
        options.log.warn(
          { kind: row.kind, attempts, retryInS: retryInMs / 1000, err: outcome.error },
          'notification not sent; will try again',
        );
      await db
        .update(pushOutbox)
        .set({
          attempts,
          lastError: outcome.error.slice(0, 1000),
          sendAfter: new Date(now.getTime() + retryInMs),
          ...(outcome.refused ? { failedAt: now } : {}),
        })
        .where(eq(pushOutbox.id, row.id));
    }),
  );
  if (done.length > 0) await db.delete(pushOutbox).where(inArray(pushOutbox.id, done));
  // Its notifications go with it (ON DELETE CASCADE).
  if (goneBrowsers.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, goneBrowsers));
}

/**
 * The background push sender (docs/architecture.md#notifications; docs/decisions/023-push-notifications.md),
 * built as the mail sender is (platform/outbox.ts `createMailSender`): takes up to 20 due
 * notifications at a time, oldest first, posts each to its browser's push service, deletes each
 * one sent, removes the browser's subscription when the service answers 404 or 410, and
 * reschedules the others with the mail's backoff (`retryDelayMs`: 30 s doubling, at most an
 * hour); another 4xx marks the row failed and keeps it. At least once: a process that dies
 * between the service's acceptance and the row's deletion sends it again after its restart (the
 * same tag, so the phone shows it once). The loop is the mail sender's ({@link createBatchWorker}):
 * on PostgreSQL a batch holds its rows `FOR UPDATE SKIP LOCKED` in a transaction; on PGlite rows
 * are read, sent, then deleted.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const worker = createBatchWorker({
    database: options.database,
    clock: options.clock,
    pollMs: options.pollMs ?? PUSH_POLL_MS,
    batchSize: BATCH_SIZE,
    due,
    send: (db, rows, now) => sendRows(db, rows, now, options),
    log: options.log,
    failure: 'the push sender failed; it tries again at the next poll',
  });
  return { wake: worker.wake, start: worker.start, close: worker.close, settled: worker.settled };
}
