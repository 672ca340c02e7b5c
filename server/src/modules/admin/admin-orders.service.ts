import { asc, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, DEFAULT_STITCHING, type AdminOrder, type CancelledOrder, type OrderStatus } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { cancelledOrders, orderEvents, orderLines, orders, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { recordOrderEvent, timelinesOf, toOrderApi, type OrderEventRow } from '../orders/index.js';

type CancelledOrderRow = typeof cancelledOrders.$inferSelect;

/**
 * `GET /orders/status`'s whole answer, `{"orders": [...]}` as JSON text: every customer's
 * order but the cancelled ones, newest first, each with its customer's username and e-mail (docs/product.md#admin-dashboard Customers Orders
 * tab; docs/architecture.md#http-api), or `customer: null` for a delivered order kept after its account was
 * deleted. The same shape as the contract's `AdminOrderListResponseSchema` and as
 * `toOrderApi` writes one order (prices in rupees, `purchaseDate` in ISO 8601 UTC with
 * milliseconds, lines by position). ONE statement that PostgreSQL answers as a single text
 * value (docs/performance.md#how-it-measures: the list of 1,000 orders within 50 ms): read row by row into JavaScript
 * and serialized again, the same list took three times as long.
 */
export async function listAllOrdersJson(db: Db): Promise<string> {
  const [row] = await rowsOf<{ body: string }>(
    db,
    sql`
    with items as (
      select l.order_id, json_agg(json_build_object(
        'productId', l.product_id, 'name', l.name, 'image', l.image, 'quantity', l.quantity,
        'price', (l.price_paise / 100.0)::float8,
        'stitching', coalesce(l.stitching, ${JSON.stringify(DEFAULT_STITCHING)}::jsonb),
        'finalPrice', (coalesce(l.final_price_paise, l.price_paise) / 100.0)::float8,
        'priceNote', coalesce(l.price_note, '')
      ) order by l.position) as items
      from ${orderLines} l group by l.order_id
    ), timelines as (
      select e.order_id, json_agg(json_build_object(
        'status', e.status,
        'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ) order by e.at) as timeline
      from ${orderEvents} e group by e.order_id
    )
    select json_build_object('orders', coalesce(json_agg(json_build_object(
      'orderId', o.order_number,
      'purchaseDate', to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'status', o.status,
      'items', coalesce(i.items, '[]'::json),
      'address', o.address,
      'totalPrice', (o.total_paise / 100.0)::float8,
      'originalTotal', (coalesce(o.original_total_paise, o.total_paise) / 100.0)::float8,
      'photos', o.photos,
      'paymentMethod', o.payment_method,
      'visit', case when o.visit_date is null or o.visit_slot_id is null then null
        else json_build_object('date', o.visit_date::text, 'slotId', o.visit_slot_id, 'label', coalesce(o.visit_label, '')) end,
      'customer', case when u.id is null then null else json_build_object('username', u.username, 'email', u.email) end,
      'timeline', coalesce(t.timeline, '[]'::json)
    ) order by o.created_at desc, o.order_number desc), '[]'::json))::text as body
    from ${orders} o left join ${users} u on u.id = o.user_id left join items i on i.order_id = o.id
      left join timelines t on t.order_id = o.id
    -- docs/product.md#cancellations-kept: a cancelled order is the Cancelled Orders tab's, not this list's.
    where o.status <> 'cancelled'`,
  );
  return row!.body;
}

/** One order as the admin sees it (contract `AdminOrder`): `toOrderApi`'s order with its customer's name and e-mail, or `customer: null` once the account is deleted. */
export function toAdminOrder(
  row: typeof orders.$inferSelect,
  lines: (typeof orderLines.$inferSelect)[],
  customer: { username: string; email: string } | null,
  events: readonly OrderEventRow[],
): AdminOrder {
  return { ...toOrderApi(row, lines, events), customer };
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
 * replace the order's photos; `onChanged` then runs even when the status stays.
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
): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: orders.id, status: orders.status, photos: orders.photos })
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber))
      .for('update');
    if (!current) throw new AppError('not_found', ADMIN_MESSAGES.orderNotFound);
    if (current.status === 'cancelled') throw new AppError('conflict', ADMIN_MESSAGES.orderCancelled);
    const changed = current.status !== status;
    // Setting the status it already has is no step on the timeline (docs/product.md#the-tailoring-workflow).
    if (changed) await recordOrderEvent(tx, current.id, status, adminId);
    const [row] = await tx
      .update(orders)
      .set({ status, ...(photos ? { photos: [...photos] } : {}) })
      .where(eq(orders.orderNumber, orderNumber))
      .returning();
    const userId = row!.userId;
    const [lines, [customer], timelines] = await Promise.all([
      tx.select().from(orderLines).where(eq(orderLines.orderId, row!.id)),
      userId === null ? [] : tx.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, userId)),
      timelinesOf(tx, [row!.id]),
    ]);
    const order = toAdminOrder(row!, lines, customer ?? null, timelines.get(row!.id) ?? []);
    if (changed || photos) await onChanged?.(tx, order, userId);
    return { order, changed, replacedPhotos: photos ? current.photos.filter((url) => !photos.includes(url)) : [] };
  });
}

/**
 * Delete a delivered order and its lines (docs/product.md#roles-and-permissions: admins delete delivered orders only).
 * @returns the image URLs its lines showed and its photos, for the caller to release.
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
    const lines = await tx.select({ image: orderLines.image }).from(orderLines).where(eq(orderLines.orderId, row.id));
    await tx.delete(orders).where(eq(orders.id, row.id));
    // The photos of the finished garment go with the order (docs/product.md#designed-photos).
    return [...lines.map((line) => line.image), ...row.photos];
  });
}

/** Row → API shape of a cancelled-order record (docs/product.md#entities Cancelled order). */
export function toCancelledOrderApi(row: CancelledOrderRow): CancelledOrder {
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

/** Every cancelled-order record, newest first (docs/product.md#admin-dashboard Cancelled Orders tab); one statement. */
export async function listCancelledOrders(db: Db): Promise<CancelledOrder[]> {
  const rows = await db.select().from(cancelledOrders).orderBy(desc(cancelledOrders.createdAt), asc(cancelledOrders.id));
  return rows.map(toCancelledOrderApi);
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
