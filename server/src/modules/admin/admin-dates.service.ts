import { and, asc, eq, lte, notInArray, or } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  DATE_MESSAGES,
  DUE_SOON_DAYS,
  NEEDED_SOON_DAYS,
  ORDER_RISKS,
  pageUrl,
  type AdminOrder,
  type AtRiskOrdersResponse,
  type LeadTimes,
  type ReadyByBody,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { leadTimes, orderReadyByChanges, orders, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { addDays, shopNow } from '../../platform/shop-calendar.js';
import { bilingualMail } from '../../platform/mail.js';
import type { OutgoingMail } from '../../platform/outbox.js';
import { dateLines, garmentPicture, linesOf, paymentsOf, timelinesOf, withinAYear } from '../orders/index.js';
import { readAdminOrder, toAdminOrder } from './admin-orders.service.js';

/** The shop's lead times (docs/product.md#dates-a-tailor-promises): days of work per garment group and garments finished per working day. */
export async function getLeadTimes(db: Db): Promise<LeadTimes> {
  const [row] = await db.select().from(leadTimes).where(eq(leadTimes.id, 1));
  const { id: _id, dailyCapacity, ...days } = row!;
  return { days, dailyCapacity };
}

/**
 * Replace the shop's lead times (docs/product.md#dates-a-tailor-promises). Orders already placed
 * keep their ready-by dates; the next quote and order use the new ones.
 * @returns the lead times after the change.
 */
export async function setLeadTimes(db: Db, body: LeadTimes): Promise<LeadTimes> {
  const values = { ...body.days, dailyCapacity: body.dailyCapacity };
  await db
    .insert(leadTimes)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: leadTimes.id, set: values });
  return getLeadTimes(db);
}

/**
 * Move an order's ready-by date (docs/product.md#dates-a-tailor-promises) in ONE transaction with
 * the order row locked: the new date, `rush` again from her function date, and a row on the
 * order's timeline with the date before, the new one, the owner's reason, the admin and the time.
 * `onMoved` runs in the same transaction (the route queues the customer's mail there,
 * docs/architecture.md#mail). Moving it to the date it has changes nothing but is still recorded:
 * the owner gave a reason and the customer hears it.
 * @returns the order as the admin sees it on the shop's day of `now`.
 * @throws AppError('bad_request', DATE_MESSAGES.readyByRange) for a date before today or over a year ahead.
 * @throws AppError('not_found', ADMIN_MESSAGES.orderNotFound) for an unknown order number.
 * @throws AppError('conflict', DATE_MESSAGES.orderClosed) for a delivered or cancelled order.
 */
export async function moveReadyBy(
  db: Db,
  now: Date,
  orderNumber: string,
  body: ReadyByBody,
  adminId: string,
  onMoved?: (tx: Db, order: AdminOrder, userId: string | null, reason: string) => Promise<void>,
): Promise<AdminOrder> {
  if (!withinAYear(body.readyBy, now)) throw new AppError('bad_request', DATE_MESSAGES.readyByRange);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
    if (!order) throw new AppError('not_found', ADMIN_MESSAGES.orderNotFound);
    if (order.status === 'delivered' || order.status === 'cancelled') throw new AppError('conflict', DATE_MESSAGES.orderClosed);
    await tx
      .insert(orderReadyByChanges)
      .values({ orderId: order.id, fromDate: order.readyBy, toDate: body.readyBy, reason: body.reason, adminId, at: now });
    const rush = order.neededBy !== null && order.neededBy < body.readyBy;
    const [row] = await tx.update(orders).set({ readyBy: body.readyBy, rush }).where(eq(orders.id, order.id)).returning();
    const result = await readAdminOrder(tx, row!, now);
    await onMoved?.(tx, result, order.userId, body.reason);
    return result;
  });
}

/**
 * The mail telling a customer her order's new ready-by date (docs/product.md#dates-a-tailor-promises),
 * in English and Tamil: the new date, the owner's reason as written, her function date when she
 * gave one, and a link to her orders. Only for an order that still has its customer.
 */
export function readyByMail(
  order: AdminOrder & { customer: NonNullable<AdminOrder['customer']> },
  userId: string,
  reason: string,
  publicUrl: string,
): OutgoingMail {
  const name = order.address.name || order.customer.username;
  const dates = dateLines(order);
  const body = bilingualMail(
    { en: `Order ${order.orderId}: new ready-by date`, ta: `ஆர்டர் ${order.orderId}: புதிய தயாராகும் நாள்` },
    {
      en: [`Hello ${name},`, `We have changed the date your order ${order.orderId} will be ready.`, ...dates.en, `Reason: ${reason}`],
      ta: [`வணக்கம் ${name},`, `உங்கள் ஆர்டர் ${order.orderId} தயாராகும் நாளை மாற்றியுள்ளோம்.`, ...dates.ta, `காரணம்: ${reason}`],
    },
    { url: pageUrl(publicUrl, 'myOrders'), en: 'See your orders', ta: 'உங்கள் ஆர்டர்களைப் பாருங்கள்' },
    garmentPicture(order),
  );
  return { kind: 'order-ready-by', to: [order.customer.email], userId, ...body };
}

/** The most orders {@link ordersAtRisk} answers: more than a day's work of any shop. */
const MAX_ORDERS_AT_RISK = 200;

/**
 * The orders at risk on the shop's day of `now` (docs/product.md#dates-a-tailor-promises): open
 * orders whose ready-by date is within {@link DUE_SOON_DAYS} days or past, or whose function date
 * is within {@link NEEDED_SOON_DAYS} days, kept when their `risk` (the orders module's `orderRisk`)
 * says so; overdue first, then due soon, then needed soon, each by its date, the soonest first.
 * At most {@link MAX_ORDERS_AT_RISK} orders read; four statements (orders with their customers
 * through `orders_ready_by_idx`, their lines, their timelines).
 */
export async function ordersAtRisk(db: Db, now: Date): Promise<AtRiskOrdersResponse> {
  const today = shopNow(now).date;
  const rows = await db
    .select({ order: orders, customer: { id: users.id, username: users.username, email: users.email } })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        notInArray(orders.status, ['delivered', 'cancelled']),
        or(lte(orders.readyBy, addDays(today, DUE_SOON_DAYS)), lte(orders.neededBy, addDays(today, NEEDED_SOON_DAYS))),
      ),
    )
    .orderBy(asc(orders.readyBy), asc(orders.orderNumber))
    .limit(MAX_ORDERS_AT_RISK);
  if (rows.length === 0) return { today, orders: [] };
  const ids = rows.map((row) => row.order.id);
  const [lines, timelines, payments] = await Promise.all([linesOf(db, ids), timelinesOf(db, ids), paymentsOf(db, ids)]);
  const atRisk = rows
    .map(({ order, customer }) =>
      toAdminOrder(
        order,
        lines.filter((line) => line.orderId === order.id),
        customer?.id ? { username: customer.username, email: customer.email } : null,
        timelines.get(order.id) ?? [],
        payments.get(order.id) ?? [],
        now,
      ),
    )
    .filter((order) => order.risk);
  const dateOf = (order: AdminOrder) => (order.risk === 'needed-soon' ? order.neededBy : order.readyBy) ?? '';
  atRisk.sort((a, b) => ORDER_RISKS.indexOf(a.risk!) - ORDER_RISKS.indexOf(b.risk!) || dateOf(a).localeCompare(dateOf(b)));
  return { today, orders: atRisk };
}
