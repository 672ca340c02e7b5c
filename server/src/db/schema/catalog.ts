import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, users } from './users.js';

/**
 * PostgreSQL's `tsvector`, which Drizzle has no type for: a product's search words
 * (docs/product.md#search), read and written by SQL only, never by the app.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The columns a product is found by. */
interface SearchedColumns {
  name: PgColumn;
  nameTa: PgColumn;
  category: PgColumn;
  description: PgColumn;
  descriptionTa: PgColumn;
}

/**
 * The words a product is found by (docs/product.md#search), as an expression over its columns:
 * its names and descriptions in both languages and its category's words (`aariwork blouse`;
 * `party wear gather chudithar`, as the category select calls that one gather-chudithar), as
 * `simple` full-text words (no stemming, so Tamil and transliterations match as typed).
 * The GIN index `products_search_idx` is built on exactly this expression and
 * search.service.ts matches against it, so PostgreSQL finds the products in the index; and
 * since working it out again for every product costs far more than the index, the planner
 * never reads the whole table for it. The search migration's trigger spells out the same
 * words for `search_vector`: change them together.
 */
export function productSearchVector(t: SearchedColumns): SQL {
  return sql`to_tsvector('simple'::regconfig, ${t.name} || ' ' || ${t.nameTa} || ' ' || replace(replace(${t.category}, 'party-wear-', 'party-wear-gather-'), '-', ' ') || ' ' || ${t.description} || ' ' || ${t.descriptionTa})`;
}

/**
 * Products (docs/product.md#entities). Prices in integer paise
 * (docs/decisions/002-money-in-paise.md); `compare_at_price_paise` (the MRP) is null or above
 * the price. `price_includes_fabric`: whether the price includes the fabric (else it is for the
 * stitching, the shopper giving her fabric at the home visit). `name_ta`, `description_ta` are
 * the Tamil text, '' when none. A `hidden` product
 * is kept for the admin and for the orders that hold it but shown to no shopper
 * (docs/product.md#admin-dashboard). `search_vector` holds {@link productSearchVector}'s words
 * weighted by where they stand, to rank a search's matches: the names (weight A), the
 * category's words (B), the descriptions (C). The trigger `products_search` of the search
 * migration sets it on every insert and every change of the text.
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
    priceIncludesFabric: boolean('price_includes_fabric').notNull().default(false),
    category: text('category').notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_category_idx').on(t.category),
    check('products_compare_at_above_price', sql`${t.compareAtPricePaise} is null or ${t.compareAtPricePaise} > ${t.pricePaise}`),
    // Search (docs/product.md#search): the products holding a word. No pending list
    // (fastupdate): PGlite has no autovacuum to merge it, and every search would read it whole.
    index('products_search_idx').using('gin', productSearchVector(t)).with({ fastupdate: false }),
  ],
);

/**
 * Every word that products' text has held (the lexemes of `products.search_vector`), kept by
 * the same trigger on every insert or change of a product's text,
 * so that a search can put a typo right (`blose` → `blouse`) by trigram similarity (pg_trgm)
 * over the catalog's own words, answered by a trigram index, nearest first. It grows with the catalog's
 * vocabulary, not its size; words of deleted products stay, harmless. Derived data: not in
 * backups, rebuilt by the trigger when a backup's products are restored (db/backup.ts).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  // GiST, not GIN: it hands out the words nearest a typo first (`order by word <-> typo limit 3`).
  (t) => [index('search_words_trigrams_idx').using('gist', sql`${t.word} gist_trgm_ops`)],
);

/**
 * Common spellings of garment words (docs/product.md#search): `term` as people type it,
 * lower-case, one or two words (`churidar`, `pattu pavadai`, `ரவிக்கை`); `canonical` one word
 * that product text uses (`chudithar`, `pattupavadai`, `blouse`), searched as well. Filled by
 * the search migration; a restore replaces its rows with the backup's (db/backup.ts).
 */
export const searchSynonyms = pgTable('search_synonyms', {
  term: text('term').primaryKey(),
  canonical: text('canonical').notNull(),
});

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
  /** The text shown over the picture (docs/product.md#home): '' when the shop wrote none. */
  headline: text('headline').notNull().default(''),
  headlineTa: text('headline_ta').notNull().default(''),
  line: text('line').notNull().default(''),
  lineTa: text('line_ta').notNull().default(''),
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
