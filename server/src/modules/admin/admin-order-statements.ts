import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_STITCHING, DUE_SOON_DAYS, NEEDED_SOON_DAYS, ORDER_STATES, SHOP_TIME_ZONE, type OrderState } from '@thaiyal/contract';
import {
  orderEvents,
  orderLines,
  orderPayments,
  orderReadyByChanges,
  orders,
  orderStateCounts,
  products,
  users,
} from '../../db/schema/index.js';
import { afterPosition, containsPattern, microsOf, phoneSearchDigits, type CursorPosition } from '../../platform/paging.js';

/**
 * The SQL of the admin's orders by page (docs/product.md#lists-by-page;
 * docs/architecture.md#lists-by-page): what narrows the list, and the one statement that
 * writes a page's JSON. admin-order-list.service.ts runs them; admin-order-history.ts walks the
 * history in bounded steps when a filter finds too much for one statement.
 */

/**
 * How many orders a page's statement may sort and count for a filter: a search's finds, each
 * state's orders in a date range. A filter that finds more is counted by a walk of the history
 * in steps (admin-order-history.ts), between which the shop serves other requests, so no
 * statement holds PGlite for more than about 10 ms (docs/performance.md#lists-by-page).
 */
export const ORDERS_IN_ONE_STATEMENT = 1_000;

/**
 * How many orders one step of a walk reads and tests, down an index: about 8 ms of PGlite's
 * (measured at 50,000 orders; 5,000 a step held the shop up to 31 ms).
 */
export const ORDERS_PER_STEP = 2_500;

/** What narrows the admin's orders: the states shown, the days placed, and a search. */
export interface OrderFilter {
  /** The states the page shows (the counts cover every state). */
  states: readonly OrderState[];
  /** A condition on `o` (orders), or undefined for every day. */
  dates: SQL | undefined;
  search: OrderSearch | undefined;
  /** The UPI link up to its amount (upi-link.ts `upiLinkStart`) when the shop set `SHOP_UPI_ID`: each order then carries `upi`. */
  upiLink?: string | undefined;
}

/** A search, as the ways a statement can ask it. */
export interface OrderSearch {
  /** `select o.id, o.created_at, o.order_number, o.status …`: the orders found, through the trigram indexes (an order may appear twice). */
  ids: SQL;
  /** `select u.id …`: the customers found by username or e-mail, through their trigram indexes. */
  customers: SQL;
  /** The search as a condition on an order `o` already read, given the ids of the customers found (`$customers`, a `uuid[]`). */
  matches: (customerIds: readonly string[]) => SQL;
  /**
   * Whether the trigram indexes can narrow it: a search of one or two characters has no
   * trigram to look up (its indexes would be read whole) and finds most orders anyway.
   */
  indexed: boolean;
}

/** The shortest search the trigram indexes narrow. */
const SHORTEST_INDEXED_SEARCH = 3;

/**
 * The orders placed on the shop's calendar days `from` to `to` (`YYYY-MM-DD`, India Standard
 * Time, both included), as a condition on `o`; undefined without either.
 */
export function dateCondition(from: string | undefined, to: string | undefined): SQL | undefined {
  const parts: SQL[] = [];
  if (from) parts.push(sql`o.created_at >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}`);
  if (to) parts.push(sql`o.created_at < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`);
  return parts.length === 0 ? undefined : sql.join(parts, sql` and `);
}

/** An order number as the shop writes them (docs/architecture.md#money-and-identifiers: `TH-4K7Q2M`), in any case. */
const WHOLE_ORDER_NUMBER = /^TH-[0-9A-Z]{6}$/i;

/**
 * The orders `q` finds: by order number or the order address's name, any case, anywhere in
 * them; by phone or alternate phone when `q` reads as a phone number (platform/paging.ts
 * `phoneSearchDigits`); by the customer's username or e-mail. As ids, each condition is
 * answered by a trigram index (orders' and users'); a whole order number by its unique index
 * (every number shares `TH-`, whose trigrams the trigram index holds for every order).
 */
