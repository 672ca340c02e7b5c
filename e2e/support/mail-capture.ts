/**
 * A real SMTP server on loopback that keeps every mail the shop sends during an e2e run
 * (docs/product.md#sign-up: "read the code from the captured mail"). Started by Playwright as the
 * first `webServer` (see playwright.config.ts), before the shop, and stopped after it.
 *
 * - SMTP on `127.0.0.1:MAIL_CAPTURE_SMTP_PORT`: no TLS (STARTTLS disabled; the shop's
 *   nodemailer client uses `ignoreTLS`), authentication optional and any login accepted.
 * - HTTP on `127.0.0.1:MAIL_CAPTURE_HTTP_PORT`: `GET /health`; `GET /messages[?to=address]`
 *   answers `{messages: CapturedMail[]}` oldest first; `DELETE /messages` forgets them all.
 * - Each raw message is also written to `MAIL_CAPTURE_DIR/mail/NNNN.eml` for a look by hand.
 *
 * `MAIL_CAPTURE_DIR` is the run directory: created here, removed on SIGTERM/SIGINT unless
 * `E2E_KEEP_DATA=1` (the shop's DATA_DIR lives in it too and has stopped by then).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { CapturedMail } from './mail.js';

const smtpPort = Number(process.env.MAIL_CAPTURE_SMTP_PORT);
const httpPort = Number(process.env.MAIL_CAPTURE_HTTP_PORT);
const runDir = process.env.MAIL_CAPTURE_DIR;
if (!smtpPort || !httpPort || !runDir) {
  console.error('mail-capture: set MAIL_CAPTURE_SMTP_PORT, MAIL_CAPTURE_HTTP_PORT and MAIL_CAPTURE_DIR');
  process.exit(2);
}
const mailDir = join(runDir, 'mail');
mkdirSync(mailDir, { recursive: true });

const messages: CapturedMail[] = [];

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, _session, callback) {
    callback(null, { user: auth.username ?? 'anyone' });
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      const id = messages.length + 1;
      writeFileSync(join(mailDir, `${String(id).padStart(4, '0')}.eml`), raw);
      PostalMime.parse(raw)
        .then((email) => {
          messages.push({
            id,
            receivedAt: new Date().toISOString(),
            // The envelope says who it really went to (Bcc included); lower-cased for lookups.
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: email.from?.address ?? (session.envelope.mailFrom || undefined)?.address ?? '',
            subject: email.subject ?? '',
            text: email.text ?? '',
            html: email.html ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    });
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (url.pathname === '/health') return send(200, { status: 'ok' });
  if (url.pathname === '/messages' && request.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return send(200, { messages: to ? messages.filter((m) => m.to.includes(to)) : messages });
  }
  if (url.pathname === '/messages' && request.method === 'DELETE') {
    messages.length = 0;
    return send(200, { messages });
  }
  return send(404, { message: 'Not found' });
});

smtp.on('error', (error) => console.error('mail-capture smtp:', error.message));
smtp.listen(smtpPort, '127.0.0.1');
http.listen(httpPort, '127.0.0.1');

function shutdown(): void {
  smtp.close(() => {});
  http.close();
  if (process.env.E2E_KEEP_DATA !== '1') rmSync(runDir!, { recursive: true, force: true });
  else console.error(`mail-capture: kept ${runDir}`);
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
