import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { ORDER_MESSAGES, type MyOrderListQuery, type Order, type OrderListResponse, type OrderStatus } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { cancelledOrders, orderLines, orders, products } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { afterPosition, decodeCursor, microsOf, pageOf } from '../../platform/paging.js';
import { groupLines, toOrderApi, toStateCounts } from './orders.mapper.js';
import { recordOrderEvent, timelinesOf } from './order-events.js';
import { paymentsOf } from './payments.js';
import { alterationsOf } from './alterations.js';

/**
 * The lines of the orders `orderIds`, in their order on the order, each with its product's
 * category for the link to it: `productCategory`, null once the product is hidden or deleted
 * (docs/product.md#my-orders). One statement, whatever the number of orders (no N+1); the
 * shopper's list and every admin answer of an order read lines so, so an order reads alike
 * wherever it is shown.
 */
export function linesOf(db: Db, orderIds: readonly string[]) {
  return db
    .select({ ...getTableColumns(orderLines), productCategory: products.category })
    .from(orderLines)
    .leftJoin(products, and(eq(products.id, orderLines.productId), eq(products.hidden, false)))
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
}

/**
 * One page of a user's own orders (docs/product.md#my-orders; docs/product.md#lists-by-page):
 * newest first (placing time, then order number), cancelled ones included unless
 * `query.status` leaves them out, after the order `query.cursor` names; the next page's
 * cursor; and how many of her orders each state holds (My Orders' All, Active and Cancelled
 * counts). Six statements whatever her number of orders (no N+1): the page's orders through
 * `orders_user_idx` (user, placing time, number) from where the cursor points, then their lines
 * at once, then their timelines, payments and alterations at once, and her per-state counts (her own rows only).
 * @throws AppError('bad_request', PAGING_MESSAGES.badCursor) for a cursor not of this list.
 */
export async function listOrders(db: Db, userId: string, query: MyOrderListQuery): Promise<OrderListResponse> {
  const position = decodeCursor('myOrders', query.cursor);
  const mine = eq(orders.userId, userId);
  const [orderRows, countRows] = await Promise.all([
    db
      .select({ ...getTableColumns(orders), atMicros: microsOf(orders.createdAt) })
      .from(orders)
      .where(
        and(
          mine,
          query.status ? inArray(orders.status, query.status) : undefined,
          afterPosition(orders.createdAt, orders.orderNumber, position),
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(query.limit + 1),
    db.select({ status: orders.status, n: count() }).from(orders).where(mine).groupBy(orders.status),
  ]);
  const page = pageOf('myOrders', orderRows, query.limit, (row) => ({ atMicros: row.atMicros, key: row.orderNumber }));
  const counts = toStateCounts(countRows);
  if (page.rows.length === 0) return { orders: [], nextCursor: page.nextCursor, counts };
  const ids = page.rows.map((row) => row.id);
  const [lineRows, timelines, payments, alterations] = await Promise.all([
    // With each line's product category for the link to it; none for a product no longer sold (docs/product.md#my-orders).
    linesOf(db, ids),
    timelinesOf(db, ids),
    paymentsOf(db, ids),
    alterationsOf(db, ids),
  ]);
  const byOrder = groupLines(lineRows);
  return {
    orders: page.rows.map((row) =>
      toOrderApi(
        row,
        byOrder.get(row.id) ?? [],
        timelines.get(row.id) ?? [],
        payments.get(row.id) ?? [],
        undefined,
        alterations.get(row.id) ?? [],
      ),
    ),
    nextCursor: page.nextCursor,
    counts,
  };
}

/** What a cancellation recorded (docs/product.md#entities Cancelled order), for the shop's and the customer's mails. */
export interface CancellationRecord {
  orderNumber: string;
  username: string;
  phoneNumber: string;
  reason: string;
  productInfo: { image: string; name: string }[];
  totalPaise: number;
  /** The status the order had when cancelled: contract `holdsCustomerFabric` tells from it whether the shop holds her fabric. */
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
    const [timelines, payments] = await Promise.all([timelinesOf(tx, [order.id]), paymentsOf(tx, [order.id])]);
    const record: CancellationRecord = {
      orderNumber: order.orderNumber,
      username: user.username,
      phoneNumber: order.address.phoneNumber,
      reason,
      productInfo: lines.map((line) => ({ image: line.image, name: line.name })),
      totalPaise: order.totalPaise,
      previousStatus: order.status,
      order: toOrderApi(row!, lines, timelines.get(order.id) ?? [], payments.get(order.id) ?? []),
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
