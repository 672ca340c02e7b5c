/**
 * The mail thread (platform/mail.ts; docs/decisions/014-mail-is-built-on-its-own-thread.md):
 * builds each message with nodemailer and hands it to SMTP or writes it to `DATA_DIR/outbox`,
 * off the thread that answers HTTP requests (building a bilingual MIME message costs about a
 * millisecond of CPU). Compiled with the server to `mail-worker.js`; under the tests it runs
 * from this file through tsx (mail.ts chooses).
 *
 * workerData: {@link MailWorkerData}. In: {@link MailRequest}. Out: {@link MailReply}.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import nodemailer from 'nodemailer';

/** What the thread is started with. */
export interface MailWorkerData {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/**
 * A message to send, with the pictures its HTML shows inline (`cid:`; their bytes arrive as a
 * Uint8Array), the UUID of its Message-ID and when it was queued (ISO 8601), which together name
 * its `.eml` file; or `{close: true}`: close the SMTP pool and end once nothing is being sent.
 */
export type MailRequest =
  | {
      id: number;
      message: {
        to: string | string[];
        subject: string;
        text: string;
        html: string;
        attachments?: { cid?: string; filename: string; contentType: string; content: Uint8Array }[];
      };
      messageId: string;
      queuedAt: string;
    }
  | { close: true };

/**
 * The answer for one message: sent (`file`: the `.eml` written without SMTP), or failed with
 * the reason and, when the mail server answered, its SMTP reply code (5xx: refused for good).
 */
export type MailReply = { id: number; file?: string; error?: undefined } | { id: number; error: string; responseCode?: number };

/** Seconds a mail server may take to accept a connection, to greet, and to answer each command. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

const { smtpUrl, from, outboxDir } = workerData as MailWorkerData;
const port = parentPort as MessagePort;

/**
 * nodemailer over `SMTP_URL` (STARTTLS when offered, never required on a loopback test
 * capture), or a stream transport whose messages are written to the outbox folder.
 */
function createTransport() {
  if (!smtpUrl) return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const url = new URL(smtpUrl);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    ignoreTLS: loopback,
    ...SMTP_TIMEOUTS,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
  });
}

const transport = createTransport();
let sending = 0;
let closing = false;

function closeWhenIdle(): void {
  if (!closing || sending > 0) return;
  transport.close();
  port.close();
}

/** The right part of every Message-ID: MAIL_FROM's domain, as nodemailer's own Message-IDs have. */
const messageIdDomain = /@([^@\s<>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

/**
 * Send `request`'s message, with its inline pictures, under its own Message-ID; without SMTP,
 * write it to `<queuedAt>-<messageId>.eml`, so a mail sent again after a crash overwrites its
 * first copy.
 */
async function deliver(request: Extract<MailRequest, { message: unknown }>): Promise<string | undefined> {
  const messageId = `<${request.messageId}@${messageIdDomain}>`;
  const { attachments: carried, ...rest } = request.message;
  const attachments = carried?.map((attachment) => ({ ...attachment, content: Buffer.from(attachment.content) }));
  const info = (await transport.sendMail({ from, ...rest, ...(attachments ? { attachments } : {}), messageId })) as { message?: Buffer };
  if (smtpUrl) return undefined;
  const file = join(outboxDir, `${request.queuedAt.replace(/[:.]/g, '-')}-${request.messageId}.eml`);
  await writeFile(file, info.message!);
  return file;
}

port.on('message', (request: MailRequest) => {
  if ('close' in request) {
    closing = true;
    closeWhenIdle();
    return;
  }
  sending++;
  deliver(request)
    .then(
      (file) => port.postMessage({ id: request.id, file } satisfies MailReply),
      (error: unknown) => {
        const responseCode = (error as { responseCode?: unknown }).responseCode;
        port.postMessage({
          id: request.id,
          error: error instanceof Error ? error.message : String(error),
          ...(typeof responseCode === 'number' ? { responseCode } : {}),
        } satisfies MailReply);
      },
    )
    .finally(() => {
      sending--;
      closeWhenIdle();
    });
});
