import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, users } from './users.js';

/** Products (docs/product.md#entities). Price in integer paise (docs/decisions/002-money-in-paise.md). */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    pricePaise: integer('price_paise').notNull(),
    category: text('category').notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('products_category_idx').on(t.category)],
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

/** Reviews (docs/product.md#entities Comment); `username` is copied so a review outlives its author. */
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
    createdAt: createdAt(),
  },
  (t) => [index('reviews_product_idx').on(t.productId)],
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
