import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  AdminOrderListResponseSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  ORDER_MESSAGES,
  type Order,
  type OrderStatus,
} from '@thaiyal/contract';
import { orderEvents, orders } from '../../db/schema/index.js';
import { openOrderTestBed, type OrderTestBed } from '../../../test/admin-support.js';
import { seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import type { SmtpCapture } from '../../../test/smtp-capture.js';

// docs/product.md#cancellations-kept: a cancelled order stays in the customer's list with its
// reason and time, moves no further, frees its home-visit place, and both sides are mailed.

const SHOP = 'shop@thaiyal.test';
let bed: OrderTestBed;
let smtp: SmtpCapture, context: TestContext, admin: TestUser, shopper: OrderTestBed['shopper'], send: OrderTestBed['send'];
let productId: string;

beforeAll(async () => {
  bed = await openOrderTestBed({ env: { SHOP_EMAIL: SHOP } });
  ({ smtp, context, admin, shopper, send } = bed);
  [productId] = (await seedProducts(context, [{ name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 125_000, images: [] }])) as [
    string,
  ];
});

afterAll(() => bed?.close());

async function place(user: TestUser): Promise<Order> {
  const response = await send(user, 'POST', '/api/orders', { items: [{ productId, quantity: 1 }], totalAmt: 1250 });
  expect(response.statusCode, response.body).toBe(201);
  return OrderResponseSchema.parse(response.json()).order;
}

async function ordersOf(user: TestUser): Promise<Order[]> {
  const response = await send(user, 'GET', '/api/orders');
  expect(response.statusCode).toBe(200);
  return OrderListResponseSchema.parse(response.json()).orders;
}

/** The first mail to `address` after `since` whose text contains `needle`. */
function mailWith(address: string, needle: string, since: number): Promise<string> {
  return smtp.waitForText(address, needle, since);
}

describe('a cancelled order is kept', () => {
  it('stays in My Orders, cancelled, with the reason, the time and a last timeline step', async () => {
    const meena = await shopper();
    const kept = await place(meena);
    const other = await place(meena);
    const before = Date.now();
    const response = await send(meena, 'POST', '/api/orders/cancel', { orderId: kept.orderId, reason: '  Bought one at a shop  ' });
    expect(response.statusCode, response.body).toBe(200);

    const list = await ordersOf(meena);
    expect(list.map((order) => [order.orderId, order.status])).toEqual([
      [other.orderId, 'call'],
      [kept.orderId, 'cancelled'],
    ]);
    const cancelled = list[1]!;
    expect(cancelled.reason).toBe('Bought one at a shop');
    expect(Date.parse(cancelled.cancelledAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(cancelled.timeline.map((step) => step.status)).toEqual(['call', 'cancelled']);
    expect(cancelled.timeline[1]!.at).toBe(cancelled.cancelledAt);
    // An open order carries neither field.
    expect(list[0]).not.toHaveProperty('cancelledAt');
    expect(list[0]).not.toHaveProperty('reason');
    // The customer cancelled: no admin on the step.
    const [, step] = await context.database.db
      .select({ status: orderEvents.status, adminId: orderEvents.adminId })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(eq(orders.orderNumber, kept.orderId))
      .orderBy(asc(orderEvents.at));
    expect(step).toEqual({ status: 'cancelled', adminId: null });
  });

  it('is cancelled once: a second cancel is a 409 and changes nothing', async () => {
    const meena = await shopper();
    const order = await place(meena);
    expect((await send(meena, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'First' })).statusCode).toBe(200);
    const again = await send(meena, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_MESSAGES.alreadyCancelled);
    const [listed] = await ordersOf(meena);
    expect(listed!.reason).toBe('First');
    expect(listed!.timeline.filter((step) => step.status === 'cancelled')).toHaveLength(1);
  });

  it("leaves the admin's orders list, and the admin can neither move it nor price it (409, nothing changed)", async () => {
    const meena = await shopper();
    const order = await place(meena);
    await send(meena, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'No longer needed' });
    const list = AdminOrderListResponseSchema.parse((await send(admin, 'GET', '/api/orders/status')).json()).orders;
    expect(list.map((listed) => listed.orderId)).not.toContain(order.orderId);

    for (const status of ['call', 'visited', 'designed', 'delivered'] satisfies OrderStatus[]) {
      const response = await send(admin, 'PUT', `/api/orders/status/${order.orderId}`, { status });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(ADMIN_MESSAGES.orderCancelled);
    }
    const prices = await send(admin, 'PUT', `/api/admin/orders/${order.orderId}/prices`, { lines: [{ productId, price: 1500, note: '' }] });
    expect(prices.statusCode).toBe(409);
    expect(prices.json().message).toBe(ADMIN_MESSAGES.pricesLocked);
    const [listed] = await ordersOf(meena);
    expect([listed!.status, listed!.totalPrice, listed!.timeline.length]).toEqual(['cancelled', 1250, 2]);
  });
});

describe('the cancellation mails', () => {
  it('tell the customer in English and Tamil, with her reason and the timeline; the shop gets its own', async () => {
    const meena = await shopper();
    const order = await place(meena);
    const since = smtp.mails.length;
    await send(meena, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'Wrong colour' });
    const hers = await mailWith(meena.email, `Your order ${order.orderId} has been cancelled`, since);
    expect(hers).toContain(`Your order ${order.orderId} has been cancelled as you asked.`);
    expect(hers).toContain('Your reason: Wrong colour');
    expect(hers).toContain(`நீங்கள் கேட்டபடி உங்கள் ஆர்டர் ${order.orderId} ரத்து செய்யப்பட்டது.`);
    expect(hers).toMatch(/Cancelled: \d+ \w+ 20\d\d/);
    expect(hers).toContain('Silk Blouse');
    // Before the home visit the shop holds no fabric of hers.
    expect(hers).not.toContain('return your fabric');
    const shops = await mailWith(SHOP, `cancelled order ${order.orderId}`, since);
    expect(shops).toContain('Reason: Wrong colour');
    expect(shops).not.toContain('return her fabric');
  });

  it.each(['visited', 'designed'] as const)('after the home visit (%s), both say the fabric goes back', async (status) => {
    const meena = await shopper();
    const order = await place(meena);
    expect((await send(admin, 'PUT', `/api/orders/status/${order.orderId}`, { status })).statusCode).toBe(200);
    const since = smtp.mails.length;
    await send(meena, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'Moving away' });
    const hers = await mailWith(meena.email, `Your order ${order.orderId} has been cancelled`, since);
    expect(hers).toContain('We will return your fabric; we may call you to arrange a time.');
    expect(hers).toContain('உங்கள் துணியைத் திருப்பித் தருவோம்');
    const shops = await mailWith(SHOP, `cancelled order ${order.orderId}`, since);
    expect(shops).toContain('return her fabric');
  });
});
