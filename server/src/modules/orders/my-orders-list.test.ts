import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderListResponseSchema,
  OrderListResponseSchema,
  PAGE_LIMITS,
  PAGING_MESSAGES,
  type OrderListResponse,
  type OrderState,
} from '@thaiyal/contract';
import { insertOrder, openOrderTestBed, type OrderTestBed } from '../../../test/admin-support.js';
import type { TestContext, TestUser } from '../../../test/harness.js';

// docs/product.md#lists-by-page: My Orders a page at a time, her own orders only, with her
// count per state.

let bed: OrderTestBed<['Meena', 'Kavya']>;
let context: TestContext, admin: TestUser, meena: TestUser, kavya: TestUser;
/** Meena's orders, newest first, with their states. */
const meenas: { orderId: string; status: OrderState }[] = [];

beforeAll(async () => {
  bed = await openOrderTestBed({ shoppers: ['Meena', 'Kavya'] });
  ({ context, admin } = bed);
  [meena, kavya] = bed.shoppers;
  const statuses = ['call', 'visited', 'designed', 'delivered'] as const;
  for (let index = 0; index < 35; index++) {
    const createdAt = new Date(Date.UTC(2026, 10, 1, index));
    // Kavya orders in the same hours, so her orders sit between Meena's in time.
    await insertOrder(context, kavya.id, { createdAt });
    const status = statuses[index % 4]!;
    meenas.unshift({ orderId: await insertOrder(context, meena.id, { status, createdAt }), status });
  }
  for (const order of meenas.filter((order) => order.status !== 'delivered').filter((_, index) => index % 4 === 1)) {
    const response = await bed.send(meena, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'Not needed' });
    expect(response.statusCode, response.body).toBe(200);
    order.status = 'cancelled';
  }
});

afterAll(() => bed?.close());

/** `GET /api/orders?{query}` as `user`, parsed. */
async function mine(query = '', user = meena): Promise<OrderListResponse> {
  const response = await bed.send(user, 'GET', `/api/orders${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return OrderListResponseSchema.parse(response.json());
}

/** Every page of `query` by `limit`: the order numbers. */
async function walk(query: string, limit: number, user = meena): Promise<string[]> {
  const numbers: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const body: OrderListResponse = await mine(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, user);
    expect(body.orders.length).toBeLessThanOrEqual(limit);
    numbers.push(...body.orders.map((order) => order.orderId));
    cursor = body.nextCursor;
    if (cursor === null) break;
  }
  return numbers;
}

describe('GET /api/orders by page', () => {
  it('answers her newest 30 without parameters, cancelled ones among them, then the rest, to nextCursor null', async () => {
    const first = await mine();
    expect(first.orders.map((order) => order.orderId)).toEqual(meenas.slice(0, PAGE_LIMITS.defaultPageSize).map((order) => order.orderId));
    expect(first.orders.some((order) => order.status === 'cancelled' && order.reason === 'Not needed')).toBe(true);
    const rest = await mine(`cursor=${first.nextCursor}`);
    expect(rest.orders.map((order) => order.orderId)).toEqual(meenas.slice(PAGE_LIMITS.defaultPageSize).map((order) => order.orderId));
    expect(rest.nextCursor).toBeNull();
    expect(await walk('', 4)).toEqual(meenas.map((order) => order.orderId));
  });

  it('counts her orders in each state, whatever the page and the filter', async () => {
    const expected = { call: 0, visited: 0, designed: 0, delivered: 0, cancelled: 0 };
    for (const order of meenas) expected[order.status] += 1;
    expect((await mine()).counts).toEqual(expected);
    expect((await mine('status=cancelled&limit=1')).counts).toEqual(expected);
    expect(expected.cancelled).toBe(7);
  });

  it('narrows to the states asked: Active is every state but cancelled', async () => {
    const active = 'call,visited,designed,delivered';
    expect(await walk(`status=${active}`, 6)).toEqual(meenas.filter((order) => order.status !== 'cancelled').map((order) => order.orderId));
    expect(await walk('status=cancelled', 3)).toEqual(meenas.filter((order) => order.status === 'cancelled').map((order) => order.orderId));
  });

  it('neither repeats nor skips an order she places between two pages', async () => {
    const shopper = await bed.shopper();
    const numbers: string[] = [];
    for (let hour = 0; hour < 6; hour++)
      numbers.unshift(await insertOrder(context, shopper.id, { createdAt: new Date(Date.UTC(2026, 9, 1, hour)) }));
    const first = await mine('limit=3', shopper);
    const placed = await insertOrder(context, shopper.id);
    const second = await mine(`limit=3&cursor=${first.nextCursor}`, shopper);
    expect([...first.orders, ...second.orders].map((order) => order.orderId)).toEqual(numbers);
    expect(second.nextCursor).toBeNull();
    expect((await mine('limit=1', shopper)).orders[0]!.orderId).toBe(placed);
  });
});

describe('GET /api/orders is hers alone', () => {
  it('never lists another shopper’s order, even with her cursor', async () => {
    const kavyas = await walk('', 10, kavya);
    expect(kavyas).toHaveLength(35);
    expect(kavyas.some((number) => meenas.some((order) => order.orderId === number))).toBe(false);
    const kavyaCursor = (await mine('limit=20', kavya)).nextCursor!;
    // Kavya's cursor, sent by Meena, only positions Meena's own list: her orders older than it.
    const withIt = await mine(`cursor=${kavyaCursor}`);
    expect(withIt.orders.length).toBeGreaterThan(0);
    expect(withIt.orders.every((order) => meenas.some((own) => own.orderId === order.orderId))).toBe(true);
  });

  it('refuses a cursor of the admin’s list, which is another list', async () => {
    const adminPage = AdminOrderListResponseSchema.parse((await bed.send(admin, 'GET', '/api/orders/status?limit=1')).json());
    const response = await bed.send(meena, 'GET', `/api/orders?cursor=${adminPage.nextCursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', message: PAGING_MESSAGES.badCursor, reason: 'paging.badCursor' });
  });

  it.each([
    ['limit=0', PAGING_MESSAGES.badLimit],
    ['limit=1000', PAGING_MESSAGES.badLimit],
    ['cursor=!!', PAGING_MESSAGES.badCursor],
    [`cursor=${Buffer.from('m.12.th-lower').toString('base64url')}`, PAGING_MESSAGES.badCursor],
    ['status=shipped', PAGING_MESSAGES.badStatus],
  ])('refuses %s with its message', async (query, message) => {
    const response = await bed.send(meena, 'GET', `/api/orders?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', message });
  });

  it('refuses the admin’s filters, which her list does not take, and a visitor', async () => {
    for (const query of ['q=kavya', 'from=2026-11-01', 'page=2']) {
      expect((await bed.send(meena, 'GET', `/api/orders?${query}`)).statusCode, query).toBe(400);
    }
    expect((await bed.send(undefined, 'GET', '/api/orders?limit=5')).statusCode).toBe(401);
  });
});
