import { z } from './zod.js';
import { IsoDateSchema } from './visits.js';
import { freeText } from './text.js';

/**
 * Dates a tailor promises (docs/product.md#dates-a-tailor-promises): the customer's function
 * date, the ready-by date the shop computes before she orders, the owner's lead times, the moves
 * of a ready-by date and the orders at risk. Dates are the shop's calendar (India Standard Time),
 * as `YYYY-MM-DD`.
 */

/** The most days ahead a function date may be (a year). */
export const MAX_NEEDED_BY_DAYS = 365;
/** The most working days the owner may give one garment group. */
export const MAX_LEAD_DAYS = 90;
/** The most garments the owner may say the shop finishes per working day. */
export const MAX_DAILY_CAPACITY = 200;
/** The longest reason for moving a ready-by date. */
export const MAX_READY_BY_REASON_LENGTH = 200;

/** Messages of the dates (docs/product.md#dates-a-tailor-promises). */
export const DATE_MESSAGES = {
  /** 400 of `POST /orders` and `POST /orders/quote`: a function date in the past or more than a year ahead. */
  neededByRange: `Choose a function date from today to ${MAX_NEEDED_BY_DAYS} days ahead.`,
  /** 400 of `PUT /admin/orders/:orderId/ready-by`: a date before today or more than a year ahead. */
  readyByRange: `Choose a ready-by date from today to ${MAX_NEEDED_BY_DAYS} days ahead.`,
  reasonRequired: 'Please give a short reason for the new date.',
  reasonTooLong: `Keep the reason to ${MAX_READY_BY_REASON_LENGTH} characters.`,
  /** 409: a delivered or cancelled order has no date to move. */
  orderClosed: 'This order is delivered or cancelled: its date cannot be moved.',
  leadDaysRange: `Give each garment 1 to ${MAX_LEAD_DAYS} working days.`,
  capacityRange: `The shop finishes 1 to ${MAX_DAILY_CAPACITY} garments a working day.`,
  /** The success text of `PUT /admin/orders/:orderId/ready-by`. */
  readyByMoved: 'Ready-by date changed',
} as const;

/** The garment groups the owner gives days of work to, as the home page groups categories. */
export const GARMENT_GROUPS = ['blouse', 'chudithar', 'frock', 'pattupavadai', 'pant', 'nightwear'] as const;
export type GarmentGroup = (typeof GARMENT_GROUPS)[number];

/**
 * The garment group of a product category (docs/product.md#dates-a-tailor-promises): by the
 * word its slug ends in (`…-blouse`, `…-chudithar`, `…-frock`, `…-pattupavadai`, `…-pant`),
 * and night wear itself. A category outside them (none today) counts as a blouse.
 */
export function garmentGroupOf(category: string): GarmentGroup {
  if (category === 'nightwear') return 'nightwear';
  const last = category.split('-').pop() ?? '';
  return (GARMENT_GROUPS as readonly string[]).includes(last) ? (last as GarmentGroup) : 'blouse';
}

const leadDays = z
  .number({ error: DATE_MESSAGES.leadDaysRange })
  .int(DATE_MESSAGES.leadDaysRange)
  .min(1, DATE_MESSAGES.leadDaysRange)
  .max(MAX_LEAD_DAYS, DATE_MESSAGES.leadDaysRange);

/**
 * `GET`/`PUT /admin/lead-times` (docs/product.md#dates-a-tailor-promises): the working days of
 * work each garment group takes (1 to {@link MAX_LEAD_DAYS}) and the garments the shop finishes
 * per working day (1 to {@link MAX_DAILY_CAPACITY}). The PUT body is the whole setting.
 */
export const LeadTimesSchema = z
  .object({
    days: z.object(Object.fromEntries(GARMENT_GROUPS.map((group) => [group, leadDays])) as Record<GarmentGroup, typeof leadDays>).strict(),
    dailyCapacity: z
      .number({ error: DATE_MESSAGES.capacityRange })
      .int(DATE_MESSAGES.capacityRange)
      .min(1, DATE_MESSAGES.capacityRange)
      .max(MAX_DAILY_CAPACITY, DATE_MESSAGES.capacityRange),
  })
  .strict();
export type LeadTimes = z.infer<typeof LeadTimesSchema>;

/**
 * `PUT /admin/orders/:orderId/ready-by` body: the new date (today to a year ahead, checked by
 * the server against its clock) and the owner's short reason, which the customer is mailed.
 */
export const ReadyByBodySchema = z
  .object({
    readyBy: IsoDateSchema,
    reason: freeText({
      typeMessage: DATE_MESSAGES.reasonRequired,
      min: 1,
      minMessage: DATE_MESSAGES.reasonRequired,
      max: MAX_READY_BY_REASON_LENGTH,
      maxMessage: DATE_MESSAGES.reasonTooLong,
    }),
  })
  .strict();
export type ReadyByBody = z.infer<typeof ReadyByBodySchema>;

/**
 * A move of an order's ready-by date, on its timeline (docs/product.md#dates-a-tailor-promises):
 * the date before (null when it had none), the new date, the owner's reason and when (ISO 8601 UTC).
 */
export const ReadyByChangeSchema = z.object({ from: z.string().nullable(), to: z.string(), reason: z.string(), at: z.iso.datetime() });
export type ReadyByChange = z.infer<typeof ReadyByChangeSchema>;

/**
 * What is at risk in an admin order (docs/product.md#dates-a-tailor-promises), first that applies:
 * `overdue` (ready-by passed, not delivered), `due-soon` (ready-by within 2 days, not yet
 * designed), `needed-soon` (function date within 3 days, not delivered).
 */
export const ORDER_RISKS = ['overdue', 'due-soon', 'needed-soon'] as const;
export type OrderRisk = (typeof ORDER_RISKS)[number];
export const OrderRiskSchema = z.enum(ORDER_RISKS);

/** Days before the ready-by date an order not yet designed is `due-soon`. */
export const DUE_SOON_DAYS = 2;
/** Days before the function date an order not delivered is `needed-soon`. */
export const NEEDED_SOON_DAYS = 3;
