import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGES, type PushPayload } from '@thaiyal/contract';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A browser where a user turned notifications on (docs/product.md#notifications;
 * docs/decisions/023-push-notifications.md): its Web Push endpoint (RFC 8030, unique: a browser
 * that subscribes again replaces its row, whoever signed in) and its RFC 8291 keys, base64url
 * (`p256dh` the browser's P-256 public key, `auth` the 16-byte secret), and the language the
 * shop was shown in when she turned them on. At most 5 per user (contract `MAX_PUSH_SUBSCRIPTIONS`).
 * Deleted with the user (her account deleted: no notification goes anywhere) and when the push
 * service answers 404 or 410 (the browser dropped it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language', { enum: LANGUAGES }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * The notification outbox (docs/architecture.md#notifications; docs/decisions/023-push-notifications.md),
 * as the mail outbox is: one row per notification per subscription, written in the same
 * transaction as the change it reports, the text already in the recipient's language; the push
 * sender (platform/push.ts) posts it and deletes the row, retrying with backoff
 * (`sendAfter`, `attempts`, `lastError`); a push service that refuses for good marks `failedAt`.
 * A row still unsent at `discardAfter` is dropped (the news is stale). Deleted with its
 * subscription, so with the user too.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** What it reports (`order-status`, `new-order`…), for the log. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    createdAt: at('created_at').notNull(),
    sendAfter: at('send_after').notNull(),
    discardAfter: at('discard_after').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    failedAt: at('failed_at'),
  },
  (table) => [index('push_outbox_due_idx').on(table.sendAfter)],
);
