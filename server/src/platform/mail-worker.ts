/**
 * The mail thread (platform/mail.ts; docs/decisions/014-mail-is-built-on-its-own-thread.md):
 * builds each message with nodemailer and hands it to SMTP or writes it to `DATA_DIR/outbox`,
 * off the thread that answers HTTP requests (building a bilingual MIME message costs about a
 * millisecond of CPU). Compiled with the server to `mail-worker.js`; under the tests it runs
 * from this file through tsx (mail.ts chooses).
 *
 * workerData: {@link MailWorkerData}. In: {@link MailRequest}. Out: {@link MailReply}.
 */
import { randomUUID } from 'node:crypto';
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

/** A message to send, or `{close: true}`: close the SMTP pool and end once nothing is being sent. */
export type MailRequest =
  | {
      id: number;
      message: {
        to: string | string[];
        subject: string;
        text: string;
        html: string;
        /** Pictures shown inline by the HTML (`cid:`); their bytes arrive as a Uint8Array. */
        attachments?: { cid: string; filename: string; contentType: string; content: Uint8Array }[];
      };
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

async function deliver(message: Extract<MailRequest, { message: unknown }>['message']): Promise<string | undefined> {
  const { attachments: carried, ...rest } = message;
  const attachments = carried?.map((attachment) => ({ ...attachment, content: Buffer.from(attachment.content) }));
  const info = (await transport.sendMail({ from, ...rest, ...(attachments ? { attachments } : {}) })) as { message?: Buffer };
  if (smtpUrl) return undefined;
  const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
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
  deliver(request.message)
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
