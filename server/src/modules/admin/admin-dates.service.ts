import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES, DATE_MESSAGES, pageUrl, type AdminOrder, type LeadTimes, type ReadyByBody } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { leadTimes, orderLines, orderReadyByChanges, orders, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { bilingualMail } from '../../platform/mail.js';
import type { OutgoingMail } from '../../platform/outbox.js';
import { dateLines, garmentPicture, timelinesOf, withinAYear } from '../orders/index.js';
import { toAdminOrder } from './admin-orders.service.js';

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
    const [lines, [customer], timelines] = await Promise.all([
      tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)),
      order.userId === null
        ? []
        : tx.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, order.userId)),
      timelinesOf(tx, [order.id]),
    ]);
    const result = toAdminOrder(row!, lines, customer ?? null, timelines.get(order.id) ?? [], now);
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
