import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One captured mail: envelope recipients and the raw RFC 822 source. */
export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every mail it receives (tests only). */
export interface SmtpCapture {
  /** `smtp://127.0.0.1:PORT` for SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** Resolve with the first mail to `address` (after `since` mails) within `timeoutMs`. */
  waitFor(address: string, options?: { since?: number; timeoutMs?: number }): Promise<CapturedMail>;
  /**
   * Resolve with the decoded text ({@link mailText}) of the first mail to `address` after `since`
   * mails whose text contains `needle`, passing over others (mails arrive in the background).
   */
  waitForText(address: string, needle: string, since?: number): Promise<string>;
  close(): Promise<void>;
}

/** Options of {@link startSmtpCapture}. */
export interface SmtpCaptureOptions {
  /** Listen on this loopback port (default: one the kernel picks), e.g. to come back on a port the shop already uses. */
  port?: number;
  /** Recipients refused for good: `RCPT TO` answers 550, as a server does for a mailbox that does not exist. */
  refuse?: (address: string) => boolean;
  /**
   * Told of each mail once it has arrived whole and before the capture answers it (250), e.g. to
   * kill the sending shop between the mail server's acceptance and the shop's record of it.
   */
  onReceived?: (mail: CapturedMail) => void;
  /** Answer each mail (250) only once this resolves: a mail server that stalls. */
  holdUntil?: Promise<void>;
}

/**
 * Start an SMTP capture with `smtp-server` (STARTTLS disabled, no auth), so mail tests go
 * through nodemailer and a real SMTP conversation.
 */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.(address.address.toLowerCase())) return callback();
      return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') };
        mails.push(mail);
        options.onReceived?.(mail);
        for (const wake of waiters.splice(0)) wake();
        if (options.holdUntil) void options.holdUntil.then(() => callback());
        else callback();
      });
    },
  });
  // A client that dies mid-session (the reliability tests kill the shop between a mail's data
  // and its answer) resets its connection; smtp-server reports that as an 'error' on the server,
  // which unheard is an uncaught exception in the test process. The test itself checks what
  // the capture received.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  const capture: SmtpCapture = {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(address, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      const wanted = address.toLowerCase();
      for (;;) {
        const found = mails.slice(options.since ?? 0).find((mail) => mail.to.includes(wanted));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within the time limit`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    async waitForText(address, needle, since = 0) {
      for (let from = since; ;) {
        const mail = await capture.waitFor(address, { since: from });
        const text = mailText(mail);
        if (text.includes(needle)) return text;
        from = mails.indexOf(mail) + 1;
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return capture;
}

/**
 * The mail's source with quoted-printable soft breaks and escapes decoded as UTF-8, enough to
 * find a code, a link or a Tamil sentence in it.
 */
export function mailText(mail: CapturedMail): string {
  const unfolded = mail.raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
