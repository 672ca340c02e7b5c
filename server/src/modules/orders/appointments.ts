import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  APPOINTMENT_MESSAGES,
  formatShopDay,
  ORDER_MESSAGES,
  pageUrl,
  type AppointmentBody,
  type AppointmentChange,
  type AppointmentKind,
  type Order,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orderAlterations, orderAppointments, orders } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { bilingualMail } from '../../platform/mail.js';
import type { OutgoingMail } from '../../platform/outbox.js';
import { holdAppointmentPlace } from '../visits/index.js';
import { timelinesOf } from './order-events.js';
import { toOrderApi } from './orders.mapper.js';
import { linesOf } from './orders.service.js';
import { paymentsOf } from './payments.js';
import { garmentPicture } from './timeline.mail.js';

/** Who books a visit: the shop (any order) or the order's shopper (her own, once designed). */
export type AppointmentBooker = { by: 'shop' } | { by: 'customer'; userId: string };

/** A change just made to an order's visits, with the order's row (as it stands) to answer with. */
export interface AppointmentOutcome {
  order: typeof orders.$inferSelect;
  change: Omit<AppointmentChange, 'at'>;
}

/**
 * The order `orderNumber` with its row locked (`FOR UPDATE`): a booking, a move and a
 * cancellation of one order's visits happen one after another. A delivered order is open only to
 * an alteration pickup (`kind` `alteration`, docs/product.md#free-alterations), and only while one
 * of its alterations is not done; an alteration pickup needs a delivered order.
 * @throws AppError('not_found') for an unknown order, or for a shopper another user's.
 * @throws AppError('conflict', APPOINTMENT_MESSAGES.orderClosed) for a delivered (but to an
 *   alteration pickup) or cancelled order; APPOINTMENT_MESSAGES.noOpenAlteration for an alteration
 *   pickup of an order not delivered or with no alteration open.
 */
async function lockOpenOrder(
  tx: Db,
  orderNumber: string,
  booker: AppointmentBooker,
  kind?: AppointmentKind,
): Promise<typeof orders.$inferSelect> {
  const mine = booker.by === 'customer' ? eq(orders.userId, booker.userId) : undefined;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), mine))
    .for('update');
  if (!order) throw new AppError('not_found', booker.by === 'customer' ? ORDER_MESSAGES.orderNotFound : ADMIN_MESSAGES.orderNotFound);
  if (order.status === 'cancelled') throw new AppError('conflict', APPOINTMENT_MESSAGES.orderClosed);
  if (kind === 'alteration') {
    const [open] = await tx
      .select({ id: orderAlterations.id })
      .from(orderAlterations)
      .where(and(eq(orderAlterations.orderId, order.id), ne(orderAlterations.status, 'done')))
      .limit(1);
    if (order.status !== 'delivered' || !open) throw new AppError('conflict', APPOINTMENT_MESSAGES.noOpenAlteration);
    return order;
  }
  if (order.status === 'delivered') throw new AppError('conflict', APPOINTMENT_MESSAGES.orderClosed);
  return order;
}

/**
 * Book a trial or delivery visit, or an alteration pickup (the shop, on a delivered order with an
 * alteration open: docs/product.md#free-alterations), for order `orderNumber` (docs/product.md#trial-and-delivery-visits),
 * inside the caller's transaction: the order's row locked, then the slot's place held as a
 * measuring visit's is (visits module `holdAppointmentPlace`: the same window, closed-day, started
 * and full checks, the slot's row locked before the places are counted). When the order already has
 * a visit of that kind it is moved: the old row ends (`moved`, its place freed) and the new one says
 * it moved it. A shopper books only her own order's delivery, once it is designed.
 * @returns the order's row and the change made (`booked` or `moved`).
 * @throws AppError('not_found') for an unknown order or, for a shopper, another user's.
 * @throws AppError('conflict', APPOINTMENT_MESSAGES.orderClosed | notDesignedYet | noOpenAlteration)
 * @throws AppError('bad_request' | 'conflict', VISIT_MESSAGES.*) from `holdAppointmentPlace`.
 */
