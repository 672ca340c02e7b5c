import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LENGTH_UNITS, PROFILE_VERSION_SOURCES, type Measurements } from '@thaiyal/contract';
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

/**
 * The versions of a measurement profile (docs/product.md#the-measurement-book): each save of its
 * measurements, by the shopper (`shopper`: creating or editing it) or by the shop (`shop`: the
 * owner's measurements taken at a visit, saved from an order), with when (newest first: `at`, then `seq`). At most
 * MAX_PROFILE_VERSIONS per profile: the save that adds one more drops the oldest, in its
 * transaction. Deleted with the profile.
 */
export const measurementProfileVersions = pgTable(
  'measurement_profile_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => measurementProfiles.id, { onDelete: 'cascade' }),
    source: text('source', { enum: PROFILE_VERSION_SOURCES }).notNull(),
    measurements: jsonb('measurements').$type<Measurements>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Orders versions saved at the same `at` (one transaction, or the tests' stopped clock): the later one is newer. */
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity(),
  },
  (t) => [
    index('measurement_profile_versions_profile_idx').on(t.profileId, t.at, t.seq),
    check('measurement_profile_versions_source_known', sql`${t.source} in ('shop', 'shopper')`),
  ],
);
