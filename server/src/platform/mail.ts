import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MailReply, MailWorkerData } from './mail-worker.js';

/**
 * A file carried inside a mail: a picture its HTML shows as `<img src="cid:{cid}">`, or, without
 * `cid`, a document to keep (the bill's PDF, docs/product.md#the-bill).
 */
export interface MailAttachment {
  cid?: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One e-mail: plain text plus simple HTML (docs/architecture.md#mail), and the pictures its HTML shows inline. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * A UUID, the left part of the Message-ID (`<messageId@MAIL_FROM's domain>`) and of the
   * `.eml` file's name: the outbox row's (platform/outbox.ts), so a resend after a crash is the
   * same mail. Default: a new one for this send.
   */
  messageId?: string;
  /** When the mail was queued: the `.eml` file's name starts with it. Default: now. */
  queuedAt?: Date;
}

/** Sends mail; `send` resolves once the message is handed to SMTP or written to the outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Wait for the mails being sent until `deadline` (milliseconds since the epoch; default
   * {@link MAIL_DRAIN_MS} from now), so a graceful shutdown does not drop a confirmation it has
   * just promised, then close the SMTP connection pool; a mail still unanswered at the deadline
   * is rejected and the thread ended.
   */
  close(deadline?: number): Promise<void>;
}

/**
 * How long closing the shop waits, in all, for the mails being sent (docs/architecture.md#crash-safety):
 * one deadline, counted from the start of the close and shared by the outbox's sender and the
 * mail thread, so a mail server that answers slowly cannot add their waits up to the forced exit.
 * A mail cut off stays in the outbox for the next start.
 */
export const MAIL_DRAIN_MS = 3_000;

/** How to reach the shop, named at the end of every mail (docs/architecture.md#mail). */
export interface MailContact {
  /** As shown, e.g. `+91 98765 43210`. */
  phone: string;
  /** `tel:+919876543210`. */
  phoneHref: string;
  /** `https://wa.me/919876543210`. */
  whatsappHref: string;
}

/** Options of {@link createMailer}. */
export interface MailerOptions {
  /** `smtp://user:pass@host:port`; undefined writes `.eml` files into `outboxDir`. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  /** The shop's phone and WhatsApp, added to the end of every mail sent ({@link withShopContact}). */
  contact?: MailContact;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * A mail that could not be sent; `responseCode` is the mail server's SMTP reply code when it
 * answered (5xx: the mail is refused for good, 4xx: try again later).
 */
export class MailError extends Error {
  constructor(
    message: string,
    readonly responseCode: number | undefined,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/**
 * Start the mail thread: the compiled `mail-worker.js` beside this module; or, when this
 * module runs from its TypeScript source (vitest, tsx), `mail-worker.ts` through tsx's
 * CommonJS hook, registered inside the thread itself: Node 20 does not give a worker thread
 * the ES module loader hooks (`--import tsx`) of the process that starts it.
 */
function startMailWorker(workerData: MailWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./mail-worker.js', import.meta.url), { workerData });
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const source = fileURLToPath(new URL('./mail-worker.ts', import.meta.url));
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, { eval: true, workerData });
}

/**
 * Create the mailer (docs/architecture.md#configuration `SMTP_URL`): nodemailer over SMTP when configured, otherwise
 * each message is written to `DATA_DIR/outbox/*.eml` and logged, so a newcomer can sign up
 * with no mail server. STARTTLS is used when the server offers it, never required on
 * loopback test captures.
 *
 * Messages are built and sent by a worker thread (mail-worker.ts), started with the first
 * mail: building a bilingual MIME message is CPU work (about a millisecond) that would
 * otherwise hold up the requests being answered, a quarter of placing an order on PGlite
 * (docs/performance.md#how-it-measures, docs/performance.md). Should the thread die, the mails it held are rejected
 * (and logged by their senders) and the next mail starts a new one.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (!options.smtpUrl) mkdirSync(options.outboxDir, { recursive: true });
  /** The mail thread, with the mails handed to it and not yet answered. */
  type MailThread = { worker: Worker; pending: Map<number, { message: MailMessage; resolve: () => void; reject: (error: Error) => void }> };
  let thread: MailThread | undefined;
  let nextId = 0;