export async function bookAppointment(
  tx: Db,
  now: Date,
  orderNumber: string,
  body: AppointmentBody,
  booker: AppointmentBooker,
): Promise<AppointmentOutcome> {
  const order = await lockOpenOrder(tx, orderNumber, booker, body.kind);
  if (booker.by === 'customer' && order.status !== 'designed') throw new AppError('conflict', APPOINTMENT_MESSAGES.notDesignedYet);
  const [previous] = await tx
    .select({ id: orderAppointments.id })
    .from(orderAppointments)
    .where(and(eq(orderAppointments.orderId, order.id), eq(orderAppointments.kind, body.kind), isNull(orderAppointments.endedAt)));
  const visit = await holdAppointmentPlace(tx, now, { date: body.date, slotId: body.slotId }, previous?.id ?? null);
  if (previous) {
    await tx.update(orderAppointments).set({ endedAt: now, endedHow: 'moved' }).where(eq(orderAppointments.id, previous.id));
  }
  await tx.insert(orderAppointments).values({
    orderId: order.id,
    kind: body.kind,
    date: visit.date,
    slotId: visit.slotId,
    label: visit.label,
    bookedBy: booker.by,
    bookedAt: now,
    moved: previous !== undefined,
  });
  return { order, change: { action: previous ? 'moved' : 'booked', kind: body.kind, ...visit, by: booker.by } };
}

/**
 * Cancel the open trial or delivery visit `appointmentId` of order `orderNumber` (the shop only,
 * docs/product.md#trial-and-delivery-visits), inside the caller's transaction with the order's row
 * locked: the row ends (`cancelled`) and its place is freed; it stays on the order's timeline.
 * @returns the order's row and the change made (`cancelled`).
 * @throws AppError('not_found', ADMIN_MESSAGES.orderNotFound | APPOINTMENT_MESSAGES.notFound) for an
 *   unknown order, or a visit not open on it (another order's, already cancelled or moved).
 * @throws AppError('conflict', APPOINTMENT_MESSAGES.orderClosed) for a delivered or cancelled order.
 */
export async function cancelAppointment(tx: Db, now: Date, orderNumber: string, appointmentId: string): Promise<AppointmentOutcome> {
  const [visit] = await tx.select({ kind: orderAppointments.kind }).from(orderAppointments).where(eq(orderAppointments.id, appointmentId));
  // An alteration pickup of a delivered order can be cancelled while its alteration is open.
  const order = await lockOpenOrder(tx, orderNumber, { by: 'shop' }, visit?.kind === 'alteration' ? 'alteration' : undefined);
  const [ended] = await tx
    .update(orderAppointments)
    .set({ endedAt: now, endedHow: 'cancelled' })
    .where(and(eq(orderAppointments.id, appointmentId), eq(orderAppointments.orderId, order.id), isNull(orderAppointments.endedAt)))
    .returning();
  if (!ended) throw new AppError('not_found', APPOINTMENT_MESSAGES.notFound);
  return {
    order,
    change: { action: 'cancelled', kind: ended.kind, date: ended.date, slotId: ended.slotId, label: ended.label, by: 'shop' },
  };
}

/** A visit's kind and what happened to it, in each language, for mail subjects and lines. */
const VISIT_WORDS = {
  trial: { en: 'trial visit', ta: 'டிரயல் வருகை' },
  delivery: { en: 'delivery visit', ta: 'டெலிவரி வருகை' },
  alteration: { en: 'alteration pickup visit', ta: 'ஆடை மாற்றத்திற்கான எடுப்பு வருகை' },
} as const;
const ACTION_WORDS = {
  booked: { en: 'booked', ta: 'பதிவு செய்யப்பட்டது' },
  moved: { en: 'moved', ta: 'மாற்றப்பட்டது' },
  cancelled: { en: 'cancelled', ta: 'ரத்து செய்யப்பட்டது' },
} as const;

