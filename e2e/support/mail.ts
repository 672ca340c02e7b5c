import { expect } from '@playwright/test';
import { runEnv } from './run-env.js';

/** One mail the shop sent during this run, as the SMTP capture parsed it. */
export interface CapturedMail {
  /** 1, 2, … in arrival order. */
  id: number;
  receivedAt: string;
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  /** Plain-text part ('' when none). */
  text: string;
  /** HTML part ('' when none). */
  html: string;
}

function captureUrl(path: string): string {
  return `http://127.0.0.1:${runEnv().mailHttpPort}${path}`;
}

/** Every mail captured so far to `to` (any recipient when omitted), oldest first. */
export async function listMails(to?: string): Promise<CapturedMail[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const response = await fetch(captureUrl(`/messages${query}`));
  if (!response.ok) throw new Error(`mail capture answered ${response.status}`);
  return ((await response.json()) as { messages: CapturedMail[] }).messages;
}

/**
 * Wait (polling, up to `timeoutMs`) for a mail to `to` that matches `match`, newer than mail
 * id `afterId` (pass the last id seen to ignore older mails), and return the newest such.
 */
export async function waitForMail(
  to: string,
  options: { match?: (mail: CapturedMail) => boolean; afterId?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const { match = () => true, afterId = 0, timeoutMs = 15_000 } = options;
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await listMails(to)).filter((mail) => mail.id > afterId && match(mail)).at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${to}`, timeout: timeoutMs },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit one-time code in a mail's text (or HTML when it has no text part). */
export function oneTimeCodeIn(mail: CapturedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text || mail.html)?.[1];
  if (!code) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return code;
}

/** The first link in a mail's text that starts with `prefix` (e.g. the reset link). */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`${escaped}[^\\s"'<>)]*`).exec(`${mail.text}\n${mail.html}`)?.[0];
  if (!link) throw new Error(`no link starting with ${prefix} in mail "${mail.subject}"`);
  return link;
}
