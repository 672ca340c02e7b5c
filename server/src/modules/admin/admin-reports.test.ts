import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderLines, orders, orderPayments } from '../../db/schema/index.js';
import { manualClock } from '../../../test/clock.js';
import { createTestContext, createUser, injectAs, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { insertOrder } from '../../../test/admin-support.js';

// docs/product.md#reports, docs/product.md#the-order-lines-csv, docs/product.md#hsn-codes.
const clock = manualClock(new Date('2026-12-02T06:00:00Z'));
let context: TestContext, admin: TestUser, meena: TestUser;
let blouse: string, chudithar: string, frock: string;

/** An instant given as the shop's wall clock (India Standard Time). */
const ist = (local: string) => new Date(`${local}:00+05:30`);

/** One order of the seeded history, written straight into the tables with its timeline. */
interface Seeded {
  placed: string;
  lines: { productId: string; name: string; pricePaise: number; quantity?: number; finalPricePaise?: number }[];
  readyBy?: string;
  /** Each "delivered" step's instant, oldest first (a second one: delivered, moved back, delivered again). */
  delivered?: string[];
  cancelled?: { at: string; reason: string };
  customer?: string;
  phone?: string;
}

async function seed(order: Seeded): Promise<string> {
  const status = order.cancelled ? 'cancelled' : order.delivered ? 'delivered' : 'call';
  const orderNumber = await insertOrder(context, meena.id, {
    status: 'call',
    createdAt: ist(order.placed),
    lines: order.lines,
    address: { name: order.customer ?? 'Meena', phoneNumber: order.phone ?? '9876543210' },
  });
  const db = context.database.db;
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  const id = row!.id;
  const totalPaise = order.lines.reduce((sum, line) => sum + (line.finalPricePaise ?? line.pricePaise) * (line.quantity ?? 1), 0);
  await db
    .update(orders)
    .set({
      status,
      totalPaise,
      readyBy: order.readyBy ?? null,
      ...(order.cancelled ? { cancelledAt: ist(order.cancelled.at), cancelReason: order.cancelled.reason } : {}),
    })
    .where(eq(orders.id, id));
  for (const line of order.lines) {
    if (line.finalPricePaise) {
      await db.update(orderLines).set({ finalPricePaise: line.finalPricePaise }).where(eq(orderLines.orderId, id));
    }
  }
  for (const at of order.delivered ?? []) await db.insert(orderEvents).values({ orderId: id, status: 'delivered', at: ist(at) });
  if (order.cancelled) await db.insert(orderEvents).values({ orderId: id, status: 'cancelled', at: ist(order.cancelled.at) });
  return orderNumber;
}

beforeAll(async () => {
  context = await createTestContext({}, clock);
  admin = await createUser(context, { role: 'admin' });
  meena = await createUser(context, { username: 'Meena' });
  [blouse, chudithar, frock] = (await seedProducts(context, [
    { name: 'Silk Blouse', nameTa: 'பட்டு ரவிக்கை', category: 'saree-blouse' },
    { name: 'Anarkali', category: 'umbrella-chudithar' },
    { name: 'Ball Frock', category: 'ball-frock' },
  ])) as [string, string, string];
  // November 2026 (Sunday 1 to Monday 30), hand-counted in the expectations below.
  await seed({
    placed: '2026-11-02T10:00',
    lines: [{ productId: blouse, name: 'Silk Blouse', pricePaise: 100_000, quantity: 2, finalPricePaise: 120_000 }],
    readyBy: '2026-11-10',
    delivered: ['2026-11-09T17:00'], // on time, 7 days
  });
  await seed({
    placed: '2026-11-03T09:00',
    lines: [{ productId: chudithar, name: 'Anarkali', pricePaise: 150_000 }],
    readyBy: '2026-11-12',
    delivered: ['2026-11-14T11:00'], // late, 11 days
  });
  await seed({
    placed: '2026-10-28T12:00', // placed before the period, delivered in it (00:10 on 1 November in India), no ready-by date
    lines: [
      { productId: blouse, name: 'Silk Blouse', pricePaise: 100_000 },
      { productId: frock, name: 'Ball Frock', pricePaise: 80_000 },
    ],
    delivered: ['2026-11-01T00:10'],
  });
  const paidNotDelivered = await seed({
    placed: '2026-11-20T10:00',
    lines: [{ productId: frock, name: 'Ball Frock', pricePaise: 80_000 }],
  });
  await seed({
    placed: '2026-11-05T10:00',
    lines: [{ productId: blouse, name: 'Silk Blouse', pricePaise: 100_000 }],
    cancelled: { at: '2026-11-06T10:00', reason: 'Wrong size' },
  });
  await seed({
    placed: '2026-11-07T10:00',
    lines: [{ productId: blouse, name: 'Silk Blouse', pricePaise: 100_000 }],
    cancelled: { at: '2026-11-08T10:00', reason: ' Wrong size ' },
  });
  await seed({
    placed: '2026-11-10T10:00',
    lines: [{ productId: blouse, name: 'Silk Blouse', pricePaise: 100_000 }],
    cancelled: { at: '2026-11-11T10:00', reason: 'Found another tailor' },
  });
  await seed({ placed: '2026-11-25T10:00', lines: [{ productId: blouse, name: 'Silk Blouse', pricePaise: 100_000 }] });
  await seed({ placed: '2026-11-30T23:50', lines: [{ productId: blouse, name: 'Silk Blouse', pricePaise: 100_000 }] });
  await seed({ placed: '2026-12-01T00:05', lines: [{ productId: blouse, name: 'Silk Blouse', pricePaise: 100_000 }] });
  // First delivered in September: its second delivery in November does not count again.
  await seed({
    placed: '2026-09-01T10:00',
    lines: [{ productId: blouse, name: 'Silk Blouse', pricePaise: 100_000 }],
    delivered: ['2026-09-20T10:00', '2026-11-15T10:00'],
  });
  // Money received is the Collections view's figure, not revenue: a payment on an order not delivered changes nothing here.
  const [paid] = await context.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, paidNotDelivered));
  await context.database.db
    .insert(orderPayments)
    .values({ orderId: paid!.id, method: 'cash', amountPaise: 50_000, at: ist('2026-11-21T10:00') });
});

