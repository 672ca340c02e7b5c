import { z } from './zod.js';
import { AddressSchema } from './account.js';
import { LIMITS, ORDER_STATES, ORDER_STATUSES } from './limits.js';
import { formatRupeesExact } from './money.js';
import { freeText } from './text.js';
import { IdSchema, ProductSchema, RupeesSchema } from './product.js';
import { IsoDateSchema, OrderVisitSchema, VisitBodySchema } from './visits.js';
import { ReadyByChangeSchema } from './dates.js';
import { AppointmentChangeSchema, AppointmentSchema } from './appointments.js';
import { AlterationSchema } from './alterations.js';
import { NextCursorSchema, OrderStateCountsSchema } from './paging.js';
import { DEFAULT_STITCHING, OrderStitchingSchema, StitchingBodySchema } from './stitching.js';
import { OrderMoneyFields } from './payments.js';
import { MeasuredSchema } from './measurements.js';
import { SignOffSchema } from './sign-off.js';

/** docs/product.md#limits statuses. */
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
/** An order's `status` as answered: a status or `cancelled` (docs/product.md#cancellations-kept). */
export const OrderStateSchema = z.enum(ORDER_STATES);

/** One cart line as the API returns it (docs/architecture.md#http-api). Price in rupees. */
export const CartItemSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  /** The product's Tamil name and description, '' when the shop wrote none (docs/product.md#languages); the server always sends them. */
  nameTa: z.string().optional(),
  descriptionTa: z.string().optional(),
  description: z.string(),
  images: z.array(z.string()),
  price: z.number(),
  quantity: z.number().int(),
  category: z.string(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** Every cart answer: lines and the total in rupees. */
export const CartResponseSchema = z.object({ items: z.array(CartItemSchema), total: z.number() });
export type CartResponse = z.infer<typeof CartResponseSchema>;

/** `POST /cart` and `DELETE /cart`, `POST /wishlist`. */
export const ProductIdBodySchema = z.object({ productId: IdSchema }).strict();
/** `PUT /cart/:productId`: 0 removes, at most 10 (docs/product.md#cart). */
export const QuantityBodySchema = z.object({ quantity: z.number().int().min(0).max(LIMITS.maxQuantity) }).strict();

/**
 * One step of an order's timeline (docs/product.md#the-tailoring-workflow): the status it reached and
 * when (`at`, ISO 8601 UTC). An order's `timeline` lists them oldest first, the first being its placing.
 */
export const OrderEventSchema = z.object({ status: OrderStateSchema, at: z.iso.datetime() });
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** An order line: the order's own copy of name, image and price (rupees). */
export const OrderItemSchema = z.object({
  productId: z.string().nullable(),
  /**
   * On the order lists (`GET /orders`, `GET /orders/status`) and a placed order: the product's current category, for the link to its
   * page (docs/product.md#my-orders); null once the shop no longer sells it (deleted or hidden).
   */
  category: z.string().nullable().optional(),
  name: z.string(),
  /**
   * The product's Tamil name when the order was placed, '' when it had none (docs/product.md#languages):
   * a Tamil page and a mail's Tamil part show it, else `name`. The server always sends it.
   */
  nameTa: z.string().optional(),
  image: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  /** How the garment is to be made, as copied when the order was placed (docs/product.md#stitching-details). */
  stitching: OrderStitchingSchema.default(DEFAULT_STITCHING),
  /**
   * The unit price (rupees) agreed after measuring, equal to `price` when the shop changed nothing,
   * and the shop's note on it ('' for none) (docs/product.md#final-price). The server always sends both.
   */
  finalPrice: z.number().optional(),
  priceNote: z.string().optional(),
  /**
   * What the owner measured at the visit for this garment (docs/product.md#the-measurement-book),
   * beside what the shopper typed (`stitching.profile`); null until recorded. The server always sends it.
   */
  measured: MeasuredSchema.nullable().optional(),
});

/** An order (docs/architecture.md#http-api): `orderId` is the public order number like `TH-4K7Q2M`. */
export const OrderSchema = z.object({
  orderId: z.string(),
  purchaseDate: z.iso.datetime(),
  status: OrderStateSchema,
  /** Only on a cancelled order: when it was cancelled and the customer's reason (docs/product.md#cancellations-kept). */
  cancelledAt: z.iso.datetime().optional(),
  reason: z.string().optional(),
  items: z.array(OrderItemSchema),
  address: AddressSchema,
  /** The total to pay on delivery (rupees): the final total after measuring (docs/product.md#final-price). */
  totalPrice: z.number(),
  /** The total when the order was placed (rupees), equal to `totalPrice` until the shop sets final prices. The server always sends it. */
  originalTotal: z.number().optional(),
  /** Photos of the finished garment the shop attached at "designed" (docs/product.md#designed-photos). The server always sends them. */
  photos: z.array(z.string()).optional(),
  paymentMethod: z.literal('cod'),
  /** The home visit booked with the order, or null: the shop calls to arrange it (docs/product.md#home-visit-slot). */
  visit: OrderVisitSchema.nullable(),
  customer: z.object({ username: z.string(), email: z.string() }).optional(),
  /** Every status the order reached with its time, oldest first (docs/product.md#the-tailoring-workflow). */
  timeline: z.array(OrderEventSchema),
  /**
   * Dates (docs/product.md#dates-a-tailor-promises): her function date, the day the shop promises it
   * ready (null for orders placed before dates were kept), whether the promise comes after her
   * function (`rush`), and each move of the ready-by date by the owner, oldest first. The server always sends them.
   */
  neededBy: z.string().nullable().optional(),
  readyBy: z.string().nullable().optional(),
  rush: z.boolean().optional(),
  readyByChanges: z.array(ReadyByChangeSchema).optional(),
  /**
   * Every visit of the order (docs/product.md#trial-and-delivery-visits): the measuring visit
   * (kind `measure`, the same as `visit`), then its trial and delivery visits when booked; and each
   * booking, move and cancellation of a trial or delivery visit, oldest first. The server always sends them.
   */
  appointments: z.array(AppointmentSchema).optional(),
  appointmentChanges: z.array(AppointmentChangeSchema).optional(),
  /** The customer's approval before cutting (docs/product.md#sign-off-before-cutting). The server always sends it. */
  signOff: SignOffSchema.optional(),
  /** Her free alterations after delivery, oldest first (docs/product.md#free-alterations). The server always sends them. */
  alterations: z.array(AlterationSchema).optional(),
  ...OrderMoneyFields,
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * `POST /orders` body: lines and the total the shopper saw (checked, never trusted), and the
 * home visit asked for (`visit`, docs/product.md#home-visit-slot): absent or null means "call me
 * to arrange the visit", so the first front end's body stays valid. Each line may carry its
 * `stitching` details (contract stitching.ts `StitchingBodySchema`, docs/product.md#stitching-details);
 * absent means the defaults.
 */
export const PlaceOrderBodySchema = z
  .object({
    items: z
      .array(
        z
          .object({
            productId: IdSchema,
            quantity: z.number().int().min(1).max(LIMITS.maxQuantity),
            stitching: StitchingBodySchema.optional(),
          })
          .strict(),
      )
      .min(1)
      .max(50),
    totalAmt: RupeesSchema,
    visit: VisitBodySchema.nullish(),
    /** Her function date (docs/product.md#dates-a-tailor-promises), today to a year ahead (the server checks the range); absent or null: none. */
    neededBy: IsoDateSchema.nullish(),
  })
  .strict();
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

/**
 * `POST /orders/quote` body: the place-order body with `totalAmt` optional
 * (docs/product.md#dates-a-tailor-promises). Nothing is placed.
 */
export const QuoteBodySchema = PlaceOrderBodySchema.extend({ totalAmt: RupeesSchema.optional() }).strict();
export type QuoteBody = z.infer<typeof QuoteBodySchema>;

/**
 * `POST /orders/quote` answer: the day the order would be ready, her function date (or null),
 * whether it is ready by then (`fits`: true without a function date), and the total in rupees.
 */
export const QuoteResponseSchema = z.object({
  readyBy: z.string(),
  neededBy: z.string().nullable(),
  fits: z.boolean(),
  total: z.number(),
});
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;

/** `PUT /orders/status/:orderId`. */
export const StatusBodySchema = z.object({ status: OrderStatusSchema }).strict();

/** `POST /orders/cancel` (docs/product.md#entities Cancellation request; docs/product.md#validation blank reason). */
export const CancelBodySchema = z
  .object({
    orderId: z.string().min(1).max(20),
    reason: freeText({ min: 1, minMessage: 'Please provide a reason for cancellation.', max: LIMITS.maxCommentLength }),
    items: z
      .array(z.object({ name: z.string(), image: z.string() }).strict())
      .max(50)
      .optional(),
  })
  .strict();

/** A cancelled order record (docs/product.md#entities). */
export const CancelledOrderSchema = z.object({
  _id: IdSchema,
  orderId: z.string(),
  username: z.string(),
  phoneNumber: z.string(),
  reason: z.string(),
  createdAt: z.iso.datetime(),
  productInfo: z.array(z.object({ image: z.string(), name: z.string() })),
});
export type CancelledOrder = z.infer<typeof CancelledOrderSchema>;

/** `POST /contact` (docs/product.md#entities Contact form: all fields required). */
export const ContactBodySchema = z
  .object({
    name: freeText({ min: 1, minMessage: 'Please enter your name.', max: LIMITS.maxNameLength }),
    email: z.email('Please enter a valid e-mail address.').max(254),
    // A phone as typed, with no format checked (docs/product.md#limits), so free text like the others.
    phone: freeText({ min: 1, minMessage: 'Please enter your phone number.', max: 20 }),
    message: freeText({ min: 1, minMessage: 'Please write your message.', max: LIMITS.maxMessageLength }),
  })
  .strict();

/** `PUT /cart/:productId` path params: a malformed id is a 400, a line not in the cart a 404. */
export const CartParamsSchema = z.object({ productId: IdSchema }).strict();

/** `GET /wishlist`, `POST /wishlist` answer: the wishlist's products, newest first (docs/architecture.md#http-api). */
export const WishlistResponseSchema = z.object({ products: z.array(ProductSchema) });
export type WishlistResponse = z.infer<typeof WishlistResponseSchema>;

/** `POST /orders` answers 201 `{order}`. */
export const OrderResponseSchema = z.object({ order: OrderSchema });
export type OrderResponse = z.infer<typeof OrderResponseSchema>;
/** `POST /orders/:orderId/sign-off` answer (docs/product.md#sign-off-before-cutting): the success message and her order. */
export const SignOffAnswerResponseSchema = z.object({ message: z.string(), order: OrderSchema });
export type SignOffAnswerResponse = z.infer<typeof SignOffAnswerResponseSchema>;
/**
 * `GET /orders`: one page of the shopper's own orders, newest first (cancelled ones too unless
 * the query's `status` leaves them out), the next page's cursor, and how many of hers each
 * state holds (My Orders' All / Active / Cancelled counts; docs/product.md#lists-by-page).
 */
export const OrderListResponseSchema = z.object({
  orders: z.array(OrderSchema),
  nextCursor: NextCursorSchema,
  counts: OrderStateCountsSchema,
});
export type OrderListResponse = z.infer<typeof OrderListResponseSchema>;

/**
 * User-facing messages of the shopping and ordering endpoints (docs/product.md#cart;
 * docs/product.md#states-and-transitions, docs/product.md#validation, docs/product.md#messages where the words are docs/product.md's).
 */
export const ORDER_MESSAGES = {
  productNotFound: 'Product not found',
  orderNotFound: 'Order not found',
  numberingFailed: 'Could not number the order. Please try again.',
  notInCart: 'This product is not in your cart',
  /** At the cap of {@link LIMITS.maxQuantity} on `POST /cart`. */
  quantityCap: `You can order at most ${LIMITS.maxQuantity} of one product.`,
  duplicateOrderItem: 'Each product can appear only once in an order.',
  addressFirst: 'Please add your address first',
  deliveredNotCancellable: 'Delivered orders cannot be cancelled',
  /** `POST /orders/cancel` on an order already cancelled: 409 (docs/product.md#cancellations-kept). */
  alreadyCancelled: 'This order is already cancelled',
  /** docs/product.md#validation Cancellation. */
  blankReason: 'Please provide a reason for cancellation.',
  /** docs/product.md#messages Cancel order success. */
  cancelled: 'Order canceled successfully',
  /** docs/product.md#validation Review. */
  blankComment: 'Must be filled',
  /** docs/product.md#states-and-transitions Review box; docs/architecture.md#http-api: a review needs a delivered order holding the product. */
  reviewNeedsPurchase: 'Review this product after you’ve experienced it firsthand by making a purchase!',
  /** 409 of `POST /orders`: the `Idempotency-Key` already placed an order with other lines (docs/security.md). */
  idempotencyKeyReused: 'This checkout was already placed with other items. Please reload the page and try again.',
  /** 400 of `POST /orders`: a malformed `Idempotency-Key` header. */
  idempotencyKeyFormat: "The Idempotency-Key header must be 1 to 100 letters, digits, '-' or '_'.",
} as const;

/**
 * The `Idempotency-Key` header of `POST /orders` (docs/security.md, double submits; ASVS
 * 15.4.2): one random key per checkout attempt, 1 to 100 of `A-Z a-z 0-9 - _` (a UUID fits).
 * The same key from the same account gets the first order back instead of a second one.
 */
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, ORDER_MESSAGES.idempotencyKeyFormat);

/**
 * The 409 message when a client's `totalAmt` differs from the server's total (docs/architecture.md#http-api
 * Money), e.g. `Prices have changed. The current total is ₹1,250.50.`
 */
export function priceChangedMessage(totalRupees: number): string {
  return `Prices have changed. The current total is ${formatRupeesExact(totalRupees)}.`;
}
