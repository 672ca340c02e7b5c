import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { LANGUAGES, ORDER_STATES, type Address, type Measured, type Order, type OrderStitching, type SignOff } from '@thaiyal/contract';
import { measurementProfiles } from './measurements.js';
import { products } from './catalog.js';
import { createdAt, trigramIndex, users } from './users.js';
import { visitSlots } from './visits.js';

/**
 * `column` holds one of the contract's ORDER_STATES (docs/product.md#states-and-transitions,
 * docs/product.md#cancellations-kept): the database refuses any other status, whoever writes
 * it. The list is written out from the contract when the migration is generated, so a new
 * state needs a new migration (`npm run db:generate -w server`).
 */
function knownOrderState(column: PgColumn) {
  return sql`${column} in (${sql.raw(ORDER_STATES.map((state) => `'${state}'`).join(', '))})`;
}

/**
 * Orders (docs/product.md#entities Order). `orderNumber` is the public id (e.g. `TH-4K7Q2M`, docs/architecture.md#http-api);
 * the shipping address is a copy taken when the order is placed; totals in paise.
 * `userId` is null only for a delivered order kept, without its customer's details, after
 * `npm run delete-user` deleted the account (docs/decisions/010-deleting-a-shoppers-account.md).
 * The home visit (docs/product.md#home-visit-slot) is a date, a slot and the slot's name when the
 * order was placed, or all three null ("call me to arrange the visit"); an order holds its place
 * in that slot until it is cancelled or deleted.
 * A cancelled order is kept (docs/product.md#cancellations-kept): `status` is 'cancelled', with
 * `cancelledAt` and the customer's `cancelReason`; its timeline keeps the steps it reached before.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATES }).notNull().default('call'),
    /** When the customer cancelled (docs/product.md#cancellations-kept); null while not cancelled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    totalPaise: integer('total_paise').notNull(),
    /** The total when placed, kept once the admin sets final prices (docs/product.md#final-price); null: never changed. */
    originalTotalPaise: integer('original_total_paise'),
    /**
     * The sum of its payments (`order_payments`, docs/product.md#payment-at-the-door), kept in the
     * payment's own transaction with this row locked, so the balance check never races; never above `totalPaise`.
     */
    paidPaise: integer('paid_paise').notNull().default(0),
    /** Its bill number (`TH/2026-27/0001`, docs/product.md#the-bill), given once at its first delivery; null before. */
    billNumber: text('bill_number').unique(),
    /** When the bill number was given (the bill's date). */
    billedAt: timestamp('billed_at', { withTimezone: true, mode: 'date' }),
    /** Photos of the finished garment attached at "designed" (docs/product.md#designed-photos), default-width URLs. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    address: jsonb('address').$type<Address>().notNull(),
    paymentMethod: text('payment_method', { enum: ['cod'] })
      .notNull()
      .default('cod'),
    visitDate: date('visit_date', { mode: 'string' }),
    visitSlotId: uuid('visit_slot_id').references(() => visitSlots.id),
    visitLabel: text('visit_label'),
    /**
     * The language the customer ordered in (docs/product.md#the-days-visits), from her request's
     * language cookie or Accept-Language: the shop's WhatsApp message to her is in it. Null for
     * orders placed before it was kept (the message is then in both languages).
     */
    language: text('language', { enum: LANGUAGES }),
    /** The customer's function date (docs/product.md#dates-a-tailor-promises); null: she named none. */
    neededBy: date('needed_by', { mode: 'string' }),
    /**
     * The day the shop promises the order ready (docs/product.md#dates-a-tailor-promises), computed
     * when it is placed and moved by the owner with a reason; null for orders placed before dates were kept.
     */
    readyBy: date('ready_by', { mode: 'string' }),
    /** The ready-by date comes after her function date: she was told so and ordered anyway. */
    rush: boolean('rush').notNull().default(false),
    /**
     * The customer's approval before cutting (docs/product.md#sign-off-before-cutting): contract
     * `SignOff`, its state and its steps; null until the shop first asks (`not-asked`). Written only
     * with the order row locked (admin sign-off service), so steps never race.
     */
    signOff: jsonb('sign_off').$type<SignOff>(),
    createdAt: createdAt(),
  },
  (t) => [
    // Lists by page (docs/architecture.md#lists-by-page): a shopper's own orders, newest first,
    // from where her cursor points; the hourly and open-order checks read its first column.
    index('orders_user_idx').on(t.userId, t.createdAt, t.orderNumber),
    // The admin's list, one state at a time, newest first: each state's page is a short walk
    // from where the cursor points, whatever the history holds; and each state's count of a
    // date range. (No index leads with the time: PostgreSQL 15 would walk it to find a rare state.)
    index('orders_status_created_idx').on(t.status, t.createdAt, t.orderNumber),
    index('orders_visit_idx').on(t.visitDate, t.visitSlotId),
    // The shop's promised work (docs/product.md#dates-a-tailor-promises): open orders by ready-by date.
    index('orders_ready_by_idx').on(t.readyBy),
    // The admin's list sorted by ready-by or function date (docs/product.md#lists-by-page), one state
    // at a time as by placing time: each state's page a short walk from the cursor, its dated
    // orders in date and number order, then those without the date in number order.
    index('orders_status_ready_by_idx').on(t.status, t.readyBy, t.orderNumber),
    index('orders_status_needed_by_idx').on(t.status, t.neededBy, t.orderNumber),
    // The admin's search (docs/product.md#lists-by-page): order number, the address's name and
    // phones, by trigram, so a part typed anywhere in them is found in the index. No pending
    // list (fastupdate): PGlite has no autovacuum to merge it, and every search would read it whole.
    trigramIndex('orders_number_trgm_idx', sql`${t.orderNumber}`),
    trigramIndex('orders_address_name_trgm_idx', sql`(${t.address} ->> 'name')`),
    trigramIndex('orders_address_phone_trgm_idx', sql`(${t.address} ->> 'phoneNumber')`),
    trigramIndex('orders_address_alternate_phone_trgm_idx', sql`(${t.address} ->> 'alternatePhone')`),
    check('orders_status_known', knownOrderState(t.status)),
  ],
);

