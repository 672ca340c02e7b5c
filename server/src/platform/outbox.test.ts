import { afterEach, describe, expect, it } from 'vitest';
import { addresses, mailOutbox } from '../db/schema/index.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../test/harness.js';
import { freePort } from '../../test/reliability/server-process.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import { manualClock } from '../../test/clock.js';
import { countUnsentMails } from '../../test/outbox.js';
import { createMailSender, queueMails, retryDelayMs } from './outbox.js';
import { createMailer } from './mail.js';

// The mail outbox (docs/architecture.md#mail, docs/decisions/016-mail-outbox.md): a mail is
// written with what it reports and sent by the background sender, retried while the mail
// server fails, never lost.

const SHOP = 'shop@thaiyal.test';
let context: TestContext | undefined;
let smtp: SmtpCapture | undefined;

afterEach(async () => {
  await context?.close();
  await smtp?.close();
  context = undefined;
  smtp = undefined;
});

async function shopperWithAddress(local: TestContext): Promise<TestUser> {
  const user = await createUser(local);
  await local.database.db.insert(addresses).values({
    userId: user.id,
    name: 'Meena',
    phoneNumber: '9876543210',
    doorNumber: '4',
    street: 'Kovai Road',
    city: 'pollachi',
    state: 'tamilnadu',
    pinCode: '642001',
  });
  return user;
}

async function placeOrder(local: TestContext, user: TestUser, productId: string, totalAmt: number) {
  return local.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: user.cookie },
    payload: { items: [{ productId, quantity: 1 }], totalAmt },
  });
}

