import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CookieJar } from '../modules/auth/auth.test-support.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

// Without SMTP_URL every mail is written to DATA_DIR/outbox/*.eml (DESIGN.md SMTP_URL; issue
// "Accounts" §6), so a newcomer can sign up with no mail server. The harness sets no SMTP_URL.
let context: TestContext;
let outbox: string;

beforeAll(async () => {
  context = await createTestContext();
  outbox = join(context.dataDir, 'outbox');
});

afterAll(async () => {
  await context?.close();
});

const emlFiles = () => readdirSync(outbox).filter((name) => name.endsWith('.eml'));

describe('mail without SMTP_URL goes to DATA_DIR/outbox', () => {
  it('writes the sign-up mail as an .eml file that parses, with English and Tamil parts, and whose code works', async () => {
    expect(context.config.smtpUrl).toBeUndefined();
    const before = new Set(emlFiles());
    const email = 'outbox-meena@example.com';
    const jar = new CookieJar();
    const signup = await call(context.app, 'POST', '/api/auth/signup', {
      body: { username: 'Meena', email, password: 'pattu pavadai 9' },
      jar,
    });
    // Sign-up awaits its mail: the file is there when the answer is.
    expect(signup.statusCode, signup.body).toBe(201);
    const added = emlFiles().filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);

    const mail = await PostalMime.parse(readFileSync(join(outbox, added[0]!)));
    expect(mail.from?.address).toBe('no-reply@localhost');
    expect(mail.to?.map((to) => to.address)).toEqual([email]);
    expect(mail.subject).toBe('Your Thaiyal sign-up code / உங்கள் தையல் பதிவுக் குறியீடு');
    // The text part: English, then Tamil, the same code in both.
    const english = /Your one-time code is (\d{6})\./.exec(mail.text ?? '');
    const tamil = /உங்கள் ஒருமுறைக் குறியீடு (\d{6})\./.exec(mail.text ?? '');
    expect(english, mail.text).toBeTruthy();
    expect(tamil?.[1]).toBe(english![1]);
    expect(mail.text!.indexOf('Hello Meena,')).toBeLessThan(mail.text!.indexOf('வணக்கம் Meena,'));
    // The HTML part carries both languages, each marked as such.
    expect(mail.html).toContain('<div lang="en"><p>Hello Meena,</p>');
    expect(mail.html).toContain('<div lang="ta"><p>வணக்கம் Meena,</p>');

    // It is the real mail: its code verifies the account.
    const verified = await call(context.app, 'POST', '/api/auth/verify/otp', { body: { otp: english![1] }, jar });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user.email).toBe(email);
  });
});
