import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderListResponseSchema,
  CollectionsResponseSchema,
  OrderListResponseSchema,
  StatusUpdateResponseSchema,
  type OrderStatus,
} from '@thaiyal/contract';
import { orderPayments, orders } from '../../db/schema/index.js';
import { createTestContext, createUser, injectAs, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { manualClock } from '../../../test/clock.js';
import { insertOrder } from '../../../test/admin-support.js';
import { financialYearOf } from '../orders/index.js';

// docs/product.md#payment-at-the-door, docs/product.md#the-bill, docs/product.md#the-days-collections.
const START = new Date('2026-11-02T05:00:00Z');
const clock = manualClock(START);
let context: TestContext, admin: TestUser, meena: TestUser;

beforeAll(async () => {
  context = await createTestContext({ SHOP_UPI_ID: 'thaiyal@okaxis', SHOP_UPI_NAME: 'Thaiyal Tailoring' }, clock);
  admin = await createUser(context, { role: 'admin', username: 'Owner' });
  meena = await createUser(context, { username: 'Meena' });
});

afterAll(() => context?.close());
// A test that moves the clock leaves it where the others expect it (sessions expire by it).
afterEach(() => clock.set(START));

/** A fresh order of Meena's in `status`, of one ₹1,000 line, straight in the database. */
function order(status: OrderStatus | 'cancelled' = 'designed', pricePaise = 100_000): Promise<string> {
  return status === 'cancelled'
    ? insertOrder(context, meena.id, { status: 'designed', lines: [{ pricePaise }] }).then(async (number) => {
        await context.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNumber, number));
        return number;
      })
    : insertOrder(context, meena.id, { status, lines: [{ pricePaise }] });
}

/** `as` null: a visitor. */
function pay(orderNumber: string, body: object, as: TestUser | null = admin) {
  return injectAs(context, as ?? undefined, 'POST', `/api/admin/orders/${orderNumber}/payments`, body);
}

function setStatus(orderNumber: string, status: OrderStatus, as: TestUser = admin) {
  return injectAs(context, as, 'PUT', `/api/orders/status/${orderNumber}`, { status });
}

/** The order's stored money: its paid paise and how many payments it holds. */
async function stored(orderNumber: string): Promise<{ paidPaise: number; payments: number }> {
  const [row] = await context.database.db
    .select({ id: orders.id, paidPaise: orders.paidPaise })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  const rows = await context.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, row!.id));
  return { paidPaise: row!.paidPaise, payments: rows.length };
}