describe('the mail outbox', () => {
  it('keeps an order’s mails while the mail server is down and sends them when it comes back', async () => {
    const clock = manualClock();
    const port = await freePort();
    context = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}`, SHOP_EMAIL: SHOP }, clock);
    const [product] = await seedProducts(context, [{ name: 'Silk blouse', pricePaise: 80_000 }]);
    const user = await shopperWithAddress(context);

    const response = await placeOrder(context, user, product!, 800);
    expect(response.statusCode).toBe(201);
    const { orderId } = response.json().order;
    // The route woke the sender; this pass waits behind that one: both tried and failed.
    await context.app.outbox.wake();
    const waiting = await context.database.db.select().from(mailOutbox);
    expect(waiting.map((row) => row.kind).sort()).toEqual(['new-order', 'order-placed']);
    for (const row of waiting) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      expect(row.sendAfter.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
      expect(row.userId).toBe(user.id);
    }

    // Back up: nothing is due before the retry time, then both go.
    smtp = await startSmtpCapture({ port });
    await context.app.outbox.wake();
    expect(smtp.mails).toHaveLength(0);
    clock.advance(retryDelayMs(1));
    await context.app.outbox.wake();
    const customerMail = await smtp.waitFor(user.email);
    const shopMail = await smtp.waitFor(SHOP);
    expect(customerMail.raw).toContain(orderId);
    expect(shopMail.raw).toContain(orderId);
    expect(await countUnsentMails(context.database.db)).toBe(0);
    expect(smtp.mails).toHaveLength(2);
  });

  it('writes no mail for an order that is refused', async () => {
    context = await createTestContext({ SHOP_EMAIL: SHOP });
    const [product] = await seedProducts(context, [{ pricePaise: 80_000 }]);
    const user = await shopperWithAddress(context);
    const stale = await placeOrder(context, user, product!, 700);
    expect(stale.statusCode).toBe(409);
    expect(await context.database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('keeps a mail the server refuses for good, marked failed, and does not try it again', async () => {
    const clock = manualClock();
    smtp = await startSmtpCapture({ refuse: (address) => address === 'gone@example.com' });
    context = await createTestContext({ SMTP_URL: smtp.url }, clock);
    const mail = { subject: 'Order TH-AAAAAA', text: 'x', html: '<p>x</p>' };
    await queueMails(context.database.db, clock.now(), [
      { kind: 'order-status', to: ['gone@example.com'], ...mail },
      { kind: 'order-status', to: ['here@example.com'], ...mail },
    ]);
    await context.app.outbox.wake();
    await smtp.waitFor('here@example.com');
    const [kept] = await context.database.db.select().from(mailOutbox);
    expect(kept).toMatchObject({ recipients: ['gone@example.com'], attempts: 1 });
    expect(kept!.failedAt).toEqual(clock.now());
    expect(kept!.lastError).toMatch(/No such mailbox/);
    clock.advance(24 * 3_600_000);
    await context.app.outbox.wake();
    const [still] = await context.database.db.select().from(mailOutbox);
    expect(still!.attempts).toBe(1);
    expect(smtp.mails).toHaveLength(1);
  });

  it('holds the shop’s mails while the shop has no address, and sends them once it has one', async () => {
    const clock = manualClock();
    smtp = await startSmtpCapture();
    context = await createTestContext({ SMTP_URL: smtp.url }, clock);
    await queueMails(context.database.db, clock.now(), [
      { kind: 'contact-message', to: 'shop', subject: 'Hello', text: 'x', html: '<p>x</p>' },
    ]);
    await context.app.outbox.wake();
    const [waiting] = await context.database.db.select().from(mailOutbox);
    expect(waiting!.lastError).toMatch(/no recipient/);
    const admin = await createUser(context, { role: 'admin' });
    clock.advance(retryDelayMs(1));
    await context.app.outbox.wake();
    await smtp.waitFor(admin.email);
    expect(await countUnsentMails(context.database.db)).toBe(0);
  });

  it('drops a mail whose code or link expired before it could be sent', async () => {
    const clock = manualClock();
    const port = await freePort();
    context = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}` }, clock);
    const expiresAt = new Date(clock.now().getTime() + 10 * 60_000);
    await queueMails(context.database.db, clock.now(), [
      { kind: 'signup-code', to: ['late@example.com'], subject: 'Code', text: 'x', html: '<p>x</p>', discardAfter: expiresAt },
    ]);
    await context.app.outbox.wake();
    expect(await countUnsentMails(context.database.db)).toBe(1);
    smtp = await startSmtpCapture({ port });
    clock.set(expiresAt);
    await context.app.outbox.wake();
    expect(await countUnsentMails(context.database.db)).toBe(0);
    expect(smtp.mails).toHaveLength(0);
  });

  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [7, 1_920_000],
    [8, 3_600_000],
    [40, 3_600_000],
  ])('waits %i failed tries → %i ms before the next', (attempts, delayMs) => {
    expect(retryDelayMs(attempts)).toBe(delayMs);
  });
});

describe.runIf(process.env.DATABASE_URL)('several processes on one PostgreSQL', () => {
  it('send each mail once when their senders run at the same time', async () => {
    smtp = await startSmtpCapture();
    context = await createTestContext({ SMTP_URL: smtp.url });
    const { database, clock } = { database: context.database, clock: context.app.clock };
    const count = 60;
    await queueMails(
      database.db,
      clock.now(),
      Array.from({ length: count }, (_, n) => ({
        kind: 'order-status' as const,
        to: [`c${n}@example.com`],
        subject: `Mail ${n}`,
        text: 'x',
        html: '<p>x</p>',
      })),
    );
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    // Three more senders, each with its own mail thread, as three more processes would have.
    const others = Array.from({ length: 3 }, () => {
      const mailer = createMailer({ smtpUrl: smtp!.url, from: 'shop@example.com', outboxDir: context!.dataDir, log });
      return { mailer, sender: createMailSender({ database, mailer, clock, shopRecipients: async () => [], log }) };
    });
    await Promise.all([context.app.outbox.wake(), ...others.map(({ sender }) => sender.wake())]);
    await Promise.all(others.map(async ({ sender, mailer }) => (await sender.close(), await mailer.close())));
    expect(await countUnsentMails(database.db)).toBe(0);
    const subjects = smtp.mails.map((mail) => /Subject: (Mail \d+)/.exec(mail.raw)?.[1]);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
  });
});
