import { z } from './zod.js';
import { LIMITS } from './limits.js';
import { formatRupees } from './money.js';
import { CancelledOrderSchema, OrderSchema } from './order.js';
import { IdSchema } from './product.js';
import { IsoDateSchema } from './visits.js';
import { VisitKindSchema } from './appointments.js';
import { OrderRiskSchema } from './dates.js';
import { freeText } from './text.js';
import { NextCursorSchema, OrderStateCountsSchema } from './paging.js';
import { LANGUAGES } from './pages.js';
import { ProductSchema } from './product.js';
import { LENGTH_UNITS, MAX_MEASURED_NOTE_LENGTH, MeasurementsSchema } from './measurements.js';

/**
 * Most files read from one multipart upload. Files past LIMITS.maxProductImages (docs/product.md#limits:
 * only the first 6 are kept) are read and thrown away up to this count, so a shop owner who
 * picks a few too many still gets the first six; beyond it the upload is refused with 413.
 */
export const MAX_UPLOAD_FILES = 20;

/**
 * Messages of the admin endpoints (docs/product.md#messages; docs/product.md#admin-dashboard). The web shows the
 * server's text for a status change, so these are the words the shop owner reads.
 */
export const ADMIN_MESSAGES = {
  /** `PUT /orders/status/:orderId` success, e.g. 'Order status updated to visited'. */
  statusUpdated: (status: string) => `Order status updated to ${status}`,
  /** `PUT /admin/orders/:orderId/prices` success (docs/product.md#final-price). */
  pricesUpdated: 'Final prices saved',
  /** `DELETE /orders/delivered/delete/:orderId` success (docs/product.md#messages 'deleted'). */
  deliveredDeleted: 'deleted',
  /** `DELETE /orders/delivered/delete/:orderId` on an order that is not delivered: 409. */
  onlyDeliveredDeletable: 'Only delivered orders can be deleted',
  /** `DELETE /orders/delete/:id` success (docs/product.md#messages). */
  cancelledDeleted: 'Order deleted successfully',
  productDeleted: 'Product deleted',
  bannerDeleted: 'Banner deleted',
  orderNotFound: 'Order not found',
  /** `PUT /orders/status/:orderId` on an order its customer cancelled: 409 (docs/product.md#cancellations-kept). */
  orderCancelled: 'The customer has cancelled this order',
  cancelledNotFound: 'Cancelled order not found',
  bannerNotFound: 'Banner not found',
  productNotFound: 'Product not found',
  /** A file over LIMITS.maxImageBytes: 413. */
  imageTooLarge: `Each image must be at most ${LIMITS.maxImageBytes / (1024 * 1024)} MB`,
  /** `POST /product` without any image: 400 (docs/product.md#validation Product form). */
  imageRequired: 'Add at least one image',
  /** `POST /banner` without its image: 400 (docs/product.md#validation Banner form). */
  bannerImageRequired: 'Add the banner image',
  /** `PUT /tailor-photo` without its picture: 400 (docs/product.md#admin-dashboard, the tailor's photo). */
  tailorPhotoRequired: 'Add the tailor’s photo',
  tooManyFiles: `Send at most ${MAX_UPLOAD_FILES} files in one upload`,
  unexpectedFile: 'The upload has a file in a field that takes none',
  fieldTooLong: 'A field of the form is too long',
  /** `PUT /admin/orders/:orderId/prices` on a delivered or cancelled order: 409 (docs/product.md#final-price). */
  pricesLocked: 'Prices can change only until the order is delivered',
  /** A priced line names a product the order does not hold: 400. */
  priceLineUnknown: 'Each price must name a product of this order',
  /** The same product priced twice in one request: 400. */
  priceLineTwice: 'Give each product one price',
  /** A final price of zero or below: 400. */
  pricePositive: 'A final price must be above zero',
  /** A final price past LIMITS.maxFinalPriceFactor times the price ordered or LIMITS.maxFinalPriceRupees: 400. */
  priceTooHigh: `A final price may be at most ${LIMITS.maxFinalPriceFactor} times the price ordered and at most ${formatRupees(LIMITS.maxFinalPriceRupees)}`,
  /** A price note past LIMITS.maxPriceNoteLength characters: 400. */
  priceNoteTooLong: `A price note may be at most ${LIMITS.maxPriceNoteLength} characters`,
  /** Photos sent with a status other than "designed": 400 (docs/product.md#designed-photos). */
  photosOnlyDesigned: 'Photos can be attached only when the status is designed',
  /** More than LIMITS.maxDesignedPhotos photos: 413. */
  tooManyPhotos: `Attach at most ${LIMITS.maxDesignedPhotos} photos`,
  /** `PUT /admin/orders/:orderId/measurements` success (docs/product.md#the-measurement-book). */
  measurementsSaved: 'Measurements saved',
  /** Measurements recorded on a delivered or cancelled order: 409. */
  measurementsLocked: 'Measurements can be recorded only until the order is delivered',
  /** A measured line names a product the order does not hold: 400. */
  measuredLineUnknown: 'Each measured garment must be a product of this order',
  /** The same product measured twice in one request: 400. */
  measuredLineTwice: 'Give each garment one set of measurements',
  /** A measured line without any measurement: 400. */
  measuredEmpty: 'Enter at least one measurement',
  /** A note past MAX_MEASURED_NOTE_LENGTH characters: 400. */
  measuredNoteTooLong: `A measurement note may be at most ${MAX_MEASURED_NOTE_LENGTH} characters`,
} as const;

