import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_STITCHING,
  ORDER_STATES,
  ORDER_STATUSES,
  SHOP_TIME_ZONE,
  type AdminOrderListQuery,
  type OrderState,
} from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { orderEvents, orderLines, orders, orderStateCounts, users } from '../../db/schema/index.js';
import {
  afterPosition,
  containsPattern,
  decodeCursor,
  encodeCursor,
  microsOf,
  phoneSearchDigits,
  searchThroughIndexes,
  type CursorPosition,
} from '../../platform/paging.js';
import { toStateCounts } from '../orders/index.js';

/**
 * `GET /orders/status` (docs/product.md#lists-by-page; docs/architecture.md#lists-by-page): one
 * page of the customers' orders as the JSON text of `AdminOrderListResponseSchema`,
 * `{"orders": [...], "nextCursor": …, "counts": {…}}`, newest first (by placing time, then
 * order number), each order as `toOrderApi` writes it with its customer's username and e-mail
 * (`customer: null` for a delivered order kept after its account was deleted,
 * docs/decisions/010-deleting-a-shoppers-account.md). ONE statement, which PostgreSQL answers
 * as the page's JSON text (read row by row into JavaScript and serialized again, a list took
 * three times as long: docs/performance.md#how-it-measures), and whose cost does not grow with
 * the shop's history:
 * - the page's keys are read state by state from `orders_status_created_idx`, each state at
 *   most `limit + 1` rows from where the cursor points, and merged;
 * - with a search, the matching orders are found first through the trigram indexes, and only
 *   they are sorted;
 * - lines and timelines are read for the page's orders only, through their order-id indexes;
 * - `counts` come from `order_state_counts` (kept by triggers) when there is neither a date nor
 *   a search; under a date range, from each state's walk of that range; under a search, from
 *   the orders found;
 * - a search is planned with sequential scans ruled out ({@link searchThroughIndexes}).
 * `query.status` narrows to those states (default: every state but `cancelled`,
 * docs/product.md#cancellations-kept), `from`/`to` to the shop's calendar days (India Standard
 * Time, both included), `q` to an order number, the customer's username, e-mail, or the order
 * address's name, phone or alternate phone (spaces and +91 or 0 ignored), any case.
 * @throws AppError('bad_request', PAGING_MESSAGES.badCursor) for a cursor not of this list.
 */
export async function listAdminOrdersJson(db: Db, query: AdminOrderListQuery): Promise<string> {
  const position = decodeCursor('adminOrders', query.cursor);
  const states: readonly OrderState[] = query.status ?? ORDER_STATUSES;
  const search = query.q === undefined ? undefined : searchCondition(query.q);
  const dates = dateCondition(query.from, query.to);
  const keys = search
    ? sql`select id, created_at, order_number from candidates
        where status in (${sql.join(
          states.map((state) => sql`${state}`),
          sql`, `,
        )}) and ${afterPosition(sql`created_at`, sql`order_number`, position)}
        order by created_at desc, order_number desc limit ${query.limit + 1}`
    : sql.join(
        states.map((state) => stateKeys(state, dates, position, query.limit + 1)),
        sql` union all `,
      );
  const counts = search
    ? sql`select status, count(*) as n from candidates group by status`
    : dates
      ? rangeCounts(dates)
      : sql`select ${orderStateCounts.status} as status, sum(${orderStateCounts.orders}) as n from ${orderStateCounts} group by ${orderStateCounts.status}`;
  const candidates = search
    ? sql`matched as materialized (${search}),
        candidates as materialized (select o.id, o.created_at, o.order_number, o.status from ${orders} o
          where o.id in (select id from matched) and ${dates ?? sql`true`}),`
    : sql``;
  const [row] = await searchThroughIndexes(db, query.q, (tx) =>
    rowsOf<PageRow>(
      tx,
      sql`
    with ${candidates} keys as (${keys}),
    page as (
      select id, created_at, order_number, row_number() over (order by created_at desc, order_number desc) as rn
      from keys order by created_at desc, order_number desc limit ${query.limit + 1}
    )
    select
      coalesce(json_agg(${adminOrderJson()} order by p.rn) filter (where p.rn <= ${query.limit}), '[]'::json)::text as orders,
      count(*)::int as fetched,
      max(${microsOf(sql`p.created_at`)}) filter (where p.rn = ${query.limit}) as last_micros,
      max(p.order_number) filter (where p.rn = ${query.limit}) as last_number,
      (select coalesce(json_object_agg(c.status, c.n), '{}'::json)::text from (${counts}) c) as counts
    from page p join ${orders} o on o.id = p.id left join ${users} u on u.id = o.user_id`,
    ),
  );
  return pageJson(row!, query.limit);
}

/** The one row the page's statement answers. */
interface PageRow {
  /** The page's orders, a JSON array as text. */
  orders: string;
  /** Rows read: `limit + 1` when there is a next page. */
  fetched: number;
  /** The last shown order's placing time (µs since 1970) and number; null when the page is not full. */
  last_micros: string | null;
  last_number: string | null;
  /** `{state: count}` as JSON text, states without orders left out. */
  counts: string;
}

