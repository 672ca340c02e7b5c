import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import { mailOutbox, users, type MailFile, type MailInlineImage } from '../db/schema/index.js';
import { createBatchWorker, type SenderLog } from './batch-worker.js';
import type { Clock } from './clock.js';
import { MAIL_DRAIN_MS, MailError, type MailAttachment, type Mailer } from './mail.js';

/** What a mail reports; logged with it and kept in its outbox row. */
export type MailKind =
  | 'signup-code'
  | 'password-reset'
  | 'order-placed'
  | 'new-order'
  | 'order-status'
  | 'order-cancelled'
  /** The customer's own cancellation mail (docs/product.md#cancellations-kept). */
  | 'cancellation-confirmed'
  | 'contact-message'
  /** The final price after measuring (docs/product.md#final-price). */
  | 'order-prices'
  /** A moved ready-by date (docs/product.md#dates-a-tailor-promises). */
  | 'order-ready-by'
  /** A trial or delivery visit booked, moved or cancelled, to the customer (docs/product.md#trial-and-delivery-visits). */
  | 'order-visit'
  /** A delivery visit the customer picked herself, to the shop. */
  | 'visit-picked'
  /** The customer's approval before cutting asked, and her answer to the shop (docs/product.md#sign-off-before-cutting). */
  | 'sign-off-asked'
  | 'sign-off-answered'
  /** A free alteration asked for, to the shop (docs/product.md#free-alterations). */
  | 'alteration-requested'
  /** An alteration picked up or done, to the customer. */
  | 'alteration-step';

/** A finished mail to put in the outbox (see {@link queueMails}). */
export interface OutgoingMail {
  kind: MailKind;
  /** The addresses, or `'shop'`: `SHOP_EMAIL`, else every admin, as they are when it is sent. */
  to: readonly string[] | 'shop';
  subject: string;
  text: string;
  html: string;
  /** The pictures the HTML shows inline (`cid:`): the sender attaches each one's JPEG (bilingualMail). */
  inlineImages?: readonly MailInlineImage[];
  /** Documents to attach (the delivery mail's bill, docs/product.md#the-bill). */
  files?: readonly MailFile[];
  /** The shopper the mail is about; deleting the account deletes the mail unsent. */
  userId?: string | null;
  /** The contact message the mail carries; deleting the message deletes the mail unsent. */
  contactMessageId?: string;
  /** After this the mail is useless (an expired code or link) and is dropped unsent. */
  discardAfter?: Date;
}

/**
 * Put mails in the outbox, inside the caller's transaction (docs/architecture.md#mail;
 * docs/decisions/016-mail-outbox.md), so they exist exactly when what they report was
 * committed; one statement. Each row draws its Message-ID here (the column's default), so
 * every send of the mail, a resend after a crash too, carries the same one. The mail sender sends them once the transaction has committed:
 * call `app.outbox.wake()` after it to send at once rather than at the next poll.
 * `now` is the app's clock: the mail is due from then.
 */
export async function queueMails(tx: Db, now: Date, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(
    mails.map((mail) => ({
      kind: mail.kind,
      recipients: mail.to === 'shop' ? [] : [...mail.to],
      toShop: mail.to === 'shop',
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      inlineImages: [...(mail.inlineImages ?? [])],
      files: [...(mail.files ?? [])],
      userId: mail.userId ?? null,
      contactMessageId: mail.contactMessageId ?? null,
      createdAt: now,
      sendAfter: now,
      discardAfter: mail.discardAfter ?? null,
    })),
  );
}

/** How long to wait before the next try after `attempts` failed ones: 30 s, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/** How often the sender looks for mails due (retries, and mails another process queued). */
const OUTBOX_POLL_MS = 5_000;

/** Mails taken from the outbox at a time. */
const BATCH_SIZE = 10;

