import { sql, type SQL } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid, index, type AnyPgColumn } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A trigram GIN index (pg_trgm) on `expression`, which answers `ILIKE '%…%'` (a part typed
 * anywhere in the text, any case) from the index: the lists' searches
 * (docs/product.md#lists-by-page). No pending list (fastupdate): PGlite has no autovacuum to
 * merge it, and every search would read it whole.
 */
export function trigramIndex(name: string, expression: SQL) {
  return index(name)
    .using('gin', sql`${expression} gin_trgm_ops`)
    .with({ fastupdate: false });
}

/**
 * Accounts (docs/product.md#entities User). `email` is stored lower-cased; `role` is 'admin' or
 * 'customer'. A row is made only by a verified one-time code (or `npm run admin`): sign-ups
 * waiting for their code are {@link pendingSignups}, so `verified` is always true for rows made
 * since docs/decisions/017-pending-sign-ups.md (the column stays for older backups and tools).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'customer'] })
      .notNull()
      .default('customer'),
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
  },
  // The admin's order search finds a customer's orders by her username or e-mail (docs/product.md#lists-by-page).
  (t) => [trigramIndex('users_username_trgm_idx', sql`${t.username}`), trigramIndex('users_email_trgm_idx', sql`${t.email}`)],
);

/** One shipping address per user (docs/product.md#entities Address); city and state are fixed by the server. */
export const addresses = pgTable('addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  phoneNumber: text('phone_number').notNull(),
  doorNumber: text('door_number').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  pinCode: text('pin_code').notNull(),
  /** Optional (docs/product.md#address): where the house is, as a neighbour would say it. */
  landmark: text('landmark'),
  /** Optional second number to call, 10 digits (docs/product.md#address). */
  alternatePhone: text('alternate_phone'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Sign-ups waiting for their e-mailed one-time code (docs/decisions/017-pending-sign-ups.md;
 * docs/product.md#one-time-code). Each sign-up is its own row: the username, the argon2id hash
 * of its password and its current code belong together, and only the row whose code is
 * verified becomes a `users` row; a later sign-up with the same e-mail never changes an earlier
 * one. The code is stored as SHA-256 keyed with the row id and the session secret (10 minutes,
 * 5 tries, replaced by a resend); the row lives until `expires_at` (24 hours from the sign-up
 * or from a sign-in with its password), and verification deletes every row of its e-mail.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_signups_email_idx').on(t.email), index('pending_signups_expires_idx').on(t.expiresAt)],
);

/** Rotating refresh tokens, stored hashed; a family is one sign-in's chain (docs/architecture.md#sessions-and-cookies). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Password-reset tokens: random, hashed, 1-hour life, single use (docs/product.md#forgot-and-reset-password). */
export const resetTokens = pgTable(
  'reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('reset_tokens_user_idx').on(t.userId)],
);

/**
 * Contact-form messages (docs/product.md#contact). Listed a page at a time, newest first, and
 * searched by name, e-mail, phone and text (docs/product.md#lists-by-page); a phone as typed
 * may hold spaces or a +91, so its index holds only its digits ({@link phoneDigitsOf}).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt, t.id),
    trigramIndex('contact_messages_name_trgm_idx', sql`${t.name}`),
    trigramIndex('contact_messages_email_trgm_idx', sql`${t.email}`),
    trigramIndex('contact_messages_phone_trgm_idx', phoneDigitsOf(t.phone)),
    trigramIndex('contact_messages_message_trgm_idx', sql`${t.message}`),
  ],
);

/**
 * The digits of a phone number as typed (`+91 98430-12345` → `919843012345`), as SQL: what the
 * contact messages' phone index holds and their search matches against.
 */
export function phoneDigitsOf(phone: SQL | AnyPgColumn): SQL {
  return sql`regexp_replace(${phone}, '[^0-9]', '', 'g')`;
}

export { createdAt };
