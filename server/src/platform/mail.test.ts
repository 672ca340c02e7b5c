import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CookieJar } from '../../test/auth-support.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createMailer } from './mail.js';

// Without SMTP_URL every mail is written to DATA_DIR/outbox/*.eml (docs/architecture.md#configuration,
// docs/architecture.md#mail), so a newcomer can sign up with no mail server. The harness sets no SMTP_URL.
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
    expect(signup.statusCode, signup.body).toBe(201);
    // The code's mail is in the outbox; the sender, woken by the sign-up, writes it out.
    await context.app.outbox.wake();
    const added = emlFiles().filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    // Named by when it was queued and its Message-ID (docs/architecture.md#mail).
    const named = /^\d{4}-\d{2}-\d{2}T[\d-]+Z-([0-9a-f-]{36})\.eml$/.exec(added[0]!);
    expect(named, added[0]).toBeTruthy();

    const mail = await PostalMime.parse(readFileSync(join(outbox, added[0]!)));
    expect(mail.from?.address).toBe('no-reply@localhost');
    expect(mail.messageId).toBe(`<${named![1]}@localhost>`);
    expect(mail.to?.map((to) => to.address)).toEqual([email]);
    // The text part: English, then Tamil, the same code in both; the code in the subject too.
    const english = /Your one-time code is (\d{6})\./.exec(mail.text ?? '');
    expect(mail.subject).toBe(`${english?.[1]} is your Thaiyal code / ${english?.[1]} உங்கள் தையல் குறியீடு`);
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

describe('the mail thread', () => {
  it('sends what it was given before close() resolves, so a graceful shutdown loses no promised mail', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'thaiyal-mail-'));
    const logged: string[] = [];
    const log = { info: (_: object, message: string) => logged.push(message), error: (_: object, message: string) => logged.push(message) };
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: 'shop@example.com', outboxDir, log });
      const sends = Array.from({ length: 5 }, (_, n) =>
        mailer.send({ to: `c${n}@example.com`, subject: `Order ${n}`, text: `Order ${n}`, html: `<p>Order ${n}</p>` }),
      );
      await mailer.close();
      await expect(Promise.all(sends)).resolves.toHaveLength(5);
      const files = readdirSync(outboxDir);
      expect(files).toHaveLength(5);
      const subjects = await Promise.all(files.map(async (file) => (await PostalMime.parse(readFileSync(join(outboxDir, file)))).subject));
      expect(subjects.sort()).toEqual(['Order 0', 'Order 1', 'Order 2', 'Order 3', 'Order 4']);
      expect(logged).toEqual(Array(5).fill('mail written to outbox'));
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('sends a mail under the Message-ID it is given, and a second send of it overwrites its .eml file', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'thaiyal-mail-'));
    const log = { info: () => {}, error: () => {} };
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: 'Thaiyal <shop@thaiyal.example>', outboxDir, log });
      const message = { to: 'a@example.com', subject: 'Once', text: 'x', html: '<p>x</p>' };
      const same = { messageId: '3f1c2a9e-5b7d-4c1e-9a2b-0d4e6f8a1b2c', queuedAt: new Date('2026-11-30T10:15:00.000Z') };
      // A resend after a crash: the same outbox row, so the same Message-ID and time queued.
      await mailer.send({ ...message, ...same });
      await mailer.send({ ...message, ...same });
      await mailer.close();
      expect(readdirSync(outboxDir)).toEqual([`2026-11-30T10-15-00-000Z-${same.messageId}.eml`]);
      const mail = await PostalMime.parse(readFileSync(join(outboxDir, readdirSync(outboxDir)[0]!)));
      expect(mail.messageId).toBe(`<${same.messageId}@thaiyal.example>`);
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('rejects a mail it cannot send, with the reason, and goes on with the next', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'thaiyal-mail-'));
    const log = { info: () => {}, error: () => {} };
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: 'shop@example.com', outboxDir, log });
      rmSync(outboxDir, { recursive: true, force: true });
      await expect(mailer.send({ to: 'a@example.com', subject: 'Lost', text: 'x', html: '<p>x</p>' })).rejects.toThrow(/ENOENT/);
      mkdirSync(outboxDir);
      await expect(mailer.send({ to: 'a@example.com', subject: 'Kept', text: 'x', html: '<p>x</p>' })).resolves.toBeUndefined();
      expect(readdirSync(outboxDir)).toHaveLength(1);
      await mailer.close();
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('sends a mail given after close() on a new thread, which the old thread ending does not fail', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'thaiyal-mail-'));
    const log = { info: () => {}, error: () => {} };
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: 'shop@example.com', outboxDir, log });
      await mailer.send({ to: 'a@example.com', subject: 'First', text: 'x', html: '<p>x</p>' });
      const closing = mailer.close();
      const after = mailer.send({ to: 'a@example.com', subject: 'After close', text: 'x', html: '<p>x</p>' });
      await closing;
      await expect(after).resolves.toBeUndefined();
      expect(readdirSync(outboxDir)).toHaveLength(2);
      await mailer.close();
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