/** Options of {@link createMailSender}. */
export interface MailSenderOptions {
  database: Database;
  mailer: Mailer;
  clock: Clock;
  /** Where `to: 'shop'` mails go, asked when they are sent (may be empty). */
  shopRecipients: () => Promise<string[]>;
  log: SenderLog;
  /** Default {@link OUTBOX_POLL_MS}. */
  pollMs?: number;
  /**
   * The JPEG of a stored image a mail shows inline (image store `readMailImage`), or null when it
   * is gone; without it, mails go without their pictures.
   */
  readMailImage?: (url: string) => Promise<Buffer | null>;
}

/** Sends the outbox; see {@link createMailSender}. */
export interface MailSender {
  /** Send what is due now (after a commit that queued mail); resolves when that pass is done. */
  wake(): Promise<void>;
  /** Start polling every `pollMs`, and send at once what an earlier run left. */
  start(): void;
  /**
   * Stop polling and wait for the pass in progress until `deadline` (milliseconds since the
   * epoch; default {@link MAIL_DRAIN_MS} from now). A mail that fails from then on (cut off by
   * the close) is left due, for the next start to send at once.
   */
  close(deadline?: number): Promise<void>;
  /** Resolves once the pass in progress, if any, has ended (after `close`, before the database closes). */
  settled(): Promise<void>;
}

type Row = Pick<
  typeof mailOutbox.$inferSelect,
  | 'id'
  | 'messageId'
  | 'createdAt'
  | 'kind'
  | 'recipients'
  | 'toShop'
  | 'subject'
  | 'text'
  | 'html'
  | 'inlineImages'
  | 'files'
  | 'attempts'
  | 'discardAfter'
>;

/** `html` without the `<img>` that shows content id `cid` (one bilingualMail wrote). */
function withoutImage(html: string, cid: string): string {
  const start = html.indexOf(`<img src="cid:${cid}"`);
  const end = start < 0 ? -1 : html.indexOf('>', start);
  return end < 0 ? html : html.slice(0, start) + html.slice(end + 1);
}

/**
 * A row's pictures as attachments, each read from the image store when the mail is sent, and its files (the bill's PDF): a
 * picture that is gone (its order's photos replaced, its product deleted) is left out, and so is
 * its `<img>` from the HTML, so no mail shows a broken picture.
 */
async function withPictures(row: Row, read: MailSenderOptions['readMailImage']): Promise<{ html: string; attachments: MailAttachment[] }> {
  let html = row.html;
  const attachments: MailAttachment[] = [];
  for (const [index, image] of row.inlineImages.entries()) {
    const content = read ? await read(image.url) : null;
    if (content) attachments.push({ cid: image.cid, filename: `picture-${index + 1}.jpg`, contentType: 'image/jpeg', content });
    else html = withoutImage(html, image.cid);
  }
  for (const file of row.files)
    attachments.push({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.base64, 'base64') });
  return { html, attachments };
}

/**
 * Up to {@link BATCH_SIZE} mails due at `now`, oldest first; with `lock`, held `FOR UPDATE SKIP
 * LOCKED` (PostgreSQL: rows another process holds are passed over).
 */
function due(db: Db, now: Date, lock: boolean) {
  const query = db
    .select({
      id: mailOutbox.id,
      messageId: mailOutbox.messageId,
      createdAt: mailOutbox.createdAt,
      kind: mailOutbox.kind,
      recipients: mailOutbox.recipients,
      toShop: mailOutbox.toShop,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      inlineImages: mailOutbox.inlineImages,
      files: mailOutbox.files,
      attempts: mailOutbox.attempts,
      discardAfter: mailOutbox.discardAfter,
    })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.failedAt), lte(mailOutbox.sendAfter, now)))
    .orderBy(asc(mailOutbox.sendAfter), asc(mailOutbox.createdAt))
    .limit(BATCH_SIZE);
  return lock ? query.for('update', { skipLocked: true }) : query;
}

