import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isCalendarDate, PAGING_MESSAGES } from '@thaiyal/contract';
import { AppError } from './errors.js';

/**
 * Lists by page (docs/product.md#lists-by-page; docs/architecture.md#lists-by-page;
 * docs/decisions/019-lists-by-page.md): what every paged list shares. A page is the newest rows
 * first, ordered by creation time and a unique key; its `nextCursor` names the last row shown
 * (keyset paging), so the next page starts strictly after it: a row added meanwhile lands
 * before the first page and neither repeats nor hides one. The cursor is opaque to clients:
 * URL-safe base64 of `<list>.<microseconds>.<key>`, written and read only here.
 */

/** The lists that page, each with the one-letter tag its cursors carry: a cursor of one list is refused by another. */
const LIST_TAGS = {
  adminOrders: 'a',
  myOrders: 'm',
  cancelledOrders: 'c',
  contactMessages: 'k',
  adminProducts: 'p',
} as const;
export type PagedList = keyof typeof LIST_TAGS;

/**
 * Where a page ends: the last row's creation time in whole microseconds since 1970 (as the
 * database holds it, as a decimal string: a JavaScript Date keeps only milliseconds) and its
 * unique key (an order number, or a row's UUID).
 */
export interface CursorPosition {
  atMicros: string;
  key: string;
}

/** What a key may look like in each list: an order number, or a UUID. */
const KEY_PATTERNS: Record<PagedList, RegExp> = {
  adminOrders: /^[A-Z0-9-]{1,40}$/,
  myOrders: /^[A-Z0-9-]{1,40}$/,
  cancelledOrders: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  contactMessages: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  adminProducts: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};

/** Microseconds since 1970, up to the year 5138: well inside what a JavaScript Date and PostgreSQL hold. */
const MICROS_PATTERN = /^(0|[1-9][0-9]{0,16})$/;

/** The cursor of `list` that names `position` (see the module's comment for its form). */
export function encodeCursor(list: PagedList, position: CursorPosition): string {
  return Buffer.from(`${LIST_TAGS[list]}.${position.atMicros}.${position.key}`, 'utf8').toString('base64url');
}

/**
 * Read a cursor of `list` (the query's `cursor`, already of the contract's `CursorSchema`
 * characters); none means the first page.
 * @throws AppError('bad_request', PAGING_MESSAGES.badCursor) for a cursor this server did not
 *   write for this list: another list's, cut short, or base64 of anything else.
 */
export function decodeCursor(list: PagedList, cursor: string | undefined): CursorPosition | undefined {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  // Node reads base64 leniently: only a cursor that is exactly what encodeCursor wrote counts.
  const [tag, atMicros, key, ...rest] = text.split('.');
  if (
    rest.length > 0 ||
    tag !== LIST_TAGS[list] ||
    !atMicros ||
    !MICROS_PATTERN.test(atMicros) ||
    !key ||
    !KEY_PATTERNS[list].test(key) ||
    encodeCursor(list, { atMicros, key }) !== cursor
  ) {
    throw new AppError('bad_request', PAGING_MESSAGES.badCursor);
  }
  return { atMicros, key };
}

/**
 * The lists sorted by a calendar date, soonest first, the rows without one last
 * (docs/product.md#lists-by-page: the admin's orders by ready-by or function date), each with its
 * own tag, so a cursor of one sort is refused by another (and by the lists by creation time).
 */
const DATE_LIST_TAGS = {
  adminOrdersByReadyBy: 'r',
  adminOrdersByNeededBy: 'n',
} as const;
export type DateSortedList = keyof typeof DATE_LIST_TAGS;

/** Where a page of a list by date ends: the last row's date (`YYYY-MM-DD`, null for a row without one) and its order number. */
export interface DatePosition {
  date: string | null;
  key: string;
}

/** How a cursor writes a row without a date (sorted after every dated row). */
const NO_DATE = 'none';
const ORDER_NUMBER_PATTERN = /^[A-Z0-9-]{1,40}$/;

/** The cursor of `list` that names `position`: URL-safe base64 of `<tag>.<YYYY-MM-DD|none>.<order number>`. */
export function encodeDateCursor(list: DateSortedList, position: DatePosition): string {
  return Buffer.from(`${DATE_LIST_TAGS[list]}.${position.date ?? NO_DATE}.${position.key}`, 'utf8').toString('base64url');
}

/**
 * Read a cursor of the list by date `list`; none means the first page.
 * @throws AppError('bad_request', PAGING_MESSAGES.badCursor) for a cursor this server did not
 *   write for this list and sort: another sort's or list's, cut short, or base64 of anything else.
 */
