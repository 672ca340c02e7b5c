import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  CATALOG_MESSAGES,
  DATE_MESSAGES,
  MESSAGES_WITH_DATA,
  ORDER_MESSAGES,
  paiseToRupees,
  STITCHING_MESSAGES,
  type Address,
  type Order,
  type OrderStitching,
  type OrderVisit,
  type Language,
  type PlaceOrderBody,
  type ReasonedMessage,
} from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import {
  addresses,
  cartLines,
  measurementProfiles,
  orderEvents,
  orderIdempotencyKeys,
  orderLines,
  orders,
  productImages,
  products,
  referencePictures,
  servedPinCodes,
} from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { countRequest, limitKey } from '../../platform/rate-limit.js';
import { holdVisitPlace } from '../visits/index.js';
import { toOrderApi } from './orders.mapper.js';
import { promiseReadyBy, withinAYear } from './ready-by.js';

/**
 * Characters of an order number: digits and capitals without the look-alikes 0/O, 1/I/L,
 * so a shopper can read one over the phone (31 symbols; 31^6 ≈ 8.9 × 10^8 numbers).
 */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** How many order numbers to try before giving up (a collision is already rare). */
const ORDER_NUMBER_ATTEMPTS = 8;

/**
 * A new public order number, `TH-` and 6 characters of {@link ORDER_NUMBER_ALPHABET}
 * (docs/architecture.md#http-api: e.g. `TH-4K7Q2M`), drawn with the CSPRNG (`crypto.randomInt`, unbiased) so
 * order numbers cannot be guessed from one another (ASVS 11.5.x).
 */
export function generateOrderNumber(): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `TH-${suffix}`;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * A 429 of `POST /orders` over an order limit (docs/security.md, order limits); the route sends
 * `retryAfterSeconds`, when known, as `Retry-After`.
 */
export class TooManyOrdersError extends AppError {
  constructor(
    message: ReasonedMessage,
    readonly retryAfterSeconds?: number,
  ) {
    super('too_many_requests', message);
  }
}

/** The order limits of an account (`MAX_OPEN_ORDERS`, `MAX_ORDERS_PER_HOUR`; docs/security.md, order limits). */
export interface OrderLimits {
  maxOpenOrders: number;
  maxOrdersPerHour: number;
}

/** An `Idempotency-Key` and a hash of the request's body (docs/security.md, double submits). */
export interface IdempotencyKey {
  key: string;
  requestHash: string;
}

/** Options of {@link placeOrder}; tests pass their own number source to force a collision. */
export interface PlaceOrderOptions {
  orderNumber?: () => string;
  /**
   * How many open orders the account may have, and orders it may place in an hour
   * (`MAX_OPEN_ORDERS`, `MAX_ORDERS_PER_HOUR`; docs/security.md, order limits). No limit when
   * absent (tools and tests of other rules).
   */
  limits?: OrderLimits;
  /**
   * How many open orders with a booked home visit the account may have (`MAX_OPEN_VISITS`;
   * docs/security.md finding 10). No limit when absent; one visit per slot and account holds always.
   */
  maxOpenVisits?: number;
  /**
   * The request's `Idempotency-Key` and a hash of its body (docs/security.md, double submits):
   * a repeat of the key by the account answers the order it first placed.
   */
  idempotency?: IdempotencyKey;
  /**
   * Runs inside the order's transaction once the order is written: the route queues the order's
   * mails here, so they are committed with the order or not at all (docs/architecture.md#mail).
   */
  onPlaced?: (tx: Db, order: Order) => Promise<void>;
  /** The time the order is placed, for the home visit's calendar (the app's clock); default now. */
  now?: Date;
  /**
   * The language the customer orders in (the request's, `requestLanguage`), kept on the order so
   * the shop writes to her in it (docs/product.md#the-days-visits); absent: not known (null).
   */
  language?: Language;
}