export function orderSearch(q: string): OrderSearch {
  const pattern = containsPattern(q);
  const digits = phoneSearchDigits(q);
  const phones = digits
    ? sql` or (o.address ->> 'phoneNumber') like ${containsPattern(digits)} or (o.address ->> 'alternatePhone') like ${containsPattern(digits)}`
    : sql``;
  const number = WHOLE_ORDER_NUMBER.test(q) ? sql`o.order_number = ${q.toUpperCase()}` : sql`o.order_number ilike ${pattern}`;
  const ownFields = sql`${number} or (o.address ->> 'name') ilike ${pattern}${phones}`;
  const customers = sql`select u.id from ${users} u where u.username ilike ${pattern} or u.email ilike ${pattern}`;
  return {
    ids: sql`select o.id, o.created_at, o.order_number, o.status from ${orders} o where ${ownFields}
      union all
      select o.id, o.created_at, o.order_number, o.status from (${customers}) u join ${orders} o on o.user_id = u.id`,
    customers,
    matches: (customerIds) => sql`(${ownFields} or o.user_id = any(${`{${customerIds.join(',')}}`}::uuid[]))`,
    indexed: [...q].length >= SHORTEST_INDEXED_SEARCH,
  };
}

/** `values` as one SQL list: `'a', 'b'`. */
function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/**
 * One state's orders after `position`, newest first, at most `take` (whole rows): a walk down
 * `orders_status_created_idx` (status, created_at, order_number) that stops after `take` rows.
 */
export function stateKeys(state: OrderState, dates: SQL | undefined, position: CursorPosition | undefined, take: number): SQL {
  return sql`(select o.* from ${orders} o
    where o.status = ${state} and ${dates ?? sql`true`} and ${afterPosition(sql`o.created_at`, sql`o.order_number`, position)}
    order by o.created_at desc, o.order_number desc limit ${take})`;
}

/**
 * The newest `take` orders of `states` after `position`, whole rows: each state's walk,
 * merged. It reads at most `take` index entries and rows of each state.
 */
function newestKeys(states: readonly OrderState[], dates: SQL | undefined, position: CursorPosition | undefined, take: number): SQL {
  return sql`select * from (${sql.join(
    states.map((state) => stateKeys(state, dates, position, take)),
    sql` union all `,
  )}) k order by k.created_at desc, k.order_number desc limit ${take}`;
}

/**
 * The counts of a date range, each state's capped at {@link ORDERS_IN_ONE_STATEMENT} + 1 (a count
 * above the cap means the range must be counted in steps), as `{status, n}` rows: one walk of
 * `orders_status_created_idx` per state, over that range only.
 */
function rangeCounts(dates: SQL): SQL {
  return sql.join(
    ORDER_STATES.map(
      (state) => sql`select ${state}::text as status,
        (select count(*) from (select 1 from ${orders} o where o.status = ${state} and ${dates} limit ${ORDERS_IN_ONE_STATEMENT + 1}) c) as n`,
    ),
    sql` union all `,
  );
}

/**
 * The one statement of a page: the page's keys, its JSON, and the counts.
 * - No search: the keys are each state's walk from the cursor, merged; the counts are
 *   `order_state_counts`' (kept by triggers) without dates, each state's capped walk of the range
 *   with them.
 * - A search: the orders it finds through the indexes, at most {@link ORDERS_IN_ONE_STATEMENT} + 1
 *   (`found` says how many were read: more than the cap means the search must be answered in
 *   steps), narrowed to the dates; the keys and the counts are theirs.
 */
