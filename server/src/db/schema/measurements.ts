import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LENGTH_UNITS, type Measurements } from '@thaiyal/contract';
import { users } from './users.js';

/**
 * A shopper's measurement profiles (docs/product.md#measurement-profiles): a name, unique in the
 * account whatever its case, and the measurements taken, in whole millimetres by key
 * (contract `MEASUREMENT_FIELDS`), and the unit she typed them in (`in` or `cm`; rows from before
 * the unit was kept read `in`, the form's default). At most 10 per account, counted under the account row's
 * lock. Deleted with the account; an order keeps its own copy (docs/product.md#stitching-details).
 */
export const measurementProfiles = pgTable(
  'measurement_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    unit: text('unit', { enum: LENGTH_UNITS }).notNull().default('in'),
    measurements: jsonb('measurements').$type<Measurements>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('measurement_profiles_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('measurement_profiles_user_name_key').on(t.userId, sql`lower(${t.name})`),
    check('measurement_profiles_unit_known', sql`${t.unit} in ('in', 'cm')`),
  ],
);
