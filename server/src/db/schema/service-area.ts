import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The pin codes the shop's tailor visits (docs/product.md#service-area), in the admin's order,
 * each with the name of its area in English and Tamil (`area_ta` may be empty). The first
 * migration that made this table filled it with Pollachi's (docs/decisions/015-the-shop-starts-with-pollachis-service-area.md).
 */
export const servedPinCodes = pgTable('served_pin_codes', {
  pinCode: text('pin_code').primaryKey(),
  area: text('area').notNull(),
  areaTa: text('area_ta').notNull().default(''),
  position: integer('position').notNull().default(0),
});

/**
 * "Tell me when you come to my area" (docs/product.md#service-area): a pin code and a phone
 * number (10 digits) or e-mail (lower-cased) to tell, once per pin code and contact; `user_id`
 * when a signed-in shopper asked (deleting the account deletes the request:
 * docs/decisions/010-deleting-a-shoppers-account.md).
 */
export const areaRequests = pgTable(
  'area_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pinCode: text('pin_code').notNull(),
    contact: text('contact').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('area_requests_pin_contact_key').on(t.pinCode, t.contact), index('area_requests_user_idx').on(t.userId)],
);
