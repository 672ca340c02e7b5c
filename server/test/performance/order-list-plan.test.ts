import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { seedOrderHistory, type SeededOrders } from '../../bench/fixtures.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../harness.js';

/**
 * The lists by page cost the same whatever the shop's history (docs/product.md#lists-by-page;
 * docs/architecture.md#lists-by-page; docs/performance.md#lists-by-page): each list statement
 * is run under EXPLAIN ANALYZE (on PGlite, or on PostgreSQL when DATABASE_URL is set) on a shop
 * of 1,000 orders (150 customers) and again on one of 20,000 (3,000 more customers: as many
 * orders each), made by the bench's own fixture. A page, a status page, the next page and a
 * search by order number or phone read no more than 1.5 times the pages (buffers) of the order
 * history (the orders, their lines and timelines, and their indexes) at 20,000 as at 1,000, or
 * no more than a page costs through the indexes for the orders it shows, and no statement
 * reads any of them whole. Buffers, not milliseconds: they say what a statement
 * reads, the same on a busy machine as on an idle one. (Accounts are read by a search as the
 * planner finds cheapest, a scan of a few thousand customers included: they grow with the
 * customers, not with the orders.)
 */
const SMALL = 1_000;
const LARGE = 20_000;

let context: TestContext;
let admin: TestUser;
/** The list statement the database was last sent, with its parameters, and the planner settings it ran under. */
let last: { query: string; params: unknown[]; settings: string | undefined } = { query: '', params: [], settings: undefined };
let settings: string | undefined;

/**
 * Keep the last list statement: not transaction control, not the planner settings of a search
 * (platform/paging.ts), which it notes, and not the mail and push senders' polls, which run
 * whenever their timers fire (platform/batch-worker.ts), between a request's statements too.
 */
function hear(query: string, params: unknown[]): void {
  if (/^\s*(begin|commit|rollback)\b/i.test(query)) return;
  if (/"(mail_outbox|push_outbox)"/.test(query)) return;
  if (/^\s*select set_config\(/i.test(query)) {
    settings = query;
    return;
  }
  last = { query, params, settings };
  settings = undefined;
}

beforeAll(async () => {
  context = await createTestContext({}, undefined, { onQuery: hear });
  admin = await createUser(context, { role: 'admin' });
  await seedProducts(
    context,
    Array.from({ length: 16 }, (_, index) => ({ name: `Planned Blouse ${index}`, pricePaise: 50_000 + index * 1000 })),
  );
}, 60_000);

afterAll(async () => {
  await context?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** What one list request's statement reads: its plan's nodes and the pages (buffers) it touched. */
interface Measured {
  /** Orders in the answer. */
  shown: number;
  /** Pages of the order history (orders, their lines, their timelines, and their indexes) read. */
  buffers: number;
  /** Every page read, the customers' accounts and the counts too. */
  allBuffers: number;
  seqScans: string[];
  described: string;
}

/** The tables of the order history, whose pages (and their indexes') a page must not read more of as it grows. */
const HISTORY = ['orders', 'order_lines', 'order_events'];

/** The buffers a node read itself: its own, less its children's (a node's figures include theirs). */
function ownBuffers(node: PlanNode): number {
  const total = (one: PlanNode) => (one['Shared Hit Blocks'] ?? 0) + (one['Shared Read Blocks'] ?? 0);
  return total(node) - (node.Plans ?? []).reduce((sum, child) => sum + total(child), 0);
}

/** Whether a node reads the order history: a scan of one of its tables or of an index of one. */
function readsHistory(node: PlanNode): boolean {
  const relation = node['Relation Name'];
  const index = node['Index Name'];
  return (
    (relation !== undefined && HISTORY.includes(relation)) || (index !== undefined && /^(orders|order_lines|order_events)_/.test(index))
  );
}

/** `GET url` as the admin, then its list statement (the last one sent) under EXPLAIN (ANALYZE, BUFFERS). */
async function measure(url: string): Promise<Measured> {
  const response = await context.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  const shown = (response.json() as { orders: unknown[] }).orders.length;
  // Taken now: the statements below are heard too, and would replace it.
  const statement = last;
  const text = `explain (analyze, buffers, format json) ${statement.query}`;
  // As the request ran it: a search in a transaction that rules sequential scans out.
  const rows = await context.database.db.transaction(async (tx) => {
    if (statement.settings) await tx.execute(sql.raw(statement.settings));
    return rowsOf<{ 'QUERY PLAN': unknown }>(tx, sql.raw(inline(text, statement.params)));
  });
  const plan = rows[0]!['QUERY PLAN'];
  const [{ Plan: root }] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
  const nodes = nodesOf(root);
  return {
    shown,
    buffers: nodes.filter(readsHistory).reduce((sum, node) => sum + ownBuffers(node), 0),
    allBuffers: (root['Shared Hit Blocks'] ?? 0) + (root['Shared Read Blocks'] ?? 0),
    seqScans: nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name'] ?? ''),
    described: nodes.map((node) => `${node['Node Type']} ${node['Relation Name'] ?? ''} ${node['Index Name'] ?? ''}`).join('\n'),
  };
}

/** `text` with its `$n` parameters written in as SQL literals, to run again as one statement. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/**
 * Dates on the seeded history, as a shop's would be (the fixture places orders without them):
 * a ready-by date on four orders in five over three months, a function date on one in three;
 * then the tables' statistics, as autovacuum would gather them on PostgreSQL.
 */
async function dateTheHistory(): Promise<void> {
  await context.database.db.execute(sql`update orders set
    ready_by = case when abs(hashtext(order_number)) % 5 <> 0 then date '2026-09-01' + abs(hashtext(order_number)) % 90 end,
    needed_by = case when abs(hashtext(order_number || 'f')) % 3 = 0 then date '2026-09-05' + abs(hashtext(order_number || 'f')) % 90 end`);
  await context.database.db.execute(sql`analyze orders`);
}

/** The first page's cursor of `url`. */
async function nextCursorOf(url: string): Promise<string> {
  const page = (await context.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } })).json() as { nextCursor: string };
  return page.nextCursor;
}