/** Path params naming an order by its public number (`TH-4K7Q2M`, docs/architecture.md#http-api). */
export const OrderNumberParamsSchema = z.object({ orderId: z.string().min(1).max(20) }).strict();

/** Path params naming a banner or a cancelled-order record by its UUID. */
export const RecordIdParamsSchema = z.object({ id: IdSchema }).strict();

/**
 * An order as the admin sees it, with its customer and her language (docs/architecture.md#http-api); `customer` is null
 * for a delivered order kept after its customer's account was deleted (`npm run delete-user`,
 * docs/decisions/010-deleting-a-shoppers-account.md).
 */
export const AdminOrderSchema = OrderSchema.extend({
  customer: z.object({ username: z.string(), email: z.string() }).nullable(),
  /**
   * The language the customer ordered in (docs/product.md#the-days-visits): the shop writes to
   * her in it. Null for an order placed before the shop kept it: write to her in both.
   */
  language: z.enum(LANGUAGES).nullable(),
  /** What is at risk under the shop's today (docs/product.md#dates-a-tailor-promises), or null. The server always sends it. */
  risk: OrderRiskSchema.nullable().optional(),
  /**
   * The UPI link for the balance (`upi://pay?…`, docs/product.md#payment-at-the-door) when the shop
   * set SHOP_UPI_ID and something is owed on a designed or delivered order; else null. The server always sends it.
   */
  upi: z.object({ uri: z.string() }).nullable().optional(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/**
 * `GET /orders/status`: one page of the customers' orders, newest first, the cursor of the next
 * page, and how many orders each state holds under the query's dates and search
 * (docs/product.md#lists-by-page).
 */
export const AdminOrderListResponseSchema = z.object({
  orders: z.array(AdminOrderSchema),
  nextCursor: NextCursorSchema,
  counts: OrderStateCountsSchema,
});
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponseSchema>;

/** `PUT /orders/status/:orderId`: the success text (docs/product.md#messages shows it) and the updated order. */
export const StatusUpdateResponseSchema = z.object({ message: z.string(), order: AdminOrderSchema });
export type StatusUpdateResponse = z.infer<typeof StatusUpdateResponseSchema>;

/**
 * `PUT /admin/orders/:orderId/prices` body (docs/product.md#final-price): each line's final unit price in
 * rupees (above zero, at most 2 decimals, at most LIMITS.maxFinalPriceRupees; the server also refuses
 * more than LIMITS.maxFinalPriceFactor times the price ordered) and a short note ('' for none). A line
 * names the product it prices; a product the order holds on several lines is priced on each. Lines
 * left out keep their price.
 */
export const PricesBodySchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            productId: IdSchema,
            price: z
              .number()
              .gt(0, ADMIN_MESSAGES.pricePositive)
              .max(LIMITS.maxFinalPriceRupees, ADMIN_MESSAGES.priceTooHigh)
              .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), { message: 'At most 2 decimals' }),
            note: freeText({ max: LIMITS.maxPriceNoteLength, maxMessage: ADMIN_MESSAGES.priceNoteTooLong }).default(''),
          })
          .strict(),
      )
      .min(1)
      .max(50),
  })
  .strict();
export type PricesBody = z.infer<typeof PricesBodySchema>;

