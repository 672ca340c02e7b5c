import { and, desc, eq, getTableColumns, ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  type AdminOrder,
  type Alteration,
  type CancelledOrder,
  type CancelledOrderListResponse,
  type OrderStatus,
  type SearchPageQuery,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { cancelledOrders, orderAlterations, orderLines, orders, referencePictures, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import {
  afterPosition,
  containsPattern,
  decodeCursor,
  microsOf,
  pageOf,
  phoneSearchDigits,
  searchThroughIndexes,
} from '../../platform/paging.js';
import {
  alterationsOf,
  linesOf,
  nextBillNumber,
  orderRisk,
  paymentsOf,
  recordOrderEvent,
  timelinesOf,
  toOrderApi,
  withSignOffStep,
  type OrderEventRow,
  type PaymentRow,
} from '../orders/index.js';
import { shopNow } from '../../platform/shop-calendar.js';

type CancelledOrderRow = typeof cancelledOrders.$inferSelect;

/**
 * One order as the admin sees it (contract `AdminOrder`): `toOrderApi`'s order with its customer's
 * name and e-mail, or `customer: null` once the account is deleted, the language she ordered in,
 * and what is at risk on the shop's day of `now` (docs/product.md#dates-a-tailor-promises; the
 * app's clock where the caller has it, else the current time). `alterations` are the order's free
 * alterations (docs/product.md#free-alterations; the orders module's `alterationsOf`), none by default.
 */
export function toAdminOrder(
  row: typeof orders.$inferSelect,
  lines: (typeof orderLines.$inferSelect)[],
  customer: { username: string; email: string } | null,
  events: readonly OrderEventRow[],
  payments: readonly PaymentRow[],
  now: Date = new Date(),
  alterations: readonly Alteration[] = [],
): AdminOrder {
  return {
    ...toOrderApi(row, lines, events, payments, undefined, alterations),
    customer,
    language: row.language ?? null,
    risk: orderRisk(row, shopNow(now).date),
  };
}

/**
 * The order of `row` as the admin sees it ({@link toAdminOrder}), read inside the caller's
 * transaction so it shows what the transaction wrote: its lines (or `lines`, when the caller has
 * them fresh), its customer's name and e-mail, its timeline, its payments and its free
 * alterations (docs/product.md#free-alterations); four or five statements at once.
 */
export async function readAdminOrder(
  tx: Db,
  row: typeof orders.$inferSelect,
  now: Date,
  lines?: (typeof orderLines.$inferSelect)[],
): Promise<AdminOrder> {
  const [ownLines, [customer], timelines, payments, alterations] = await Promise.all([
    lines ?? linesOf(tx, [row.id]),
    row.userId === null ? [] : tx.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, row.userId)),
    timelinesOf(tx, [row.id]),
    paymentsOf(tx, [row.id]),
    alterationsOf(tx, [row.id]),
  ]);
  return toAdminOrder(
    row,
    ownLines,
    customer ?? null,
    timelines.get(row.id) ?? [],
    payments.get(row.id) ?? [],
    now,
    alterations.get(row.id) ?? [],
  );
}

/** An order after a status change, and whether the status actually changed. */
export interface StatusChange {
  order: AdminOrder;
  changed: boolean;
  /** The photos the new ones replaced (docs/product.md#designed-photos), for the caller to release. */
  replacedPhotos: string[];
}

/**
 * Set an order's status to any of docs/product.md#limits four (docs/product.md#states-and-transitions: an admin can set any of them, in
 * any direction). Reads the old status and writes the new one in one transaction with the
 * row locked, so `changed` is exact even when two admins act at once; a change is recorded with
 * `adminId` (the admin's user id) on the order's timeline (docs/product.md#the-tailoring-workflow). `onChanged` runs in the
 * same transaction when the status changed (the route queues the customer's mail there,
 * docs/architecture.md#mail). `photos` (stored image URLs, only with "designed", docs/product.md#designed-photos)
 * replace the order's photos; `onChanged` then runs even when the status stays. `now` (the app's
 * clock) dates the order's `risk` (docs/product.md#dates-a-tailor-promises).
 * Delivering an order for the first time gives it the next bill number of the financial year
 * holding `now` (docs/product.md#the-bill), in the same transaction. Setting "designed" before the
 * customer approved is done, and recorded on its sign-off (docs/product.md#sign-off-before-cutting).
 * @throws AppError('not_found', 'Order not found') for an unknown order number.
 * @throws AppError('conflict', ADMIN_MESSAGES.orderCancelled) for an order its customer cancelled
 *   (docs/product.md#cancellations-kept: a cancelled order moves no further).
 */
export async function updateOrderStatus(
  db: Db,
  orderNumber: string,
  status: OrderStatus,
  adminId: string,
  onChanged?: (tx: Db, order: AdminOrder, userId: string | null) => Promise<void>,
  photos?: readonly string[],
  now: Date = new Date(),
): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: orders.id, status: orders.status, photos: orders.photos, billNumber: orders.billNumber, signOff: orders.signOff })
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber))
      .for('update');
    if (!current) throw new AppError('not_found', ADMIN_MESSAGES.orderNotFound);
    if (current.status === 'cancelled') throw new AppError('conflict', ADMIN_MESSAGES.orderCancelled);
    const changed = current.status !== status;
    // Setting the status it already has is no step on the timeline (docs/product.md#the-tailoring-workflow).
    if (changed) await recordOrderEvent(tx, current.id, status, adminId);
    // docs/product.md#the-bill: the first delivery gives the bill its number, kept if the status moves back and forth.
    const bill = status === 'delivered' && current.billNumber === null ? { billNumber: await nextBillNumber(tx, now), billedAt: now } : {};
    // docs/product.md#sign-off-before-cutting: "designed" before her approval does not block; it is recorded.
    const unapproved =
      changed && status === 'designed' && current.signOff?.state !== 'approved'
        ? { signOff: withSignOffStep(current.signOff, { action: 'designed-without-approval', at: now.toISOString() }) }
        : {};
    const [row] = await tx
      .update(orders)
      .set({ status, ...bill, ...unapproved, ...(photos ? { photos: [...photos] } : {}) })
      .where(eq(orders.orderNumber, orderNumber))
      .returning();
    const userId = row!.userId;
    const order = await readAdminOrder(tx, row!, now);
    if (changed || photos) await onChanged?.(tx, order, userId);
    return { order, changed, replacedPhotos: photos ? current.photos.filter((url) => !photos.includes(url)) : [] };
  });
}