/**
 * How many orders each state holds (docs/architecture.md#lists-by-page;
 * docs/decisions/019-lists-by-page.md): the admin's status chips without reading the history.
 * Kept by the triggers `order_state_counts_*` of the lists-by-page migration on every insert,
 * status change, delete and truncate of `orders`, in the statement's own transaction, so it is
 * exact on PGlite and PostgreSQL whoever writes orders (the shop, a restore, delete-user, the
 * bench). A state's count is the sum of its rows: each database session adds to its own `slot`
 * (its backend's pid modulo 16), so orders placed at once on PostgreSQL do not queue behind one
 * row's lock. At most 16 rows per state; a slot may go negative (an order placed in one session,
 * cancelled in another). Derived data: not in backups (db/backup.ts), rebuilt by the triggers as
 * a restore inserts the orders.
 */
export const orderStateCounts = pgTable(
  'order_state_counts',
  {
    status: text('status', { enum: ORDER_STATES }).notNull(),
    slot: smallint('slot').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.slot] })],
);

/**
 * Order lines: the order's own copy of name (English, and Tamil when the product had one), image and price (docs/product.md#admin-dashboard), and
 * of the line's stitching details (docs/product.md#stitching-details): the chosen profile's name and
 * measurements, fabric, lining, notes and the reference pictures' URLs, as they were when the
 * order was placed; null for a line ordered before stitching details existed (the defaults).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /**
     * The product's Tamil name when the order was placed (docs/product.md#languages), shown on a
     * Tamil page and in a mail's Tamil part; null when the product had none then, or for a line
     * ordered before lines kept one: the English name is shown.
     */
    nameTa: text('name_ta'),
    image: text('image').notNull(),
    quantity: integer('quantity').notNull(),
    pricePaise: integer('price_paise').notNull(),
    /** The unit price agreed after measuring and its note (docs/product.md#final-price); null: the price stands. */
    finalPricePaise: integer('final_price_paise'),
    priceNote: text('price_note'),
    stitching: jsonb('stitching').$type<OrderStitching>(),
    /**
     * The customer's measurement profile the line was ordered with (docs/product.md#the-measurement-book):
     * the one the owner's measurements become a version of. Null: measured at the visit, the
     * profile since deleted, or a line placed before lines kept it whose profile name matched none.
     */
    profileId: uuid('profile_id').references(() => measurementProfiles.id, { onDelete: 'set null' }),
    /** What the owner measured at the visit (docs/product.md#the-measurement-book): contract `Measured`; null until recorded. */
    measured: jsonb('measured').$type<Measured>(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // Deleting a profile sets its lines' profile_id to null without reading every line.
    index('order_lines_profile_idx').on(t.profileId),
  ],
);

