import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderListResponseSchema,
  CancelledOrderListResponseSchema,
  ContactListResponseSchema,
  OrderListResponseSchema,
  PAGE_LIMITS,
  PAGING_MESSAGES,
  type AdminOrder,
  type AdminOrderListResponse,
  type OrderState,
  type OrderStateCounts,
} from '@thaiyal/contract';
import { contactMessages, orders } from '../../db/schema/index.js';
import { insertOrder, openOrderTestBed, storedStateCounts, type OrderTestBed } from '../../../test/admin-support.js';
import { seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';

// docs/product.md#lists-by-page: the admin's orders and cancelled orders a page at a time,
// newest first, with filters, a search and the count per state.

let bed: OrderTestBed<['Meena', 'Kavya']>;
let context: TestContext, admin: TestUser, meena: TestUser, kavya: TestUser;

/** Kavya's order number, address name and phones: what the searches look for. */
const KAVYA_ADDRESS = { name: 'Kavya Raman', phoneNumber: '9843012345', alternatePhone: '9000011111' };

beforeAll(async () => {
  bed = await openOrderTestBed({ shoppers: ['Meena', 'Kavya'] });
  ({ context, admin } = bed);
  [meena, kavya] = bed.shoppers;
  // 24 orders an hour apart in November 2026, in every status; Kavya's every fourth.
  const statuses = ['call', 'visited', 'designed', 'delivered'] as const;
  for (let index = 0; index < 24; index++) {
    const kavyas = index % 4 === 3;
    await insertOrder(context, kavyas ? kavya.id : meena.id, {
      status: statuses[index % 4],
      createdAt: new Date(Date.UTC(2026, 10, 1, index)),
      ...(kavyas ? { address: KAVYA_ADDRESS } : {}),
    });
  }
});

afterAll(() => bed?.close());

/** `GET /api/orders/status?{query}` as the admin. */
function list(query = '') {
  return bed.send(admin, 'GET', `/api/orders/status${query ? `?${query}` : ''}`);
}

/** The parsed page of `GET /api/orders/status?{query}`. */
async function page(query = ''): Promise<AdminOrderListResponse> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return AdminOrderListResponseSchema.parse(response.json());
}

/** Every page of `query` by `limit`, following `nextCursor` to the end: the order numbers, and how many pages. */
async function walk(query: string, limit: number): Promise<{ numbers: string[]; pages: number }> {
  const numbers: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const body: AdminOrderListResponse = await page(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(body.orders.length).toBeLessThanOrEqual(limit);
    numbers.push(...body.orders.map((order) => order.orderId));
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 100);
  return { numbers, pages };
}

