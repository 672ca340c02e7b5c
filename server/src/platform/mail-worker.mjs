// @ts-check
/**
 * The mail thread (platform/mail.ts): builds each message with nodemailer and hands it to SMTP
 * or writes it to the outbox, off the thread that answers HTTP requests (docs/performance.md#how-it-measures: building
 * a bilingual MIME message costs about a millisecond of CPU, a quarter of placing an order on
 * PGlite). Plain JavaScript, so it starts the same under tsx, vitest and plain Node.
 *
 * workerData: `{ smtpUrl?: string, from: string, outboxDir: string }`.
 * In: `{ id: number, message: { to, subject, text, html } }`, or `{ close: true }` to close the
 * SMTP pool and end the thread once nothing is being sent.
 * Out: `{ id, file?: string }` once sent (`file`: the `.eml` written without SMTP), or
 * `{ id, error: string }`.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

/** @type {{ smtpUrl?: string, from: string, outboxDir: string }} */
const { smtpUrl, from, outboxDir } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/**
 * nodemailer over `SMTP_URL` (STARTTLS when offered, never required on a loopback test
 * capture), or a stream transport whose messages are written to the outbox.
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
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
  });
}

const transport = createTransport();
let sending = 0;
let closing = false;

function closeWhenIdle() {
  if (!closing || sending > 0) return;
  transport.close();
  port.close();
}

/** @param {{ to: string | string[], subject: string, text: string, html: string }} message */
async function deliver(message) {
  const info = await transport.sendMail({ from, ...message });
  if (smtpUrl) return undefined;
  const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
  await writeFile(file, /** @type {{ message: Buffer }} */ (/** @type {unknown} */ (info)).message);
  return file;
}

port.on('message', (/** @type {{ id: number, message: any } | { close: true }} */ request) => {
  if ('close' in request) {
    closing = true;
    closeWhenIdle();
    return;
  }
  sending++;
  deliver(request.message)
    .then(
      (file) => port.postMessage({ id: request.id, file }),
      (/** @type {unknown} */ error) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    )
    .finally(() => {
      sending--;
      closeWhenIdle();
    });
});
