import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES, SIGN_OFF_MESSAGES, type AdminOrder, type SignOffStep } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orders, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { linesOf, paymentsOf, timelinesOf, withSignOffStep } from '../orders/index.js';
import { toAdminOrder } from './admin-orders.service.js';

/** The order as the admin sees it after a sign-off step, and its customer's user id (null once the account is deleted). */
export interface SignOffChange {
  order: AdminOrder;
  userId: string | null;
}

/**
 * Add `step` to order `orderNumber`'s sign-off (docs/product.md#sign-off-before-cutting) in ONE
 * transaction with the order row locked. `onChanged` runs in it (the route queues the customer's mail).
 * @throws AppError('not_found', ADMIN_MESSAGES.orderNotFound) for an unknown order number.
 * @throws AppError('conflict', SIGN_OFF_MESSAGES.orderClosed) for a delivered or cancelled order.
 *   Nothing is changed on any error.
 */
async function addSignOffStep(
  db: Db,
  now: Date,
  orderNumber: string,
  step: SignOffStep,
  onChanged?: (tx: Db, change: SignOffChange) => Promise<void>,
): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
    if (!order) throw new AppError('not_found', ADMIN_MESSAGES.orderNotFound);
    if (order.status === 'delivered' || order.status === 'cancelled') throw new AppError('conflict', SIGN_OFF_MESSAGES.orderClosed);
    const signOff = withSignOffStep(order.signOff, step);
    const [row] = await tx.update(orders).set({ signOff }).where(eq(orders.id, order.id)).returning();
    const [lines, [customer], timelines, payments] = await Promise.all([
      linesOf(tx, [order.id]),
      order.userId === null
        ? []
        : tx.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, order.userId)),
      timelinesOf(tx, [order.id]),
      paymentsOf(tx, [order.id]),
    ]);
    const result = toAdminOrder(row!, lines, customer ?? null, timelines.get(order.id) ?? [], payments.get(order.id) ?? [], now);
    await onChanged?.(tx, { order: result, userId: order.userId });
    return result;
  });
}

/**
 * The owner asks the customer to approve order `orderNumber` before cutting
 * (docs/product.md#sign-off-before-cutting): its sign-off becomes pending at `now`, whatever it
 * was (asking again after her call is how the owner asks after changing something by phone).
 * @returns the order as the admin sees it. @throws see {@link addSignOffStep}.
 */
export function askSignOff(
  db: Db,
  now: Date,
  orderNumber: string,
  onAsked?: (tx: Db, change: SignOffChange) => Promise<void>,
): Promise<AdminOrder> {
  return addSignOffStep(db, now, orderNumber, { action: 'asked', at: now.toISOString(), reason: 'owner' }, onAsked);
}

/**
 * The owner records an approval the customer gave by phone (docs/product.md#sign-off-before-cutting),
 * whether or not the shop had asked: approved, via phone, at `now`.
 * @returns the order as the admin sees it. @throws see {@link addSignOffStep}.
 */
export function recordPhoneApproval(db: Db, now: Date, orderNumber: string): Promise<AdminOrder> {
  return addSignOffStep(db, now, orderNumber, { action: 'approved', at: now.toISOString(), via: 'phone' });
}