/** The order numbers in the database in the list's order (newest first), of `states`. */
async function stored(states: readonly OrderState[] = ['call', 'visited', 'designed', 'delivered']): Promise<string[]> {
  const rows = await context.database.db
    .select({ orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  return rows.filter((row) => states.includes(row.status)).map((row) => row.orderNumber);
}

/** Every state's count as the orders table itself holds them. */
const storedCounts = () => storedStateCounts(context);

/** Cancel `orderNumber` as its owner `user`, through the API. */
async function cancel(user: TestUser, orderNumber: string, reason = 'Changed my mind'): Promise<void> {
  const response = await bed.send(user, 'POST', '/api/orders/cancel', { orderId: orderNumber, reason });
  expect(response.statusCode, response.body).toBe(200);
}

describe('GET /api/orders/status by page', () => {
  it('answers the newest 30 without parameters, then each page after the last one shown, to a last page with nextCursor null', async () => {
    for (let index = 0; index < 10; index++) await insertOrder(context, meena.id, { createdAt: new Date(Date.UTC(2026, 9, 1, index)) });
    const first = await page();
    expect(first.orders).toHaveLength(PAGE_LIMITS.defaultPageSize);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(first.nextCursor!.length).toBeLessThanOrEqual(PAGE_LIMITS.maxCursorLength);
    const all = await stored();
    expect(first.orders.map((order) => order.orderId)).toEqual(all.slice(0, PAGE_LIMITS.defaultPageSize));
    const rest = await page(`cursor=${first.nextCursor}`);
    expect(rest.orders.map((order) => order.orderId)).toEqual(all.slice(PAGE_LIMITS.defaultPageSize));
    expect(rest.nextCursor).toBeNull();

    const walked = await walk('', 7);
    expect(walked.numbers).toEqual(all);
    expect(walked.pages).toBe(Math.ceil(all.length / 7));
  });

  it('neither repeats nor skips an order when one is placed between two pages', async () => {
    const before = await stored();
    const first = await page('limit=5');
    await insertOrder(context, kavya.id);
    const second = await page(`limit=5&cursor=${first.nextCursor}`);
    expect([...first.orders, ...second.orders].map((order) => order.orderId)).toEqual(before.slice(0, 10));
    // The new order heads a fresh first page.
    expect((await page('limit=1')).orders[0]!.orderId).toBe((await stored())[0]);
  });

  it('orders two orders placed in the same microsecond by number, and a page boundary between them loses neither', async () => {
    const at = new Date(Date.UTC(2026, 8, 1, 12));
    const twins = [await insertOrder(context, meena.id, { createdAt: at }), await insertOrder(context, meena.id, { createdAt: at })];
    const all = await stored();
    const at0 = all.indexOf([...twins].sort().reverse()[0]!);
    expect(all[at0 + 1]).toBe([...twins].sort()[0]);
    const upTo = await page(`limit=${at0 + 1}`);
    const next = await page(`limit=1&cursor=${upTo.nextCursor}`);
    expect(next.orders.map((order) => order.orderId)).toEqual([all[at0 + 1]]);
  });
});

describe('GET /api/orders/status filters', () => {
  it('leaves cancelled orders out unless asked, and lists them, as their customer sees them, with status=cancelled', async () => {
    const placed = await insertOrder(context, kavya.id, { createdAt: new Date(Date.UTC(2026, 10, 2, 9)), address: KAVYA_ADDRESS });
    await cancel(kavya, placed, 'Ordered twice');
    const walked = await walk('', 100);
    expect(walked.numbers).not.toContain(placed);
    const cancelled = await page('status=cancelled');
    expect(cancelled.orders.map((order) => order.orderId)).toEqual(await stored(['cancelled']));
    const seen = cancelled.orders.find((order) => order.orderId === placed)!;
    expect(seen).toMatchObject({ status: 'cancelled', reason: 'Ordered twice', customer: { username: 'Kavya', email: kavya.email } });
    expect(seen.cancelledAt).toEqual(expect.any(String));
    const own = OrderListResponseSchema.parse((await bed.send(kavya, 'GET', '/api/orders?status=cancelled')).json()).orders;
    const { customer: _customer, language: _language, risk: _risk, ...asAdminSees } = seen;
    expect(asAdminSees).toEqual(own.find((order) => order.orderId === placed));
    // Orders of the other states carry no cancellation fields at all.
    expect((await page()).orders.every((order: AdminOrder) => !('cancelledAt' in order) && !('reason' in order))).toBe(true);
  });

  it('narrows to the states named, one or several, cancelled among them', async () => {
    for (const query of ['call', 'designed,call', 'visited,cancelled', 'call,visited,designed,delivered,cancelled']) {
      const states = query.split(',') as OrderState[];
      const walked = await walk(`status=${query}`, 9);
      expect(walked.numbers, query).toEqual(await stored(states));
    }
  });

  it('narrows to the shop’s calendar days placed, in India’s time, both days included', async () => {
    // In India (UTC+05:30): 5 December 23:59:59.999, 6 December 23:59:59 and 7 December 00:00.
    const lastOfFifth = await insertOrder(context, meena.id, { createdAt: new Date('2030-12-05T18:29:59.999Z') });
    const lastOfSixth = await insertOrder(context, meena.id, { createdAt: new Date('2030-12-06T18:29:59.000Z') });
    const seventh = await insertOrder(context, meena.id, { createdAt: new Date('2030-12-06T18:30:00.000Z') });
    const numbers = async (query: string) => (await page(query)).orders.map((order) => order.orderId);
    expect(await numbers('from=2030-12-06&to=2030-12-06')).toEqual([lastOfSixth]);
    expect(await numbers('from=2030-12-05&to=2030-12-06')).toEqual([lastOfSixth, lastOfFifth]);
    expect(await numbers('from=2030-12-07')).toEqual([seventh]);
    expect((await numbers('to=2030-12-05')).slice(0, 1)).toEqual([lastOfFifth]);
  });
});

describe('GET /api/orders/status counts', () => {
  it('counts every state, cancelled too, whatever the status filter and the page', async () => {
    const counts = await storedCounts();
    expect((await page()).counts).toEqual(counts);
    expect((await page('status=cancelled&limit=1')).counts).toEqual(counts);
    expect(counts.cancelled).toBeGreaterThan(0);
  });

  it('follow every change: an order placed, moved on, cancelled and deleted', async () => {
    const [productId] = (await seedProducts(context, [{ name: 'Counted Blouse', pricePaise: 50_000, images: [] }])) as [string];
    const shopper = await bed.shopper();
    const placed = await bed.send(shopper, 'POST', '/api/orders', { items: [{ productId, quantity: 1 }], totalAmt: 500 });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { order: { orderId: string } }).order.orderId;
    expect((await page()).counts).toEqual(await storedCounts());
    expect((await bed.send(admin, 'PUT', `/api/orders/status/${orderId}`, { status: 'delivered' })).statusCode).toBe(200);
    expect((await page()).counts).toEqual(await storedCounts());
    expect((await bed.send(admin, 'DELETE', `/api/orders/delivered/delete/${orderId}`)).statusCode).toBe(200);
    expect((await page()).counts).toEqual(await storedCounts());
    const another = await bed.send(shopper, 'POST', '/api/orders', { items: [{ productId, quantity: 2 }], totalAmt: 1000 });
    const cancelled = (another.json() as { order: { orderId: string } }).order.orderId;
    const before = (await page()).counts;
    await cancel(shopper, cancelled);
    const after = (await page()).counts;
    expect(after).toEqual(await storedCounts());
    expect(after).toEqual({ ...before, call: before.call - 1, cancelled: before.cancelled + 1 });
  });

  it('under dates or a search, counts the orders they find in every state', async () => {
    const november = await page('from=2026-11-01&to=2026-11-30&status=cancelled');
    const rows = await context.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(sql`${orders.createdAt} >= '2026-10-31T18:30:00Z' and ${orders.createdAt} < '2026-11-30T18:30:00Z'`);
    const expected: OrderStateCounts = { call: 0, visited: 0, designed: 0, delivered: 0, cancelled: 0 };
    for (const row of rows) expected[row.status] += 1;
    expect(november.counts).toEqual(expected);
    const hers = await page(`q=${encodeURIComponent(KAVYA_ADDRESS.name)}&status=call`);
    const theirs = await context.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(sql`${orders.address} ->> 'name' = ${KAVYA_ADDRESS.name}`);
    const expectedHers: OrderStateCounts = { call: 0, visited: 0, designed: 0, delivered: 0, cancelled: 0 };
    for (const row of theirs) expectedHers[row.status] += 1;
    expect(hers.counts).toEqual(expectedHers);
    expect(hers.orders).toHaveLength(expectedHers.call);
  });
});

describe('GET /api/orders/status search', () => {
  /** The order numbers `q` finds, over all states. */
  async function found(q: string): Promise<string[]> {
    return (await walk(`status=call,visited,designed,delivered,cancelled&q=${encodeURIComponent(q)}`, 100)).numbers;
  }

  it('finds an order by its number, whole or in part, in any case', async () => {
    const [number] = await stored(['call']);
    expect(await found(number!)).toEqual([number]);
    expect(await found(number!.slice(3).toLowerCase())).toContain(number);
  });

  it('finds a customer’s orders by the address’s name, the account’s name or e-mail, in any case', async () => {
    const hers = await context.database.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(sql`${orders.address} ->> 'name' = ${KAVYA_ADDRESS.name}`)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
    const expected = hers.map((row) => row.orderNumber);
    expect(expected.length).toBeGreaterThan(3);
    expect(await found('kavya raman')).toEqual(expected);
    const accounts = await found('KAVYA');
    expect(accounts).toEqual(expect.arrayContaining(expected));
    expect(await found(kavya.email.toUpperCase())).toEqual(await found('Kavya'));
    expect(await found('nobody-like-this')).toEqual([]);
  });

  it.each(['9843012345', '98430 12345', '+91 98430 12345', '+919843012345', '098430 12345', '91 9843012345', '98430-12', '9000011111'])(
    'finds the orders of a phone or alternate phone typed as %s',
    async (typed) => {
      const kavyas = await found(KAVYA_ADDRESS.name);
      expect(await found(typed)).toEqual(kavyas);
    },
  );

  it('treats % and _ as the characters they are', async () => {
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });
});

describe('GET /api/orders/status refusals', () => {
  /** A cursor of the right characters that names no page of this list: base64 of other text. */
  const foreign = (text: string) => Buffer.from(text).toString('base64url');

  it.each([
    ['limit=0', PAGING_MESSAGES.badLimit, 'paging.badLimit'],
    ['limit=101', PAGING_MESSAGES.badLimit, 'paging.badLimit'],
    ['limit=ten', PAGING_MESSAGES.badLimit, 'paging.badLimit'],
    ['cursor=not%20a%20cursor', PAGING_MESSAGES.badCursor, 'paging.badCursor'],
    [`cursor=${'a'.repeat(PAGE_LIMITS.maxCursorLength + 1)}`, PAGING_MESSAGES.badCursor, 'paging.badCursor'],
    [`cursor=${foreign('{"page":2}')}`, PAGING_MESSAGES.badCursor, 'paging.badCursor'],
    [`cursor=${foreign('a.1795780371948000')}`, PAGING_MESSAGES.badCursor, 'paging.badCursor'],
    [`cursor=${foreign('a.1795780371948000.TH-ABC.x')}`, PAGING_MESSAGES.badCursor, 'paging.badCursor'],
    [`cursor=${foreign('a.-5.TH-ABCDEF')}`, PAGING_MESSAGES.badCursor, 'paging.badCursor'],
    [`cursor=${foreign('m.1795780371948000.TH-ABCDEF')}`, PAGING_MESSAGES.badCursor, 'paging.badCursor'],
    ['status=shipped', PAGING_MESSAGES.badStatus, 'paging.badStatus'],
    ['status=call,', PAGING_MESSAGES.badStatus, 'paging.badStatus'],
    ['from=2026-02-30', PAGING_MESSAGES.badDate, 'paging.badDate'],
    ['to=30/11/2026', PAGING_MESSAGES.badDate, 'paging.badDate'],
    ['from=2026-11-30&to=2026-11-01', PAGING_MESSAGES.badRange, 'paging.badRange'],
    [`q=${'x'.repeat(PAGE_LIMITS.maxSearchLength + 1)}`, PAGING_MESSAGES.searchTooLong, 'catalog.searchQueryTooLong'],
  ])('refuses %s with its message, changing nothing', async (query, message, reason) => {
    const counts = await storedCounts();
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', message, reason });
    expect(await storedCounts()).toEqual(counts);
  });

  it('refuses a parameter it does not know, and a cursor of another list', async () => {
    const unknown = await list('page=2');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'bad_request' });
    const message = { name: 'Latha', email: 'latha@example.com', phone: '9843000000', message: 'Hello' };
    await context.database.db.insert(contactMessages).values([message, message]);
    const contact = ContactListResponseSchema.parse((await bed.send(admin, 'GET', '/api/contact?limit=1')).json());
    const own = OrderListResponseSchema.parse((await bed.send(meena, 'GET', '/api/orders?limit=1')).json());
    expect(contact.nextCursor).not.toBeNull();
    expect(own.nextCursor).not.toBeNull();
    for (const cursor of [contact.nextCursor, own.nextCursor]) {
      const response = await list(`cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: PAGING_MESSAGES.badCursor, reason: 'paging.badCursor' });
    }
  });

  it('is for admins only: 401 for a visitor, 403 for a customer, whatever the query', async () => {
    for (const url of ['/api/orders/status?status=cancelled&q=kavya', '/api/orders/cancel?q=kavya']) {
      expect((await bed.send(undefined, 'GET', url)).statusCode).toBe(401);
      expect((await bed.send(meena, 'GET', url)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/orders/cancel by page', () => {
  it('pages the records newest first and finds one by order number, username or phone', async () => {
    const numbers: string[] = [];
    for (let index = 0; index < 5; index++) {
      const placed = await insertOrder(context, kavya.id, { address: KAVYA_ADDRESS });
      await cancel(kavya, placed, `Reason ${index}`);
      numbers.unshift(placed);
    }
    const records: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await bed.send(admin, 'GET', `/api/orders/cancel?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = CancelledOrderListResponseSchema.parse(response.json());
      expect(body.cancelledOrders.length).toBeLessThanOrEqual(2);
      records.push(...body.cancelledOrders.map((record) => record.orderId));
      cursor = body.nextCursor;
    } while (cursor !== null);
    expect(records.slice(0, 5)).toEqual(numbers);
    expect(new Set(records).size).toBe(records.length);

    const search = async (q: string) =>
      CancelledOrderListResponseSchema.parse((await bed.send(admin, 'GET', `/api/orders/cancel?q=${encodeURIComponent(q)}`)).json())
        .cancelledOrders;
    expect((await search(numbers[2]!.toLowerCase())).map((record) => record.orderId)).toEqual([numbers[2]]);
    const byName = await search('kavya');
    expect(byName.map((record) => record.orderId)).toEqual(expect.arrayContaining(numbers));
    expect(byName.every((record) => record.username === 'Kavya')).toBe(true);
    expect((await search('+91 98430 12345')).map((record) => record.orderId)).toEqual(byName.map((record) => record.orderId));
    expect(await search('Meena')).toEqual([]);
  });

  it('refuses a bad cursor and a too-long search with their messages', async () => {
    const badCursor = await bed.send(admin, 'GET', `/api/orders/cancel?cursor=${Buffer.from('c.1.x').toString('base64url')}`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ message: PAGING_MESSAGES.badCursor, reason: 'paging.badCursor' });
    const tooLong = await bed.send(admin, 'GET', `/api/orders/cancel?q=${'x'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: PAGING_MESSAGES.searchTooLong });
    expect((await bed.send(admin, 'GET', '/api/orders/cancel?status=cancelled')).statusCode).toBe(400);
  });
});
