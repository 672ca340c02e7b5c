import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATES } from '@thaiyal/contract';
import { insertOrder } from '../../../test/admin-support.js';
import { createTestContext, createUser, type TestContext } from '../../../test/harness.js';
import { pgErrorCode } from '../../platform/db-errors.js';
import { rowsOf } from '../client.js';

// The database itself holds an order's status and each timeline step to the contract's
// ORDER_STATES (docs/product.md#states-and-transitions, docs/product.md#cancellations-kept):
// a status written straight through SQL, past every service, is refused. Runs on PGlite, and on
// PostgreSQL when DATABASE_URL is set.

/** PostgreSQL's SQLSTATE for a row that fails a CHECK constraint. */
const PG_CHECK_VIOLATION = '23514';

let context: TestContext;
let orderId: string;

beforeAll(async () => {
  context = await createTestContext();
  const shopper = await createUser(context);
  const orderNumber = await insertOrder(context, shopper.id);
  const [row] = await rowsOf<{ id: string }>(context.database.db, sql`select id from orders where order_number = ${orderNumber}`);
  orderId = row!.id;
});

afterAll(async () => {
  await context?.close();
});

/** The SQLSTATE of running `query`, or 'ok' when it succeeds. */
async function outcome(query: ReturnType<typeof sql>): Promise<string> {
  try {
    await context.database.db.execute(query);
    return 'ok';
  } catch (error) {
    return pgErrorCode(error) ?? String(error);
  }
}

async function statusNow(): Promise<string> {
  const [row] = await rowsOf<{ status: string }>(context.database.db, sql`select status from orders where id = ${orderId}`);
  return row!.status;
}

const NOT_STATES = ['shipped', 'Call', 'cancelled ', '', 'pending'];

describe('order statuses in the database', () => {
  it.each(ORDER_STATES)('takes %s as an order status and as a timeline step', async (state) => {
    expect(await outcome(sql`update orders set status = ${state} where id = ${orderId}`)).toBe('ok');
    expect(await statusNow()).toBe(state);
    expect(await outcome(sql`insert into order_events (order_id, status) values (${orderId}, ${state})`)).toBe('ok');
  });

  it.each(NOT_STATES)('refuses %j as an order status, and the order keeps its own', async (bad) => {
    await context.database.db.execute(sql`update orders set status = 'visited' where id = ${orderId}`);
    expect(await outcome(sql`update orders set status = ${bad} where id = ${orderId}`)).toBe(PG_CHECK_VIOLATION);
    expect(await statusNow()).toBe('visited');
  });

  it.each(NOT_STATES)('refuses a new order with the status %j', async (bad) => {
    const insert = sql`insert into orders (order_number, status, total_paise, address) values ('TH-BADST1', ${bad}, 100, '{}'::jsonb)`;
    expect(await outcome(insert)).toBe(PG_CHECK_VIOLATION);
    expect(await rowsOf(context.database.db, sql`select 1 from orders where order_number = 'TH-BADST1'`)).toEqual([]);
  });

  it.each(NOT_STATES)('refuses %j as a timeline step', async (bad) => {
    const before = await rowsOf<{ count: number }>(context.database.db, sql`select count(*)::int as count from order_events`);
    expect(await outcome(sql`insert into order_events (order_id, status) values (${orderId}, ${bad})`)).toBe(PG_CHECK_VIOLATION);
    expect(await rowsOf(context.database.db, sql`select count(*)::int as count from order_events`)).toEqual(before);
  });
});
