import { z } from './zod.js';
import { PRODUCT_CATEGORIES, type ProductCategory } from './catalog.js';
import { GARMENT_GROUPS } from './dates.js';
import { IsoDateSchema } from './visits.js';

/**
 * The owner's numbers (docs/product.md#reports, docs/product.md#the-order-lines-csv) and the HSN
 * codes her bills print (docs/product.md#hsn-codes). Dates are the shop's calendar (India Standard
 * Time), `YYYY-MM-DD`; money in rupees.
 */

/** The longest period a report or the order lines' CSV covers: two years, both ends counted. */
export const MAX_REPORT_PERIOD_DAYS = 731;
/** How many designs the report's top designs list at most. */
export const MAX_TOP_PRODUCTS = 10;

/** An HSN code (docs/product.md#hsn-codes): 4, 6 or 8 digits, as India's GST bills print them. */
export const HSN_CODE_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/**
 * Messages of the HSN codes and reports (docs/product.md#hsn-codes, docs/product.md#reports). Each
 * has a reason `report.<key>` and an English and Tamil text on the web.
 */
export const REPORT_MESSAGES = {
  /** A code not of 4, 6 or 8 digits: 400. */
  badHsnCode: 'An HSN code is 4, 6 or 8 digits',
  /** A category outside the shop's list: 400. */
  unknownCategory: 'Unknown product category',
  /** `from` after `to`, or a period over MAX_REPORT_PERIOD_DAYS days: 400. */
  badPeriod: `Choose a period whose start is not after its end, at most ${MAX_REPORT_PERIOD_DAYS} days long`,
} as const;

/** One category's HSN code, or null to print none (docs/product.md#hsn-codes). */
const HsnCodeSchema = z.string({ error: REPORT_MESSAGES.badHsnCode }).regex(HSN_CODE_PATTERN, REPORT_MESSAGES.badHsnCode).nullable();

/**
 * `PUT /admin/hsn-codes` body (docs/product.md#hsn-codes): `{codes: {<category>: '6204' | null}}`,
 * only the categories named change (null clears one). 400 a code not of 4, 6 or 8 digits, a
 * category outside PRODUCT_CATEGORIES, or any other field.
 */
export const HsnCodesBodySchema = z
  .object({
    codes: z.partialRecord(z.enum(PRODUCT_CATEGORIES), HsnCodeSchema, {
      error: (issue) => (issue.code === 'invalid_type' ? undefined : REPORT_MESSAGES.unknownCategory),
    }),
  })
  .strict();
export type HsnCodesBody = z.infer<typeof HsnCodesBodySchema>;

/** `GET`/`PUT /admin/hsn-codes` answer: every category's HSN code, null where none is set. */
export const HsnCodesSchema = z.object({
  // Each category named (not a record over the enum), so the API document lists the properties it requires.
  codes: z.object(
    Object.fromEntries(PRODUCT_CATEGORIES.map((category) => [category, z.string().nullable()])) as Record<
      ProductCategory,
      z.ZodNullable<z.ZodString>
    >,
  ),
});
export type HsnCodes = { codes: Record<ProductCategory, string | null> };

/**
 * `GET /admin/reports?from=&to=` and `GET /admin/orders.csv?from=&to=` query (docs/product.md#reports):
 * the shop's calendar days, both included; `from` after `to` or a period over
 * {@link MAX_REPORT_PERIOD_DAYS} days is a 400.
 */
export const ReportPeriodQuerySchema = z
  .object({ from: IsoDateSchema, to: IsoDateSchema })
  .strict()
  .refine(({ from, to }) => from <= to && (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_REPORT_PERIOD_DAYS, {
    message: REPORT_MESSAGES.badPeriod,
  });
export type ReportPeriodQuery = z.infer<typeof ReportPeriodQuerySchema>;

/**
 * `GET /admin/reports?from=&to=` (docs/product.md#reports; each figure's meaning is written there):
 * - `orders`: orders placed in the period (any state now); `delivered`, `cancelled`: orders
 *   delivered (first delivery) or cancelled on a day of the period.
 * - `revenue`: the final totals (rupees) of the orders delivered in the period.
 * - `byWeek`: every week (Monday first) the period touches: orders placed and revenue delivered in
 *   it, within the period; `weekStart` its Monday.
 * - `byGroup`: per garment group (GARMENT_GROUPS), the delivered orders holding a garment of it and
 *   those garments' amounts.
 * - `onTimeRate`: of the orders delivered in the period that had a ready-by date, the share (0 to 1)
 *   delivered on or before it; null when none had one.
 * - `averageDaysToDeliver`: days from the day placed to the day delivered, averaged over the orders
 *   delivered in the period, to one decimal; null when none.
 * - `cancellationReasons`: the reasons of the period's cancellations, most frequent first.
 * - `topProducts`: the designs most delivered in the period (garments, then amount), at most
 *   {@link MAX_TOP_PRODUCTS}; `productId` null for a design since deleted.
 */
export const ReportResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
  revenue: z.number(),
  byWeek: z.array(z.object({ weekStart: z.string(), orders: z.number().int(), revenue: z.number() })),
  byGroup: z.array(z.object({ group: z.enum(GARMENT_GROUPS), orders: z.number().int(), revenue: z.number() })),
  onTimeRate: z.number().nullable(),
  averageDaysToDeliver: z.number().nullable(),
  cancellationReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  topProducts: z.array(
    z.object({
      productId: z.string().nullable(),
      name: z.string(),
      nameTa: z.string().nullable(),
      count: z.number().int(),
      revenue: z.number(),
    }),
  ),
});
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

/**
 * `GET /admin/orders.csv?from=&to=` (docs/product.md#the-order-lines-csv): the CSV's bytes, declared
 * as a string for the API document (no JSON is sent).
 */
export const OrdersCsvSchema = z.string().describe('The period’s order lines as CSV (text/csv, UTF-8 with a byte order mark)');
