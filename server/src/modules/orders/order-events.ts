import { sql, type SQL } from 'drizzle-orm';
import type { AppointmentChange, OrderState, OrderStatus } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { orderAppointments, orderEvents, orderReadyByChanges } from '../../db/schema/index.js';

/**
 * One step of an order's timeline: a status it reached (`order_events`), or, with `change`, a move
 * of its ready-by date by the owner (`order_ready_by_changes`, docs/product.md#dates-a-tailor-promises),
 * or, with `appointment`, a trial or delivery visit booked, moved or cancelled
 * (`order_appointments`, docs/product.md#trial-and-delivery-visits: `id` the visit's, `open`
 * whether it is still booked). With either, `status` is the order's status at no particular step
 * and is not shown.
 */
export interface OrderEventRow {
  status: OrderState;
  at: Date;
  change?: { from: string | null; to: string; reason: string };
  appointment?: Omit<AppointmentChange, 'at'> & { id: string; open: boolean };
}

/** A row of {@link timelinesOf}'s statement. */
interface TimelineRow {
  order_id: string;
  status: OrderState;
  at: Date | string;
  from_date: string | null;
  to_date: string | null;
  reason: string | null;
  appointment_id: string | null;
  action: AppointmentChange['action'] | null;
  kind: AppointmentChange['kind'] | null;
  visit_date: string | null;
  slot_id: string | null;
  label: string | null;
  by: AppointmentChange['by'] | null;
  open: boolean | null;
}

/** One row of {@link timelinesOf}'s statement as a timeline step. */
function toEventRow(row: TimelineRow): OrderEventRow {
  const at = new Date(row.at);
  if (row.appointment_id !== null) {
    return {
      status: row.status,
      at,
      appointment: {
        id: row.appointment_id,
        action: row.action!,
        kind: row.kind!,
        date: row.visit_date!,
        slotId: row.slot_id!,
        label: row.label ?? '',
        by: row.by!,
        open: row.open === true,
      },
    };
  }
  return row.to_date === null
    ? { status: row.status, at }
    : { status: row.status, at, change: { from: row.from_date, to: row.to_date, reason: row.reason ?? '' } };
}

/**
 * The timelines of the orders `orderIds` (docs/product.md#the-tailoring-workflow), in ONE statement
 * whatever their number (no N+1): order id → its events, its ready-by moves and its trial and
 * delivery visits' bookings, moves and cancellations, oldest first. An order without events is absent from the map.
 */
export async function timelinesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderEventRow[]>> {
  const byOrder = new Map<string, OrderEventRow[]>();
  if (orderIds.length === 0) return byOrder;
  const ids = `{${orderIds.join(',')}}`;
  const noVisit = sql`null::uuid as appointment_id, null::text as action, null::text as kind, null::text as visit_date,
    null::uuid as slot_id, null::text as label, null::text as by, null::boolean as open`;
  const visit = (by: SQL) => sql`a.kind, a.date::text as visit_date, a.slot_id, a.label, ${by} as by, a.ended_at is null as open`;
  const rows = await rowsOf<TimelineRow>(
    db,
    sql`select order_id, status, at, null::text as from_date, null::text as to_date, null::text as reason, ${noVisit}
        from ${orderEvents} where order_id = any(${ids}::uuid[])
      union all
      select order_id, 'call' as status, at, from_date::text, to_date::text, reason, ${noVisit}
        from ${orderReadyByChanges} where order_id = any(${ids}::uuid[])
      union all
      select a.order_id, 'call' as status, a.booked_at as at, null, null, null,
          a.id, case when a.moved then 'moved' else 'booked' end, ${visit(sql`a.booked_by`)}
        from ${orderAppointments} a where a.order_id = any(${ids}::uuid[])
      union all
      select a.order_id, 'call' as status, a.ended_at as at, null, null, null, a.id, 'cancelled', ${visit(sql`'shop'`)}
        from ${orderAppointments} a where a.order_id = any(${ids}::uuid[]) and a.ended_how = 'cancelled'
      order by order_id, at`,
  );
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(toEventRow(row));
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