/** The list requests measured at both sizes, by name, built from what the shop holds. */
async function requests(seeded: SeededOrders): Promise<Record<string, string>> {
  await dateTheHistory();
  const first = (await context.app.inject({ method: 'GET', url: '/api/orders/status', headers: { cookie: admin.cookie } })).json() as {
    nextCursor: string;
  };
  // Deep in the ready-by sort: midway through its dates, and past them among the orders without one.
  const dateCursor = (text: string) => Buffer.from(text).toString('base64url');
  return {
    'first page': '/api/orders/status',
    'next page': `/api/orders/status?cursor=${first.nextCursor}`,
    'status page': '/api/orders/status?status=visited',
    'cancelled page': '/api/orders/status?status=cancelled',
    'search by order number': `/api/orders/status?q=${seeded.orderNumber}`,
    'search by phone': `/api/orders/status?q=${encodeURIComponent(`+91 ${seeded.phone.slice(0, 5)} ${seeded.phone.slice(5)}`)}`,
    'search by name': `/api/orders/status?q=${encodeURIComponent(seeded.username)}`,
    'ready-by page': '/api/orders/status?sort=readyBy',
    'ready-by next page': `/api/orders/status?sort=readyBy&cursor=${await nextCursorOf('/api/orders/status?sort=readyBy')}`,
    'ready-by status page': '/api/orders/status?sort=readyBy&status=call',
    'ready-by page midway': `/api/orders/status?sort=readyBy&cursor=${dateCursor('r.2026-10-15.TH-0')}`,
    'ready-by page undated': `/api/orders/status?sort=readyBy&cursor=${dateCursor('r.none.TH-0')}`,
    'function-date page': '/api/orders/status?sort=neededBy',
    'function-date next page': `/api/orders/status?sort=neededBy&cursor=${await nextCursorOf('/api/orders/status?sort=neededBy')}`,
    'ready-by search by name': `/api/orders/status?sort=readyBy&q=${encodeURIComponent(seeded.username)}`,
  };
}

/** Bounded: read no more of the history at 20,000 orders than 1.5 times what they read at 1,000, or than a page through its indexes costs. */
const BOUNDED = [
  'first page',
  'next page',
  'status page',
  'cancelled page',
  'search by order number',
  'search by phone',
  'ready-by page',
  'ready-by next page',
  'ready-by status page',
  'ready-by page midway',
  'ready-by page undated',
  'function-date page',
  'function-date next page',
];
/**
 * What a page costs through its indexes: per order shown, its row, its customer, its lines and
 * its timeline, each a few index pages and a heap page; and per page, the keys and the counts.
 */
const PER_ORDER_SHOWN = 14;
const PER_PAGE = 60;
/** The tables no list statement may read whole. */
const NEVER_WHOLE = ['orders', 'order_lines', 'order_events'];

describe(`the admin's orders by page, at ${SMALL.toLocaleString('en-US')} and ${LARGE.toLocaleString('en-US')} orders`, () => {
  const small: Record<string, Measured> = {};
  const large: Record<string, Measured> = {};

  it(`measures each request on ${SMALL.toLocaleString('en-US')} orders`, { timeout: 120_000 }, async () => {
    const seeded = await seedOrderHistory(context.database, { count: SMALL, customers: 150 });
    expect(seeded.orders).toBe(SMALL);
    for (const [name, url] of Object.entries(await requests(seeded))) small[name] = await measure(url);
  });

  it(`measures each request on ${LARGE.toLocaleString('en-US')} orders`, { timeout: 300_000 }, async () => {
    const seeded = await seedOrderHistory(context.database, { count: LARGE, customers: 3_000 });
    expect(seeded.orders).toBe(LARGE);
    for (const [name, url] of Object.entries(await requests(seeded))) large[name] = await measure(url);
  });

  it.each(BOUNDED)('%s reads about as much of the history at either size', (name) => {
    const [few, many] = [small[name]!, large[name]!];
    // On the small shop the planner may rightly read a table whole (a few pages): then what a
    // page costs through its indexes, per order shown, is the measure.
    expect(many.buffers, `${name}: ${few.buffers} buffers at ${SMALL}, ${many.buffers} at ${LARGE}\n${many.described}`).toBeLessThanOrEqual(
      Math.max(1.5 * few.buffers, PER_ORDER_SHOWN * many.shown + PER_PAGE),
    );
  });

  it('no request reads the orders, their lines or their timelines whole', () => {
    for (const [name, measured] of Object.entries(large)) {
      expect(
        measured.seqScans.filter((relation) => NEVER_WHOLE.includes(relation)),
        `${name}\n${measured.described}`,
      ).toEqual([]);
    }
    expect(Object.keys(large)).toHaveLength(15);
  });
});
