import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderListResponseSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  StatusUpdateResponseSchema,
  type AdminOrder,
  type Order,
  type OrderStatus,
} from '@thaiyal/contract';
import { orderEvents, orders } from '../../db/schema/index.js';
import { createShopper } from '../../../test/admin-support.js';
import { countStatements, createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';

// docs/product.md#the-tailoring-workflow: every status an order reaches is kept with its time and the admin who set it.

let context: TestContext;
let admin: TestUser;
let otherAdmin: TestUser;
let productId: string;

beforeAll(async () => {
  context = await createTestContext();
  admin = await createUser(context, { role: 'admin' });
  otherAdmin = await createUser(context, { role: 'admin' });
  [productId] = (await seedProducts(context, [{ name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 125_000, images: [] }])) as [
    string,
  ];
});

afterAll(async () => {
  await context?.close();
});

/** A signed-in shopper with a saved address (set straight in the table: accounts are another module). */
const shopper = () => createShopper(context);

async function place(user: TestUser): Promise<Order> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: user.cookie },
    payload: { items: [{ productId, quantity: 1 }], totalAmt: 1250 },
  });
  expect(response.statusCode).toBe(201);
  return OrderResponseSchema.parse(response.json()).order;
}

async function setStatus(by: TestUser, orderNumber: string, status: unknown) {
  return context.app.inject({
    method: 'PUT',
    url: `/api/orders/status/${orderNumber}`,
    headers: { cookie: by.cookie },
    payload: { status },
  });
}

async function ordersOf(user: TestUser): Promise<Order[]> {
  const response = await context.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: user.cookie } });
  expect(response.statusCode).toBe(200);
  return OrderListResponseSchema.parse(response.json()).orders;
}

async function eventRows(orderNumber: string) {
  return context.database.db
    .select({ status: orderEvents.status, adminId: orderEvents.adminId, at: orderEvents.at })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(eq(orders.orderNumber, orderNumber))
    .orderBy(asc(orderEvents.at));
}

describe('the order timeline', () => {
  it('starts with the placing by the customer, at the purchase time, with no admin', async () => {
    const meena = await shopper();
    const order = await place(meena);
    expect(order.timeline).toEqual([{ status: 'call', at: order.purchaseDate }]);
    expect(await eventRows(order.orderId)).toEqual([{ status: 'call', adminId: null, at: expect.any(Date) }]);
    expect((await ordersOf(meena))[0]!.timeline).toEqual(order.timeline);
  });

  it('records every change with its time and admin, oldest first, in every list', async () => {
    const meena = await shopper();
    const order = await place(meena);
    const steps: [TestUser, OrderStatus][] = [
      [admin, 'visited'],
      [otherAdmin, 'designed'],
      [admin, 'visited'],
      [admin, 'delivered'],
    ];
    let last: AdminOrder | undefined;
    for (const [by, status] of steps) {
      const before = Date.now();
      const response = await setStatus(by, order.orderId, status);
      expect(response.statusCode).toBe(200);
      last = StatusUpdateResponseSchema.parse(response.json()).order;
      expect(last.timeline.at(-1)!.status).toBe(status);
      // The event's time is the database's clock at the change: not before the request.
      expect(Date.parse(last.timeline.at(-1)!.at)).toBeGreaterThanOrEqual(before - 1000);
    }
    const expected = ['call', 'visited', 'designed', 'visited', 'delivered'];
    expect(last!.timeline.map((event) => event.status)).toEqual(expected);
    const times = last!.timeline.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBe(Date.parse(order.purchaseDate));

    const rows = await eventRows(order.orderId);
    expect(rows.map((row) => [row.status, row.adminId])).toEqual([
      ['call', null],
      ['visited', admin.id],
      ['designed', otherAdmin.id],
      ['visited', admin.id],
      ['delivered', admin.id],
    ]);

    // The shopper's list and the admin's list answer the same timeline.
    const mine = (await ordersOf(meena)).find((one) => one.orderId === order.orderId)!;
    expect(mine.timeline).toEqual(last!.timeline);
    const all = AdminOrderListResponseSchema.parse(
      (await context.app.inject({ method: 'GET', url: '/api/orders/status', headers: { cookie: admin.cookie } })).json(),
    ).orders;
    expect(all.find((one) => one.orderId === order.orderId)!.timeline).toEqual(last!.timeline);
  });

  it('adds no step when the status is set to the one the order already has', async () => {
    const order = await place(await shopper());
    expect((await setStatus(admin, order.orderId, 'call')).statusCode).toBe(200);
    expect((await eventRows(order.orderId)).map((row) => row.status)).toEqual(['call']);
  });

  it.each<[string, unknown]>([
    ['an unknown status', 'stitched'],
    ['a missing status', undefined],
    ['a number', 2],
  ])('refuses %s with a 400 and records nothing', async (_name, status) => {
    const order = await place(await shopper());
    const response = await setStatus(admin, order.orderId, status);
    expect(response.statusCode).toBe(400);
    expect((await eventRows(order.orderId)).map((row) => row.status)).toEqual(['call']);
  });

  it('records nothing for an unknown order (404) or a shopper (403)', async () => {
    const meena = await shopper();
    const order = await place(meena);
    expect((await setStatus(admin, 'TH-ZZZZZZ', 'visited')).statusCode).toBe(404);
    expect((await setStatus(meena, order.orderId, 'visited')).statusCode).toBe(403);
    expect((await eventRows(order.orderId)).map((row) => row.status)).toEqual(['call']);
  });

  it("GET /api/orders reads a shopper's timelines in one statement, however many orders she has (no N+1)", async () => {
    const meena = await shopper();
    // Only statements that read order_events are counted: the mail sender and the rate-limit
    // sweep run their own statements on the same client in the background.
    const count = () =>
      countStatements(
        context,
        async () => {
          const list = await ordersOf(meena);
          expect(list.every((one) => one.timeline.length > 0)).toBe(true);
        },
        (sql) => sql.includes('order_events'),
      );
    const first = await place(meena);
    await setStatus(admin, first.orderId, 'visited');
    expect(await count()).toBe(1);
    for (let index = 0; index < 4; index++) {
      const order = await place(meena);
      await setStatus(admin, order.orderId, 'visited');
      await setStatus(admin, order.orderId, 'designed');
    }
    expect(await count()).toBe(1);
  });
});
