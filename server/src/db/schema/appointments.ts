import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { visitSlots } from './visits.js';

/**
 * An order's trial and delivery visits (docs/product.md#trial-and-delivery-visits) and alteration
 * pickups (docs/product.md#free-alterations), one row per
 * booking: its kind, day, slot and the slot's name when booked, who booked it (`shop` or
 * `customer`) and when. Booking a kind again ends the row it replaces (`ended_how` `moved`, the
 * new row `moved`); the shop cancelling one ends it (`cancelled`). The rows not ended are the
 * order's visits, at most one of each kind (`order_appointments_one_open_idx`), and hold a place
 * in their slot while the order is not cancelled, as the order's measuring visit does; ended rows
 * stay for the order's timeline. Deleted with the order.
 */
export const orderAppointments = pgTable(
  'order_appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['trial', 'delivery', 'alteration'] }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => visitSlots.id),
    label: text('label').notNull(),
    bookedBy: text('booked_by', { enum: ['shop', 'customer'] }).notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Whether this booking moved an earlier one of the same kind. */
    moved: boolean('moved').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    endedHow: text('ended_how', { enum: ['moved', 'cancelled'] }),
  },
  (t) => [
    uniqueIndex('order_appointments_one_open_idx')
      .on(t.orderId, t.kind)
      .where(sql`${t.endedAt} is null`),
    // The places held in a slot on a day are counted through it.
    index('order_appointments_slot_day_idx')
      .on(t.date, t.slotId)
      .where(sql`${t.endedAt} is null`),
    index('order_appointments_order_idx').on(t.orderId),
    check('order_appointments_kind_known', sql`${t.kind} in ('trial', 'delivery', 'alteration')`),
    check('order_appointments_booked_by_known', sql`${t.bookedBy} in ('shop', 'customer')`),
    check('order_appointments_ended_how_known', sql`${t.endedHow} is null or ${t.endedHow} in ('moved', 'cancelled')`),
  ],
);
