import { z } from './zod.js';
import { ORDER_STATES, type OrderState } from './limits.js';
import { isCalendarDate } from './visits.js';
import { freeText } from './text.js';

/**
 * Lists that grow with the shop's history answer a page at a time (docs/product.md#lists-by-page):
 * the admin's orders, cancelled orders, messages and products, and a shopper's own orders.
 * A page is the newest first; its answer carries `nextCursor`, an opaque string that asks for
 * the page after it (keyset paging: the cursor names the last row shown, so an order placed
 * meanwhile neither repeats nor skips a row), or null on the last page. Without parameters a
 * list answers its first page, so the shop's original calls (`GET /orders/status`, …) still work.
 */

/** Page sizes (docs/product.md#lists-by-page): 30 unless asked, at most 100; a search at most 100 characters. */
export const PAGE_LIMITS = {
  defaultPageSize: 30,
  maxPageSize: 100,
  maxSearchLength: 100,
  /** The longest cursor the server ever writes is well under this. */
  maxCursorLength: 200,
} as const;

/** What a refused list query says (400), in the shop's words (docs/product.md#messages). */
export const PAGING_MESSAGES = {
  badLimit: `Ask for 1 to ${PAGE_LIMITS.maxPageSize} at a time`,
  /** A cursor the server did not write, or one cut short: start the list again. */
  badCursor: 'This page link is not valid: load the list again from the start',
  searchTooLong: `Search for at most ${PAGE_LIMITS.maxSearchLength} characters`,
  badStatus: `Filter by ${ORDER_STATES.join(', ')}`,
  badDate: 'Write dates as YYYY-MM-DD',
  badRange: 'The start date must not be after the end date',
  badSort: 'Sort by placed, readyBy or neededBy',
} as const;

/**
 * How the admin's orders can be sorted (docs/product.md#lists-by-page): `placed`, newest placed
 * first (the default, as the list always was); `readyBy`, the ready-by date, soonest first;
 * `neededBy`, her function date, soonest first. A date sort puts the orders without that date
 * last, and orders of the same date by order number.
 */
export const ADMIN_ORDER_SORTS = ['placed', 'readyBy', 'neededBy'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** `limit`: how many rows a page holds, 1 to {@link PAGE_LIMITS.maxPageSize}, default {@link PAGE_LIMITS.defaultPageSize}. */
export const PageLimitSchema = z.coerce
  .number({ error: PAGING_MESSAGES.badLimit })
  .int(PAGING_MESSAGES.badLimit)
  .min(1, PAGING_MESSAGES.badLimit)
  .max(PAGE_LIMITS.maxPageSize, PAGING_MESSAGES.badLimit)
  .default(PAGE_LIMITS.defaultPageSize);

/**
 * `cursor`: the `nextCursor` of the page before, as the server wrote it (URL-safe base64, at
 * most {@link PAGE_LIMITS.maxCursorLength} characters). Its inside is the server's business;
 * one it cannot read is also a 400 with {@link PAGING_MESSAGES.badCursor}.
 */
export const CursorSchema = z
  .string({ error: PAGING_MESSAGES.badCursor })
  .max(PAGE_LIMITS.maxCursorLength, PAGING_MESSAGES.badCursor)
  .regex(/^[A-Za-z0-9_-]+$/, PAGING_MESSAGES.badCursor);

/**
 * `q`: what to search for, trimmed; empty means no search. At most
 * {@link PAGE_LIMITS.maxSearchLength} characters.
 */
export const ListSearchSchema = freeText({ max: PAGE_LIMITS.maxSearchLength, maxMessage: PAGING_MESSAGES.searchTooLong }).transform(
  (text) => (text === '' ? undefined : text),
);

/**
 * `status`: one state or several, comma-separated (`call,visited`), each one of
 * {@link ORDER_STATES}; repeated ones count once. Answers the list of states.
 */
export const OrderStateFilterSchema = z
  .string({ error: PAGING_MESSAGES.badStatus })
  .max(100, PAGING_MESSAGES.badStatus)
  .transform((text) => [...new Set(text.split(',').map((part) => part.trim()))])
  .pipe(z.array(z.enum(ORDER_STATES, { error: PAGING_MESSAGES.badStatus })).min(1, PAGING_MESSAGES.badStatus));

/** `from`, `to`: a calendar day `YYYY-MM-DD` of the shop's calendar (India Standard Time). */
export const ListDateSchema = z.string({ error: PAGING_MESSAGES.badDate }).refine(isCalendarDate, PAGING_MESSAGES.badDate);

/** `?limit=&cursor=` of a list without search. */
export const PageQuerySchema = z.object({ limit: PageLimitSchema, cursor: CursorSchema.optional() }).strict();
export type PageQuery = z.output<typeof PageQuerySchema>;

/** `?limit=&cursor=&q=`: the cancelled orders (order number, customer name, phone), the messages (name, e-mail, phone, text) and the admin's products (name in English or Tamil). */
export const SearchPageQuerySchema = PageQuerySchema.extend({ q: ListSearchSchema.optional() }).strict();
export type SearchPageQuery = z.output<typeof SearchPageQuerySchema>;

/**
 * `GET /orders/status?limit=&cursor=&status=&from=&to=&q=&sort=` (admin): `status` narrows to those
 * states (default: every state but `cancelled`, as the original list); `from` and `to` are the
 * shop's calendar days (India Standard Time, both included) the order was placed on; `q` finds
 * an order by its number, or its customer's name, phone or e-mail (the account's and the
 * address's), ignoring case and spaces in a phone number; `sort` is one of
 * {@link ADMIN_ORDER_SORTS} (absent: `placed`). A cursor is of one sort: asked under another, 400
 * {@link PAGING_MESSAGES.badCursor}.
 */
export const AdminOrderListQuerySchema = SearchPageQuerySchema.extend({
  status: OrderStateFilterSchema.optional(),
  from: ListDateSchema.optional(),
  to: ListDateSchema.optional(),
  sort: z.enum(ADMIN_ORDER_SORTS, { error: PAGING_MESSAGES.badSort }).optional(),
})
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: PAGING_MESSAGES.badRange, path: ['to'] });
export type AdminOrderListQuery = z.output<typeof AdminOrderListQuerySchema>;

/** `GET /orders?limit=&cursor=&status=` (a shopper's own): `status` narrows (My Orders' Active is every state but `cancelled`). */
export const MyOrderListQuerySchema = PageQuerySchema.extend({ status: OrderStateFilterSchema.optional() }).strict();
export type MyOrderListQuery = z.output<typeof MyOrderListQuerySchema>;

/** `nextCursor`: the cursor of the next page, or null on the last page. */
export const NextCursorSchema = z.string().nullable();

/**
 * How many orders are in each state, under the list's other filters (its dates and search)
 * but not its status filter, so a filter chip can show its count before it is pressed.
 */
export const OrderStateCountsSchema = z.object(
  Object.fromEntries(ORDER_STATES.map((state) => [state, z.number().int().nonnegative()])) as Record<OrderState, z.ZodNumber>,
);
export type OrderStateCounts = z.infer<typeof OrderStateCountsSchema>;
