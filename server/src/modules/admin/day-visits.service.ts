import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { VISIT_KINDS, type DayVisitsResponse, type VisitKind } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orderAppointments, orders, users, visitSlots } from '../../db/schema/index.js';
import { alterationsOf, linesOf, paymentsOf, timelinesOf } from '../orders/index.js';
import { toAdminOrder } from './admin-orders.service.js';

/** One visit of the day as read: the order, the slot, its customer, its kind and the slot's name as booked. */
interface DayVisitRow {
  order: typeof orders.$inferSelect;
  slot: typeof visitSlots.$inferSelect;
  customer: { username: string; email: string; id: string } | null;
  kind: VisitKind;
  label: string;
}

/** The slot's time order (start, end, name, id), then the oldest order first, then measuring, trial, delivery. */
function byVisitOrder(a: DayVisitRow, b: DayVisitRow): number {
  return (
    a.slot.startsAt.localeCompare(b.slot.startsAt) ||
    a.slot.endsAt.localeCompare(b.slot.endsAt) ||
    a.slot.label.localeCompare(b.slot.label) ||
    a.slot.id.localeCompare(b.slot.id) ||
    a.order.createdAt.getTime() - b.order.createdAt.getTime() ||
    a.order.orderNumber.localeCompare(b.order.orderNumber) ||
    VISIT_KINDS.indexOf(a.kind) - VISIT_KINDS.indexOf(b.kind)
  );
}

/**
 * The day's visits (docs/product.md#the-days-visits): every measuring visit on `date`
 * (`YYYY-MM-DD`, the shop's calendar) and every trial and delivery visit booked for it
 * (docs/product.md#trial-and-delivery-visits) or alteration pickup (docs/product.md#free-alterations), cancelled orders left out, grouped by slot in the
 * slot's time order (start, end, name), oldest order first within a slot; each order with the
 * `kind` of its visit. A retired slot still lists the visits that booked it. Six statements: the
 * measuring visits and the booked visits with their slots and customers, then their
 * lines, timelines (docs/product.md#the-tailoring-workflow), payments and alterations. Each order's `risk` is
 * dated by the shop's day of `now` (docs/product.md#dates-a-tailor-promises).
 */
export async function dayVisits(db: Db, date: string, now: Date = new Date()): Promise<DayVisitsResponse> {
  const customer = { username: users.username, email: users.email, id: users.id };
  const [measuring, booked] = await Promise.all([
    db
      .select({ order: orders, slot: visitSlots, customer })
      .from(orders)
      .innerJoin(visitSlots, eq(visitSlots.id, orders.visitSlotId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orders.visitDate, date), isNotNull(orders.visitSlotId), ne(orders.status, 'cancelled')))
      .orderBy(asc(orders.createdAt)),
    db
      .select({ order: orders, slot: visitSlots, customer, kind: orderAppointments.kind, label: orderAppointments.label })
      .from(orderAppointments)
      .innerJoin(orders, eq(orders.id, orderAppointments.orderId))
      .innerJoin(visitSlots, eq(visitSlots.id, orderAppointments.slotId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orderAppointments.date, date), isNull(orderAppointments.endedAt), ne(orders.status, 'cancelled'))),
  ]);
  const rows: DayVisitRow[] = [
    ...measuring.map((row) => ({ ...row, kind: 'measure' as const, label: row.order.visitLabel || row.slot.label })),
    ...booked.map((row) => ({ ...row, label: row.label || row.slot.label })),
  ].sort(byVisitOrder);
  const ids = [...new Set(rows.map((row) => row.order.id))];
  const [lines, timelines, payments, alterations] = ids.length
    ? await Promise.all([linesOf(db, ids), timelinesOf(db, ids), paymentsOf(db, ids), alterationsOf(db, ids)])
    : [[], new Map(), new Map(), new Map()];
  const slots: DayVisitsResponse['slots'] = [];
  for (const { order, slot, customer: who, kind, label } of rows) {
    let group = slots.at(-1);
    if (group?.slotId !== slot.id) {
      group = { slotId: slot.id, label, start: slot.startsAt, end: slot.endsAt, orders: [] };
      slots.push(group);
    }
    const own = lines.filter((line) => line.orderId === order.id);
    const adminOrder = toAdminOrder(
      order,
      own,
      who?.id ? { username: who.username, email: who.email } : null,
      timelines.get(order.id) ?? [],
      payments.get(order.id) ?? [],
      now,
      // An alteration pickup shows what is to be altered (docs/product.md#free-alterations).
      alterations.get(order.id) ?? [],
    );
    group.orders.push({ ...adminOrder, kind });
  }
  return { date, slots };
}