describe('POST /api/admin/orders/:orderId/payments refuses, and changes nothing', () => {
  const cases: {
    name: string;
    status: OrderStatus | 'cancelled';
    body: object;
    as?: 'shopper' | 'visitor';
    code: number;
    reason?: string;
  }[] = [
    {
      name: 'before the home visit (no advance)',
      status: 'call',
      body: { method: 'cash', amount: 100 },
      code: 409,
      reason: 'payment.notYetDesigned',
    },
    {
      name: 'after the visit, before designed',
      status: 'visited',
      body: { method: 'upi', amount: 100 },
      code: 409,
      reason: 'payment.notYetDesigned',
    },
    { name: 'a cancelled order', status: 'cancelled', body: { method: 'cash', amount: 100 }, code: 409, reason: 'payment.orderCancelled' },
    {
      name: 'more than the balance',
      status: 'designed',
      body: { method: 'cash', amount: 1000.01 },
      code: 409,
      reason: 'payment.overBalance',
    },
    { name: 'a zero amount', status: 'designed', body: { method: 'cash', amount: 0 }, code: 400 },
    { name: 'a negative amount', status: 'designed', body: { method: 'cash', amount: -5 }, code: 400 },
    // A positive amount under one paisa rounds to no paise at all (fuzzing found 8.4e-323 answered 500).
    { name: 'an amount under one paisa', status: 'designed', body: { method: 'cash', amount: 8.4e-323 }, code: 400 },
    { name: 'three decimals', status: 'designed', body: { method: 'cash', amount: 10.005 }, code: 400 },
    { name: 'an amount as text', status: 'designed', body: { method: 'cash', amount: '100' }, code: 400 },
    { name: 'a card', status: 'designed', body: { method: 'card', amount: 100 }, code: 400 },
    { name: 'an unknown field', status: 'designed', body: { method: 'cash', amount: 100, paid: true }, code: 400 },
    {
      name: 'a reference too long',
      status: 'designed',
      body: { method: 'upi', amount: 100, reference: '1'.repeat(41) },
      code: 400,
      reason: 'payment.referenceTooLong',
    },
    { name: 'a shopper', status: 'designed', body: { method: 'cash', amount: 100 }, as: 'shopper', code: 403 },
    { name: 'a visitor', status: 'designed', body: { method: 'cash', amount: 100 }, as: 'visitor', code: 401 },
  ];
  it.each(cases)('$name: $code', async ({ status, body, as, code, reason }) => {
    const number = await order(status);
    const response = await pay(number, body, as === 'shopper' ? meena : as === 'visitor' ? null : admin);
    expect(response.statusCode).toBe(code);
    if (reason) expect(response.json().reason).toBe(reason);
    expect(await stored(number)).toEqual({ paidPaise: 0, payments: 0 });
  });

  it('an unknown order number (or another shop’s): 404', async () => {
    const response = await pay('TH-ZZZZZZ', { method: 'cash', amount: 100 });
    expect(response.statusCode).toBe(404);
    expect(response.json().reason).toBe('order.orderNotFound');
  });

  it('an order paid in full takes no more: 409', async () => {
    const number = await order('delivered');
    expect((await pay(number, { method: 'cash', amount: 1000 })).statusCode).toBe(201);
    const again = await pay(number, { method: 'cash', amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('payment.settled');
    expect(await stored(number)).toEqual({ paidPaise: 100_000, payments: 1 });
  });
});

describe('recording payments', () => {
  it('records cash then UPI up to the total; the order answers payments, paid, balance and its UPI link to the admin and the shopper', async () => {
    const number = await order('designed', 125_050);
    const first = await pay(number, { method: 'cash', amount: 500 });
    expect(first.statusCode).toBe(201);
    const afterCash = StatusUpdateResponseSchema.parse(first.json()).order;
    expect(afterCash).toMatchObject({ paid: 500, balance: 750.5, billNumber: null });
    expect(afterCash.upi).toEqual({ uri: `upi://pay?pa=thaiyal%40okaxis&pn=Thaiyal%20Tailoring&am=750.50&cu=INR&tn=${number}` });
    const cashAt = clock.now().toISOString();
    clock.advance(60_000);
    const second = await pay(number, { method: 'upi', amount: 750.5, reference: ' 412345678901 ', note: 'GPay' });
    const paidUp = StatusUpdateResponseSchema.parse(second.json()).order;
    expect(paidUp).toMatchObject({ paid: 1250.5, balance: 0, upi: null });
    expect(paidUp.payments).toEqual([
      { method: 'cash', amount: 500, reference: '', note: '', at: cashAt, collectedBy: 'Owner' },
      { method: 'upi', amount: 750.5, reference: '412345678901', note: 'GPay', at: clock.now().toISOString(), collectedBy: 'Owner' },
    ]);
    const mine = OrderListResponseSchema.parse((await injectAs(context, meena, 'GET', '/api/orders?limit=50')).json());
    const seen = mine.orders.find((one) => one.orderId === number)!;
    expect(seen).toMatchObject({ paid: 1250.5, balance: 0, payments: paidUp.payments });
    expect(seen).not.toHaveProperty('upi');
    const list = AdminOrderListResponseSchema.parse((await injectAs(context, admin, 'GET', `/api/orders/status?q=${number}`)).json());
    expect(list.orders[0]).toMatchObject({ orderId: number, paid: 1250.5, balance: 0, payments: paidUp.payments, upi: null });
  });

  it('final prices cannot bring the total below what was paid: 409, nothing changed', async () => {
    const [productId] = await seedProducts(context, [{ pricePaise: 100_000 }]);
    const number = await insertOrder(context, meena.id, { status: 'designed', lines: [{ productId, pricePaise: 100_000 }] });
    expect((await pay(number, { method: 'cash', amount: 600 })).statusCode).toBe(201);
    const lower = await injectAs(context, admin, 'PUT', `/api/admin/orders/${number}/prices`, {
      lines: [{ productId: productId!, price: 500, note: '' }],
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().reason).toBe('payment.belowPaid');
    const fine = await injectAs(context, admin, 'PUT', `/api/admin/orders/${number}/prices`, {
      lines: [{ productId: productId!, price: 600, note: '' }],
    });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().order).toMatchObject({ totalPrice: 600, paid: 600, balance: 0 });
  });

  it('the admin list gives the same UPI link as the order card', async () => {
    const number = await order('delivered', 99_900);
    const list = AdminOrderListResponseSchema.parse((await injectAs(context, admin, 'GET', `/api/orders/status?q=${number}`)).json());
    expect(list.orders[0]!.upi).toEqual({ uri: `upi://pay?pa=thaiyal%40okaxis&pn=Thaiyal%20Tailoring&am=999.00&cu=INR&tn=${number}` });
    const call = await order('call');
    const calls = AdminOrderListResponseSchema.parse((await injectAs(context, admin, 'GET', `/api/orders/status?q=${call}`)).json());
    expect(calls.orders[0]!.upi).toBeNull();
  });
});

describe('bill numbers (docs/product.md#the-bill)', () => {
  it('reads the financial year April to March in India Standard Time', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2100-01-15T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers deliveries in sequence, keeps the number when delivered again, and starts again at 0001 each April', async () => {
    clock.set(new Date('2027-03-31T12:00:00Z'));
    const owner = await createUser(context, { role: 'admin' });
    const [a, b] = [await order('designed'), await order('designed')];
    const numberOf = async (orderNumber: string) =>
      StatusUpdateResponseSchema.parse((await setStatus(orderNumber, 'delivered', owner)).json()).order.billNumber;
    const first = await numberOf(a);
    expect(first).toMatch(/^TH\/2026-27\/\d{4}$/);
    const second = await numberOf(b);
    expect(Number(second!.slice(-4))).toBe(Number(first!.slice(-4)) + 1);
    expect((await setStatus(a, 'designed', owner)).statusCode).toBe(200);
    expect(await numberOf(a)).toBe(first);
    clock.set(new Date('2027-03-31T18:30:00Z')); // midnight, 1 April 2027, in India
    const april = await createUser(context, { role: 'admin' });
    const c = await order('designed');
    expect(StatusUpdateResponseSchema.parse((await setStatus(c, 'delivered', april)).json()).order.billNumber).toBe('TH/2027-28/0001');
  });

  it('never gives two deliveries at once the same number', async () => {
    clock.set(new Date('2030-06-01T05:00:00Z'));
    const owner = await createUser(context, { role: 'admin' });
    const numbers = await Promise.all(Array.from({ length: 12 }, () => order('designed')));
    const answers = await Promise.all(numbers.map((number) => setStatus(number, 'delivered', owner)));
    const bills = answers.map((answer) => StatusUpdateResponseSchema.parse(answer.json()).order.billNumber);
    expect([...bills].sort()).toEqual(Array.from({ length: 12 }, (_, index) => `TH/2030-31/${String(index + 1).padStart(4, '0')}`));
  });
});

describe('GET /api/admin/collections (docs/product.md#the-days-collections)', () => {
  it('sums each day’s cash and UPI, by collector, with the orders behind them, against hand-counted figures', async () => {
    // 2035: a year no other test of this file pays in.
    clock.set(new Date('2035-01-10T04:00:00Z')); // 09:30 on 10 January in India
    const owner = await createUser(context, { role: 'admin', username: 'Owner' });
    const [x, y, z] = [await order('designed', 150_000), await order('delivered', 80_000), await order('delivered', 30_000)];
    await pay(x, { method: 'cash', amount: 1000 }, owner);
    clock.advance(60_000);
    await pay(y, { method: 'upi', amount: 800, reference: '500011112222' }, owner);
    clock.set(new Date('2035-01-10T18:29:00Z')); // 23:59 on 10 January in India
    const kavitha = await createUser(context, { role: 'admin', username: 'Kavitha' });
    expect((await pay(z, { method: 'cash', amount: 100.25 }, kavitha)).statusCode).toBe(201);
    clock.set(new Date('2035-01-10T18:31:00Z')); // 00:01 on 11 January in India
    const night = await createUser(context, { role: 'admin', username: 'Owner' });
    expect((await pay(x, { method: 'upi', amount: 499.5 }, night)).statusCode).toBe(201);
    const reader = await createUser(context, { role: 'admin' });
    const response = await injectAs(context, reader, 'GET', '/api/admin/collections?from=2035-01-10&to=2035-01-11');
    expect(response.statusCode).toBe(200);
    const collections = CollectionsResponseSchema.parse(response.json());
    // 10 Jan: cash 1000 + 100.25 = 1100.25, UPI 800; 11 Jan: UPI 499.50; total cash 1100.25, UPI 1299.50.
    expect(collections.days.map(({ date, cash, upi }) => ({ date, cash, upi }))).toEqual([
      { date: '2035-01-10', cash: 1100.25, upi: 800 },
      { date: '2035-01-11', cash: 0, upi: 499.5 },
    ]);
    expect(collections.days[0]!.byCollector).toEqual([
      { collectedBy: 'Owner', cash: 1000, upi: 800 },
      { collectedBy: 'Kavitha', cash: 100.25, upi: 0 },
    ]);
    expect(collections.days[0]!.payments.map((payment) => [payment.orderId, payment.method, payment.amount])).toEqual([
      [x, 'cash', 1000],
      [y, 'upi', 800],
      [z, 'cash', 100.25],
    ]);
    expect(collections.total).toEqual({ cash: 1100.25, upi: 1299.5 });
    // Delivered with a balance: z owes 300 − 100.25 = 199.75; y is settled; x is not delivered.
    expect(collections.unpaid.find((one) => one.orderId === z)).toEqual({
      orderId: z,
      customer: 'Meena',
      totalPrice: 300,
      paid: 100.25,
      balance: 199.75,
    });
    expect(collections.unpaid.map((one) => one.orderId)).not.toContain(y);
    expect(collections.unpaid.map((one) => one.orderId)).not.toContain(x);
    const oneDay = CollectionsResponseSchema.parse(
      (await injectAs(context, reader, 'GET', '/api/admin/collections?from=2035-01-11&to=2035-01-11')).json(),
    );
    expect(oneDay.total).toEqual({ cash: 0, upi: 499.5 });
  });

  it.each([
    ['from after to', '?from=2035-01-11&to=2035-01-10', 'payment.badPeriod'],
    ['more than 366 days', '?from=2034-01-01&to=2035-01-02', 'payment.badPeriod'],
    ['not a date', '?from=2035-13-01&to=2035-12-01', undefined],
    ['no period', '', undefined],
    ['an unknown parameter', '?from=2035-01-01&to=2035-01-02&all=1', undefined],
  ])('refuses %s: 400', async (_name, query, reason) => {
    const response = await injectAs(context, admin, 'GET', `/api/admin/collections${query}`);
    expect(response.statusCode).toBe(400);
    if (reason) expect(response.json().reason).toBe(reason);
  });

  it('is the admin’s only: 403 for a shopper, 401 for a visitor', async () => {
    expect((await injectAs(context, meena, 'GET', '/api/admin/collections?from=2035-01-10&to=2035-01-11')).statusCode).toBe(403);
    expect((await injectAs(context, undefined, 'GET', '/api/admin/collections?from=2035-01-10&to=2035-01-11')).statusCode).toBe(401);
  });
});