/** `PUT /admin/orders/:orderId/prices` answer: the success text and the order with its totals. */
export const PricesResponseSchema = z.object({ message: z.string(), order: AdminOrderSchema });
export type PricesResponse = z.infer<typeof PricesResponseSchema>;

/**
 * `PUT /admin/orders/:orderId/measurements` body (docs/product.md#the-measurement-book): per garment
 * (a product of the order; each at most once), the measurements taken at the visit (whole mm, the
 * ranges of profiles: contract `MeasurementsSchema`, at least one), the unit the owner read them in
 * ('in' when left out) and her note (trimmed, at most {@link MAX_MEASURED_NOTE_LENGTH} characters).
 * With `saveToProfile` each measured line also becomes a new version of the customer's profile the
 * line was ordered with, or a new profile when it had none.
 */
export const MeasuredBodySchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            productId: IdSchema,
            measurements: MeasurementsSchema.refine((value) => Object.values(value).some((mm) => typeof mm === 'number'), {
              message: ADMIN_MESSAGES.measuredEmpty,
            }),
            unit: z.enum(LENGTH_UNITS).default('in'),
            note: freeText({ max: MAX_MEASURED_NOTE_LENGTH, maxMessage: ADMIN_MESSAGES.measuredNoteTooLong }).default(''),
          })
          .strict(),
      )
      .min(1)
      .max(50),
    saveToProfile: z.boolean().default(false),
  })
  .strict();
export type MeasuredBody = z.infer<typeof MeasuredBodySchema>;

/** `PUT /admin/orders/:orderId/measurements` answer: the success text and the order with each line's `measured`. */
export const MeasuredResponseSchema = z.object({ message: z.string(), order: AdminOrderSchema });
export type MeasuredResponse = z.infer<typeof MeasuredResponseSchema>;

/** `GET /orders/cancel`: one page of the cancelled-order records, newest first, and the next page's cursor (docs/product.md#lists-by-page). */
export const CancelledOrderListResponseSchema = z.object({ cancelledOrders: z.array(CancelledOrderSchema), nextCursor: NextCursorSchema });
export type CancelledOrderListResponse = z.infer<typeof CancelledOrderListResponseSchema>;

/** `GET /admin/visits` query: the shop's calendar day (`YYYY-MM-DD`, India Standard Time); anything else is a 400. */
export const DayVisitsQuerySchema = z.object({ date: IsoDateSchema }).strict();

/**
 * `GET /admin/visits?date=YYYY-MM-DD` (docs/product.md#the-days-visits): the orders with a home
 * visit on that day, grouped by slot in the slot's time order (start, then name); in a slot,
 * oldest order first. Each slot names its id, `label` (the slot's name as booked), `start` and
 * `end` (`HH:MM`, India Standard Time). Each order is the admin's order: number, status,
 * address (name, phone, alternate phone, landmark) and each line with its stitching snapshot
 * (measurements in mm), and the `kind` of that visit: measuring, trial or delivery
 * (docs/product.md#trial-and-delivery-visits). Cancelled orders are left out; a day with no visit has `slots: []`.
 */
export const DayVisitsResponseSchema = z.object({
  date: z.string(),
  slots: z.array(
    z.object({
      slotId: IdSchema,
      label: z.string(),
      start: z.string(),
      end: z.string(),
      // The server always sends `kind`; a client reads a missing one as a measuring visit.
      orders: z.array(AdminOrderSchema.extend({ kind: VisitKindSchema.optional() })),
    }),
  ),
});
export type DayVisitsResponse = z.infer<typeof DayVisitsResponseSchema>;

/** `GET /product/admin`: one page of every product, hidden ones too (each with `hidden`), newest first, and the next page's cursor (docs/product.md#lists-by-page). */
export const AdminProductListResponseSchema = z.object({ products: z.array(ProductSchema), nextCursor: NextCursorSchema });
export type AdminProductListResponse = z.infer<typeof AdminProductListResponseSchema>;

/**
 * `GET /admin/orders/at-risk` (docs/product.md#dates-a-tailor-promises): the shop's today and the
 * orders at risk on it, overdue first, then due soon, then needed soon, each soonest first.
 */
export const AtRiskOrdersResponseSchema = z.object({ today: z.string(), orders: z.array(AdminOrderSchema) });
export type AtRiskOrdersResponse = z.infer<typeof AtRiskOrdersResponseSchema>;