  const start = (): MailThread => {
    const worker = startMailWorker({ smtpUrl: options.smtpUrl, from: options.from, outboxDir: options.outboxDir });
    const started: MailThread = { worker, pending: new Map() };
    const failPending = (error: Error) => {
      for (const { reject } of started.pending.values()) reject(error);
      started.pending.clear();
    };
    // An idle mail thread does not keep the process alive; close() ends it properly.
    worker.unref();
    worker.on('message', (reply: MailReply) => {
      const waiting = started.pending.get(reply.id);
      if (!waiting) return;
      started.pending.delete(reply.id);
      const { to, subject } = waiting.message;
      if (reply.error !== undefined) return waiting.reject(new MailError(reply.error, reply.responseCode));
      if (reply.file) options.log.info({ to, subject, file: reply.file }, 'mail written to outbox');
      else options.log.info({ to, subject }, 'mail sent');
      waiting.resolve();
    });
    worker.on('error', (error) => {
      options.log.error({ err: error }, 'the mail thread failed');
      failPending(error);
    });
    worker.on('exit', () => {
      if (thread === started) thread = undefined;
      failPending(new Error('the mail thread stopped'));
    });
    return started;
  };

  return {
    send(original) {
      const message = options.contact ? withShopContact(original, options.contact) : original;
      const { worker, pending } = (thread ??= start());
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { message, resolve, reject });
        const { to, subject, text, html, attachments } = message;
        worker.postMessage({
          id,
          message: { to, subject, text, html, ...(attachments?.length ? { attachments } : {}) },
          messageId: message.messageId ?? randomUUID(),
          queuedAt: (message.queuedAt ?? new Date()).toISOString(),
        });
      });
    },
    async close(deadline = Date.now() + MAIL_DRAIN_MS) {
      const closing = thread;
      if (!closing) return;
      thread = undefined;
      const exited = new Promise<void>((resolve) => closing.worker.once('exit', () => resolve()));
      // The thread closes the SMTP pool and ends once the mails it holds are sent.
      closing.worker.postMessage({ close: true });
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(0, deadline - Date.now())).unref())),
      ]);
      clearTimeout(timer);
      if (timedOut) await closing.worker.terminate();
    },
  };
}

/**
 * `message` with the shop's phone and WhatsApp at its end, in English and Tamil
 * (docs/architecture.md#mail: every mail says how to reach the shop): a last line of the text
 * part, and a paragraph with `tel:` and `wa.me` links at the end of the HTML part's card
 * ({@link CONTACT_PLACE}) or before its `</body>`.
 */
function withShopContact(message: MailMessage, contact: MailContact): MailMessage {
  const en = 'Call or WhatsApp us';
  const ta = 'அழைக்க அல்லது வாட்ஸ்அப் செய்ய';
  const text = `${message.text.replace(/\n*$/, '')}\n${en} / ${ta}: ${contact.phone} · WhatsApp ${contact.whatsappHref}\n`;
  const paragraph = `<p style="font-size:14px;color:#57534e">${en} / ${ta}: <a href="${escapeHtml(contact.phoneHref)}">${escapeHtml(
    contact.phone,
  )}</a> · <a href="${escapeHtml(contact.whatsappHref)}">WhatsApp</a></p>`;
  // Inside the shop's card where the mail marks its place (bilingualMail), else before </body>.
  const html = message.html.includes(CONTACT_PLACE)
    ? message.html.replace(CONTACT_PLACE, paragraph)
    : message.html.includes('</body>')
      ? message.html.replace('</body>', `${paragraph}</body>`)
      : `${message.html}${paragraph}`;
  return { ...message, text, html };
}

/** Where in a bilingual mail's HTML the shop's phone and WhatsApp go: the end of its card. */
const CONTACT_PLACE = '<!--shop-contact-->';

/** Escape text for the HTML part of a mail. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The HTML part's font stack: a Tamil font first (Noto Sans Tamil where installed, Latha and
 * Vijaya on Windows, Tamil Sangam MN on Apple), then the usual sans-serif fonts.
 */
const MAIL_FONTS = "'Noto Sans Tamil','Latha','Vijaya','Tamil Sangam MN',Arial,Helvetica,sans-serif";

/**
 * A table in a mail, one row per item: `text` is what the text part shows in its place; the
 * HTML part draws `head` and `rows` as a table (every cell escaped).
 */
export interface MailTable {
  text: string;
  head: string[];
  rows: string[][];
}

/** A paragraph of a mail, or a table. */
export type MailBlock = string | MailTable;

