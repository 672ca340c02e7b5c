import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS } from '@thaiyal/contract';
import { orders } from './orders.js';
import { users } from './users.js';

/**
 * Money received at the door for an order (docs/product.md#payment-at-the-door): cash or UPI, the
 * amount in paise (above zero), the UPI reference and a note as the owner typed them ('' none),
 * the admin who recorded it (`collectedBy`, null once that account is deleted, `collectorName` kept
 * so the day's collections still say who), and when. Never changed once written; deleted with
 * the order. The Collections view reads them by time (`order_payments_at_idx`).
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    collectedBy: uuid('collected_by').references(() => users.id, { onDelete: 'set null' }),
    collectorName: text('collector_name'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.at),
    index('order_payments_at_idx').on(t.at),
    check('order_payments_amount_positive', sql`${t.amountPaise} > 0`),
    check('order_payments_method_known', sql`${t.method} in ('cash', 'upi')`),
  ],
);

/**
 * The last bill number given in each Indian financial year (docs/product.md#the-bill): `year` is
 * `2026-27` (April to March), `last` the last sequence number. A delivery takes the next one with
 * one `insert … on conflict do update … returning`, which locks the year's row until its
 * transaction ends, so two deliveries at once never share a number, on PGlite or PostgreSQL.
 */
export const billCounters = pgTable('bill_counters', {
  year: text('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * The HSN code the owner set for a product category (docs/product.md#hsn-codes): 4, 6 or 8 digits,
 * printed beside each garment of that category on the bill and in the order lines' CSV. One row
 * per category that has one; a category without a row prints none.
 */
export const categoryHsnCodes = pgTable(
  'category_hsn_codes',
  {
    category: text('category').primaryKey(),
    code: text('code').notNull(),
  },
  (t) => [check('category_hsn_codes_code_digits', sql`${t.code} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`)],
);
