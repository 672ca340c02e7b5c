import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import nodemailer, { type Transporter } from 'nodemailer';

/** One e-mail: plain text plus simple HTML (issue "Accounts" §6). */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
}

/** Sends mail; `send` resolves once the message is handed to SMTP or written to the outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Wait for the mails being sent (at most {@link MAIL_DRAIN_MS}), so a graceful shutdown does
   * not drop a confirmation it has just promised, then close the SMTP connection pool.
   */
  close(): Promise<void>;
}

/** How long closing the mailer waits for mails being sent. */
export const MAIL_DRAIN_MS = 5_000;

/** Options of {@link createMailer}. */
export interface MailerOptions {
  /** `smtp://user:pass@host:port`; undefined writes `.eml` files into `outboxDir`. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * Create the mailer (DESIGN.md `SMTP_URL`): nodemailer over SMTP when configured, otherwise
 * each message is written to `DATA_DIR/outbox/*.eml` and logged, so a newcomer can sign up
 * with no mail server. STARTTLS is used when the server offers it, never required on
 * loopback test captures.
 */
export function createMailer(options: MailerOptions): Mailer {
  let transport: Transporter;
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    transport = nodemailer.createTransport({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      ignoreTLS: loopback,
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    });
  } else {
    transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    mkdirSync(options.outboxDir, { recursive: true });
  }
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(sending: Promise<T>): Promise<T> => {
    inFlight.add(sending);
    void sending.then(
      () => inFlight.delete(sending),
      () => inFlight.delete(sending),
    );
    return sending;
  };
  return {
    send(message) {
      return track(deliver(message));
    },
    async close() {
      if (inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...inFlight]),
          new Promise((resolve) => (timer = setTimeout(resolve, MAIL_DRAIN_MS).unref())),
        ]);
        clearTimeout(timer);
      }
      transport.close();
    },
  };

  async function deliver(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: options.from, ...message });
    if (!options.smtpUrl) {
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
      return;
    }
    options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
  }
}

/** Escape text for the HTML part of a mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A bilingual mail body (English, then Tamil; issue "Accounts" §6): each language a list of
 * paragraphs; an optional link rendered as a button in HTML and a bare URL in text.
 */
export function bilingualMail(
  subject: { en: string; ta: string },
  paragraphs: { en: string[]; ta: string[] },
  link?: { url: string; en: string; ta: string },
): { subject: string; text: string; html: string } {
  const textPart = (lang: 'en' | 'ta') =>
    [...paragraphs[lang], ...(link ? [`${link[lang]}: ${link.url}`] : [])].join('\n\n');
  const htmlPart = (lang: 'en' | 'ta') =>
    `<div lang="${lang}">${paragraphs[lang].map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${
      link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link[lang])}</a></p>` : ''
    }</div>`;
  return {
    subject: `${subject.en} / ${subject.ta}`,
    text: `${textPart('en')}\n\n----\n\n${textPart('ta')}\n\n-- Thaiyal, Pollachi\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif">${htmlPart('en')}<hr>${htmlPart('ta')}<p>— Thaiyal, Pollachi</p></body></html>`,
  };
}