function tableHtml(table: MailTable): string {
  const cell = (tag: 'th' | 'td', value: string) =>
    `<${tag} style="border-bottom:1px solid #e7e5e4;padding:6px 8px;text-align:left;vertical-align:top">${escapeHtml(value)}</${tag}>`;
  return `<table role="presentation" style="border-collapse:collapse;margin:8px 0;width:100%;font-size:14px"><thead><tr>${table.head.map((value) => cell('th', value)).join('')}</tr></thead><tbody>${table.rows
    .map((row) => `<tr>${row.map((value) => cell('td', value)).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** The shop's name as every mail's heading (docs/architecture.md#mail). */
const SHOP_NAME = { en: 'Thaiyal', ta: 'தையல்' };

/** The shop's colours, as on its pages: deep rose for the heading and the button. */
const ROSE = '#9f1239';

/** A picture a mail shows: a stored image's URL (`/uploads/…-640.webp`) and what it shows. */
export interface MailPicture {
  url: string;
  alt: string;
}

/** A bilingual mail, ready for the outbox: subject, text and HTML parts, and the pictures its HTML shows inline. */
export interface BilingualMail {
  subject: string;
  text: string;
  html: string;
  /** Each picture's content id (`<img src="cid:…">`) and stored URL; the sender attaches its JPEG. */
  inlineImages: { cid: string; url: string }[];
}

/** The one button of a mail: a link drawn as a rose, rounded, finger-sized button that mail apps keep. */
function buttonHtml(url: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0"><tr><td style="background:${ROSE};border-radius:999px"><a href="${escapeHtml(
    url,
  )}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">${escapeHtml(label)}</a></td></tr></table>`;
}

/**
 * A bilingual mail (English, then Tamil; docs/architecture.md#mail), laid out as the shop's: its
 * name at the top, then the pictures (e.g. the garment, docs/product.md#designed-photos) inline
 * as JPEG attachments the sender adds (`cid:`; no picture needs a public URL), then each
 * language's paragraphs and tables ({@link MailBlock}) in a Tamil-first font stack
 * ({@link MAIL_FONTS}), with one button (both languages' words) after the English part. A single
 * column at most 600 px wide, a simple table with inline styles, so a phone's mail app shows it
 * as drawn. The text part gives the link as a bare URL in each language.
 * @param pictures stored image URLs; each becomes a content id `picture-{n}@thaiyal` in `inlineImages`.
 */
export function bilingualMail(
  subject: { en: string; ta: string },
  paragraphs: { en: MailBlock[]; ta: MailBlock[] },
  link?: { url: string; en: string; ta: string },
  pictures: readonly MailPicture[] = [],
): BilingualMail {
  const textOf = (block: MailBlock) => (typeof block === 'string' ? block : block.text);
  const htmlOf = (block: MailBlock) => (typeof block === 'string' ? `<p>${escapeHtml(block)}</p>` : tableHtml(block));
  const textPart = (lang: 'en' | 'ta') => [...paragraphs[lang].map(textOf), ...(link ? [`${link[lang]}: ${link.url}`] : [])].join('\n\n');
  const inlineImages = pictures.map((picture, index) => ({ cid: `picture-${index + 1}@thaiyal`, url: picture.url }));
  const picturesHtml = pictures
    .map(
      (picture, index) =>
        `<img src="cid:${inlineImages[index]!.cid}" alt="${escapeHtml(picture.alt)}" width="${pictures.length > 1 ? 180 : 240}" style="display:inline-block;max-width:100%;height:auto;margin:4px;border-radius:8px">`,
    )
    .join('');
  const row = (content: string, style = '') => `<tr><td style="padding:8px 24px;${style}">${content}</td></tr>`;
  const rows = [
    row(
      `<div style="font-family:Georgia,serif;font-size:24px;font-weight:bold;color:${ROSE}">${SHOP_NAME.en} · ${SHOP_NAME.ta}</div><div style="font-size:13px;color:#78716c">Pollachi</div>`,
      'padding-top:20px;border-bottom:1px solid #e7e5e4',
    ),
    ...(pictures.length > 0 ? [row(picturesHtml, 'text-align:center')] : []),
    row(`<div lang="en">${paragraphs.en.map(htmlOf).join('')}</div>${link ? buttonHtml(link.url, `${link.en} · ${link.ta}`) : ''}`),
    row(`<div lang="ta">${paragraphs.ta.map(htmlOf).join('')}</div>`, 'border-top:1px solid #e7e5e4'),
    row(`<p style="color:#78716c;font-size:13px">— Thaiyal, Pollachi</p>${CONTACT_PLACE}`),
  ];
  return {
    subject: `${subject.en} / ${subject.ta}`,
    text: `${textPart('en')}\n\n----\n\n${textPart('ta')}\n\n-- Thaiyal, Pollachi\n`,
    html: `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;padding:0;background:#fafaf9"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fafaf9"><tr><td align="center" style="padding:12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;font-family:${MAIL_FONTS};font-size:16px;line-height:1.5;color:#1c1917">${rows.join(
      '',
    )}</table></td></tr></table></body></html>`,
    inlineImages,
  };
}
