import { ORDER_STATUSES, type AdminOrderListQuery, type OrderStateCounts } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import {
  decodeCursor,
  decodeDateCursor,
  encodeCursor,
  encodeDateCursor,
  searchThroughIndexes,
  type DateSortedList,
} from '../../platform/paging.js';
import { shopNow } from '../../platform/shop-calendar.js';
import { toStateCounts } from '../orders/index.js';
import { walkOrderHistory } from './admin-order-history.js';
import {
  dateCondition,
  keyedPageStatement,
  orderSearch,
  ORDERS_IN_ONE_STATEMENT,
  pageStatement,
  type OrderFilter,
  type PageAt,
} from './admin-order-statements.js';

/** The cursors' list of each date sort: a cursor of one sort is refused by the others (docs/product.md#lists-by-page). */
const DATE_SORT_LISTS: Record<Exclude<PageAt['sort'], 'placed'>, DateSortedList> = {
  readyBy: 'adminOrdersByReadyBy',
  neededBy: 'adminOrdersByNeededBy',
};

/**
 * Where the page asked for starts, in its sort (`query.sort`, `placed` when absent).
 * @throws AppError('bad_request', PAGING_MESSAGES.badCursor) for a cursor not of this list and sort.
 */
function pageAt(query: AdminOrderListQuery): PageAt {
  if (query.sort === undefined || query.sort === 'placed') return { sort: 'placed', after: decodeCursor('adminOrders', query.cursor) };
  return { sort: query.sort, after: decodeDateCursor(DATE_SORT_LISTS[query.sort], query.cursor) };
}

/**
 * `GET /orders/status` (docs/product.md#lists-by-page; docs/architecture.md#lists-by-page): one
 * page of the customers' orders as the JSON text of `AdminOrderListResponseSchema`,
 * `{"orders": [...], "nextCursor": …, "counts": {…}}`, newest first (by placing time, then
 * order number), each order as `toOrderApi` writes it with its customer's username and e-mail
 * (`customer: null` for a delivered order kept after its account was deleted,
 * docs/decisions/010-deleting-a-shoppers-account.md). `query.status` narrows to those states
 * (default: every state but `cancelled`, docs/product.md#cancellations-kept), `from`/`to` to
 * the shop's calendar days (India Standard Time, both included), `q` to an order number, the
 * customer's username, e-mail, or the order address's name, phone or alternate phone (spaces
 * and +91 or 0 ignored), any case; `counts` are every state's under the dates and the search.
 *
 * ONE statement (admin-order-statements.ts `pageStatement`), which PostgreSQL answers as the
 * page's JSON text (read row by row into JavaScript and serialized again, a list took three
 * times as long: docs/performance.md#how-it-measures), and whose cost does not grow with the
 * history: the page is a short walk of each state's index from the cursor, a search is found
 * through its indexes (planned without sequential scans, platform/paging.ts
 * `searchThroughIndexes`), lines and timelines are read for the page's orders only, and the
 * counts without dates or search are `order_state_counts`' (kept by triggers). When dates or a
 * search find more orders than one statement may count (`ORDERS_IN_ONE_STATEMENT`), they are
 * counted, and a search's page found, by a walk of the history in bounded steps
 * (admin-order-history.ts), and the page written by one more statement.
 * Each order's `risk` is dated by the shop's day of `now` (the app's clock; docs/product.md#dates-a-tailor-promises).
 * @throws AppError('bad_request', PAGING_MESSAGES.badCursor) for a cursor not of this list.
 */
export async function listAdminOrdersJson(
  db: Db,
  query: AdminOrderListQuery,
  now: Date = new Date(),
  upiLink: string | undefined = undefined,
): Promise<string> {
  const today = shopNow(now).date;
  const at = pageAt(query);
  const filter: OrderFilter = {
    upiLink,
    states: query.status ?? ORDER_STATUSES,
    dates: dateCondition(query.from, query.to),
    search: query.q === undefined ? undefined : orderSearch(query.q),
  };
  if (filter.search && !filter.search.indexed) return walkedPage(db, filter, at, query.limit, today);
  const [row] = await searchThroughIndexes(db, query.q, (tx) => rowsOf<PageRow>(tx, pageStatement(filter, at, query.limit, today)));
  const counts = countsOf(row!);
  // A search that finds more than one statement may sort and count: walked in steps.
  if (row!.found !== null && row!.found > ORDERS_IN_ONE_STATEMENT) return walkedPage(db, filter, at, query.limit, today);
  if (filter.dates && Object.values(counts).some((n) => n > ORDERS_IN_ONE_STATEMENT)) {
    // A range of more orders than one statement may count: its page stands, its counts are walked.
    return pageJson(
      row!,
      at.sort,
      query.limit,
      (await walkOrderHistory(db, { ...filter, search: undefined }, { sort: 'placed', after: undefined }, 0)).counts,
    );
  }
  return pageJson(row!, at.sort, query.limit, counts);
}

/** A search's page and counts by a walk of the history in steps, then the page's JSON by one statement. */
async function walkedPage(db: Db, filter: OrderFilter, at: PageAt, limit: number, today: string): Promise<string> {
  const walked = await walkOrderHistory(db, filter, at, limit + 1);
  const [row] = await rowsOf<PageRow>(db, keyedPageStatement(walked.ids, at.sort, limit, today, filter.upiLink));
  return pageJson(row!, at.sort, limit, walked.counts);
}

/** The one row a page's statement answers. */
interface PageRow {
  /** The page's orders, a JSON array as text. */
  orders: string;
  /** Keys read: `limit + 1` when there is a next page. */
  fetched: number;
  /** Sorted by placing time: the last shown order's placing time (µs since 1970); null when the page is not full. */
  last_micros?: string | null;
  /** Sorted by a date: the last shown order's date (`YYYY-MM-DD`), null when it has none or the page is not full. */
  last_date?: string | null;
  /** The last shown order's number; null when the page is not full. */
  last_number: string | null;
  /** `{state: count}` as JSON text, states without orders left out. */
  counts: string;
  /** With a search: how many order ids it read, at most one past the cap; null without. */
  found: number | null;
}

/** The row's counts, every state's. */
function countsOf(row: PageRow): OrderStateCounts {
  return toStateCounts(Object.entries(JSON.parse(row.counts) as Record<string, number | string>).map(([status, n]) => ({ status, n })));
}

/** The answer's JSON text: the page's orders as PostgreSQL wrote them, the next page's cursor in the page's sort, every state's count. */
function pageJson(row: PageRow, sort: PageAt['sort'], limit: number, counts: OrderStateCounts): string {
  const full = row.fetched > limit && row.last_number !== null;
  let nextCursor: string | null = null;
  if (full && sort === 'placed' && row.last_micros)
    nextCursor = encodeCursor('adminOrders', { atMicros: row.last_micros, key: row.last_number! });
  if (full && sort !== 'placed')
    nextCursor = encodeDateCursor(DATE_SORT_LISTS[sort], { date: row.last_date ?? null, key: row.last_number! });
  return `{"orders":${row.orders},"nextCursor":${JSON.stringify(nextCursor)},"counts":${JSON.stringify(counts)}}`;
}
