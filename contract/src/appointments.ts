import { z } from './zod.js';
import { IdSchema } from './product.js';
import { IsoDateSchema } from './visits.js';

/**
 * Trial and delivery visits (docs/product.md#trial-and-delivery-visits): besides the measuring
 * visit booked with the order, the shop books at most one trial visit and one delivery visit per
 * order, in the same slots and days as the measuring visit and sharing their places; once the
 * order is designed the shopper may pick her delivery slot herself. Dates are the shop's calendar
 * (India Standard Time), as `YYYY-MM-DD`.
 */

/** The kinds of visit an order has: the measuring visit booked with it, a trial, a delivery. */
export const VISIT_KINDS = ['measure', 'trial', 'delivery', 'alteration'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];
export const VisitKindSchema = z.enum(VISIT_KINDS);

/**
 * The kinds the shop books after the order is placed (the measuring visit is booked with it):
 * `alteration` is the pickup of a garment to alter, on a delivered order with an open
 * alteration (docs/product.md#free-alterations).
 */
export const APPOINTMENT_KINDS = ['trial', 'delivery', 'alteration'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];

/** Messages of trial and delivery visits (docs/product.md#trial-and-delivery-visits). */
export const APPOINTMENT_MESSAGES = {
  kindInvalid: 'Choose a trial or a delivery visit',
  /** 409: an alteration pickup needs a delivered order with an alteration not picked up or done yet. */
  noOpenAlteration: 'This order has no alteration waiting for a pickup visit.',
  /** 409: a delivered or cancelled order has no visit left to book or cancel. */
  orderClosed: 'This order is delivered or cancelled: its visits cannot be changed.',
  /** 409 of the shopper's `POST /orders/:orderId/appointments` before her order is designed. */
  notDesignedYet: 'You can pick your delivery slot once your garment is designed.',
  /** 404 of `DELETE /admin/orders/:orderId/appointments/:id`: no such visit on this order (or already cancelled). */
  notFound: 'Visit not found',
  /** Success texts. */
  booked: 'Visit booked',
  cancelled: 'Visit cancelled',
} as const;

/**
 * `POST /admin/orders/:orderId/appointments` body: a trial or delivery visit on a day and slot
 * of the visit calendar. Booking a kind the order already has moves it there.
 */
export const AppointmentBodySchema = z
  .object({
    kind: z.enum(APPOINTMENT_KINDS, { error: APPOINTMENT_MESSAGES.kindInvalid }),
    date: IsoDateSchema,
    slotId: IdSchema,
  })
  .strict();
export type AppointmentBody = z.infer<typeof AppointmentBodySchema>;

/** `POST /orders/:orderId/appointments` body: the shopper picks her delivery visit only. */
export const DeliveryPickBodySchema = z
  .object({
    kind: z.literal('delivery', { error: APPOINTMENT_MESSAGES.kindInvalid }),
    date: IsoDateSchema,
    slotId: IdSchema,
  })
  .strict();
export type DeliveryPickBody = z.infer<typeof DeliveryPickBodySchema>;

/** `DELETE /admin/orders/:orderId/appointments/:id` path params. */
export const AppointmentParamsSchema = z.object({ orderId: z.string().min(1).max(20), id: IdSchema }).strict();

/**
 * One visit of an order: its kind, day, slot and the slot's name when booked. The measuring
 * visit's `id` is the order's number (it is the order's own visit); the others' are their UUIDs.
 */
export const AppointmentSchema = z.object({
  id: z.string(),
  kind: VisitKindSchema,
  date: z.string(),
  slotId: z.string(),
  label: z.string(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

/**
 * A change of a trial or delivery visit, on the order's timeline: `booked`, `moved` (booked again
 * elsewhere, the old place freed) or `cancelled` by the shop; the visit's day and slot, who did it
 * (`shop` or `customer`) and when (ISO 8601 UTC).
 */
export const AppointmentChangeSchema = z.object({
  action: z.enum(['booked', 'moved', 'cancelled']),
  kind: z.enum(APPOINTMENT_KINDS),
  date: z.string(),
  slotId: z.string(),
  label: z.string(),
  by: z.enum(['shop', 'customer']),
  at: z.iso.datetime(),
});
export type AppointmentChange = z.infer<typeof AppointmentChangeSchema>;

/** An order's visits in the order the shop makes them: measuring, trial, delivery. */
export function sortAppointments<Visit extends { kind: VisitKind }>(visits: readonly Visit[]): Visit[] {
  return [...visits].sort((a, b) => VISIT_KINDS.indexOf(a.kind) - VISIT_KINDS.indexOf(b.kind));
}