/** The answer's JSON text: the page's orders as PostgreSQL wrote them, the next page's cursor, every state's count. */
function pageJson(row: PageRow, limit: number): string {
  const last: CursorPosition | undefined =
    row.fetched > limit && row.last_micros !== null && row.last_number !== null
      ? { atMicros: row.last_micros, key: row.last_number }
      : undefined;
  const nextCursor = last ? encodeCursor('adminOrders', last) : null;
  const counts = toStateCounts(Object.entries(JSON.parse(row.counts) as Record<string, number>).map(([status, n]) => ({ status, n })));
  return `{"orders":${row.orders},"nextCursor":${JSON.stringify(nextCursor)},"counts":${JSON.stringify(counts)}}`;
}

/**
 * The keys of one state's orders after `position`, newest first, at most `take`: a walk down
 * `orders_status_created_idx` (status, created_at, order_number) that stops after `take` rows.
 */
function stateKeys(state: OrderState, dates: SQL | undefined, position: CursorPosition | undefined, take: number): SQL {
  return sql`(select o.id, o.created_at, o.order_number from ${orders} o
    where o.status = ${state} and ${dates ?? sql`true`} and ${afterPosition(sql`o.created_at`, sql`o.order_number`, position)}
    order by o.created_at desc, o.order_number desc limit ${take})`;
}

/**
 * Each state's count of the orders placed in a date range, `{status, n}` rows: one short walk of
 * `orders_status_created_idx` per state, over that range only.
 */
function rangeCounts(dates: SQL): SQL {
  return sql.join(
    ORDER_STATES.map(
      (state) => sql`select ${state}::text as status, (select count(*) from ${orders} o where o.status = ${state} and ${dates}) as n`,
    ),
    sql` union all `,
  );
}

/**
 * The orders placed on the shop's calendar days `from` to `to` (`YYYY-MM-DD`, India Standard
 * Time, both included), as a condition on `o`; undefined without either.
 */
function dateCondition(from: string | undefined, to: string | undefined): SQL | undefined {
  const parts: SQL[] = [];
  if (from) parts.push(sql`o.created_at >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}`);
  if (to) parts.push(sql`o.created_at < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`);
  return parts.length === 0 ? undefined : sql.join(parts, sql` and `);
}

/**
 * The ids of the orders `q` finds: by order number or the order address's name, any case,
 * anywhere in them; by phone or alternate phone when `q` reads as a phone number
 * (platform/paging.ts `phoneSearchDigits`); by the customer's username or e-mail. Each
 * condition is answered by a trigram index (orders' and users'), so the matches are found
 * without reading the history.
 */
function searchCondition(q: string): SQL {
  const pattern = containsPattern(q);
  const digits = phoneSearchDigits(q);
  const phones = digits
    ? sql` or (o.address ->> 'phoneNumber') like ${containsPattern(digits)} or (o.address ->> 'alternatePhone') like ${containsPattern(digits)}`
    : sql``;
  // A whole order number is looked up in its unique index: every number shares `TH-`, whose
  // trigrams the trigram index holds for every order.
  const number = WHOLE_ORDER_NUMBER.test(q) ? sql`o.order_number = ${q.toUpperCase()}` : sql`o.order_number ilike ${pattern}`;
  return sql`select o.id from ${orders} o where ${number} or (o.address ->> 'name') ilike ${pattern}${phones}
    union
    select o.id from ${users} u join ${orders} o on o.user_id = u.id where u.username ilike ${pattern} or u.email ilike ${pattern}`;
}

/** An order number as the shop writes them (docs/architecture.md#money-and-identifiers: `TH-4K7Q2M`), in any case. */
const WHOLE_ORDER_NUMBER = /^TH-[0-9A-Z]{6}$/i;

/** `ts` as `toOrderApi` writes a time: ISO 8601 in UTC with milliseconds. */
function isoTime(ts: SQL): SQL {
  return sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * One order of the page (`o`, its customer `u`) as JSON, with the keys in the order
 * `toOrderApi` writes them; a cancelled order also carries `cancelledAt` and `reason`
 * (docs/product.md#cancellations-kept), which no other order has (not even as null).
 */
function adminOrderJson(): SQL {
  const items = sql`coalesce((select json_agg(json_build_object(
      'productId', l.product_id, 'name', l.name, 'image', l.image, 'quantity', l.quantity,
      'price', (l.price_paise / 100.0)::float8,
      'stitching', coalesce(l.stitching, ${JSON.stringify(DEFAULT_STITCHING)}::jsonb),
      'finalPrice', (coalesce(l.final_price_paise, l.price_paise) / 100.0)::float8,
      'priceNote', coalesce(l.price_note, '')
    ) order by l.position) from ${orderLines} l where l.order_id = o.id), '[]'::json)`;
  const timeline = sql`coalesce((select json_agg(json_build_object('status', e.status, 'at', ${isoTime(sql`e.at`)}) order by e.at)
    from ${orderEvents} e where e.order_id = o.id), '[]'::json)`;
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
    'timeline', ${timeline}`;
  return sql`case when o.status = 'cancelled' then json_build_object(${head}, ${cancellation}, ${rest})
    else json_build_object(${head}, ${rest}) end`;
}
