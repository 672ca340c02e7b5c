import { eq } from 'drizzle-orm';
import type { AdminOrder, AppointmentBody } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import {
  alterationsOf,
  bookAppointment,
  cancelAppointment,
  linesOf,
  paymentsOf,
  timelinesOf,
  type AppointmentOutcome,
} from '../orders/index.js';
import { toAdminOrder } from './admin-orders.service.js';

/** What runs in the transaction after a change to an order's visits: the route queues the mails there. */
export type OnAppointmentChange = (
  tx: Db,
  order: AdminOrder,
  customer: { id: string; username: string; email: string } | null,
  change: AppointmentOutcome['change'],
) => Promise<void>;

/**
 * Make one change to an order's trial or delivery visits (`step`, the orders module's
 * `bookAppointment` or `cancelAppointment`) in ONE transaction, then read the order back as the
 * admin sees it on the shop's day of `now`; `onChanged` runs in the same transaction with its
 * customer (null once the account is deleted) and the change.
 */
async function changeAppointments(
  db: Db,
  now: Date,
  step: (tx: Db) => Promise<AppointmentOutcome>,
  onChanged?: OnAppointmentChange,
): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const { order, change } = await step(tx);
    const [lines, [customer], timelines, payments, alterations] = await Promise.all([
      linesOf(tx, [order.id]),
      order.userId === null
        ? []
        : tx.select({ id: users.id, username: users.username, email: users.email }).from(users).where(eq(users.id, order.userId)),
      timelinesOf(tx, [order.id]),
      paymentsOf(tx, [order.id]),
      // An alteration pickup is booked on an order with alterations (docs/product.md#free-alterations).
      alterationsOf(tx, [order.id]),
    ]);
    const who = customer ? { username: customer.username, email: customer.email } : null;
    const result = toAdminOrder(
      order,
      lines,
      who,
      timelines.get(order.id) ?? [],
      payments.get(order.id) ?? [],
      now,
      alterations.get(order.id) ?? [],
    );
    await onChanged?.(tx, result, customer ?? null, change);
    return result;
  });
}

/**
 * The shop books (or moves) a trial or delivery visit of order `orderNumber`
 * (docs/product.md#trial-and-delivery-visits; orders module `bookAppointment`).
 * @returns the order as the admin sees it, with the visit.
 * @throws AppError('not_found' | 'conflict' | 'bad_request') as `bookAppointment` does.
 */
export function bookAdminAppointment(
  db: Db,
  now: Date,
  orderNumber: string,
  body: AppointmentBody,
  onChanged?: OnAppointmentChange,
): Promise<AdminOrder> {
  return changeAppointments(db, now, (tx) => bookAppointment(tx, now, orderNumber, body, { by: 'shop' }), onChanged);
}

/**
 * The shop cancels trial or delivery visit `appointmentId` of order `orderNumber`
 * (docs/product.md#trial-and-delivery-visits; orders module `cancelAppointment`).
 * @returns the order as the admin sees it, without the visit.
 * @throws AppError('not_found' | 'conflict') as `cancelAppointment` does.
 */
export function cancelAdminAppointment(
  db: Db,
  now: Date,
  orderNumber: string,
  appointmentId: string,
  onChanged?: OnAppointmentChange,
): Promise<AdminOrder> {
  return changeAppointments(db, now, (tx) => cancelAppointment(tx, now, orderNumber, appointmentId), onChanged);
}