/**
 * Place a cash-on-delivery order (docs/product.md#api `POST /orders`; docs/decisions/002-money-in-paise.md) in ONE
 * transaction, as named steps: claim the idempotency key, check the hourly limit, read the
 * address and the ordered products (their current prices, rows locked `FOR SHARE` until commit,
 * so a price or a product cannot change under the order), check the open orders and the service
 * area, price the lines in paise with their stitching details and check the client's `totalAmt`
 * against the total, hold the home visit's place (visits module `holdVisitPlace`: three more
 * statements, the account's and the slot's rows locked; one visit per slot and account, at most
 * `maxOpenVisits` of open orders), insert the order (status 'call', payment 'cod') with its
 * lines (copies of name, first image URL and price) and its first timeline step, take the
 * ordered quantities out of the cart (a Buy Now of 1 from a line of 3 leaves 2), queue the mails
 * (`onPlaced`), and keep the answer for the idempotency key. A refused order changes nothing.
 * Four to six statements whatever the number of lines, and the visit's three; one more for the
 * ready-by date (`promiseDates`, docs/product.md#dates-a-tailor-promises: kept with her function
 * date and `rush` on the order); one more when any line names a profile, one when any names reference pictures.
 * @returns the order in the API shape, and whether it is the first answer to a repeated key.
 * @throws AppError('bad_request') 'Please add your address first', or a product listed twice.
 * @throws AppError('bad_request', DATE_MESSAGES.neededByRange) for a function date before today or over a year ahead.
 * @throws AppError('not_found', 'Product not found') when any product is unknown or deleted.
 * @throws AppError('conflict', CATALOG_MESSAGES.productUnavailable) when any product is hidden.
 * @throws AppError('conflict', MESSAGES_WITH_DATA.pinCodeNotServed) when the saved address's pin code
 *   is no longer served (docs/product.md#service-area).
 * @throws AppError('conflict', 'Prices have changed. The current total is ₹….') when
 *   `totalAmt` differs from the server's total; reason 'order.priceChanged' with
 *   `params.totalRupees` (contract MESSAGES_WITH_DATA).
 * @throws AppError('conflict', ORDER_MESSAGES.idempotencyKeyReused) for a key the account used for another order.
 * @throws TooManyOrdersError over an order limit.
 * @throws AppError('bad_request', STITCHING_MESSAGES.shopFabricNotOffered) for `fabric: 'shop'` on a
 *   product whose price does not include the fabric (`priceIncludesFabric`), or
 *   STITCHING_MESSAGES.pictureTwice for a reference picture named twice in the order.
 * @throws AppError('not_found', STITCHING_MESSAGES.profileNotFound | pictureNotFound) for a
 *   profile or reference picture that is not the shopper's own (or is unknown, or already on
 *   another order line): the same answer either way, so nothing tells another's from none.
 * @throws AppError('bad_request' | 'conflict') for a visit outside the bookable days, on a
 *   closed day, in a slot no longer offered, started or full (`holdVisitPlace`).
 * @throws AppError('conflict', VISIT_MESSAGES.alreadyBooked) for a second visit of the account in one
 *   slot, AppError('too_many_requests', MESSAGES_WITH_DATA.tooManyOpenVisits) over `maxOpenVisits`.
 */
export async function placeOrder(
  db: Db,
  userId: string,
  body: PlaceOrderBody,
  options: PlaceOrderOptions = {},
): Promise<{ order: Order; replayed: boolean }> {
  const ids = body.items.map((item) => item.productId);
  if (new Set(ids).size !== ids.length) throw new AppError('bad_request', ORDER_MESSAGES.duplicateOrderItem);
  const { limits, idempotency } = options;
  const now = options.now ?? new Date();
  checkNeededBy(body.neededBy, now);

  return db.transaction(async (tx) => {
    const firstAnswer = idempotency ? await claimIdempotencyKey(tx, userId, idempotency) : null;
    if (firstAnswer) return { order: firstAnswer, replayed: true };
    if (limits) await checkHourlyLimit(tx, userId, limits);
    const customer = await readAddressAndProducts(tx, userId, ids);
    checkOpenOrdersAndArea(customer, limits);
    const priced = await priceLines(tx, userId, body, customer.products, now);
    const holder = { userId, maxOpenVisits: options.maxOpenVisits };
    const visit = body.visit ? await holdVisitPlace(tx, now, body.visit, holder) : null;
    const draft: OrderDraft = {
      address: customer.address,
      ...priced,
      visit,
      ...(await promiseDates(tx, now, priced.lines, visit, body.neededBy)),
    };
    const placed = await insertOrder(tx, userId, draft, options.orderNumber ?? generateOrderNumber, options.language ?? null);
    await takeOrderedFromCart(tx, userId, body.items);
    const order = placedOrder(draft, placed);
    await options.onPlaced?.(tx, order);
    if (idempotency) await keepAnswer(tx, userId, idempotency.key, order);
    return { order, replayed: false };
  });
}

