import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orderLines, orders } from './orders.js';

/**
 * Free alterations after delivery (docs/product.md#free-alterations): one row per garment a
 * shopper asked to be made right, linked to its order line (`order_line_id`; `product_id` is the
 * line's product as the API names it). `where_text` is where on the garment ('' for not said),
 * `pictures` the URLs of the reference pictures she attached (at most 3, marked used). `status`
 * moves forward only, requested → picked-up → done, each step's time kept. At most one row of a
 * line is not done (`order_alterations_one_open_idx`). Deleted with the order.
 */
export const orderAlterations = pgTable(
  'order_alterations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    problem: text('problem', { enum: ['tight', 'loose', 'length', 'other'] }).notNull(),
    whereText: text('where_text').notNull().default(''),
    note: text('note').notNull(),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['requested', 'picked-up', 'done'] })
      .notNull()
      .default('requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true, mode: 'date' }),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('order_alterations_one_open_idx')
      .on(t.orderLineId)
      .where(sql`${t.status} <> 'done'`),
    // The owner's open alterations, oldest asked first.
    index('order_alterations_open_idx')
      .on(t.requestedAt)
      .where(sql`${t.status} <> 'done'`),
    index('order_alterations_order_idx').on(t.orderId),
    check('order_alterations_problem_known', sql`${t.problem} in ('tight', 'loose', 'length', 'other')`),
    check('order_alterations_status_known', sql`${t.status} in ('requested', 'picked-up', 'done')`),
  ],
);