/**
 * Delete a delivered order and its lines (docs/product.md#roles-and-permissions: admins delete delivered orders only),
 * with the rows of the reference pictures its lines' stitching details named, so that nobody may
 * see them any more (docs/security.md#private-pictures).
 * @returns the image URLs its lines showed, their reference pictures and its photos, for the caller to release.
 * @throws AppError('not_found') for an unknown order number;
 *   AppError('conflict', 'Only delivered orders can be deleted') for any other status.
 */
export async function deleteDeliveredOrder(db: Db, orderNumber: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: orders.id, status: orders.status, photos: orders.photos })
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber))
      .for('update');
    if (!row) throw new AppError('not_found', ADMIN_MESSAGES.orderNotFound);
    if (row.status !== 'delivered') throw new AppError('conflict', ADMIN_MESSAGES.onlyDeliveredDeletable);
    const lines = await tx
      .select({ image: orderLines.image, stitching: orderLines.stitching })
      .from(orderLines)
      .where(eq(orderLines.orderId, row.id));
    // Her alterations' pictures go with the order as her stitching pictures do (docs/product.md#free-alterations).
    const altered = await tx
      .select({ pictures: orderAlterations.pictures })
      .from(orderAlterations)
      .where(eq(orderAlterations.orderId, row.id));
    const pictures = [...lines.flatMap((line) => line.stitching?.pictures ?? []), ...altered.flatMap((one) => one.pictures)];
    if (pictures.length > 0) await tx.delete(referencePictures).where(inArray(referencePictures.url, pictures));
    await tx.delete(orders).where(eq(orders.id, row.id));
    // The photos of the finished garment go with the order (docs/product.md#designed-photos).
    return [...lines.map((line) => line.image), ...pictures, ...row.photos];
  });
}

/** Row → API shape of a cancelled-order record (docs/product.md#entities Cancelled order). */
function toCancelledOrderApi(row: CancelledOrderRow): CancelledOrder {
  return {
    _id: row.id,
    orderId: row.orderNumber,
    username: row.username,
    phoneNumber: row.phoneNumber,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    productInfo: row.productInfo.map(({ image, name }) => ({ image, name })),
  };
}

/**
 * One page of the cancelled-order records (docs/product.md#admin-dashboard Cancelled Orders tab;
 * docs/product.md#lists-by-page): newest first (time, then id), after the record
 * `query.cursor` names, through `cancelled_orders_created_idx`; `query.q` narrows to an order
 * number, username or phone (spaces and +91 or 0 ignored) holding it, any case, each through
 * its trigram index, planned without sequential scans (platform/paging.ts
 * `searchThroughIndexes`). One statement.
 * @throws AppError('bad_request', PAGING_MESSAGES.badCursor) for a cursor not of this list.
 */
export async function listCancelledOrders(db: Db, query: SearchPageQuery): Promise<CancelledOrderListResponse> {
  const position = decodeCursor('cancelledOrders', query.cursor);
  const rows = await searchThroughIndexes(db, query.q, (tx) =>
    tx
      .select({ ...getTableColumns(cancelledOrders), atMicros: microsOf(cancelledOrders.createdAt) })
      .from(cancelledOrders)
      .where(and(cancelledSearch(query.q), afterPosition(cancelledOrders.createdAt, cancelledOrders.id, position)))
      .orderBy(desc(cancelledOrders.createdAt), desc(cancelledOrders.id))
      .limit(query.limit + 1),
  );
  const page = pageOf('cancelledOrders', rows, query.limit, (row) => ({ atMicros: row.atMicros, key: row.id }));
  return { cancelledOrders: page.rows.map(toCancelledOrderApi), nextCursor: page.nextCursor };
}

/** The cancelled-order records `q` finds (order number, username, or phone typed any way), or all without `q`. */
function cancelledSearch(q: string | undefined): SQL | undefined {
  if (q === undefined) return undefined;
  const pattern = containsPattern(q);
  const digits = phoneSearchDigits(q);
  return or(
    ilike(cancelledOrders.orderNumber, pattern),
    ilike(cancelledOrders.username, pattern),
    digits ? like(cancelledOrders.phoneNumber, containsPattern(digits)) : undefined,
  );
}

/**
 * Delete a cancelled-order record (docs/product.md#roles-and-permissions).
 * @returns the image URLs its product info showed, for the caller to release.
 * @throws AppError('not_found', 'Cancelled order not found').
 */
export async function deleteCancelledOrder(db: Db, id: string): Promise<string[]> {
  const [row] = await db.delete(cancelledOrders).where(eq(cancelledOrders.id, id)).returning({ productInfo: cancelledOrders.productInfo });
  if (!row) throw new AppError('not_found', ADMIN_MESSAGES.cancelledNotFound);
  return row.productInfo.map((info) => info.image);
}