/**
 * Reference pictures a shopper uploaded for her stitching details (docs/product.md#stitching-details;
 * docs/security.md#uploads-asvs-v5): `url` is the stored WebP (`/uploads/references/…`). `usedAt` is set
 * when an order line takes the picture; a used picture cannot be named again. At most
 * LIMITS.maxUnusedStitchingPictures unused ones per account. Deleted with the account.
 */
export const referencePictures = pgTable(
  'reference_pictures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('reference_pictures_user_idx').on(t.userId, t.usedAt)],
);

/**
 * An order's timeline (docs/product.md#the-tailoring-workflow): one row per status an order reached, never
 * overwritten. `adminId` is the admin who set the status, null for the placing by the customer
 * (and for the events the migration wrote for orders placed before the timeline existed, or once
 * that admin's account is deleted). `at` is when it happened. Deleted with the order.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATES }).notNull(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.at),
    // The reports (docs/product.md#reports): the orders delivered in a period, by the day they were.
    index('order_events_status_at_idx').on(t.status, t.at),
    check('order_events_status_known', knownOrderState(t.status)),
  ],
);

/**
 * Cancelled orders (docs/product.md#entities Cancelled order), kept after the order itself is
 * removed. Listed a page at a time, newest first, and searched by order number, username and
 * phone (docs/product.md#lists-by-page).
 */
export const cancelledOrders = pgTable(
  'cancelled_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    phoneNumber: text('phone_number').notNull(),
    reason: text('reason').notNull(),
    productInfo: jsonb('product_info').$type<{ image: string; name: string }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cancelled_orders_created_idx').on(t.createdAt, t.id),
    trigramIndex('cancelled_orders_number_trgm_idx', sql`${t.orderNumber}`),
    trigramIndex('cancelled_orders_username_trgm_idx', sql`${t.username}`),
    trigramIndex('cancelled_orders_phone_trgm_idx', sql`${t.phoneNumber}`),
  ],
);

/**
 * `Idempotency-Key`s of `POST /orders` (docs/security.md, double submits; ASVS 15.4.2): one row
 * per account and key, inserted first in the order's transaction, so a second request with the
 * same key waits on the primary key until the first commits and then answers its stored
 * `response` (the first order, as first answered) instead of placing another; a first request
 * that fails leaves no row. `requestHash` (SHA-256 of the body) tells a repeat from a different
 * order sent with the same key. Rows live as long as the account.
 */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    // json, not jsonb: the text is kept as written, so a repeat gets the very same body.
    response: json('response').$type<Order>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Each move of an order's ready-by date by the owner (docs/product.md#dates-a-tailor-promises): the
 * date before and after, her short reason, the admin (null once that account is deleted) and
 * when. Shown on the order's timeline; deleted with the order.
 */
export const orderReadyByChanges = pgTable(
  'order_ready_by_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_ready_by_changes_order_idx').on(t.orderId, t.at)],
);

/**
 * The shop's lead times (docs/product.md#dates-a-tailor-promises): one row (`id` 1) with the
 * working days each garment group takes and how many garments the shop finishes per working day.
 * The migration that made it filled the demo values.
 */
export const leadTimes = pgTable(
  'lead_times',
  {
    id: smallint('id').primaryKey().default(1),
    blouse: integer('blouse').notNull(),
    chudithar: integer('chudithar').notNull(),
    frock: integer('frock').notNull(),
    pattupavadai: integer('pattupavadai').notNull(),
    pant: integer('pant').notNull(),
    nightwear: integer('nightwear').notNull(),
    dailyCapacity: integer('daily_capacity').notNull(),
  },
  (t) => [check('lead_times_one_row', sql`${t.id} = 1`)],
);
