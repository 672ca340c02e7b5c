import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contactMessages, users } from './users.js';

/** A picture a mail shows inline: its content id in the HTML and the stored image's URL. */
export interface MailInlineImage {
  cid: string;
  url: string;
}

/** A document a mail carries as an attachment (the bill's PDF, docs/product.md#the-bill): its name, type and bytes in base64. */
export interface MailFile {
  filename: string;
  contentType: string;
  base64: string;
}

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The mail outbox (docs/architecture.md#mail; docs/decisions/016-mail-outbox.md): every mail
 * the shop sends is a row written in the same transaction as what it reports (an order, a
 * status change, a one-time code…), and the mail sender (platform/outbox.ts) sends it and
 * deletes the row, retrying with backoff while the mail server fails. A row is the finished
 * message: subject, plain text and HTML, already in English and Tamil.
 *
 * - `messageId`: the left part of the mail's Message-ID (`<messageId@MAIL_FROM's domain>`),
 *   drawn when the row is written, in the transaction that queues the mail, and the name of
 *   its `.eml` file without SMTP: a mail sent again after a crash (between the mail server's
 *   acceptance and the row's deletion) is the same mail, which mail clients show once.
 * - `recipients`: the addresses, or empty with `toShop` set: the shop's mails go to
 *   `SHOP_EMAIL`, else every admin, as they are when the mail is sent.
 * - `userId`: the shopper the mail is about (the customer of an order, the account of a code),
 *   and `contactMessageId` the contact message it carries; deleting either deletes the mail
 *   (`npm run delete-user`).
 * - `sendAfter`: when it is next due; `attempts` and `lastError` tell the failures so far.
 * - `discardAfter`: a mail that is useless later (a one-time code, a reset link) is dropped
 *   unsent once its code or link has expired.
 * - `inlineImages`: the pictures the HTML shows inline (`<img src="cid:…">`), each a stored
 *   image's URL: the sender reads its 640-px JPEG from the image store when it sends the mail
 *   and attaches it under that content id; a picture gone by then is left out.
 * - `failedAt`: set when the mail server refused the mail for good (a 5xx answer); the row is
 *   kept for the shop owner to see and is never tried again.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    recipients: text('recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    toShop: boolean('to_shop').notNull().default(false),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    inlineImages: jsonb('inline_images').$type<MailInlineImage[]>().notNull().default([]),
    /** Documents it carries, written with the row (the delivery mail's bill, docs/product.md#the-bill); deleted with it once sent. */
    files: jsonb('files').$type<MailFile[]>().notNull().default([]),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    sendAfter: at('send_after').notNull(),
    discardAfter: at('discard_after'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    failedAt: at('failed_at'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.sendAfter)
      .where(sql`${t.failedAt} is null`),
    index('mail_outbox_user_idx').on(t.userId),
    index('mail_outbox_contact_idx').on(t.contactMessageId),
  ],
);
