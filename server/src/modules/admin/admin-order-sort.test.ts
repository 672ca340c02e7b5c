import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderListResponseSchema, PAGING_MESSAGES, type AdminOrderListResponse, type OrderState } from '@thaiyal/contract';
import { orders } from '../../db/schema/index.js';
import { insertOrder, openOrderTestBed, type OrderTestBed } from '../../../test/admin-support.js';
import type { TestContext, TestUser } from '../../../test/harness.js';

// docs/product.md#lists-by-page: the admin's orders sorted by placing time (newest first, the
// default), by ready-by date or by function date (soonest first, orders without the date last,
// then by order number), a page at a time under every filter, each sort's cursor its own.

let bed: OrderTestBed<['Meena', 'Kavya']>;
let context: TestContext, admin: TestUser;

/** What each seeded order holds that a sort or a filter reads. */
interface Seeded {
  number: string;
  status: OrderState;
  placedAt: Date;
  readyBy: string | null;
  neededBy: string | null;
  kavyas: boolean;
}
const seeded: Seeded[] = [];

const STATES = ['call', 'visited', 'designed', 'delivered', 'cancelled'] as const;
/** Dates with ties (several orders on one date) and gaps (none): the sorts' hard cases. */
const READY = ['2026-12-05', null, '2026-12-01', '2026-12-05', '2026-11-28', null, '2026-12-01'] as const;
const NEEDED = [null, '2026-12-10', null, '2026-12-03', '2026-12-10', '2026-12-03', null, null, '2026-12-20'] as const;

beforeAll(async () => {
  bed = await openOrderTestBed({ shoppers: ['Meena', 'Kavya'] });
  ({ context, admin } = bed);
  const [meena, kavya] = bed.shoppers;
  // 26 orders an hour apart in November 2026, in every state; Kavya's every third.
  for (let index = 0; index < 26; index++) {
    const kavyas = index % 3 === 0;
    const status = STATES[index % STATES.length]!;
    const placedAt = new Date(Date.UTC(2026, 10, 1, index));
    const number = await insertOrder(context, kavyas ? kavya.id : meena.id, {
      // A cancelled order is placed, then cancelled below: only its state matters to the list.
      status: status === 'cancelled' ? 'call' : status,
      createdAt: placedAt,
      ...(kavyas ? { address: { name: 'Kavya Raman' } } : {}),
    });
    const readyBy = READY[index % READY.length]!;
    const neededBy = NEEDED[index % NEEDED.length]!;
    await context.database.db.update(orders).set({ readyBy, neededBy, status }).where(eq(orders.orderNumber, number));
    seeded.push({ number, status, placedAt, readyBy, neededBy, kavyas });
  }
});

afterAll(() => bed?.close());

/** `GET /api/orders/status?{query}` as the admin. */
function list(query: string) {
  return bed.send(admin, 'GET', `/api/orders/status?${query}`);
}

/** Every page of `query` by `limit`, following `nextCursor` to the end: the order numbers, page by page. */
async function walk(query: string, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const response = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body: AdminOrderListResponse = AdminOrderListResponseSchema.parse(response.json());
    expect(body.orders.length).toBeLessThanOrEqual(limit);
    pages.push(body.orders.map((order) => order.orderId));
    cursor = body.nextCursor;
  } while (cursor !== null && pages.length < 50);
  return pages;
}

/** Dates soonest first, none last; then the order number. */
function bySoonest(date: (row: Seeded) => string | null) {
  return (a: Seeded, b: Seeded) => {
    const [x, y] = [date(a), date(b)];
    if (x !== y) return x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
    return a.number < b.number ? -1 : 1;
  };
}

/** The list's order of each sort, as the seeded rows say it must be. */
const ORDERINGS = {
  placed: (a: Seeded, b: Seeded) => b.placedAt.getTime() - a.placedAt.getTime(),
  readyBy: bySoonest((row) => row.readyBy),
  neededBy: bySoonest((row) => row.neededBy),
} as const;

/** The seeded order numbers `filter` keeps, in `sort`'s order. */
function expected(sort: keyof typeof ORDERINGS, filter: (row: Seeded) => boolean): string[] {
  return seeded
    .filter(filter)
    .sort(ORDERINGS[sort])
    .map((row) => row.number);
}

const open = (row: Seeded) => row.status !== 'cancelled';