/** `Saturday, 5 December 2026, Morning (10:00-13:00)` in each language. */
function visitWhen(change: Omit<AppointmentChange, 'at'>): { en: string; ta: string } {
  const day = (lang: 'en' | 'ta') => formatShopDay(change.date, lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return { en: `${day('en')}, ${change.label}`, ta: `${day('ta')}, ${change.label}` };
}

/**
 * The mails of a change to an order's trial or delivery visit (docs/product.md#trial-and-delivery-visits),
 * for the outbox, each in English and Tamil as every order mail is: the customer's (the visit's
 * kind, day and slot, or that it is cancelled, and a link to her orders), and, when she picked it
 * herself (`change.by` `customer`), the shop's too (who, the order, the day and slot, her phone).
 * Only for an order that still has its customer.
 */
export function appointmentMails(
  order: Pick<Order, 'orderId' | 'address' | 'items'>,
  customer: { id: string; username: string; email: string },
  change: Omit<AppointmentChange, 'at'>,
  publicUrl: string,
): OutgoingMail[] {
  const name = order.address.name || customer.username;
  const what = VISIT_WORDS[change.kind];
  const done = ACTION_WORDS[change.action];
  const when = visitWhen(change);
  const cancelled = change.action === 'cancelled';
  const mine = bilingualMail(
    { en: `Order ${order.orderId}: ${what.en} ${done.en}`, ta: `ஆர்டர் ${order.orderId}: ${what.ta} ${done.ta}` },
    {
      en: [
        `Hello ${name},`,
        cancelled
          ? `We have cancelled the ${what.en} for your order ${order.orderId} on ${when.en}. We will call you to arrange another.`
          : `Your ${what.en} for order ${order.orderId} is ${done.en}: ${when.en}.`,
      ],
      ta: [
        `வணக்கம் ${name},`,
        cancelled
          ? `உங்கள் ஆர்டர் ${order.orderId}-க்கான ${when.ta} ${what.ta} ரத்து செய்யப்பட்டது. வேறு நேரத்திற்கு உங்களை அழைப்போம்.`
          : `ஆர்டர் ${order.orderId}-க்கான உங்கள் ${what.ta} ${done.ta}: ${when.ta}.`,
      ],
    },
    { url: pageUrl(publicUrl, 'myOrders'), en: 'See your orders', ta: 'உங்கள் ஆர்டர்களைப் பாருங்கள்' },
    garmentPicture(order),
  );
  const mails: OutgoingMail[] = [{ kind: 'order-visit', to: [customer.email], userId: customer.id, ...mine }];
  if (change.by === 'customer') {
    const phones = [order.address.phoneNumber, order.address.alternatePhone].filter(Boolean).join(' / ');
    const shop = bilingualMail(
      { en: `Order ${order.orderId}: delivery slot picked`, ta: `ஆர்டர் ${order.orderId}: டெலிவரி நேரம் தேர்வு` },
      {
        en: [`${customer.username} (${phones}) picked the ${what.en} for order ${order.orderId}: ${when.en}.`],
        ta: [`${customer.username} (${phones}) ஆர்டர் ${order.orderId}-க்கான ${what.ta} நேரத்தைத் தேர்ந்தெடுத்தார்: ${when.ta}.`],
      },
      { url: pageUrl(publicUrl, 'admin'), en: 'Open the dashboard', ta: 'நிர்வாகப் பலகையைத் திற' },
    );
    mails.push({ kind: 'visit-picked', to: 'shop', userId: customer.id, ...shop });
  }
  return mails;
}

/**
 * `POST /orders/:orderId/appointments` (docs/product.md#trial-and-delivery-visits): the signed-in
 * shopper picks the delivery visit of her own designed order, in ONE transaction with
 * {@link bookAppointment}; `onBooked` runs in it (the route queues her mail and the shop's there).
 * @returns her order as she sees it, with the visit.
 * @throws see {@link bookAppointment}.
 */
export async function pickDelivery(
  db: Db,
  now: Date,
  userId: string,
  orderNumber: string,
  body: AppointmentBody,
  onBooked?: (tx: Db, order: Order, change: AppointmentOutcome['change']) => Promise<void>,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const { order, change } = await bookAppointment(tx, now, orderNumber, body, { by: 'customer', userId });
    const [lines, timelines, payments] = await Promise.all([
      linesOf(tx, [order.id]),
      timelinesOf(tx, [order.id]),
      paymentsOf(tx, [order.id]),
    ]);
    const result = toOrderApi(order, lines, timelines.get(order.id) ?? [], payments.get(order.id) ?? []);
    await onBooked?.(tx, result, change);
    return result;
  });
}
