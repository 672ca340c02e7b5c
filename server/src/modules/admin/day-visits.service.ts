import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { DayVisitsResponse } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orders, users, visitSlots } from '../../db/schema/index.js';
import { linesOf, paymentsOf, timelinesOf } from '../orders/index.js';
import { toAdminOrder } from './admin-orders.service.js';

/**
 * The day's visits (docs/product.md#the-days-visits): every order with a home visit on `date`
 * (`YYYY-MM-DD`, the shop's calendar), cancelled ones left out, grouped by slot in the slot's
 * time order (start, end, name), oldest order first within a slot. A retired slot still lists
 * the orders that booked it. Three statements: the orders with their slots and customers, then
 * their lines, then their timelines (docs/product.md#the-tailoring-workflow). Each order's `risk`
 * is dated by the shop's day of `now` (docs/product.md#dates-a-tailor-promises).
 */
export async function dayVisits(db: Db, date: string, now: Date = new Date()): Promise<DayVisitsResponse> {
  const rows = await db
    .select({ order: orders, slot: visitSlots, customer: { username: users.username, email: users.email, id: users.id } })
    .from(orders)
    .innerJoin(visitSlots, eq(visitSlots.id, orders.visitSlotId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.visitDate, date), isNotNull(orders.visitSlotId), ne(orders.status, 'cancelled')))
    .orderBy(
      asc(visitSlots.startsAt),
      asc(visitSlots.endsAt),
      asc(visitSlots.label),
      asc(visitSlots.id),
      asc(orders.createdAt),
      asc(orders.orderNumber),
    );
  const lines = rows.length
    ? await linesOf(
        db,
        rows.map((row) => row.order.id),
      )
    : [];
  const ids = rows.map((row) => row.order.id);
  const [timelines, payments] = await Promise.all([timelinesOf(db, ids), paymentsOf(db, ids)]);
  const slots: DayVisitsResponse['slots'] = [];
  for (const { order, slot, customer } of rows) {
    let group = slots.at(-1);
    if (group?.slotId !== slot.id) {
      group = { slotId: slot.id, label: order.visitLabel || slot.label, start: slot.startsAt, end: slot.endsAt, orders: [] };
      slots.push(group);
    }
    const own = lines.filter((line) => line.orderId === order.id);
    group.orders.push(
      toAdminOrder(
        order,
        own,
        customer?.id ? { username: customer.username, email: customer.email } : null,
        timelines.get(order.id) ?? [],
        payments.get(order.id) ?? [],
        now,
      ),
    );
  }
  return { date, slots };
}