/**
 * The background mail sender (docs/architecture.md#mail; docs/decisions/016-mail-outbox.md):
 * takes up to 10 due mails at a time, oldest first, hands them to the mailer (the mail thread:
 * SMTP or `.eml` files), deletes each one sent, and reschedules each one that failed with
 * backoff ({@link retryDelayMs}); a mail the server refused for good (SMTP 5xx) is marked
 * failed and kept. Mails whose code or link expired are dropped unsent. At least once: a
 * process that dies between the mail server's acceptance and the row's deletion sends that
 * mail again after its restart, under the Message-ID its row was written with (and, without
 * SMTP, to the same `.eml` file), so the copy is recognisably the same mail.
 *
 * One pass runs at a time in a process, through the loop the push sender shares
 * ({@link createBatchWorker}): on PostgreSQL each batch holds its rows with `FOR UPDATE SKIP
 * LOCKED` in a transaction until they are sent, so no two processes take the same mail; on
 * PGlite rows are read, sent and then deleted.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { database, mailer, clock, log } = options;

  /** Send `rows`, then delete the sent and expired ones and reschedule the failed ones. */
  const sendRows = async (db: Db, rows: Row[], now: Date): Promise<void> => {
    const expired = rows.filter((row) => row.discardAfter && row.discardAfter.getTime() <= now.getTime());
    const live = rows.filter((row) => !expired.includes(row));
    const shop = live.some((row) => row.toShop) ? await options.shopRecipients() : [];
    const results = await Promise.allSettled(
      live.map(async (row) => {
        const to = row.toShop ? shop : row.recipients;
        if (to.length === 0) throw new MailError('no recipient: set SHOP_EMAIL or make an admin (npm run admin)', undefined);
        const { html, attachments } = await withPictures(row, options.readMailImage);
        // The row's own Message-ID: sent again after a crash, it is recognisably the same mail.
        await mailer.send({
          to,
          subject: row.subject,
          text: row.text,
          html,
          ...(attachments.length > 0 ? { attachments } : {}),
          messageId: row.messageId,
          queuedAt: row.createdAt,
        });
      }),
    );
    const done = [...expired.map((row) => row.id)];
    for (const row of expired) log.info({ kind: row.kind, to: row.recipients }, 'mail dropped unsent: its code or link has expired');
    for (const [index, result] of results.entries()) {
      const row = live[index]!;
      if (result.status === 'fulfilled') {
        done.push(row.id);
        continue;
      }
      const error = result.reason as Error;
      if (worker.closed()) {
        // Cut off by the close (the mail thread ended at its deadline): not a failure of the mail.
        log.info({ kind: row.kind, err: error }, 'mail not sent before the close; it goes at the next start');
        continue;
      }
      const attempts = row.attempts + 1;
      const refused = error instanceof MailError && error.responseCode !== undefined && error.responseCode >= 500;
      const retryInMs = retryDelayMs(attempts);
      const to = row.toShop ? 'shop' : row.recipients;
      if (refused) log.error({ kind: row.kind, to, err: error }, 'mail refused by the mail server; kept in mail_outbox, not tried again');
      else log.warn({ kind: row.kind, to, attempts, retryInS: retryInMs / 1000, err: error }, 'mail not sent; will try again');
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: error.message.slice(0, 1000),
          sendAfter: new Date(now.getTime() + retryInMs),
          ...(refused ? { failedAt: now } : {}),
        })
        .where(eq(mailOutbox.id, row.id));
    }
    if (done.length > 0) await db.delete(mailOutbox).where(inArray(mailOutbox.id, done));
  };

  const worker = createBatchWorker({
    database,
    clock,
    pollMs: options.pollMs ?? OUTBOX_POLL_MS,
    batchSize: BATCH_SIZE,
    due,
    send: sendRows,
    log,
    failure: 'the mail sender failed; it tries again at the next poll',
  });
  return {
    wake: worker.wake,
    start: worker.start,
    close: (deadline = Date.now() + MAIL_DRAIN_MS) => worker.close(deadline),
    settled: worker.settled,
  };
}

/**
 * Where the shop's mails go (`to: 'shop'`; docs/architecture.md#configuration `SHOP_EMAIL`): the
 * configured address, else every admin's e-mail (one query). May be empty when neither exists.
 */
export async function shopRecipients(db: Db, shopEmail: string | undefined): Promise<string[]> {
  if (shopEmail) return [shopEmail];
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  return admins.map((admin) => admin.email);
}
