import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderListResponseSchema, type AdminOrderListResponse, type OrderStateCounts } from '@thaiyal/contract';
import { seedOrderHistory } from '../../../bench/fixtures.js';
import { rowsOf } from '../../db/client.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { ORDERS_IN_ONE_STATEMENT, ORDERS_PER_STEP } from './admin-order-statements.js';

/**
 * docs/product.md#lists-by-page, docs/architecture.md#lists-by-page: a search or a date range
 * that finds more orders than one statement may count (a digit, a common name, years) is
 * answered by a walk of the history in steps (admin-order-history.ts). What it answers must be
 * what one plain statement over the whole table says: the same page, the same next page, the
 * same counts. The shop here holds 12,000 orders (the bench's fixture), so the walk of the
 * biggest state takes more than one step.
 */
const ORDERS = 12_000;

let context: TestContext;
let admin: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  admin = await createUser(context, { role: 'admin' });
  await seedProducts(
    context,
    Array.from({ length: 16 }, (_, index) => ({ name: `Walked Blouse ${index}`, pricePaise: 40_000 + index * 1000 })),
  );
  await seedOrderHistory(context.database, { count: ORDERS, customers: 1_200, days: 720 });
}, 120_000);

afterAll(async () => {
  await context?.close();
});

async function page(query: string): Promise<AdminOrderListResponse> {
  const response = await context.app.inject({ method: 'GET', url: `/api/orders/status?${query}`, headers: { cookie: admin.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return AdminOrderListResponseSchema.parse(response.json());
}

/** What a plain statement over every order says: the numbers of `states` matching `where`, newest first, and every state's count. */
async function plain(where: SQL, states: readonly string[]): Promise<{ numbers: string[]; counts: OrderStateCounts }> {
  const rows = await rowsOf<{ order_number: string; status: keyof OrderStateCounts }>(
    context.database.db,
    sql`select o.order_number, o.status from orders o left join users u on u.id = o.user_id
      where ${where} order by o.created_at desc, o.order_number desc`,
  );
  const counts: OrderStateCounts = { call: 0, visited: 0, designed: 0, delivered: 0, cancelled: 0 };
  for (const row of rows) counts[row.status] += 1;
  return { numbers: rows.filter((row) => states.includes(row.status)).map((row) => row.order_number), counts };
}

/** The plain form of a search for `text` (what docs/product.md#lists-by-page says it finds), without the phone's digits. */
function plainSearch(text: string): SQL {
  const like = `%${text}%`;
  return sql`(o.order_number ilike ${like} or o.address ->> 'name' ilike ${like} or u.username ilike ${like} or u.email ilike ${like}
    or o.address ->> 'phoneNumber' like ${like} or coalesce(o.address ->> 'alternatePhone', '') like ${like})`;
}

const OPEN = ['call', 'visited', 'designed', 'delivered'];

describe(`a filter that finds more than ${ORDERS_IN_ONE_STATEMENT.toLocaleString('en-US')} orders`, () => {
  it.each([
    ['a search of one character', 'q=1', plainSearch('1'), OPEN],
    ['a search of two digits', 'q=90', plainSearch('90'), OPEN],
    // The seed's customers bear Tamil given names; Revathi, Malathi, Vasanthi, Shanthi, Jayanthi hold `thi`.
    ['a part of many names', 'q=thi', plainSearch('thi'), OPEN],
    ['a search for every order number', 'q=th-&status=delivered,cancelled', plainSearch('th-'), ['delivered', 'cancelled']],
  ])('%s: the same page, next page and counts as one plain statement', async (_what, query, where, states) => {
    const expected = await plain(where, states);
    expect(Object.values(expected.counts).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(ORDERS_IN_ONE_STATEMENT);
    // The delivered orders take more than one step.
    expect((await plain(sql`o.status = 'delivered'`, ['delivered'])).numbers.length).toBeGreaterThan(ORDERS_PER_STEP);
    const first = await page(`${query}&limit=25`);
    expect(first.counts).toEqual(expected.counts);
    expect(first.orders.map((order) => order.orderId)).toEqual(expected.numbers.slice(0, 25));
    const second = await page(`${query}&limit=25&cursor=${first.nextCursor}`);
    expect(second.orders.map((order) => order.orderId)).toEqual(expected.numbers.slice(25, 50));
    expect(second.counts).toEqual(expected.counts);
  });

  it('a range of years: its page stands, its counts are walked', async () => {
    const where = sql`o.created_at >= '2020-01-01T00:00:00+05:30' and o.created_at < '2031-01-01T00:00:00+05:30'`;
    const expected = await plain(where, OPEN);
    expect(Math.max(...Object.values(expected.counts))).toBeGreaterThan(ORDERS_IN_ONE_STATEMENT);
    const body = await page('from=2020-01-01&to=2030-12-31&limit=40');
    expect(body.counts).toEqual(expected.counts);
    expect(body.orders.map((order) => order.orderId)).toEqual(expected.numbers.slice(0, 40));
  });

  it('a narrow search is still answered in one statement, and agrees with the plain one', async () => {
    const [sample] = await rowsOf<{ phone: string }>(
      context.database.db,
      sql`select address ->> 'phoneNumber' as phone from orders limit 1`,
    );
    const expected = await plain(plainSearch(sample!.phone), OPEN);
    const body = await page(`q=${encodeURIComponent(`0${sample!.phone}`)}`);
    expect(body.counts).toEqual(expected.counts);
    expect(body.orders.map((order) => order.orderId)).toEqual(expected.numbers.slice(0, 30));
  });
});
