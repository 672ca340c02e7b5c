import { asc, inArray } from 'drizzle-orm';
import type { OrderStatus } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orderEvents } from '../../db/schema/index.js';

/** What an order's timeline reads of an `order_events` row. */
export type OrderEventRow = Pick<typeof orderEvents.$inferSelect, 'status' | 'at'>;

/**
 * The timelines of the orders `orderIds` (docs/product.md#the-tailoring-workflow), in ONE statement
 * whatever their number (no N+1): order id → its events, oldest first. An order without events
 * is absent from the map.
 */
export async function timelinesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderEventRow[]>> {
  const byOrder = new Map<string, OrderEventRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderEvents.orderId, status: orderEvents.status, at: orderEvents.at })
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, [...orderIds]))
    .orderBy(asc(orderEvents.orderId), asc(orderEvents.at));
  for (const { orderId, status, at } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push({ status, at });
    byOrder.set(orderId, list);
  }
  return byOrder;
}

/**
 * Record that order `orderId` reached `status` now (the transaction's time), set by `adminId`
 * (docs/product.md#the-tailoring-workflow). Run it in the transaction that changes the status.
 */
export async function recordOrderEvent(tx: Db, orderId: string, status: OrderStatus | 'cancelled', adminId: string | null): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, status, adminId });
}
