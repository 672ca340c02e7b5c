import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's own settings the admin sets from the dashboard, one row (`id` 1) at most
 * (docs/product.md#home, "Who is behind the shop"): the tailor's photo, a stored picture's URL
 * (`/uploads/products/{id}-640.webp`, 3:4 like a product's), null when none is set.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    tailorPhoto: text('tailor_photo'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
);