/**
 * Her function date, when given, from the shop's today to a year ahead (docs/product.md#dates-a-tailor-promises).
 * @throws AppError('bad_request', DATE_MESSAGES.neededByRange) otherwise.
 */
export function checkNeededBy(neededBy: string | null | undefined, now: Date): void {
  if (neededBy && !withinAYear(neededBy, now)) throw new AppError('bad_request', DATE_MESSAGES.neededByRange);
}

/**
 * The order's dates (docs/product.md#dates-a-tailor-promises): the ready-by date the shop promises
 * (`promiseReadyBy`, one statement), her function date, and `rush` when the promise comes after it.
 */
export async function promiseDates(
  tx: Db,
  now: Date,
  lines: readonly { productCategory: string; quantity: number }[],
  visit: { date: string } | null,
  neededBy: string | null | undefined,
): Promise<{ readyBy: string; neededBy: string | null; rush: boolean }> {
  const readyBy = await promiseReadyBy(
    tx,
    now,
    lines.map((line) => ({ category: line.productCategory, quantity: line.quantity })),
    visit?.date ?? null,
  );
  return { readyBy, neededBy: neededBy ?? null, rush: neededBy ? neededBy < readyBy : false };
}

/**
 * Step 1: claim the `Idempotency-Key` (ASVS 15.4.2). First in the transaction, so a second
 * request with this key waits here until the first one commits (or fails, taking its row with
 * it), then finds the first order.
 * @returns null when the key is new (claimed now); the first order when it is a repeat.
 * @throws AppError('conflict', ORDER_MESSAGES.idempotencyKeyReused) for the key of another body,
 *   or of a first request that has no answer.
 */
async function claimIdempotencyKey(tx: Db, userId: string, idempotency: IdempotencyKey): Promise<Order | null> {
  const [claimed] = await tx
    .insert(orderIdempotencyKeys)
    .values({ userId, key: idempotency.key, requestHash: idempotency.requestHash })
    .onConflictDoNothing()
    .returning({ key: orderIdempotencyKeys.key });
  if (claimed) return null;
  const [first] = await tx
    .select({ requestHash: orderIdempotencyKeys.requestHash, response: orderIdempotencyKeys.response })
    .from(orderIdempotencyKeys)
    .where(and(eq(orderIdempotencyKeys.userId, userId), eq(orderIdempotencyKeys.key, idempotency.key)));
  if (!first?.response || first.requestHash !== idempotency.requestHash) {
    throw new AppError('conflict', ORDER_MESSAGES.idempotencyKeyReused);
  }
  return first.response;
}

/**
 * Step 2: count this order against the account's hourly limit. Counted in the order's
 * transaction: a refused order takes its count back, and the counter's row lock makes two
 * orders of one account at once count one after the other.
 * @throws TooManyOrdersError with `retryAfterSeconds` over `limits.maxOrdersPerHour`.
 */
async function checkHourlyLimit(tx: Db, userId: string, limits: OrderLimits): Promise<void> {
  const hour = await countRequest(tx, limitKey('orders:hour', userId), HOUR_MS);
  if (hour.current <= limits.maxOrdersPerHour) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(hour.ttl / 1000));
  throw new TooManyOrdersError(
    MESSAGES_WITH_DATA.tooManyOrdersPerHour({
      maxOrdersPerHour: limits.maxOrdersPerHour,
      retryAfterMinutes: Math.ceil(retryAfterSeconds / 60),
    }),
    retryAfterSeconds,
  );
}

