import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_STITCHING,
  DUE_SOON_DAYS,
  NEEDED_SOON_DAYS,
  NOT_ASKED,
  ORDER_STATES,
  SHOP_TIME_ZONE,
  type OrderState,
} from '@thaiyal/contract';
import {
  orderAlterations,
  orderAppointments,
  orderEvents,
  orderLines,
  orderPayments,
  orderReadyByChanges,
  orders,
  orderStateCounts,
  products,
  users,
} from '../../db/schema/index.js';
import {
  afterPosition,
  containsPattern,
  microsOf,
  phoneSearchDigits,
  type CursorPosition,
  type DatePosition,
} from '../../platform/paging.js';

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

/** The sorts by a date (docs/product.md#lists-by-page): soonest first, orders without the date last, then by order number. */
export type DateSort = 'readyBy' | 'neededBy';

/** Where a page starts, in its sort: after a placing time (newest first), or after a date (soonest first). */
export type PageAt = { sort: 'placed'; after: CursorPosition | undefined } | { sort: DateSort; after: DatePosition | undefined };

/** Each date sort's column of `orders`, walked per state down `orders_status_ready_by_idx` / `orders_status_needed_by_idx` (status, date, order number). */
const DATE_COLUMNS: Record<DateSort, SQL> = { readyBy: sql.raw('ready_by'), neededBy: sql.raw('needed_by') };

/** How a page orders its keys, and what the statement answers of its last row: the SQL each sort writes. */
interface KeyOrder {
  /** The key columns a page carries (`keys`, `page`). */
  columns: SQL;
  /** `order by` of the keys, unqualified. */
  orderBy: SQL;
  /** The last shown row's position, given `p` (the page) and its `rn`: `… as last_micros` or `… as last_date`. */
  last: (limit: number) => SQL;
}

/** The list's own order, newest placed first (the statement the list always ran). */
const NEWEST_FIRST: KeyOrder = {
  columns: sql`id, created_at, order_number`,
  orderBy: sql`created_at desc, order_number desc`,
  last: (limit) => sql`max(${microsOf(sql`p.created_at`)}) filter (where p.rn = ${limit}) as last_micros`,
};

/** A date sort's order: its date (`sort_date` in the keys), soonest first, none last, then the order number. */
function soonestFirst(): KeyOrder {
  return {
    columns: sql`id, created_at, order_number, sort_date`,
    orderBy: sql`sort_date asc nulls last, order_number asc`,
    last: (limit) => sql`max(p.sort_date::text) filter (where p.rn = ${limit}) as last_date`,
  };
}

/** The order of a page sorted by `sort`. */
function keyOrder(sort: PageAt['sort']): KeyOrder {
  return sort === 'placed' ? NEWEST_FIRST : soonestFirst();
}

/**
 * SQL: the rows after `position` in a date sort (`date` ascending, nulls last, then `key`):
 * later dates, the same date with a later number, and every row without a date; after a row
 * without a date, only those without one with a later number.
 */