describe('GET /api/orders/status?sort= by page', () => {
  it.each([
    // [sort, query, which seeded orders, page size]
    ['placed', '', open, 4],
    ['readyBy', '', open, 4],
    ['neededBy', '', open, 4],
    ['readyBy', 'status=call,visited', (row: Seeded) => row.status === 'call' || row.status === 'visited', 3],
    ['neededBy', 'status=designed,cancelled', (row: Seeded) => row.status === 'designed' || row.status === 'cancelled', 3],
    // A search the trigram indexes answer in one statement.
    ['readyBy', 'q=kavya', (row: Seeded) => open(row) && row.kavyas, 3],
    ['neededBy', 'q=kavya&status=call,visited,designed,delivered,cancelled', (row: Seeded) => row.kavyas, 3],
    // A search too short for the trigrams: answered by a walk of the history in steps.
    ['readyBy', 'q=KA', (row: Seeded) => open(row) && row.kavyas, 2],
    ['neededBy', 'q=ka&status=delivered,call', (row: Seeded) => row.kavyas && (row.status === 'delivered' || row.status === 'call'), 2],
    // Placed on 1 November from 05:30 IST to the end of the day (India Standard Time).
    ['readyBy', 'from=2026-11-01&to=2026-11-01', (row: Seeded) => open(row) && row.placedAt < new Date(Date.UTC(2026, 10, 1, 18, 30)), 3],
  ] as const)('sort=%s with %s: every order once, in the sort’s order, across pages', async (sort, query, filter, limit) => {
    const want = expected(sort, filter);
    expect(want.length).toBeGreaterThan(limit);
    const pages = await walk(`sort=${sort}${query ? `&${query}` : ''}`, limit);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.flat()).toEqual(want);
  });

  it('puts the orders without the date last, by order number, in both date sorts', async () => {
    for (const [sort, date] of [
      ['readyBy', (row: Seeded) => row.readyBy],
      ['neededBy', (row: Seeded) => row.neededBy],
    ] as const) {
      const numbers = (await walk(`sort=${sort}`, 5)).flat();
      const dates = numbers.map((number) => date(seeded.find((row) => row.number === number)!));
      const firstUndated = dates.indexOf(null);
      expect(firstUndated).toBeGreaterThan(0);
      expect(dates.slice(firstUndated).every((one) => one === null)).toBe(true);
      const undated = numbers.slice(firstUndated);
      expect(undated).toEqual([...undated].sort());
    }
  });

  it('without sort lists as sort=placed, newest first', async () => {
    expect((await walk('', 7)).flat()).toEqual((await walk('sort=placed', 7)).flat());
  });
});

describe('GET /api/orders/status?sort= refusals', () => {
  /** The first page's cursor of `sort`. */
  async function cursorOf(sort: string): Promise<string> {
    const body = AdminOrderListResponseSchema.parse((await list(`sort=${sort}&limit=2`)).json());
    expect(body.nextCursor).not.toBeNull();
    return body.nextCursor!;
  }
  const forged = (text: string) => Buffer.from(text).toString('base64url');

  it.each(['sort=price', 'sort=', 'sort=readyby', 'sort=placed,readyBy'])('refuses %s with its message', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', message: PAGING_MESSAGES.badSort, reason: 'paging.badSort' });
  });

  it.each([
    ['placed', 'readyBy'],
    ['placed', 'neededBy'],
    ['readyBy', 'placed'],
    ['readyBy', 'neededBy'],
    ['neededBy', 'readyBy'],
    ['neededBy', 'placed'],
  ])('refuses a cursor of sort=%s asked under sort=%s', async (from, to) => {
    const cursor = await cursorOf(from);
    const query = to === 'placed' ? `cursor=${cursor}` : `sort=${to}&cursor=${cursor}`;
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: PAGING_MESSAGES.badCursor, reason: 'paging.badCursor' });
  });

  it.each([
    forged('r.2026-02-30.TH-ABCDEF'),
    forged('r.20261201.TH-ABCDEF'),
    forged('r.2026-12-01'),
    forged('r.2026-12-01.th-abcdef'),
    forged('r.none.TH-ABCDEF.x'),
    forged('n.2026-12-01.TH-ABCDEF'),
  ])('refuses a date cursor the server did not write for sort=readyBy (%s)', async (cursor) => {
    const response = await list(`sort=readyBy&cursor=${cursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: PAGING_MESSAGES.badCursor, reason: 'paging.badCursor' });
  });
});
