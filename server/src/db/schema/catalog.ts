import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, users } from './users.js';

/**
 * Products (docs/product.md#entities). Prices in integer paise
 * (docs/decisions/002-money-in-paise.md); `compare_at_price_paise` (the MRP) is null or above
 * the price. `name_ta`, `description_ta` are the Tamil text, '' when none. A `hidden` product
 * is kept for the admin and for the orders that hold it but shown to no shopper
 * (docs/product.md#admin-dashboard).
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    nameTa: text('name_ta').notNull().default(''),
    description: text('description').notNull(),
    descriptionTa: text('description_ta').notNull().default(''),
    pricePaise: integer('price_paise').notNull(),
    compareAtPricePaise: integer('compare_at_price_paise'),
    category: text('category').notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_category_idx').on(t.category),
    check('products_compare_at_above_price', sql`${t.compareAtPricePaise} is null or ${t.compareAtPricePaise} > ${t.pricePaise}`),
  ],
);

/** A product's pictures in order; `url` names the default width (contract images.ts). */
export const productImages = pgTable(
  'product_images',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

/**
 * Reviews (docs/product.md#reviews); `username` is copied so a review outlives its author.
 * One per account and product (a second one replaces the first; docs/security.md); `stars`
 * 1 to 5, null only on reviews written before reviews had stars.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    comment: text('comment').notNull(),
    stars: smallint('stars'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId),
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    check('reviews_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);

/** Home carousel banners (docs/product.md#entities Banner). */
export const banners = pgTable('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  category: text('category').notNull(),
  image: text('image').notNull(),
  createdAt: createdAt(),
});

/** Cart lines (docs/product.md#entities Cart line): one row per user and product, quantity 1 to 10. */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** Wishlist entries (docs/product.md#entities Wishlist). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
