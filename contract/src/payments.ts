import { z } from './zod.js';
import { RupeesSchema } from './product.js';
import { freeText } from './text.js';
import { IsoDateSchema } from './visits.js';

/** How a customer pays at the door (docs/product.md#payment-at-the-door): cash, or UPI by scanning. No card, no advance. */
export const PAYMENT_METHODS = ['cash', 'upi'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Most characters of a UPI transaction reference the owner may note (a UPI reference is 12 digits; some apps show longer ids). */
export const MAX_PAYMENT_REFERENCE_LENGTH = 40;
/** Most characters of a payment's note. */
export const MAX_PAYMENT_NOTE_LENGTH = 200;

/** The longest period the Collections view answers in one request (days, both ends counted). */
export const MAX_REPORT_DAYS = 366;

/**
 * User-facing messages of the payment and bill endpoints (docs/product.md#payment-at-the-door,
 * docs/product.md#the-bill). Each has a reason `payment.<key>` and an English and Tamil text on the web.
 */
export const PAYMENT_MESSAGES = {
  /** `POST /admin/orders/:orderId/payments` success. */
  recorded: 'Payment recorded',
  /** Before the order is designed: 409 (no advance payment, docs/product.md#payment-at-the-door). */
  notYetDesigned: 'A payment can be recorded only once the garment is designed',
  /** On a cancelled order: 409. */
  orderCancelled: 'A cancelled order takes no payment',
  /** More than what is still owed: 409. */
  overBalance: 'The amount is more than what is still owed',
  /** Nothing is owed any more: 409. */
  settled: 'This order is already paid in full',
  /** `PUT /admin/orders/:orderId/prices` that would bring the total below what was already paid: 409. */
  belowPaid: 'The total cannot go below what was already paid',
  /** `GET /orders/bill/:orderId` before delivery: 409 (docs/product.md#the-bill). */
  noBillYet: 'The bill is ready once the order is delivered',
  /** A reference longer than MAX_PAYMENT_REFERENCE_LENGTH: 400. */
  referenceTooLong: `A UPI reference may be at most ${MAX_PAYMENT_REFERENCE_LENGTH} characters`,
  /** A note longer than MAX_PAYMENT_NOTE_LENGTH: 400. */
  noteTooLong: `A payment note may be at most ${MAX_PAYMENT_NOTE_LENGTH} characters`,
  /** `from` after `to`, or a period over MAX_REPORT_DAYS days: 400. */
  badPeriod: `Choose a period whose start is not after its end, at most ${MAX_REPORT_DAYS} days long`,
} as const;

/**
 * `POST /admin/orders/:orderId/payments` body (docs/product.md#payment-at-the-door): how she paid,
 * the amount in rupees (above zero, at most 2 decimals; stored as paise), optionally the UPI
 * reference and a note. Strict: any other field is a 400.
 */
export const PaymentBodySchema = z
  .object({
    method: z.enum(PAYMENT_METHODS),
    amount: RupeesSchema,
    reference: freeText({ max: MAX_PAYMENT_REFERENCE_LENGTH, maxMessage: PAYMENT_MESSAGES.referenceTooLong }).optional(),
    note: freeText({ max: MAX_PAYMENT_NOTE_LENGTH, maxMessage: PAYMENT_MESSAGES.noteTooLong }).optional(),
  })
  .strict();
export type PaymentBody = z.infer<typeof PaymentBodySchema>;

/**
 * One payment received for an order (docs/product.md#payment-at-the-door): method, amount in rupees,
 * the UPI reference and note ('' for none), when (ISO 8601 UTC) and who recorded it (the admin's
 * username, null once that account is deleted).
 */
export const PaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  reference: z.string(),
  note: z.string(),
  at: z.iso.datetime(),
  collectedBy: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/**
 * What every order answers about money (docs/product.md#payment-at-the-door, docs/product.md#the-bill):
 * its payments oldest first, `paid` and `balance` in rupees (`balance` = `totalPrice` − `paid`),
 * and its bill number (`TH/2026-27/0001`) once delivered, else null. The server always sends them.
 */
export const OrderMoneyFields = {
  payments: z.array(PaymentSchema).optional(),
  paid: z.number().optional(),
  balance: z.number().optional(),
  billNumber: z.string().nullable().optional(),
};

/**
 * `GET /admin/collections?from=&to=` query: the shop's calendar days (India Standard Time), both
 * ends included; `from` after `to` or a period over {@link MAX_REPORT_DAYS} days is a 400.
 */
export const PeriodQuerySchema = z
  .object({ from: IsoDateSchema, to: IsoDateSchema })
  .strict()
  .refine(({ from, to }) => from <= to && (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_REPORT_DAYS, {
    message: PAYMENT_MESSAGES.badPeriod,
  });
export type PeriodQuery = z.infer<typeof PeriodQuerySchema>;

/** One payment on the Collections view: a {@link PaymentSchema} with the order it was for. */
export const CollectedPaymentSchema = PaymentSchema.extend({ orderId: z.string() });
export type CollectedPayment = z.infer<typeof CollectedPaymentSchema>;

/** Cash and UPI received, in rupees. */
export const CollectionTotalsSchema = z.object({ cash: z.number(), upi: z.number() });

/**
 * `GET /admin/collections?from=&to=` (docs/product.md#the-days-collections): each day of the period
 * that had payments (oldest first, `date` the shop's calendar day), its cash and UPI totals, each
 * collector's totals (`byCollector`, by username; null: an account since deleted), and the payments
 * behind them, oldest first; `total`: the whole period's. `unpaid`: every delivered order with a balance.
 */
export const CollectionsResponseSchema = z.object({
  days: z.array(
    CollectionTotalsSchema.extend({
      date: z.string(),
      byCollector: z.array(CollectionTotalsSchema.extend({ collectedBy: z.string().nullable() })),
      payments: z.array(CollectedPaymentSchema),
    }),
  ),
  total: CollectionTotalsSchema,
  unpaid: z.array(z.object({ orderId: z.string(), customer: z.string(), totalPrice: z.number(), paid: z.number(), balance: z.number() })),
});
export type CollectionsResponse = z.infer<typeof CollectionsResponseSchema>;

/**
 * `GET /orders/bill/:orderId` (docs/product.md#the-bill): the bill's bytes, `application/pdf`,
 * sent as an attachment; declared as a string for the API document (no JSON is sent).
 */
export const BillPdfSchema = z.string().describe('The bill as a PDF (application/pdf), in English and Tamil');
