import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATES, type OrderState, type OrderStateCounts } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { afterPosition, microsOf, withoutSequentialScans, type CursorPosition } from '../../platform/paging.js';
import { toStateCounts } from '../orders/index.js';
import { afterDatePosition, ORDERS_PER_STEP, stateKeys, type OrderFilter, type PageAt } from './admin-order-statements.js';

/** What a walk of the history found: every state's count, and the first page's keys (order ids, newest first). */
export interface WalkedHistory {
  counts: OrderStateCounts;
  ids: string[];
}

/** An order found for the page, with what orders it among the others: its placing time (µs), or its date in a date sort (null: none). */
interface FoundKey {
  id: string;
  micros: string;
  date: string | null;
  number: string;
}

/** One step's answer. */
interface StepRow {
  /** Orders the step read (fewer than {@link ORDERS_PER_STEP}: the state's history ends there). */
  read: number;
  /** The oldest order read: where the state's next step starts. */
  last_micros: string | null;
  last_number: string | null;
  /** How many of those read the filter found. */
  found: number;
  /** The first of them for the page (after its cursor, in its sort), as a JSON array of `[id, micros, number, date]`. */
  keys: string;
}

/**
 * Walk the whole order history in steps of {@link ORDERS_PER_STEP} orders
 * (docs/architecture.md#lists-by-page), for a filter that finds more than one statement may
 * count: a search that matches thousands of orders (a digit, `TH-`, a common name) or a range of
 * years. Each state is walked down its part of `orders_status_created_idx`, newest first, one
 * statement per step, each testing the search (and the dates) on the orders it read only;
 * PGlite serves other requests between steps, so the shop never waits for more than one step
 * (docs/performance.md#lists-by-page). The steps add up each state's count, and keep each
 * shown state's first `take` orders for the page (after `cursor`), which are merged newest
 * first. A walk is not one snapshot: an order placed or changed while it runs may be counted as
 * it was or as it is, as a page read a moment earlier or later would.
 */
export async function walkOrderHistory(db: Db, filter: OrderFilter, at: PageAt, take: number): Promise<WalkedHistory> {
  // The customers the search finds by name or e-mail, once: each step then tests its orders' own fields and these.
  const customers = filter.search
    ? (await withoutSequentialScans(db, (tx) => rowsOf<{ id: string }>(tx, filter.search!.customers))).map((row) => row.id)
    : [];
  const matches = filter.search ? filter.search.matches(customers) : sql`true`;
  const counts: { status: OrderState; n: number }[] = [];
  const keys: FoundKey[] = [];
  for (const state of ORDER_STATES) {
    const shown = filter.states.includes(state);
    const walked = await walkState(db, state, filter.dates, matches, shown ? { at, take } : undefined);
    counts.push({ status: state, n: walked.found });
    keys.push(...walked.keys);
  }
  keys.sort(at.sort === 'placed' ? compareNewestFirst : compareSoonestFirst);
  return { counts: toStateCounts(counts), ids: keys.slice(0, take).map((key) => key.id) };
}

/** Soonest first: the earlier date, those without one last, then the lower order number (as a date sort orders them). */
function compareSoonestFirst(a: FoundKey, b: FoundKey): number {
  if (a.date !== b.date) {
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? -1 : 1;
  }
  return a.number === b.number ? 0 : a.number < b.number ? -1 : 1;
}

/** Newest first: the later placing time, then the later order number (as the list orders them). */
function compareNewestFirst(a: FoundKey, b: FoundKey): number {
  const byTime = BigInt(b.micros) - BigInt(a.micros);
  if (byTime !== 0n) return byTime > 0n ? 1 : -1;
  return a.number === b.number ? 0 : a.number < b.number ? 1 : -1;
}

/**
 * One state's walk: how many of its orders the filter finds, and, when `page` asks, its first
 * `page.take` of them after `page.cursor`. Each step is its own short transaction.
 */
async function walkState(
  db: Db,
  state: OrderState,
  dates: SQL | undefined,
  matches: SQL,
  page: { at: PageAt; take: number } | undefined,
): Promise<{ found: number; keys: FoundKey[] }> {
  let found = 0;
  let keys: FoundKey[] = [];
  let from: CursorPosition | undefined;
  for (;;) {
    // PGlite runs a statement on this thread and answers at once: without a turn of the event
    // loop between steps, the walk would hold the shop as long as one big statement would.
    await nextTurn();
    // Newest first, the steps come in the page's order: each needs only what the steps before left
    // to find. In a date sort any step may hold the soonest: each keeps its first `take`, and the
    // walk the first `take` of all.
    const dated = page !== undefined && page.at.sort !== 'placed';
    const wanted = page ? (dated ? page.take : page.take - keys.length) : 0;
    const statement = stepStatement(stateKeys(state, dates, from, ORDERS_PER_STEP), matches, page?.at, wanted);
    // Down the index, never a bitmap of the whole state sorted: each step reads its orders only.
    const [step] = await withoutSequentialScans(db, (tx) => rowsOf<StepRow>(tx, statement), true);
    found += step!.found;
    for (const [id, micros, number, date] of JSON.parse(step!.keys) as [string, string, string, (string | null)?][]) {
      keys.push({ id, micros, number, date: date ?? null });
    }
    if (page && dated) keys = keys.sort(compareSoonestFirst).slice(0, page.take);
    if (step!.read < ORDERS_PER_STEP || step!.last_micros === null || step!.last_number === null) break;
    from = { atMicros: step!.last_micros, key: step!.last_number };
  }
  return { found, keys };
}

/**
 * One step over the orders `rows` reads (whole rows, newest first): what it read, what the filter
 * found, and up to `take` keys after `at`'s cursor in `at`'s sort (newest first, or a date's
 * soonest first with the orders without it last).
 */
function stepStatement(rows: SQL, matches: SQL, at: PageAt | undefined, take: number): SQL {
  // Newest first, the statement the list always ran; a date sort carries the date as `sort_date`.
  const dated = at !== undefined && at.sort !== 'placed';
  const date = dated ? sql`, o.${sql.raw(at.sort === 'readyBy' ? 'ready_by' : 'needed_by')} as sort_date` : sql``;
  const after = dated
    ? afterDatePosition(sql`sort_date`, sql`order_number`, at.after)
    : afterPosition(sql`created_at`, sql`order_number`, at?.sort === 'placed' ? at.after : undefined);
  const order = dated ? sql`sort_date asc nulls last, order_number asc` : sql`created_at desc, order_number desc`;
  const columns = dated ? sql`id, created_at, order_number, sort_date` : sql`id, created_at, order_number`;
  const key = dated ? sql`, sort_date::text` : sql``;
  return sql`
    with step as materialized (${rows}),
    found as materialized (select o.id, o.created_at, o.order_number${date} from step o where ${matches})
    select
      (select count(*)::int from step) as read,
      (select ${microsOf(sql`created_at`)} from step order by created_at, order_number limit 1) as last_micros,
      (select order_number from step order by created_at, order_number limit 1) as last_number,
      (select count(*)::int from found) as found,
      (select coalesce(json_agg(json_build_array(id, ${microsOf(sql`created_at`)}, order_number${key}) order by ${order}), '[]'::json)::text
        from (select ${columns} from found where ${after}
          order by ${order} limit ${Math.max(take, 0)}) p) as keys`;
}
