import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, orders } from '../../src/db/schema/index.js';
import { createShopper, insertOrder } from '../admin-support.js';
import { createTestContext, seedProducts, type TestContext, type TestUser } from '../harness.js';
import { startSmtpCapture, type SmtpCapture } from '../smtp-capture.js';

/**
 * Order floods and double orders found by an outside probe (docs/security.md, "Findings of the
 * outside probe"; ASVS 5.0 V2.3.2 business limits, V2.4.1 anti-automation, V15.4.2 one atomic
 * check-and-act): one named test per rule, through HTTP on a real database. The limits are the
 * defaults (10 open orders, 5 an hour), as a live shop runs them.
 */
const SHOP = 'shop@thaiyal.test';
const OPEN_MAX = 10;
const PER_HOUR_MAX = 5;

let context: TestContext;
let smtp: SmtpCapture;
let productId: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ SMTP_URL: smtp.url, SHOP_EMAIL: SHOP });
  [productId] = (await seedProducts(context, [{ name: 'Aari Blouse', pricePaise: 90_000 }])) as [string];
});

afterAll(async () => {
  await context?.close();
  await smtp?.close();
});

/** A signed-in shopper with a saved address. */
const shopper = () => createShopper(context);

const ORDER_BODY = () => ({ items: [{ productId, quantity: 1 }], totalAmt: 900 });

function placeOrder(user: TestUser, headers: Record<string, string> = {}, body: object = ORDER_BODY()) {
  return context.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: user.cookie, ...headers }, payload: body });
}

async function orderCount(user: TestUser): Promise<number> {
  return (await context.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).length;
}

describe('order limits (ASVS 2.3.2, 2.4.1)', () => {
  it('ASVS 2.4.1 an account has at most 10 open orders; delivered and cancelled ones do not count', async () => {
    const user = await shopper();
    // Ten open orders from earlier days (outside the hourly window), one of them delivered.
    const yesterday = new Date(Date.now() - 26 * 60 * 60 * 1000);
    for (let index = 0; index < OPEN_MAX; index++) await insertOrder(context, user.id, { createdAt: yesterday });
    await insertOrder(context, user.id, { createdAt: yesterday, status: 'delivered' });

    const refused = await placeOrder(user);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'too_many_requests',
      reason: 'order.tooManyOpenOrders',
      params: { maxOpenOrders: OPEN_MAX },
    });
    expect(await orderCount(user)).toBe(OPEN_MAX + 1);

    // Cancelling one open order makes room for one more.
    const [open] = await context.database.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(eq(orders.userId, user.id), ne(orders.status, 'delivered')))
      .limit(1);
    const cancelled = await context.app.inject({
      method: 'POST',
      url: '/api/orders/cancel',
      headers: { cookie: user.cookie },
      payload: { orderId: open!.orderNumber, reason: 'Ordered twice' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await placeOrder(user)).statusCode).toBe(201);
    expect((await placeOrder(user)).statusCode).toBe(429);
  });

  it('ASVS 2.4.1 an account places at most 5 orders an hour, even all at once; a cancelled one still counts', async () => {
    const user = await shopper();
    const answers = await Promise.all(Array.from({ length: PER_HOUR_MAX + 3 }, () => placeOrder(user)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(PER_HOUR_MAX).fill(201), ...Array(3).fill(429)]);
    expect(await orderCount(user)).toBe(PER_HOUR_MAX);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toMatchObject({
      code: 'too_many_requests',
      reason: 'order.tooManyOrdersPerHour',
      params: { maxOrdersPerHour: PER_HOUR_MAX },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const placed = answers.find((answer) => answer.statusCode === 201)!.json().order.orderId as string;
    const cancel = await context.app.inject({
      method: 'POST',
      url: '/api/orders/cancel',
      headers: { cookie: user.cookie },
      payload: { orderId: placed, reason: 'Changed my mind' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await placeOrder(user)).statusCode).toBe(429);
    // Another shopper is not held back by this one.
    expect((await placeOrder(await shopper())).statusCode).toBe(201);
  });
});

describe('double submits (ASVS 15.4.2)', () => {
  it('ASVS 15.4.2 the same Idempotency-Key sent several times at once makes one order and answers each with it', async () => {
    const user = await shopper();
    await context.database.db.insert(cartLines).values({ userId: user.id, productId, quantity: 3 });
    const key = randomUUID();
    const since = smtp.mails.length;
    const answers = await Promise.all(Array.from({ length: 4 }, () => placeOrder(user, { 'idempotency-key': key })));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await orderCount(user)).toBe(1);
    // The cart gave up one unit, once.
    const [line] = await context.database.db.select({ quantity: cartLines.quantity }).from(cartLines).where(eq(cartLines.userId, user.id));
    expect(line?.quantity).toBe(2);

    // A repeat later gets the same order again; one confirmation mail went out.
    const again = await placeOrder(user, { 'idempotency-key': key });
    expect([again.statusCode, again.body]).toEqual([201, answers[0]!.body]);
    await smtp.waitFor(user.email, { since });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.slice(since).filter((mail) => mail.to.includes(user.email.toLowerCase()))).toHaveLength(1);
    expect(await orderCount(user)).toBe(1);
  });

  it('ASVS 15.4.2 an Idempotency-Key belongs to its account and its order: another account or another body is a new decision', async () => {
    const user = await shopper();
    const other = await shopper();
    const key = randomUUID();
    const mine = await placeOrder(user, { 'idempotency-key': key });
    const theirs = await placeOrder(other, { 'idempotency-key': key });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().order.orderId).not.toBe(mine.json().order.orderId);

    const changed = await placeOrder(user, { 'idempotency-key': key }, { items: [{ productId, quantity: 2 }], totalAmt: 1800 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'conflict', reason: 'order.idempotencyKeyReused' });
    expect(await orderCount(user)).toBe(1);

    for (const bad of ['', 'x'.repeat(101), 'not a key!']) {
      const response = await placeOrder(user, { 'idempotency-key': bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad_request', reason: 'order.idempotencyKeyFormat' });
    }
    expect(await orderCount(user)).toBe(1);
  });

  it('ASVS 15.4.2 a refused order leaves its Idempotency-Key free for the corrected retry', async () => {
    const user = await shopper();
    const key = randomUUID();
    const stale = await placeOrder(user, { 'idempotency-key': key }, { items: [{ productId, quantity: 1 }], totalAmt: 800 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'order.priceChanged' });
    const retried = await placeOrder(user, { 'idempotency-key': key });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await orderCount(user)).toBe(1);
  });
});