/** An ordered product as the order reads it: its current price and first picture. */
interface OrderedProduct {
  id: string;
  name: string;
  /** The Tamil name, '' when the shop wrote none (docs/product.md#languages). */
  nameTa: string;
  pricePaise: number;
  priceIncludesFabric: boolean;
  /** Its category, which the answer names for the link to it (docs/product.md#my-orders). */
  category: string;
  image: string | null;
}

/** What {@link readAddressAndProducts} reads: the saved address, whether it is served, the open orders, the products. */
interface OrderingCustomer {
  address: Address;
  served: boolean;
  openOrders: number;
  products: ReadonlyMap<string, OrderedProduct>;
}

/**
 * Step 3: ONE read for the saved address, whether its pin code is served, the account's open
 * orders (neither delivered nor cancelled), and each product's current price (locked FOR SHARE
 * until commit) and first picture (docs/performance.md#how-it-measures: placing an order is the
 * shop's costliest write). A second statement only when that read finds nothing.
 * @throws AppError('bad_request', ORDER_MESSAGES.addressFirst) without a saved address.
 * @throws AppError('not_found', ORDER_MESSAGES.productNotFound) when a product is unknown.
 * @throws AppError('conflict', CATALOG_MESSAGES.productUnavailable) when a product is hidden
 *   (docs/product.md#hidden-products).
 */
