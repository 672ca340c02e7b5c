import { sql } from 'drizzle-orm';
import type { OrderState, OrderStatus } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { orderEvents, orderReadyByChanges } from '../../db/schema/index.js';

/**
 * One step of an order's timeline: a status it reached (`order_events`), or, with `change`, a move
 * of its ready-by date by the owner (`order_ready_by_changes`, docs/product.md#dates-a-tailor-promises;
 * `status` is then the order's status at no particular step and is not shown).
 */
export interface OrderEventRow {
  status: OrderState;
  at: Date;
  change?: { from: string | null; to: string; reason: string };
}

/**
 * The timelines of the orders `orderIds` (docs/product.md#the-tailoring-workflow), in ONE statement
 * whatever their number (no N+1): order id → its events and its ready-by moves, oldest first. An
 * order without events is absent from the map.
 */
export async function timelinesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderEventRow[]>> {
  const byOrder = new Map<string, OrderEventRow[]>();
  if (orderIds.length === 0) return byOrder;
  const ids = `{${orderIds.join(',')}}`;
  const rows = await rowsOf<{
    order_id: string;
    status: OrderState;
    at: Date | string;
    from_date: string | null;
    to_date: string | null;
    reason: string | null;
  }>(
    db,
    sql`select order_id, status, at, null::text as from_date, null::text as to_date, null::text as reason
        from ${orderEvents} where order_id = any(${ids}::uuid[])
      union all
      select order_id, 'call' as status, at, from_date::text, to_date::text, reason
        from ${orderReadyByChanges} where order_id = any(${ids}::uuid[])
      order by order_id, at`,
  );
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    const at = new Date(row.at);
    list.push(
      row.to_date === null
        ? { status: row.status, at }
        : { status: row.status, at, change: { from: row.from_date, to: row.to_date, reason: row.reason ?? '' } },
    );
    byOrder.set(row.order_id, list);
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
