import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { CapturedMail } from './smtp-capture.js';

/**
 * A browser's cookie store for `app.inject`, enough for the account tests: keeps the cookies
 * each response sets (by name; paths are ignored, every test URL is under `/api`) and drops
 * the ones a response clears.
 */
export class CookieJar {
  private readonly values = new Map<string, string>();

  /** Take the cookies a response set or cleared. */
  take(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared =
        cookie.value === '' || cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (cleared) this.values.delete(cookie.name);
      else this.values.set(cookie.name, cookie.value);
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  set(name: string, value: string): void {
    this.values.set(name, value);
  }

  /** The Cookie header value. */
  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  copy(): CookieJar {
    const jar = new CookieJar();
    for (const [name, value] of this.values) jar.set(name, value);
    return jar;
  }
}

let ipCounter = 0;
/** A fresh client address, so the per-IP limits of one test do not spill into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Options of {@link call}. */
export interface CallOptions {
  body?: unknown;
  jar?: CookieJar;
  /** Client address; a fresh one when omitted. */
  ip?: string;
  headers?: Record<string, string>;
}

/** One request through `app.inject`; the jar (if any) sends its cookies and takes the new ones. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const cookie = options.jar?.header();
  if (cookie) headers.cookie = cookie;
  const request: InjectOptions = { method, url, headers, remoteAddress: options.ip ?? freshIp() };
  if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
  const response = await app.inject(request);
  options.jar?.take(response);
  return response;
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < soft.length; index++) {
    const char = soft[index]!;
    const hex = soft.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The decoded text of every MIME part of a captured mail (base64 or quoted-printable),
 * joined: enough to find a code, a link or a Tamil sentence in it.
 */
export function mailBody(mail: CapturedMail): string {
  const parts = mail.raw.split(/\r?\n--[^\r\n]*\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return part;
      const head = part.slice(0, split);
      const body = part.slice(split).trim();
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
      return body;
    })
    .join('\n');
}

/** The one-time code in a code mail ('Your one-time code is 123456.'). */
export function codeIn(mail: CapturedMail): string {
  const match = /one-time code is (\d{6})\b/.exec(mailBody(mail));
  if (!match) throw new Error(`no one-time code in the mail:\n${mailBody(mail)}`);
  return match[1]!;
}
