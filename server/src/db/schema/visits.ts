import { date, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The home-visit slots the shop offers (docs/product.md#home-visit-slot): a name, the times
 * (`HH:MM`, India Standard Time) and how many visits each takes on one day. A slot the admin
 * stops offering is retired (`retired_at`), never deleted, so the orders that booked it keep
 * their visit. The first migration that made this table filled it with the shop's starting
 * slots (docs/decisions/015-the-shop-starts-with-pollachis-service-area.md).
 */
export const visitSlots = pgTable('visit_slots', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  startsAt: text('starts_at').notNull(),
  endsAt: text('ends_at').notNull(),
  capacity: integer('capacity').notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
});

/** Weekdays the shop never visits (0 Sunday to 6 Saturday); it starts with Sunday. */
export const visitClosedWeekdays = pgTable('visit_closed_weekdays', {
  weekday: smallint('weekday').primaryKey(),
});

/** Dates the shop does not visit (festivals, holidays), with the admin's note. */
export const visitClosedDates = pgTable('visit_closed_dates', {
  date: date('date', { mode: 'string' }).primaryKey(),
  note: text('note').notNull().default(''),
});