export function decodeDateCursor(list: DateSortedList, cursor: string | undefined): DatePosition | undefined {
  if (cursor === undefined) return undefined;
  const [tag, date, key, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const position = { date: date === NO_DATE ? null : (date ?? ''), key: key ?? '' };
  if (
    rest.length > 0 ||
    tag !== DATE_LIST_TAGS[list] ||
    (position.date !== null && !isCalendarDate(position.date)) ||
    !ORDER_NUMBER_PATTERN.test(position.key) ||
    encodeDateCursor(list, position) !== cursor
  ) {
    throw new AppError('bad_request', PAGING_MESSAGES.badCursor);
  }
  return position;
}

/**
 * A position's time as PostgreSQL reads it exactly, to the microsecond:
 * `1795780371948123` → `'2026-11-27T10:32:51.948123Z'`.
 */
function positionTimestamp(position: CursorPosition): string {
  const micros = BigInt(position.atMicros);
  const iso = new Date(Number(micros / 1000n)).toISOString();
  return `${iso.slice(0, 23)}${String(micros % 1000n).padStart(3, '0')}Z`;
}

/** SQL: `column`'s time in whole microseconds since 1970, as text (what a {@link CursorPosition} holds). */
export function microsOf(column: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
}

/** SQL: the rows after `position` in newest-first order of (`at`, `key`): the keyset condition, answered by an index on (…, at, key). */
export function afterPosition(at: AnyPgColumn | SQL, key: AnyPgColumn | SQL, position: CursorPosition | undefined): SQL {
  if (!position) return sql`true`;
  return sql`(${at}, ${key}) < (${positionTimestamp(position)}::timestamptz, ${position.key})`;
}

/**
 * One page out of rows read newest first with `limit + 1` asked for: the first `limit`, and
 * the cursor naming the last of them when the extra row shows there is more (null otherwise).
 */
export function pageOf<Row>(
  list: PagedList,
  rows: readonly Row[],
  limit: number,
  positionOf: (row: Row) => CursorPosition,
): { rows: Row[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { rows: shown, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(list, positionOf(last)) : null };
}

/** `text` for `LIKE`/`ILIKE` as a part found anywhere: `%`, `_` and `\` stand for themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
}

/**
 * The digits of a search typed as a phone number (docs/product.md#lists-by-page): spaces,
 * dashes, dots and brackets dropped, then India's code (`+91`, `0091`, or `91` before ten
 * digits) or the trunk `0` taken off, as people here write a mobile number:
 * `+91 98430 12345` and `098430 12345` → `9843012345`. Undefined when the search is not a
 * phone number (it has letters) or leaves no digit.
 */
export function phoneSearchDigits(search: string): string | undefined {
  const compact = search.replace(/[\s\-.()]/g, '');
  if (!/^(\+|00)?[0-9]+$/.test(compact)) return undefined;
  const international = /^(\+|00)/.test(compact);
  let digits = compact.replace(/^(\+|00)/, '');
  if (international ? digits.startsWith('91') : /^91[0-9]{10}$/.test(digits)) digits = digits.slice(2);
  else if (!international) digits = digits.replace(/^0/, '');
  return digits === '' ? undefined : digits;
}

/**
 * Run `run` in a transaction whose planner may not read a table whole (`enable_seqscan` off
 * for the transaction), and with `walk`, may not gather rows into a bitmap either
 * (`enable_bitmapscan` off): for statements built to reach their rows through indexes,
 * whatever the planner estimates. On PGlite it never has statistics (there is no autovacuum to
 * gather them), and on PostgreSQL it underrates what `ILIKE` costs a row; left alone, it read
 * the customers' accounts or the messages whole once a trigram was common among them (measured,
 * 5,000 accounts cost a search 8 ms on PGlite and 4 ms on PostgreSQL, 20 times what the index
 * takes), and it gathered a whole state's orders and sorted them to keep the newest few thousand,
 * where walking the index down reads just those (docs/performance.md#lists-by-page). Keep `run`
 * short: on PGlite a transaction holds the database until it ends.
 */
export async function withoutSequentialScans<T>(db: Db, run: (db: Db) => Promise<T>, walk = false): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      walk
        ? sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`
        : sql`select set_config('enable_seqscan', 'off', true)`,
    );
    return run(tx);
  });
}

/**
 * Run a list's statement with `run`, through {@link withoutSequentialScans} when it searches
 * (`q`), so the search is answered from its trigram indexes; a list without a search runs as
 * it is. (A search of one or two characters has no trigram to look up: its index is then read
 * whole, which is still no more than reading the table, and its rows are read only up to what
 * the statement needs.)
 */
export async function searchThroughIndexes<T>(db: Db, q: string | undefined, run: (db: Db) => Promise<T>): Promise<T> {
  return q === undefined ? run(db) : withoutSequentialScans(db, run);
}
