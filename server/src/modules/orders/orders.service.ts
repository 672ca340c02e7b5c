import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  CATALOG_MESSAGES,
  MESSAGES_WITH_DATA,
  ORDER_MESSAGES,
  paiseToRupees,
  STITCHING_MESSAGES,
  type Address,
  type Order,
  type OrderStatus,
  type OrderStitching,
  type PlaceOrderBody,
  type ReasonedMessage,
} from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import {
  addresses,
  cancelledOrders,
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
import { groupLines, toOrderApi } from './orders.mapper.js';
import { recordOrderEvent, timelinesOf } from './order-events.js';

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

/** Options of {@link placeOrder}; tests pass their own number source to force a collision. */
export interface PlaceOrderOptions {
  orderNumber?: () => string;
  /**
   * How many open orders the account may have, and orders it may place in an hour
   * (`MAX_OPEN_ORDERS`, `MAX_ORDERS_PER_HOUR`; docs/security.md, order limits). No limit when
   * absent (tools and tests of other rules).
   */
  limits?: { maxOpenOrders: number; maxOrdersPerHour: number };
  /**
   * The request's `Idempotency-Key` and a hash of its body (docs/security.md, double submits):
   * a repeat of the key by the account answers the order it first placed.
   */
  idempotency?: { key: string; requestHash: string };
  /**
   * Runs inside the order's transaction once the order is written: the route queues the order's
   * mails here, so they are committed with the order or not at all (docs/architecture.md#mail).
   */
  onPlaced?: (tx: Db, order: Order) => Promise<void>;
  /** The time the order is placed, for the home visit's calendar (the app's clock); default now. */
  now?: Date;
}

/**
 * Place a cash-on-delivery order (docs/product.md#api `POST /orders`; docs/decisions/002-money-in-paise.md) in ONE
 * transaction: reads the user's address and the ordered products' current prices (rows
 * locked `FOR SHARE` until commit, so a price or a product cannot change under the order),
 * computes every line and the total in paise from the database, checks the client's
 * `totalAmt` against it, inserts the order (status 'call', payment 'cod') and its lines
 * (copies of name, first image URL and price), and takes the ordered quantities out of the
 * user's cart (a Buy Now of 1 from a line of 3 leaves 2). With a `visit`, a place in its slot is
 * held in the same transaction (visits.service.ts `holdVisitPlace`: two more statements, the
 * slot's row locked). A refused order changes nothing.
 * Each line's stitching details are copied onto it (`stitchingSnapshots`: one more statement
 * when any line names a profile, one when any names reference pictures).
 * Four to six statements whatever the number of lines, and those two.
 * @returns the order in the API shape.
 * @throws AppError('bad_request') 'Please add your address first', or a product listed twice.
 * @throws AppError('not_found', 'Product not found') when any product is unknown or deleted.
 * @throws AppError('conflict', CATALOG_MESSAGES.productUnavailable) when any product is hidden.
 * @throws AppError('conflict', MESSAGES_WITH_DATA.pinCodeNotServed) when the saved address's pin code
 *   is no longer served (docs/product.md#service-area).
 * @throws AppError('conflict', 'Prices have changed. The current total is ₹….') when
 *   `totalAmt` differs from the server's total; reason 'order.priceChanged' with
 *   `params.totalRupees` (contract MESSAGES_WITH_DATA).
 * @throws AppError('bad_request', STITCHING_MESSAGES.shopFabricNotOffered) for `fabric: 'shop'` on a
 *   product whose price does not include the fabric (`priceIncludesFabric`), or
 *   STITCHING_MESSAGES.pictureTwice for a reference picture named twice in the order.
 * @throws AppError('not_found', STITCHING_MESSAGES.profileNotFound | pictureNotFound) for a
 *   profile or reference picture that is not the shopper's own (or is unknown, or already on
 *   another order line): the same answer either way, so nothing tells another's from none.
 * @throws AppError('bad_request' | 'conflict') for a visit outside the bookable days, on a
 *   closed day, in a slot no longer offered, started or full (`holdVisitPlace`).
 */
export async function placeOrder(
  db: Db,
  userId: string,
  body: PlaceOrderBody,
  options: PlaceOrderOptions = {},
): Promise<{ order: Order; replayed: boolean }> {
  const ids = body.items.map((item) => item.productId);
  if (new Set(ids).size !== ids.length) throw new AppError('bad_request', ORDER_MESSAGES.duplicateOrderItem);
  const nextNumber = options.orderNumber ?? generateOrderNumber;
  const { limits, idempotency } = options;

  return db.transaction(async (tx) => {
    if (idempotency) {
      // First, so a second request with this key waits here until the first one commits (or
      // fails, taking its row with it), then finds the first order (ASVS 15.4.2).
      const [claimed] = await tx
        .insert(orderIdempotencyKeys)
        .values({ userId, key: idempotency.key, requestHash: idempotency.requestHash })
        .onConflictDoNothing()
        .returning({ key: orderIdempotencyKeys.key });
      if (!claimed) {
        const [first] = await tx
          .select({ requestHash: orderIdempotencyKeys.requestHash, response: orderIdempotencyKeys.response })
          .from(orderIdempotencyKeys)
          .where(and(eq(orderIdempotencyKeys.userId, userId), eq(orderIdempotencyKeys.key, idempotency.key)));
        if (!first?.response || first.requestHash !== idempotency.requestHash) {
          throw new AppError('conflict', ORDER_MESSAGES.idempotencyKeyReused);
        }
        return { order: first.response, replayed: true };
      }
    }
    if (limits) {
      // Counted in the order's transaction: a refused order takes its count back, and the
      // counter's row lock makes two orders of one account at once count one after the other.
      const hour = await countRequest(tx, limitKey('orders:hour', userId), HOUR_MS);
      if (hour.current > limits.maxOrdersPerHour) {
        const retryAfterSeconds = Math.max(1, Math.ceil(hour.ttl / 1000));
        throw new TooManyOrdersError(
          MESSAGES_WITH_DATA.tooManyOrdersPerHour({
            maxOrdersPerHour: limits.maxOrdersPerHour,
            retryAfterMinutes: Math.ceil(retryAfterSeconds / 60),
          }),
          retryAfterSeconds,
        );
      }
    }
    // One read for the address, each product's current price (locked FOR SHARE until commit)
    // and its first picture (docs/performance.md#how-it-measures: placing an order is the shop's costliest write).
    const firstImage = sql<string | null>`(select ${productImages.url} from ${productImages}
      where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`;
    const served = sql<boolean>`exists (select 1 from ${servedPinCodes} where ${servedPinCodes.pinCode} = ${addresses.pinCode})`;
    // Open orders: neither delivered nor cancelled.
    const openOrders = sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${userId}
      and ${orders.status} not in ('delivered', 'cancelled'))`;
    const rows = await tx
      .select({
        address: addresses,
        served,
        openOrders,
        id: products.id,
        name: products.name,
        pricePaise: products.pricePaise,
        priceIncludesFabric: products.priceIncludesFabric,
        hidden: products.hidden,
        image: firstImage,
      })
      .from(addresses)
      .innerJoin(products, inArray(products.id, ids))
      .where(eq(addresses.userId, userId))
      .for('share', { of: products });
    if (rows.length === 0) {
      // No row: no address, or no product at all; the address is asked for first.
      const [hasAddress] = await tx.select({ userId: addresses.userId }).from(addresses).where(eq(addresses.userId, userId));
      if (!hasAddress) throw new AppError('bad_request', ORDER_MESSAGES.addressFirst);
    }
    if (rows.length !== ids.length) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
    // A product the shop has hidden is not sold (docs/product.md#hidden-products).
    if (rows.some((row) => row.hidden)) throw new AppError('conflict', CATALOG_MESSAGES.productUnavailable);
    const { address: addressRow } = rows[0]!;
    if (limits && Number(rows[0]!.openOrders) >= limits.maxOpenOrders) {
      throw new TooManyOrdersError(MESSAGES_WITH_DATA.tooManyOpenOrders(limits.maxOpenOrders));
    }
    // The saved address may predate a change of the service area (docs/product.md#service-area).
    if (!rows[0]!.served) throw new AppError('conflict', MESSAGES_WITH_DATA.pinCodeNotServed(addressRow.pinCode));
    const address: Address = {
      name: addressRow.name,
      phoneNumber: addressRow.phoneNumber,
      doorNumber: addressRow.doorNumber,
      street: addressRow.street,
      city: addressRow.city,
      state: addressRow.state,
      pinCode: addressRow.pinCode,
      ...(addressRow.landmark === null ? {} : { landmark: addressRow.landmark }),
      ...(addressRow.alternatePhone === null ? {} : { alternatePhone: addressRow.alternatePhone }),
    };
    const productById = new Map(rows.map((row) => [row.id, row]));
    const stitchingOf = await stitchingSnapshots(tx, userId, body.items, productById, options.now ?? new Date());

    const lines = body.items.map((item, position) => {
      const product = productById.get(item.productId)!;
      return {
        position,
        productId: product.id,
        name: product.name,
        image: product.image ?? '',
        quantity: item.quantity,
        pricePaise: product.pricePaise,
        stitching: stitchingOf[position]!,
      };
    });
    const totalPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
    if (Math.round(body.totalAmt * 100) !== totalPaise) {
      throw new AppError('conflict', MESSAGES_WITH_DATA.priceChanged(paiseToRupees(totalPaise)));
    }
    const visit = body.visit ? await holdVisitPlace(tx, options.now ?? new Date(), body.visit) : null;

    // The order and its lines in one statement. A taken order number inserts nothing (a unique
    // collision would abort the transaction), and another number is drawn.
    const linesJson = JSON.stringify(
      lines.map((line) => ({
        position: line.position,
        product_id: line.productId,
        name: line.name,
        image: line.image,
        quantity: line.quantity,
        price_paise: line.pricePaise,
        stitching: line.stitching,
      })),
    );
    let placed: { orderNumber: string; createdAt: Date } | undefined;
    for (let attempt = 0; !placed && attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
      const orderNumber = nextNumber();
      const [row] = await rowsOf<{ created_at: Date | string }>(
        tx,
        sql`
        with new_order as (
          insert into ${orders} (order_number, user_id, status, total_paise, address, payment_method, visit_date, visit_slot_id, visit_label)
          values (${orderNumber}, ${userId}, 'call', ${totalPaise}, ${JSON.stringify(address)}::jsonb, 'cod',
            ${visit?.date ?? null}::date, ${visit?.slotId ?? null}::uuid, ${visit?.label ?? null})
          on conflict (order_number) do nothing
          returning id, created_at
        ), new_lines as (
          insert into ${orderLines} (order_id, position, product_id, name, image, quantity, price_paise, stitching)
          select new_order.id, line.position, line.product_id, line.name, line.image, line.quantity, line.price_paise, line.stitching
          from new_order cross join jsonb_to_recordset(${linesJson}::jsonb)
            as line(position integer, product_id uuid, name text, image text, quantity integer, price_paise integer, stitching jsonb)
        ), first_event as (
          -- The timeline's first step, the placing by the customer (docs/product.md#the-tailoring-workflow).
          insert into ${orderEvents} (order_id, status, admin_id, at)
          select new_order.id, 'call', null, new_order.created_at from new_order
        )
        select created_at from new_order`,
      );
      if (row) placed = { orderNumber, createdAt: new Date(row.created_at) };
    }
    if (!placed) throw new AppError('internal', ORDER_MESSAGES.numberingFailed);
    await takeOrderedFromCart(tx, userId, body.items);
    const order = toOrderApi(
      {
        ...placed,
        status: 'call',
        address,
        totalPaise,
        paymentMethod: 'cod',
        visitDate: visit?.date ?? null,
        visitSlotId: visit?.slotId ?? null,
        visitLabel: visit?.label ?? null,
        originalTotalPaise: null,
        photos: [],
        cancelledAt: null,
        cancelReason: null,
      },
      lines.map((line) => ({ ...line, finalPricePaise: null, priceNote: null })),
      [{ status: 'call', at: placed.createdAt }],
    );
    await options.onPlaced?.(tx, order);
    if (idempotency) {
      await tx
        .update(orderIdempotencyKeys)
        .set({ response: order })
        .where(and(eq(orderIdempotencyKeys.userId, userId), eq(orderIdempotencyKeys.key, idempotency.key)));
    }
    return { order, replayed: false };
  });
}

/**
 * Each line's stitching details as the order keeps them (docs/product.md#stitching-details), in the
 * order's transaction: the named profiles' names and measurements copied (a snapshot: editing or
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

  const profiles =
    profileIds.length === 0
      ? []
      : await tx
          .select({ id: measurementProfiles.id, name: measurementProfiles.name, measurements: measurementProfiles.measurements })
          .from(measurementProfiles)
          .where(and(eq(measurementProfiles.userId, userId), inArray(measurementProfiles.id, profileIds)));
  if (profiles.length !== profileIds.length) throw new AppError('not_found', STITCHING_MESSAGES.profileNotFound);
  const profileById = new Map(profiles.map((profile) => [profile.id, profile]));

  const pictureUrlById = new Map<string, string>();
  if (pictureIds.length > 0) {
    const taken = await tx
      .update(referencePictures)
      .set({ usedAt: now })
      .where(and(eq(referencePictures.userId, userId), inArray(referencePictures.id, pictureIds), isNull(referencePictures.usedAt)))
      .returning({ id: referencePictures.id, url: referencePictures.url });
    if (taken.length !== pictureIds.length) throw new AppError('not_found', STITCHING_MESSAGES.pictureNotFound);
    for (const picture of taken) pictureUrlById.set(picture.id, picture.url);
  }

  return items.map(({ stitching }) => {
    const profile = stitching?.profileId ? profileById.get(stitching.profileId)! : null;
    return {
      profile: profile ? { name: profile.name, measurements: { ...profile.measurements } as Record<string, number> } : null,
      fabric: stitching?.fabric ?? 'own',
      lining: stitching?.lining ?? false,
      notes: stitching?.notes ?? '',
      pictures: (stitching?.pictures ?? []).map((id) => pictureUrlById.get(id)!),
    };
  });
}

/**
 * Take what was ordered out of the user's cart, inside the order's transaction (docs/product.md#place-order:
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

/**
 * A user's own orders, newest first (docs/product.md#my-orders), cancelled ones included, in three queries whatever their
 * number: the orders, then all their lines at once, then all their timelines at once (no N+1).
 */
export async function listOrders(db: Db, userId: string): Promise<Order[]> {
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  if (orderRows.length === 0) return [];
  const lineRows = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        orderRows.map((row) => row.id),
      ),
    );
  const byOrder = groupLines(lineRows);
  const timelines = await timelinesOf(
    db,
    orderRows.map((row) => row.id),
  );
  return orderRows.map((row) => toOrderApi(row, byOrder.get(row.id) ?? [], timelines.get(row.id) ?? []));
}

/** What a cancellation recorded (docs/product.md#entities Cancelled order), for the shop's and the customer's mails. */
export interface CancellationRecord {
  orderNumber: string;
  username: string;
  phoneNumber: string;
  reason: string;
  productInfo: { image: string; name: string }[];
  totalPaise: number;
  /** The status the order had when cancelled: from `visited` on, the shop holds her fabric. */
  previousStatus: OrderStatus;
  /** The order as the customer now sees it (`status: 'cancelled'`, `cancelledAt`, `reason`). */
  order: Order;
}

/**
 * Cancel a user's own order (docs/product.md#cancellations-kept) in ONE transaction: the order row
 * is locked; the order is kept with `status` 'cancelled', `cancelledAt` (the transaction's time)
 * and the reason, and a `cancelled` step on its timeline (no admin), so it stays in the
 * customer's list and frees its home-visit place; a cancelled-order record is written for the
 * shop's tab (order number, user, username, the phone number of the order's address, the
 * reason, and `productInfo` from the order's own lines, never from the client). `onCancelled`
 * runs last in the same transaction (the route queues both mails there, docs/architecture.md#mail).
 * @throws AppError('not_found', 'Order not found') for an unknown order or another user's.
 * @throws AppError('conflict', 'Delivered orders cannot be cancelled') (docs/product.md#states-and-transitions: cancel is
 *   offered for any status except delivered).
 * @throws AppError('conflict', 'This order is already cancelled') for a second cancel.
 */
export async function cancelOrder(
  db: Db,
  user: { id: string; username: string },
  orderNumber: string,
  reason: string,
  onCancelled?: (tx: Db, record: CancellationRecord) => Promise<void>,
): Promise<CancellationRecord> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, user.id)))
      .for('update');
    if (!order) throw new AppError('not_found', ORDER_MESSAGES.orderNotFound);
    if (order.status === 'delivered') throw new AppError('conflict', ORDER_MESSAGES.deliveredNotCancellable);
    if (order.status === 'cancelled') throw new AppError('conflict', ORDER_MESSAGES.alreadyCancelled);
    const [[row], lines] = await Promise.all([
      tx
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelReason: reason })
        .where(eq(orders.id, order.id))
        .returning(),
      tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
      recordOrderEvent(tx, order.id, 'cancelled', null),
    ]);
    const timelines = await timelinesOf(tx, [order.id]);
    const record: CancellationRecord = {
      orderNumber: order.orderNumber,
      username: user.username,
      phoneNumber: order.address.phoneNumber,
      reason,
      productInfo: lines.map((line) => ({ image: line.image, name: line.name })),
      totalPaise: order.totalPaise,
      previousStatus: order.status,
      order: toOrderApi(row!, lines, timelines.get(order.id) ?? []),
    };
    await tx.insert(cancelledOrders).values({
      orderNumber: record.orderNumber,
      userId: user.id,
      username: record.username,
      phoneNumber: record.phoneNumber,
      reason: record.reason,
      productInfo: record.productInfo,
    });
    await onCancelled?.(tx, record);
    return record;
  });
}