afterAll(() => context?.close());

describe('GET /api/admin/reports', () => {
  it('answers November’s figures as counted by hand', async () => {
    const response = await injectAs(context, admin, 'GET', '/api/admin/reports?from=2026-11-01&to=2026-11-30');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = response.json();
    expect(report).toMatchObject({ from: '2026-11-01', to: '2026-11-30', orders: 8, delivered: 3, cancelled: 3, revenue: 5700 });
    expect(report.onTimeRate).toBe(0.5);
    expect(report.averageDaysToDeliver).toBe(7.3); // (7 + 11 + 4) / 3
    expect(report.byWeek).toEqual([
      { weekStart: '2026-10-26', orders: 0, revenue: 1800 },
      { weekStart: '2026-11-02', orders: 4, revenue: 0 },
      { weekStart: '2026-11-09', orders: 1, revenue: 3900 },
      { weekStart: '2026-11-16', orders: 1, revenue: 0 },
      { weekStart: '2026-11-23', orders: 1, revenue: 0 },
      { weekStart: '2026-11-30', orders: 1, revenue: 0 },
    ]);
    expect(report.byGroup).toEqual([
      { group: 'blouse', orders: 2, revenue: 3400 },
      { group: 'chudithar', orders: 1, revenue: 1500 },
      { group: 'frock', orders: 1, revenue: 800 },
      { group: 'pattupavadai', orders: 0, revenue: 0 },
      { group: 'pant', orders: 0, revenue: 0 },
      { group: 'nightwear', orders: 0, revenue: 0 },
    ]);
    expect(report.cancellationReasons).toEqual([
      { reason: 'Wrong size', count: 2 },
      { reason: 'Found another tailor', count: 1 },
    ]);
    expect(report.topProducts).toEqual([
      { productId: blouse, name: 'Silk Blouse', nameTa: null, count: 3, revenue: 3400 },
      { productId: chudithar, name: 'Anarkali', nameTa: null, count: 1, revenue: 1500 },
      { productId: frock, name: 'Ball Frock', nameTa: null, count: 1, revenue: 800 },
    ]);
  });

  it('answers an empty period with zeros and nulls', async () => {
    const report = (await injectAs(context, admin, 'GET', '/api/admin/reports?from=2025-01-01&to=2025-01-07')).json();
    expect(report).toMatchObject({ orders: 0, delivered: 0, cancelled: 0, revenue: 0, onTimeRate: null, averageDaysToDeliver: null });
    expect(report.byWeek).toEqual([
      { weekStart: '2024-12-30', orders: 0, revenue: 0 },
      { weekStart: '2025-01-06', orders: 0, revenue: 0 },
    ]);
    expect(report.topProducts).toEqual([]);
    expect(report.cancellationReasons).toEqual([]);
  });

  it('takes a period of two years and a day at most (731 days, a leap day included)', async () => {
    expect((await injectAs(context, admin, 'GET', '/api/admin/reports?from=2025-01-01&to=2027-01-01')).statusCode).toBe(200);
  });

  it.each([
    ['no dates', ''],
    ['no end', '?from=2026-11-01'],
    ['a date that does not exist', '?from=2026-02-30&to=2026-03-01'],
    ['a date of another shape', '?from=01-11-2026&to=2026-11-30'],
    ['the start after the end', '?from=2026-11-30&to=2026-11-01'],
    ['more than 731 days', '?from=2025-01-01&to=2027-01-02'],
    ['an unknown parameter', '?from=2026-11-01&to=2026-11-30&shop=2'],
  ])('refuses %s: 400', async (_, query) => {
    const response = await injectAs(context, admin, 'GET', `/api/admin/reports${query}`);
    expect(response.statusCode).toBe(400);
  });

  it('names its period rule', async () => {
    const response = await injectAs(context, admin, 'GET', '/api/admin/reports?from=2026-11-30&to=2026-11-01');
    expect(response.json()).toMatchObject({ reason: 'report.badPeriod', params: { maxDays: 731 } });
  });

  it.each([
    '/api/admin/reports?from=2026-11-01&to=2026-11-30',
    '/api/admin/orders.csv?from=2026-11-01&to=2026-11-30',
    '/api/admin/hsn-codes',
  ])('is the owner’s alone: %s answers 401 to a visitor, 403 to a customer', async (url) => {
    expect((await injectAs(context, undefined, 'GET', url)).statusCode).toBe(401);
    expect((await injectAs(context, meena, 'GET', url)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/orders.csv', () => {
  it('writes one row per order line, quoted by the CSV rules, Tamil intact, formulas defused', async () => {
    const names = ['Devi, "Ammu"\nK', 'மீனாட்சி', '=HYPERLINK("http://evil.example")', '@SUM(A1)', '-2+3'];
    const numbers: string[] = [];
    for (const [index, customer] of names.entries()) {
      numbers.push(
        await seed({
          placed: `2027-01-0${index + 1}T10:00`,
          lines: [{ productId: blouse, name: index === 0 ? 'Blouse, with "lining"' : 'Silk Blouse', pricePaise: 145_050 }],
          customer,
          phone: index === 1 ? '+919876543210' : '9876543210',
          readyBy: '2027-01-20',
        }),
      );
    }
    await injectAs(context, admin, 'PUT', '/api/admin/hsn-codes', { codes: { 'saree-blouse': '62064000' } });
    const response = await injectAs(context, admin, 'GET', '/api/admin/orders.csv?from=2027-01-01&to=2027-01-31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="thaiyal-orders-2027-01-01-2027-01-31.csv"');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = response.rawPayload.subarray(3).toString('utf8');
    expect(
      text.startsWith(
        'Order number,Placed,Status,Customer,Phone,Garment,Category,HSN,Quantity,Price,Final price,Paid,Bill number,Ready by,Delivered\r\n',
      ),
    ).toBe(true);
    expect(text).toContain(
      `${numbers[0]},2027-01-01,call,"Devi, ""Ammu""\nK",9876543210,"Blouse, with ""lining""",saree-blouse,62064000,1,1450.50,1450.50,0.00,,2027-01-20,\r\n`,
    );
    expect(text).toContain(`${numbers[1]},2027-01-02,call,மீனாட்சி,'+919876543210,Silk Blouse`);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    expect(text).toContain(`,'@SUM(A1),`);
    expect(text).toContain(`,'-2+3,`);
    // Header and five lines, each ended by CRLF (the newline inside the quoted name is kept as it is).
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(6);
  });

  it('pages through more orders than one statement reads, each line once, in the order placed', async () => {
    const bulk = context.database.db;
    const base = ist('2028-03-01T08:00').getTime();
    const values = Array.from({ length: 1_203 }, (_, index) => ({
      orderNumber: `TH-B${String(index).padStart(5, '0')}`,
      userId: meena.id,
      totalPaise: 10_000,
      address: {
        name: 'Bulk',
        phoneNumber: '9876543210',
        doorNumber: '1',
        street: 'S',
        city: 'pollachi',
        state: 'tamilnadu',
        pinCode: '642001',
      },
      // Two orders share each instant, so the cursor's tie on the number is exercised.
      createdAt: new Date(base + Math.floor(index / 2) * 60_000),
    }));
    const rows = await bulk.insert(orders).values(values).returning({ id: orders.id });
    await bulk
      .insert(orderLines)
      .values(rows.map((row) => ({ orderId: row.id, position: 0, name: 'Bulk line', image: '/x.webp', quantity: 1, pricePaise: 10_000 })));
    const response = await injectAs(context, admin, 'GET', '/api/admin/orders.csv?from=2028-03-01&to=2028-03-31');
    const body = response.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean).slice(1);
    expect(body).toHaveLength(1_203);
    expect(body.map((line) => line.split(',')[0])).toEqual(values.map((value) => value.orderNumber));
  });

  it('refuses a bad period: 400', async () => {
    expect((await injectAs(context, admin, 'GET', '/api/admin/orders.csv?from=2026-11-30&to=2026-11-01')).statusCode).toBe(400);
    expect((await injectAs(context, admin, 'GET', '/api/admin/orders.csv?from=2024-01-01&to=2026-11-01')).statusCode).toBe(400);
  });
});

describe('GET/PUT /api/admin/hsn-codes', () => {
  it('sets, keeps and clears categories’ codes', async () => {
    const set = await injectAs(context, admin, 'PUT', '/api/admin/hsn-codes', {
      codes: { 'umbrella-chudithar': '6204', nightwear: '620821' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().codes).toMatchObject({ 'umbrella-chudithar': '6204', nightwear: '620821', 'gather-frock': null });
    expect(Object.keys(set.json().codes)).toHaveLength(28);
    await injectAs(context, admin, 'PUT', '/api/admin/hsn-codes', { codes: { nightwear: null } });
    expect((await injectAs(context, admin, 'GET', '/api/admin/hsn-codes')).json().codes).toMatchObject({
      'umbrella-chudithar': '6204',
      nightwear: null,
    });
  });

  it.each([
    ['5 digits', { codes: { nightwear: '62082' } }, 'report.badHsnCode'],
    ['letters', { codes: { nightwear: '62O4' } }, 'report.badHsnCode'],
    ['a number', { codes: { nightwear: 6204 } }, 'report.badHsnCode'],
    ['10 digits', { codes: { nightwear: '6204000000' } }, 'report.badHsnCode'],
    ['spaces', { codes: { nightwear: ' 6204' } }, 'report.badHsnCode'],
    ['an unknown category', { codes: { 'silk-saree': '6204' } }, 'report.unknownCategory'],
    ['an unknown field', { codes: {}, gst: 5 }, undefined],
    ['no codes', {}, undefined],
  ])('refuses %s: 400', async (_, body, reason) => {
    const response = await injectAs(context, admin, 'PUT', '/api/admin/hsn-codes', body);
    expect(response.statusCode).toBe(400);
    if (reason) expect(response.json().reason).toBe(reason);
  });
});