export function pageStatement(filter: OrderFilter, position: CursorPosition | undefined, limit: number, today: string): SQL {
  const after = afterPosition(sql`created_at`, sql`order_number`, position);
  if (filter.search) {
    return pageOf(
      sql`found as materialized (select * from (${filter.search.ids}) f limit ${ORDERS_IN_ONE_STATEMENT + 1}),
        candidates as materialized (select distinct on (o.id) o.id, o.created_at, o.order_number, o.status from found o
          where ${filter.dates ?? sql`true`}),
        keys as (select id, created_at, order_number from candidates where status in (${list(filter.states)}) and ${after}
          order by created_at desc, order_number desc limit ${limit + 1}),`,
      sql`select status, count(*) as n from candidates group by status`,
      sql`(select count(*)::int from found)`,
      limit,
      today,
      filter.upiLink,
    );
  }
  const counts = filter.dates
    ? rangeCounts(filter.dates)
    : sql`select ${orderStateCounts.status} as status, sum(${orderStateCounts.orders}) as n from ${orderStateCounts} group by ${orderStateCounts.status}`;
  return pageOf(
    sql`keys as (select id, created_at, order_number from (${newestKeys(filter.states, filter.dates, position, limit + 1)}) n),`,
    counts,
    sql`null::int`,
    limit,
    today,
    filter.upiLink,
  );
}

/** The statement of a page whose keys are known (`ids`, at most `limit + 1`): its JSON, without counts. */
export function keyedPageStatement(ids: readonly string[], limit: number, today: string, upiLink: string | undefined): SQL {
  return pageOf(
    sql`keys as (select o.id, o.created_at, o.order_number from ${orders} o where o.id = any(${`{${ids.join(',')}}`}::uuid[])),`,
    sql`select null::text as status, 0 as n where false`,
    sql`null::int`,
    limit,
    today,
    upiLink,
  );
}

/**
 * A page from its keys (the CTEs `before`, ending in `keys`): its orders' JSON, how many keys
 * it read, the last shown order's position, `counts` (the `{status, n}` rows) as a JSON
 * object, and `found`. `today` (the shop's, `YYYY-MM-DD`) dates each order's `risk`.
 */
function pageOf(before: SQL, counts: SQL, found: SQL, limit: number, today: string, upiLink: string | undefined): SQL {
  return sql`
    with ${before}
    page as (
      select id, created_at, order_number, row_number() over (order by created_at desc, order_number desc) as rn
      from keys order by created_at desc, order_number desc limit ${limit + 1}
    )
    select
      coalesce(json_agg(${adminOrderJson(today, upiLink)} order by p.rn) filter (where p.rn <= ${limit}), '[]'::json)::text as orders,
      count(*)::int as fetched,
      max(${microsOf(sql`p.created_at`)}) filter (where p.rn = ${limit}) as last_micros,
      max(p.order_number) filter (where p.rn = ${limit}) as last_number,
      (select coalesce(json_object_agg(c.status, c.n), '{}'::json)::text from (${counts}) c) as counts,
      ${found} as found
    from page p join ${orders} o on o.id = p.id left join ${users} u on u.id = o.user_id`;
}

/** An order `o`'s risk on the shop's `today`: the orders module's `orderRisk` in SQL (docs/product.md#dates-a-tailor-promises). */
function risk(today: string): SQL {
  return sql`case when o.status in ('delivered', 'cancelled') then null
    when o.ready_by < ${today}::date then 'overdue'
    when o.ready_by <= ${today}::date + ${DUE_SOON_DAYS}::int and o.status in ('call', 'visited') then 'due-soon'
    when o.needed_by <= ${today}::date + ${NEEDED_SOON_DAYS}::int then 'needed-soon'
    else null end`;
}