async function readAddressAndProducts(tx: Db, userId: string, ids: readonly string[]): Promise<OrderingCustomer> {
  const firstImage = sql<string | null>`(select ${productImages.url} from ${productImages}
    where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`;
  const served = sql<boolean>`exists (select 1 from ${servedPinCodes} where ${servedPinCodes.pinCode} = ${addresses.pinCode})`;
  const openOrders = sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${userId}
    and ${orders.status} not in ('delivered', 'cancelled'))`;
  const rows = await tx
    .select({
      address: addresses,
      served,
      openOrders,
      id: products.id,
      name: products.name,
      nameTa: products.nameTa,
      pricePaise: products.pricePaise,
      priceIncludesFabric: products.priceIncludesFabric,
      category: products.category,
      hidden: products.hidden,
      image: firstImage,
    })
    .from(addresses)
    .innerJoin(products, inArray(products.id, [...ids]))
    .where(eq(addresses.userId, userId))
    .for('share', { of: products });
  if (rows.length === 0) {
    // No row: no address, or no product at all; the address is asked for first.
    const [hasAddress] = await tx.select({ userId: addresses.userId }).from(addresses).where(eq(addresses.userId, userId));
    if (!hasAddress) throw new AppError('bad_request', ORDER_MESSAGES.addressFirst);
  }
  if (rows.length !== ids.length) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
  if (rows.some((row) => row.hidden)) throw new AppError('conflict', CATALOG_MESSAGES.productUnavailable);
  const first = rows[0]!;
  return {
    address: toAddress(first.address),
    served: first.served,
    openOrders: Number(first.openOrders),
    products: new Map(
      rows.map(({ id, name, nameTa, pricePaise, priceIncludesFabric, category, image }) => [
        id,
        { id, name, nameTa, pricePaise, priceIncludesFabric, category, image },
      ]),
    ),
  };
}

/** A saved address row → the order's copy of it (absent optional parts left out). */
function toAddress(row: typeof addresses.$inferSelect): Address {
  return {
    name: row.name,
    phoneNumber: row.phoneNumber,
    doorNumber: row.doorNumber,
    street: row.street,
    city: row.city,
    state: row.state,
    pinCode: row.pinCode,
    ...(row.landmark === null ? {} : { landmark: row.landmark }),
    ...(row.alternatePhone === null ? {} : { alternatePhone: row.alternatePhone }),
  };
}

/**
 * Step 4: the account's open orders under `limits.maxOpenOrders`, and its saved address still
 * served: it may predate a change of the service area (docs/product.md#service-area).
 * @throws TooManyOrdersError at the open-order limit.
 * @throws AppError('conflict', MESSAGES_WITH_DATA.pinCodeNotServed) for a pin code no longer served.
 */
function checkOpenOrdersAndArea(customer: OrderingCustomer, limits: OrderLimits | undefined): void {
  if (limits && customer.openOrders >= limits.maxOpenOrders) {
    throw new TooManyOrdersError(MESSAGES_WITH_DATA.tooManyOpenOrders(limits.maxOpenOrders));
  }
  if (!customer.served) throw new AppError('conflict', MESSAGES_WITH_DATA.pinCodeNotServed(customer.address.pinCode));
}

/** One line of an order being placed: the order's copies, unit price in paise. */
interface DraftLine {
  position: number;
  productId: string;
  name: string;
  /** The Tamil name, null when the product had none. */
  nameTa: string | null;
  image: string;
  quantity: number;
  pricePaise: number;
  stitching: OrderStitching;
  /** The shopper's profile the line names (hers: checked by `stitchingSnapshots`), kept for the owner's measurements (docs/product.md#the-measurement-book). */
  profileId: string | null;
  /** The product's category, for the answer only (not stored: the line keeps its own copies, not this). */
  productCategory: string;
}

/** An order before it is written: the address copy, its lines, the total in paise, the visit held and its dates. */
interface OrderDraft {
  address: Address;
  lines: DraftLine[];
  totalPaise: number;
  visit: OrderVisit | null;
  readyBy: string;
  neededBy: string | null;
  rush: boolean;
}

/**
 * Step 5: price the lines from the database (docs/decisions/002-money-in-paise.md), each with its
 * stitching details copied (`stitchingSnapshots`), and check the client's `totalAmt` against
 * the total; the client's total is never trusted, only compared.
 * @throws AppError('conflict', MESSAGES_WITH_DATA.priceChanged) naming the real total when they differ.
 * @throws AppError as {@link stitchingSnapshots} does.
 */
async function priceLines(
  tx: Db,
  userId: string,
  body: PlaceOrderBody,
  productById: ReadonlyMap<string, OrderedProduct>,
  now: Date,
): Promise<{ lines: DraftLine[]; totalPaise: number }> {
  const stitchingOf = await stitchingSnapshots(tx, userId, body.items, productById, now);
  const lines = body.items.map((item, position) => {
    const product = productById.get(item.productId)!;
    return {
      position,
      productId: product.id,
      name: product.name,
      nameTa: product.nameTa === '' ? null : product.nameTa,
      image: product.image ?? '',
      quantity: item.quantity,
      pricePaise: product.pricePaise,
      stitching: stitchingOf[position]!,
      profileId: item.stitching?.profileId ?? null,
      productCategory: product.category,
    };
  });
  const totalPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
  if (Math.round(body.totalAmt * 100) !== totalPaise) {
    throw new AppError('conflict', MESSAGES_WITH_DATA.priceChanged(paiseToRupees(totalPaise)));
  }
  return { lines, totalPaise };
}

/**
 * Each line's stitching details as the order keeps them (docs/product.md#stitching-details), in the
 * order's transaction: the named profiles' names, measurements and units copied (a snapshot: editing or
 * deleting the profile later changes no order), the named reference pictures' URLs, which are
 * marked used (rows locked, so two orders cannot take one picture). Absent details are the
 * defaults. At most two statements for the profiles and two for the pictures, whatever the
 * number of lines; none when no line names any.
 * @throws AppError as {@link placeOrder} documents for fabric, profiles and pictures.
 */
async function stitchingSnapshots(
  tx: Db,
  userId: string,
  items: PlaceOrderBody['items'],
  productById: ReadonlyMap<string, { priceIncludesFabric: boolean }>,
  now: Date,
): Promise<OrderStitching[]> {
  for (const item of items) {
    if (item.stitching?.fabric === 'shop' && !productById.get(item.productId)!.priceIncludesFabric) {
      throw new AppError('bad_request', STITCHING_MESSAGES.shopFabricNotOffered);
    }
  }
  const profileIds = [...new Set(items.flatMap((item) => (item.stitching?.profileId ? [item.stitching.profileId] : [])))];
  const pictureIds = items.flatMap((item) => item.stitching?.pictures ?? []);
  if (new Set(pictureIds).size !== pictureIds.length) throw new AppError('bad_request', STITCHING_MESSAGES.pictureTwice);
  const profileById = await ownProfiles(tx, userId, profileIds);
  const pictureUrlById = await takeReferencePictures(tx, userId, pictureIds, now);

  return items.map(({ stitching }) => {
    const profile = stitching?.profileId ? profileById.get(stitching.profileId)! : null;
    return {
      profile: profile
        ? { name: profile.name, measurements: { ...profile.measurements } as Record<string, number>, unit: profile.unit }
        : null,
      fabric: stitching?.fabric ?? 'own',
      lining: stitching?.lining ?? false,
      notes: stitching?.notes ?? '',
      pictures: (stitching?.pictures ?? []).map((id) => pictureUrlById.get(id)!),
    };
  });
}

/**
 * The shopper's own measurement profiles `profileIds`, by id; one statement, none for no id.
 * @throws AppError('not_found', STITCHING_MESSAGES.profileNotFound) when any is not hers.
 */
async function ownProfiles(tx: Db, userId: string, profileIds: readonly string[]) {
  const profiles =
    profileIds.length === 0
      ? []
      : await tx
          .select({
            id: measurementProfiles.id,
            name: measurementProfiles.name,
            measurements: measurementProfiles.measurements,
            unit: measurementProfiles.unit,
          })
          .from(measurementProfiles)
          .where(and(eq(measurementProfiles.userId, userId), inArray(measurementProfiles.id, [...profileIds])));
  if (profiles.length !== profileIds.length) throw new AppError('not_found', STITCHING_MESSAGES.profileNotFound);
  return new Map(profiles.map((profile) => [profile.id, profile]));
}

/**
 * Mark the shopper's unused reference pictures `pictureIds` used at `now`, in one statement
 * whose row locks keep two orders from taking one picture; their URLs by id.
 * @throws AppError('not_found', STITCHING_MESSAGES.pictureNotFound) when any is not hers or already used.
 */
async function takeReferencePictures(tx: Db, userId: string, pictureIds: readonly string[], now: Date): Promise<Map<string, string>> {
  const urlById = new Map<string, string>();
  if (pictureIds.length === 0) return urlById;
  const taken = await tx
    .update(referencePictures)
    .set({ usedAt: now })
    .where(and(eq(referencePictures.userId, userId), inArray(referencePictures.id, [...pictureIds]), isNull(referencePictures.usedAt)))
    .returning({ id: referencePictures.id, url: referencePictures.url });
  if (taken.length !== pictureIds.length) throw new AppError('not_found', STITCHING_MESSAGES.pictureNotFound);
  for (const picture of taken) urlById.set(picture.id, picture.url);
  return urlById;
}

/**
 * Step 6: insert the order, its lines and its timeline's first step (the placing by the customer,
 * docs/product.md#the-tailoring-workflow) in ONE statement. A taken order number inserts nothing
 * (a unique collision would abort the transaction), and another number is drawn, at most
 * {@link ORDER_NUMBER_ATTEMPTS} times.
 * @returns the order's number and the time it was placed (the transaction's).
 * @throws AppError('internal', ORDER_MESSAGES.numberingFailed) when every number drawn was taken.
 */
async function insertOrder(
  tx: Db,
  userId: string,
  draft: OrderDraft,
  nextNumber: () => string,
  language: Language | null,
): Promise<{ orderNumber: string; createdAt: Date }> {
  const { address, totalPaise, visit } = draft;
  const linesJson = JSON.stringify(
    draft.lines.map((line) => ({
      position: line.position,
      product_id: line.productId,
      name: line.name,
      name_ta: line.nameTa,
      image: line.image,
      quantity: line.quantity,
      price_paise: line.pricePaise,
      stitching: line.stitching,
      profile_id: line.profileId,
    })),
  );
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const orderNumber = nextNumber();
    const [row] = await rowsOf<{ created_at: Date | string }>(
      tx,
      sql`
      with new_order as (
        insert into ${orders} (order_number, user_id, status, total_paise, address, payment_method, visit_date, visit_slot_id, visit_label, language,
          ready_by, needed_by, rush)
        values (${orderNumber}, ${userId}, 'call', ${totalPaise}, ${JSON.stringify(address)}::jsonb, 'cod',
          ${visit?.date ?? null}::date, ${visit?.slotId ?? null}::uuid, ${visit?.label ?? null}, ${language},
          ${draft.readyBy}::date, ${draft.neededBy}::date, ${draft.rush})
        on conflict (order_number) do nothing
        returning id, created_at
      ), new_lines as (
        insert into ${orderLines} (order_id, position, product_id, name, name_ta, image, quantity, price_paise, stitching, profile_id)
        select new_order.id, line.position, line.product_id, line.name, line.name_ta, line.image, line.quantity, line.price_paise, line.stitching,
          line.profile_id
        from new_order cross join jsonb_to_recordset(${linesJson}::jsonb)
          as line(position integer, product_id uuid, name text, name_ta text, image text, quantity integer, price_paise integer, stitching jsonb,
            profile_id uuid)
      ), first_event as (
        insert into ${orderEvents} (order_id, status, admin_id, at)
        select new_order.id, 'call', null, new_order.created_at from new_order
      )
      select created_at from new_order`,
    );
    if (row) return { orderNumber, createdAt: new Date(row.created_at) };
  }
  throw new AppError('internal', ORDER_MESSAGES.numberingFailed);
}

/**
 * Step 7: take what was ordered out of the user's cart, inside the order's transaction (docs/product.md#place-order:
 * ordered lines leave the cart): each ordered product's cart line loses the ordered quantity
 * and is removed at 0 or below (cart Continue orders every line in full, so they all go; a
 * Buy Now of one unit from a line of 3 leaves 2). Products ordered but not in the cart are
 * ignored. One statement, or two when a line runs out, whatever the number of lines. Subtracting first means two orders
 * at once subtract one after the other: the second UPDATE waits on the first one's row lock
 * and then works from the committed quantity, never from the same old one.
 */
async function takeOrderedFromCart(tx: Db, userId: string, items: PlaceOrderBody['items']): Promise<void> {
  const ids = items.map((item) => item.productId);
  const orderedQuantity = sql.join(
    items.map((item) => sql`when ${item.productId}::uuid then ${item.quantity}::integer`),
    sql` `,
  );
  const left = await tx
    .update(cartLines)
    .set({ quantity: sql`${cartLines.quantity} - (case ${cartLines.productId} ${orderedQuantity} end)` })
    .where(and(eq(cartLines.userId, userId), inArray(cartLines.productId, ids)))
    .returning({ quantity: cartLines.quantity });
  // Only lines that ran out need a second statement (a Buy Now of part of a line needs none).
  if (left.some((line) => line.quantity <= 0)) {
    await tx.delete(cartLines).where(and(eq(cartLines.userId, userId), inArray(cartLines.productId, ids), lte(cartLines.quantity, 0)));
  }
}

/** The order just written, in the API shape (`toOrderApi`), without reading it back. */
function placedOrder(draft: OrderDraft, placed: { orderNumber: string; createdAt: Date }): Order {
  return toOrderApi(
    {
      ...placed,
      status: 'call',
      address: draft.address,
      totalPaise: draft.totalPaise,
      paymentMethod: 'cod',
      visitDate: draft.visit?.date ?? null,
      visitSlotId: draft.visit?.slotId ?? null,
      visitLabel: draft.visit?.label ?? null,
      originalTotalPaise: null,
      photos: [],
      cancelledAt: null,
      cancelReason: null,
      signOff: null,
      readyBy: draft.readyBy,
      neededBy: draft.neededBy,
      rush: draft.rush,
      paidPaise: 0,
      billNumber: null,
    },
    draft.lines.map((line) => ({ ...line, finalPricePaise: null, priceNote: null })),
    [{ status: 'call', at: placed.createdAt }],
    [],
  );
}

/**
 * Last step: keep the order as the idempotency key's answer, so a repeat of the key gets this
 * very body (docs/security.md, double submits).
 */
async function keepAnswer(tx: Db, userId: string, key: string, order: Order): Promise<void> {
  await tx
    .update(orderIdempotencyKeys)
    .set({ response: order })
    .where(and(eq(orderIdempotencyKeys.userId, userId), eq(orderIdempotencyKeys.key, key)));
}