export function afterDatePosition(date: SQL, key: SQL, position: DatePosition | undefined): SQL {
  if (!position) return sql`true`;
  if (position.date === null) return sql`(${date} is null and ${key} > ${position.key})`;
  return sql`((${date}, ${key}) > (${position.date}::date, ${position.key}) or ${date} is null)`;
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
 * One state's orders after `position` in the date sort `sort`, at most `take` (whole rows, with
 * `sort_date`): its dated orders from the cursor, then those without the date, each a walk of
 * (status, date, order number) that stops after `take` rows: `orders_status_ready_by_idx` or
 * `orders_status_needed_by_idx`, answered without a sort (docs/performance.md#lists-by-page).
 */
function dateStateKeys(sort: DateSort, state: OrderState, dates: SQL | undefined, position: DatePosition | undefined, take: number): SQL {
  const column = sql`o.${DATE_COLUMNS[sort]}`;
  const narrowed = sql`o.status = ${state} and ${dates ?? sql`true`}`;
  const undated = sql`(select o.*, ${column} as sort_date from ${orders} o
    where ${narrowed} and ${column} is null and ${position?.date === null ? sql`o.order_number > ${position.key}` : sql`true`}
    -- By the date too (null in all of them): the order of the (status, date, number) index, which the planner then walks.
    order by ${column}, o.order_number limit ${take})`;
  // After an order without the date, only orders without it are left.
  if (position?.date === null) return undated;
  const from = position ? sql`(${column}, o.order_number) > (${position.date}::date, ${position.key})` : sql`${column} is not null`;
  const dated = sql`(select o.*, ${column} as sort_date from ${orders} o
    where ${narrowed} and ${from} order by ${column}, o.order_number limit ${take})`;
  return sql`${dated} union all ${undated}`;
}

/** The first `take` orders of `states` after `position` in the date sort `sort`, whole rows with `sort_date`: each state's walks, merged. */
function soonestKeys(
  sort: DateSort,
  states: readonly OrderState[],
  dates: SQL | undefined,
  position: DatePosition | undefined,
  take: number,
): SQL {
  return sql`select * from (${sql.join(
    states.map((state) => dateStateKeys(sort, state, dates, position, take)),
    sql` union all `,
  )}) k order by k.sort_date asc nulls last, k.order_number asc limit ${take}`;
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
 * The one statement of a page: the page's keys, its JSON, and the counts. `at` is the page's
 * sort and where it starts (`placed`: newest first, the statement the list always ran; a date
 * sort: soonest first, orders without the date last).
 * - No search: the keys are each state's walk from the cursor, merged; the counts are
 *   `order_state_counts`' (kept by triggers) without dates, each state's capped walk of the range
 *   with them.
 * - A search: the orders it finds through the indexes, at most {@link ORDERS_IN_ONE_STATEMENT} + 1
 *   (`found` says how many were read: more than the cap means the search must be answered in
 *   steps), narrowed to the dates; the keys and the counts are theirs.
 */
export function pageStatement(filter: OrderFilter, at: PageAt, limit: number, today: string): SQL {
  const order = keyOrder(at.sort);
  if (filter.search) {
    const after =
      at.sort === 'placed'
        ? afterPosition(sql`created_at`, sql`order_number`, at.after)
        : afterDatePosition(sql`sort_date`, sql`order_number`, at.after);
    const sortDate = at.sort === 'placed' ? sql`` : sql`, o.${DATE_COLUMNS[at.sort]} as sort_date`;
    return pageOf(
      sql`found as materialized (select * from (${filter.search.ids}) f limit ${ORDERS_IN_ONE_STATEMENT + 1}),
        candidates as materialized (select distinct on (o.id) o.id, o.created_at, o.order_number, o.status${sortDate} from ${
          at.sort === 'placed' ? sql`found o` : sql`found f join ${orders} o on o.id = f.id`
        }
          where ${filter.dates ?? sql`true`}),
        keys as (select ${order.columns} from candidates where status in (${list(filter.states)}) and ${after}
          order by ${order.orderBy} limit ${limit + 1}),`,
      sql`select status, count(*) as n from candidates group by status`,
      sql`(select count(*)::int from found)`,
      { limit, today, upiLink: filter.upiLink, order },
    );
  }
  const counts = filter.dates
    ? rangeCounts(filter.dates)
    : sql`select ${orderStateCounts.status} as status, sum(${orderStateCounts.orders}) as n from ${orderStateCounts} group by ${orderStateCounts.status}`;
  const keys =
    at.sort === 'placed'
      ? newestKeys(filter.states, filter.dates, at.after, limit + 1)
      : soonestKeys(at.sort, filter.states, filter.dates, at.after, limit + 1);
  return pageOf(sql`keys as (select ${order.columns} from (${keys}) n),`, counts, sql`null::int`, {
    limit,
    today,
    upiLink: filter.upiLink,
    order,
  });
}

/** The statement of a page whose keys are known (`ids`, at most `limit + 1`) in the sort `sort`: its JSON, without counts. */
export function keyedPageStatement(
  ids: readonly string[],
  sort: PageAt['sort'],
  limit: number,
  today: string,
  upiLink: string | undefined,
): SQL {
  const sortDate = sort === 'placed' ? sql`` : sql`, o.${DATE_COLUMNS[sort]} as sort_date`;
  return pageOf(
    sql`keys as (select o.id, o.created_at, o.order_number${sortDate} from ${orders} o where o.id = any(${`{${ids.join(',')}}`}::uuid[])),`,
    sql`select null::text as status, 0 as n where false`,
    sql`null::int`,
    { limit, today, upiLink, order: keyOrder(sort) },
  );
}

/** What writes a page besides its keys: its size, the shop's today (for `risk`), the UPI link's start, and the sort's order. */
interface PageShape {
  limit: number;
  today: string;
  upiLink: string | undefined;
  order: KeyOrder;
}

/**
 * A page from its keys (the CTEs `before`, ending in `keys`): its orders' JSON, how many keys
 * it read, the last shown order's position (`last_micros` newest first, `last_date` in a date
 * sort, and `last_number`), `counts` (the `{status, n}` rows) as a JSON object, and `found`.
 * `today` (the shop's, `YYYY-MM-DD`) dates each order's `risk`.
 */
function pageOf(before: SQL, counts: SQL, found: SQL, { limit, today, upiLink, order }: PageShape): SQL {
  return sql`
    with ${before}
    page as (
      select ${order.columns}, row_number() over (order by ${order.orderBy}) as rn
      from keys order by ${order.orderBy} limit ${limit + 1}
    )
    select
      coalesce(json_agg(${adminOrderJson(today, upiLink)} order by p.rn) filter (where p.rn <= ${limit}), '[]'::json)::text as orders,
      count(*)::int as fetched,
      ${order.last(limit)},
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
 * payments, paid, balance, bill number, and with `upiLink` (upi-link.ts `withUpi`'s rule) `upi`. Its
 * visits and their changes (docs/product.md#trial-and-delivery-visits) as the orders module's mapper writes them,
 * and its free alterations (docs/product.md#free-alterations).
 * Its sign-off (docs/product.md#sign-off-before-cutting), not-asked while the column is null.
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
  // docs/product.md#trial-and-delivery-visits: the orders module's mapper (`appointmentFields`) in SQL.
  const appointments = sql`(select coalesce(json_agg(v.visit order by v.rank), '[]'::json) from (
      select 0 as rank, json_build_object('id', o.order_number, 'kind', 'measure'::text, 'date', o.visit_date::text,
        'slotId', o.visit_slot_id, 'label', coalesce(o.visit_label, '')) as visit
      where o.visit_date is not null and o.visit_slot_id is not null
      union all
      select case a.kind when 'trial' then 1 else 2 end, json_build_object('id', a.id, 'kind', a.kind, 'date', a.date::text,
        'slotId', a.slot_id, 'label', a.label)
      from ${orderAppointments} a where a.order_id = o.id and a.ended_at is null) v)`;
  const appointmentChanges = sql`coalesce((select json_agg(json_build_object('action', c.action, 'kind', c.kind, 'date', c.date::text,
      'slotId', c.slot_id, 'label', c.label, 'by', c.by, 'at', ${isoTime(sql`c.at`)}) order by c.at) from (
      select case when a.moved then 'moved' else 'booked' end as action, a.kind, a.date, a.slot_id, a.label, a.booked_by as by, a.booked_at as at
        from ${orderAppointments} a where a.order_id = o.id
      union all
      select 'cancelled', a.kind, a.date, a.slot_id, a.label, 'shop', a.ended_at
        from ${orderAppointments} a where a.order_id = o.id and a.ended_how = 'cancelled') c), '[]'::json)`;
  // docs/product.md#free-alterations: the orders module's `toAlterationApi`, oldest asked first.
  const alterations = sql`coalesce((select json_agg(json_build_object('id', al.id, 'productId', al.product_id, 'problem', al.problem,
      'where', al.where_text, 'note', al.note, 'status', al.status, 'requestedAt', ${isoTime(sql`al.requested_at`)},
      'pickedUpAt', ${isoTime(sql`al.picked_up_at`)}, 'doneAt', ${isoTime(sql`al.done_at`)}, 'pictures', al.pictures)
      order by al.requested_at, al.id) from ${orderAlterations} al where al.order_id = o.id), '[]'::json)`;
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
    'appointments', ${appointments},
    'appointmentChanges', ${appointmentChanges},
    'alterations', ${alterations},
    'risk', ${risk(today)},
    'payments', ${payments},
    'paid', (o.paid_paise / 100.0)::float8,
    'balance', ((o.total_paise - o.paid_paise) / 100.0)::float8,
    'billNumber', o.bill_number,
    'signOff', coalesce(o.sign_off, ${JSON.stringify(NOT_ASKED)}::jsonb)${upi}`;
  return sql`case when o.status = 'cancelled' then json_build_object(${head}, ${cancellation}, ${rest})
    else json_build_object(${head}, ${rest}) end`;
}