/** `ts` as `toOrderApi` writes a time: ISO 8601 in UTC with milliseconds. */
function isoTime(ts: SQL): SQL {
  return sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * One order of the page (`o`, its customer `u`) as JSON, with the keys in the order
 * `toOrderApi` writes them; a cancelled order also carries `cancelledAt` and `reason`
 * (docs/product.md#cancellations-kept), which no other order has (not even as null). Its lines
 * and timeline are read through their order-id indexes, for the page's orders only. Its dates and
 * `risk` on the shop's `today` are the orders module's `orderRisk` rule, written in SQL
 * (docs/product.md#dates-a-tailor-promises). Its money (docs/product.md#payment-at-the-door):
 * payments, paid, balance, bill number, and with `upiLink` (upi-link.ts `withUpi`'s rule) `upi`.
 */
function adminOrderJson(today: string, upiLink: string | undefined): SQL {
  const items = sql`coalesce((select json_agg(json_build_object(
      'productId', l.product_id,
      'category', (select p.category from ${products} p where p.id = l.product_id and not p.hidden),
      'name', l.name, 'nameTa', coalesce(l.name_ta, ''), 'image', l.image, 'quantity', l.quantity,
      'price', (l.price_paise / 100.0)::float8,
      'stitching', coalesce(l.stitching, ${JSON.stringify(DEFAULT_STITCHING)}::jsonb),
      'finalPrice', (coalesce(l.final_price_paise, l.price_paise) / 100.0)::float8,
      'priceNote', coalesce(l.price_note, ''),
      'measured', l.measured
    ) order by l.position) from ${orderLines} l where l.order_id = o.id), '[]'::json)`;
  const timeline = sql`coalesce((select json_agg(json_build_object('status', e.status, 'at', ${isoTime(sql`e.at`)}) order by e.at)
    from ${orderEvents} e where e.order_id = o.id), '[]'::json)`;
  const readyByChanges = sql`coalesce((select json_agg(json_build_object('from', c.from_date::text, 'to', c.to_date::text,
      'reason', c.reason, 'at', ${isoTime(sql`c.at`)}) order by c.at) from ${orderReadyByChanges} c where c.order_id = o.id), '[]'::json)`;
  const payments = sql`coalesce((select json_agg(json_build_object('method', pm.method, 'amount', (pm.amount_paise / 100.0)::float8,
      'reference', pm.reference, 'note', pm.note, 'at', ${isoTime(sql`pm.at`)}, 'collectedBy', pm.collector_name) order by pm.at, pm.id)
    from ${orderPayments} pm where pm.order_id = o.id), '[]'::json)`;
  const upi =
    upiLink === undefined
      ? sql``
      : sql`, 'upi', case when o.status in ('designed', 'delivered') and o.total_paise > o.paid_paise
          then json_build_object('uri', ${upiLink} || to_char((o.total_paise - o.paid_paise) / 100.0, 'FM9999999990.00') || '&cu=INR&tn=' || o.order_number)
          else null end`;
  const head = sql`'orderId', o.order_number, 'purchaseDate', ${isoTime(sql`o.created_at`)}, 'status', o.status`;
  const cancellation = sql`'cancelledAt', ${isoTime(sql`coalesce(o.cancelled_at, o.created_at)`)}, 'reason', coalesce(o.cancel_reason, '')`;
  const rest = sql`'items', ${items},
    'address', o.address,
    'totalPrice', (o.total_paise / 100.0)::float8,
    'originalTotal', (coalesce(o.original_total_paise, o.total_paise) / 100.0)::float8,
    'photos', o.photos,
    'paymentMethod', o.payment_method,
    'visit', case when o.visit_date is null or o.visit_slot_id is null then null
      else json_build_object('date', o.visit_date::text, 'slotId', o.visit_slot_id, 'label', coalesce(o.visit_label, '')) end,
    'customer', case when u.id is null then null else json_build_object('username', u.username, 'email', u.email) end,
    'language', o.language,
    'timeline', ${timeline},
    'neededBy', o.needed_by::text,
    'readyBy', o.ready_by::text,
    'rush', o.rush,
    'readyByChanges', ${readyByChanges},
    'risk', ${risk(today)},
    'payments', ${payments},
    'paid', (o.paid_paise / 100.0)::float8,
    'balance', ((o.total_paise - o.paid_paise) / 100.0)::float8,
    'billNumber', o.bill_number${upi}`;
  return sql`case when o.status = 'cancelled' then json_build_object(${head}, ${cancellation}, ${rest})
    else json_build_object(${head}, ${rest}) end`;
}
