import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderListResponseSchema, ErrorBodySchema, LIMITS, OrderListResponseSchema, PricesResponseSchema } from '@thaiyal/contract';
import { orderLines, orders } from '../../db/schema/index.js';
import { seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import type { SmtpCapture } from '../../../test/smtp-capture.js';
import { insertOrder, openOrderTestBed, plainText, type OrderTestBed } from '../../../test/admin-support.js';

// docs/product.md#final-price: the admin sets each line's final unit price after measuring.

let bed: OrderTestBed<['Meena', 'Kavya']>;
let context: TestContext, smtp: SmtpCapture, admin: TestUser, meena: TestUser, kavya: TestUser;
let blouse: string;
let lining: string;
let other: string;

beforeAll(async () => {
  bed = await openOrderTestBed({ shoppers: ['Meena', 'Kavya'] });
  ({ context, smtp, admin } = bed);
  [meena, kavya] = bed.shoppers;
  const ids = await seedProducts(context, [{ name: 'Silk Blouse' }, { name: 'Lining' }, { name: 'Not ordered' }]);
  [blouse, lining, other] = [ids[0]!, ids[1]!, ids[2]!];
});

afterAll(() => bed?.close());

/** An order of Meena's: 2 blouses at ₹1,200 and 1 lining at ₹300 (total ₹2,700). */
function meenasOrder(status?: 'call' | 'visited' | 'designed' | 'delivered') {
  return insertOrder(context, meena.id, {
    ...(status ? { status } : {}),
    lines: [
      { productId: blouse, name: 'Silk Blouse', quantity: 2, pricePaise: 120_000 },
      { productId: lining, name: 'Lining', quantity: 1, pricePaise: 30_000 },
    ],
  });
}

function setPrices(orderId: string, payload: unknown, cookie = admin.cookie) {
  return context.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/prices`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** The order's rows as stored: its totals and each line's final price and note. */
async function stored(orderId: string) {
  const [row] = await context.database.db.select().from(orders).where(eq(orders.orderNumber, orderId));
  const lines = await context.database.db
    .select({ finalPricePaise: orderLines.finalPricePaise, priceNote: orderLines.priceNote, position: orderLines.position })
    .from(orderLines)
    .where(eq(orderLines.orderId, row!.id))
    .orderBy(orderLines.position);
  return { totalPaise: row!.totalPaise, originalTotalPaise: row!.originalTotalPaise, lines };
}

describe('PUT /api/admin/orders/:orderId/prices: setting final prices', () => {
  it('sets final prices and notes: the order answers both totals, the shopper sees them and is mailed in English and Tamil', async () => {
    const orderId = await meenasOrder('visited');
    const since = smtp.mails.length;
    const response = await setPrices(orderId, { lines: [{ productId: blouse, price: 1450.5, note: 'Aari work on the sleeves' }] });
    expect(response.statusCode).toBe(200);
    const { message, order } = PricesResponseSchema.parse(response.json());
    expect(message).toBe('Final prices saved');
    // 2 × ₹1,450.50 + ₹300 = ₹3,201; ordered: 2 × ₹1,200 + ₹300 = ₹2,700.
    expect(order).toMatchObject({ orderId, totalPrice: 3201, originalTotal: 2700 });
    expect(order.items).toMatchObject([
      { productId: blouse, price: 1200, finalPrice: 1450.5, priceNote: 'Aari work on the sleeves' },
      { productId: lining, price: 300, finalPrice: 300, priceNote: '' },
    ]);

    const own = await context.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: meena.cookie } });
    const mine = OrderListResponseSchema.parse(own.json()).orders.find((one) => one.orderId === orderId)!;
    expect(mine).toMatchObject({ totalPrice: 3201, originalTotal: 2700, items: order.items });
    const all = AdminOrderListResponseSchema.parse(
      (await context.app.inject({ method: 'GET', url: '/api/orders/status', headers: { cookie: admin.cookie } })).json(),
    );
    const { customer, language: _language, risk: _risk, ...seenByAdmin } = all.orders.find((one) => one.orderId === orderId)!;
    expect(customer?.username).toBe('Meena');
    expect(seenByAdmin).toEqual(mine);

    const mail = await smtp.waitFor(meena.email, { since });
    const text = plainText(mail);
    expect(text).toContain(`final price of your order ${orderId} is ₹3,201.00 (when ordered: ₹2,700.00)`);
    expect(text).toContain('Silk Blouse: ₹1,450.50 × 2, was ₹1,200.00 (Aari work on the sleeves)');
    expect(text).toContain('Please pay ₹3,201.00 in cash on delivery.');
    expect(text).toContain('இறுதி விலை ₹3,201.00');
    expect(text).toContain('டெலிவரியின்போது ₹3,201.00 ரொக்கமாகச் செலுத்துங்கள்');
    expect(text).not.toContain('Lining:');
  });

  it('a second change keeps the original total and a discount lowers the total', async () => {
    const orderId = await meenasOrder();
    expect((await setPrices(orderId, { lines: [{ productId: lining, price: 500, note: '' }] })).statusCode).toBe(200);
    const response = await setPrices(orderId, { lines: [{ productId: blouse, price: 1000, note: 'Festival discount' }] });
    expect(response.statusCode).toBe(200);
    // 2 × ₹1,000 + ₹500 (kept from the first change).
    expect(PricesResponseSchema.parse(response.json()).order).toMatchObject({ totalPrice: 2500, originalTotal: 2700 });
    expect(await stored(orderId)).toEqual({
      totalPaise: 250_000,
      originalTotalPaise: 270_000,
      lines: [
        { position: 0, finalPricePaise: 100_000, priceNote: 'Festival discount' },
        { position: 1, finalPricePaise: 50_000, priceNote: null },
      ],
    });
  });

  it('an order never priced answers originalTotal equal to totalPrice and each line its own price', async () => {
    const orderId = await meenasOrder();
    const own = await context.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: meena.cookie } });
    const mine = OrderListResponseSchema.parse(own.json()).orders.find((one) => one.orderId === orderId)!;
    expect(mine).toMatchObject({ totalPrice: 2700, originalTotal: 2700, photos: [] });
    expect(mine.items.map((item) => [item.price, item.finalPrice, item.priceNote])).toEqual([
      [1200, 1200, ''],
      [300, 300, ''],
    ]);
  });
});

describe('PUT /api/admin/orders/:orderId/prices: what it refuses', () => {
  const longNote = 'x'.repeat(LIMITS.maxPriceNoteLength + 1);
  const badInputs: Array<[string, unknown, number, string | RegExp]> = [
    [
      'a product not in the order',
      { lines: [{ productId: '00000000-0000-4000-8000-000000000000', price: 100, note: '' }] },
      400,
      'Each price must name a product of this order',
    ],
    [
      'a product priced twice',
      {
        lines: [
          { productId: 'BLOUSE', price: 100, note: '' },
          { productId: 'BLOUSE', price: 200, note: '' },
        ],
      },
      400,
      'Give each product one price',
    ],
    ['a negative price', { lines: [{ productId: 'BLOUSE', price: -5, note: '' }] }, 400, 'A final price must be above zero'],
    ['a zero price', { lines: [{ productId: 'BLOUSE', price: 0, note: '' }] }, 400, 'A final price must be above zero'],
    ['more than 5 times the price ordered', { lines: [{ productId: 'BLOUSE', price: 6000.01, note: '' }] }, 400, /at most 5 times/],
    ['above ₹1,00,000', { lines: [{ productId: 'BLOUSE', price: 100_000.5, note: '' }] }, 400, /at most 5 times/],
    ['more than 2 decimals', { lines: [{ productId: 'BLOUSE', price: 1200.123, note: '' }] }, 400, /decimals/],
    ['a price as text', { lines: [{ productId: 'BLOUSE', price: '1500', note: '' }] }, 400, /.+/],
    [
      'a note too long',
      { lines: [{ productId: 'BLOUSE', price: 1500, note: longNote }] },
      400,
      `A price note may be at most ${LIMITS.maxPriceNoteLength} characters`,
    ],
    ['no lines', { lines: [] }, 400, /.+/],
    ['an unknown field', { lines: [{ productId: 'BLOUSE', price: 1500, note: '', extra: 1 }] }, 400, /.+/],
    ['not a product id', { lines: [{ productId: 'blouse', price: 1500, note: '' }] }, 400, /.+/],
    ['bad JSON', '{"lines": [', 400, /.+/],
  ];

  it.each(badInputs)('refuses %s with a clear error and changes nothing', async (_name, payload, status, message) => {
    const orderId = await meenasOrder('visited');
    const before = await stored(orderId);
    const body = typeof payload === 'string' ? payload : JSON.parse(JSON.stringify(payload).replaceAll('BLOUSE', blouse));
    const response = await setPrices(orderId, body);
    expect(response.statusCode).toBe(status);
    const error = ErrorBodySchema.parse(response.json());
    expect(error.message).toMatch(message);
    expect(await stored(orderId)).toEqual(before);
  });

  it('names the caps in the error reason and params so the dashboard can say them in Tamil', async () => {
    const orderId = await meenasOrder();
    const response = await setPrices(orderId, { lines: [{ productId: blouse, price: 7000, note: '' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ reason: 'admin.priceTooHigh', params: { factor: 5, maxRupees: '₹1,00,000' } });
  });

  it('refuses a delivered order (409), an unknown order (404), and a product of another order', async () => {
    const delivered = await meenasOrder('delivered');
    const before = await stored(delivered);
    const locked = await setPrices(delivered, { lines: [{ productId: blouse, price: 1300, note: '' }] });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ message: 'Prices can change only until the order is delivered' });
    expect(await stored(delivered)).toEqual(before);

    const unknown = await setPrices('TH-NOPE00', { lines: [{ productId: blouse, price: 1300, note: '' }] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Order not found' });

    const orderId = await meenasOrder();
    const mixed = await setPrices(orderId, {
      lines: [
        { productId: blouse, price: 1300, note: '' },
        { productId: other, price: 100, note: '' },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect((await stored(orderId)).lines.every((line) => line.finalPricePaise === null)).toBe(true);
  });

  it('is admin only: a visitor gets 401 and a shopper 403, even for her own order, and nothing changes (ASVS 8.2.1)', async () => {
    const orderId = await meenasOrder();
    const before = await stored(orderId);
    const since = smtp.mails.length;
    const payload = { lines: [{ productId: blouse, price: 1, note: 'cheap' }] };
    const visitor = await context.app.inject({ method: 'PUT', url: `/api/admin/orders/${orderId}/prices`, payload });
    expect(visitor.statusCode).toBe(401);
    expect((await setPrices(orderId, payload, meena.cookie)).statusCode).toBe(403);
    expect((await setPrices(orderId, payload, kavya.cookie)).statusCode).toBe(403);
    expect(await stored(orderId)).toEqual(before);
    // No mail about this order (earlier tests' mails to her may still be arriving).
    const priceMails = smtp.mails
      .slice(since)
      .filter((mail) => mail.to.includes(meena.email.toLowerCase()) && plainText(mail).includes(orderId));
    expect(priceMails).toHaveLength(0);
  });
});
