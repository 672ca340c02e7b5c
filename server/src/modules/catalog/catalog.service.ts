import { createHash } from 'node:crypto';
import { asc, desc, getTableColumns } from 'drizzle-orm';
import {
  paiseToRupees,
  HOME_SECTIONS,
  PRODUCT_CATEGORIES,
  ProductSchema,
  BannerSchema,
  type Banner,
  type Product,
  type ProductCategory,
  type ProductListQuery,
  type ProductTilesResponse,
  type Rating,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { banners, productImages, products, reviews } from '../../db/schema/index.js';

/** A response body serialized once, with its strong ETag. */
export interface CachedBody {
  body: string;
  etag: string;
}

/**
 * The whole catalog in memory (docs/decisions/001-in-memory-catalog.md): rebuilt from the database
 * when it changes, read by every catalog request without touching the database.
 * Lists are newest first. Every list and map but the `admin…` ones holds the products shoppers
 * may see: a hidden product is in none of them (docs/product.md#admin-dashboard).
 */
export interface CatalogSnapshot {
  products: readonly Product[];
  byId: ReadonlyMap<string, Product>;
  byCategory: ReadonlyMap<ProductCategory, readonly Product[]>;
  featured: readonly Product[];
  /** A visitor's 'For You' selection: stable, spread across categories. */
  recommended: readonly Product[];
  /** The home tiles' pictures by category ({@link tilePictures}). */
  tiles: ProductTilesResponse['tiles'];
  banners: readonly Banner[];
  /** Every product, hidden ones included, each with its `hidden` flag: the admin's list. */
  adminProducts: readonly Product[];
  /** Every product by id, hidden ones included, each with its `hidden` flag. */
  adminById: ReadonlyMap<string, Product>;
  /**
   * Serialized answers: 'all', 'featured', 'recommend', 'tiles', 'banners', `category:${slug}`,
   * `product:${id}`, of visible products only (the admin's list is asked for rarely and is
   * serialized when asked).
   */
  bodies: ReadonlyMap<string, CachedBody>;
}

/** A product's columns but its search words (`search_vector`), which only search reads, in SQL. */
const { searchVector: _searchVector, ...PRODUCT_COLUMNS } = getTableColumns(products);

/** Size of the visitor's recommended selection. */
export const RECOMMENDED_COUNT = 12;

/**
 * A product's rating from its reviews' stars (contract RatingSchema): the mean rounded to one
 * decimal, over the reviews that have stars; `{average: null, count: 0}` when none has.
 */
function ratingOf(stars: readonly (number | null)[]): Rating {
  const given = stars.filter((value): value is number => value !== null);
  if (given.length === 0) return { average: null, count: 0 };
  const sum = given.reduce((total, value) => total + value, 0);
  return { average: Math.round((sum * 10) / given.length) / 10, count: given.length };
}

/**
 * `list` (newest first) narrowed to the price range and sorted as asked
 * (docs/product.md#category-listing): `min`, `max` in rupees, both included; `newest` keeps
 * the list's order, `price-asc` and `price-desc` sort by price with ties newest first.
 * A new array; `list` is not changed.
 */
export function sortAndFilter(list: readonly Product[], query: ProductListQuery): Product[] {
  const { min, max, sort } = query;
  const kept = list.filter((product) => (min === undefined || product.price >= min) && (max === undefined || product.price <= max));
  // Array.prototype.sort is stable: equal prices keep the list's newest-first order.
  if (sort === 'price-asc') kept.sort((a, b) => a.price - b.price);
  if (sort === 'price-desc') kept.sort((a, b) => b.price - a.price);
  return kept;
}

function cached(value: unknown): CachedBody {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, etag };
}

/**
 * A stable selection across categories: round-robin over categories in docs/product.md#limits order,
 * taking each category's newest product first, until `count` products are chosen.
 */
export function spreadAcrossCategories(
  byCategory: ReadonlyMap<ProductCategory, readonly Product[]>,
  count: number,
  exclude: ReadonlySet<string> = new Set(),
): Product[] {
  const chosen: Product[] = [];
  for (let round = 0; chosen.length < count; round++) {
    let any = false;
    for (const category of PRODUCT_CATEGORIES) {
      const list = byCategory.get(category) ?? [];
      const candidates = list.filter((product) => !exclude.has(product._id));
      const product = candidates[round];
      if (!product) continue;
      any = true;
      chosen.push(product);
      if (chosen.length === count) break;
    }
    if (!any) break;
  }
  return chosen;
}

/**
 * The picture each home tile shows (docs/product.md#home; contract `ProductTilesResponseSchema`):
 * for every category of the home sections (contract `HOME_SECTIONS`, the extra tiles' nearest
 * garments included), the first picture of its newest product that has one; no key for a
 * category without such a product (its tile is a plain fabric panel). The same pictures the home
 * page picked from the whole catalog before it carried only these
 * (docs/performance.md#what-a-page-carries).
 * @param byCategory each category's shown products, newest first.
 */
function tilePictures(byCategory: ReadonlyMap<ProductCategory, readonly Product[]>): ProductTilesResponse['tiles'] {
  const tiles: ProductTilesResponse['tiles'] = {};
  for (const category of HOME_SECTIONS.flatMap((section) => section.categories)) {
    if (category in tiles) continue;
    const picture = byCategory.get(category)?.find((product) => product.images.length > 0)?.images[0];
    if (picture !== undefined) tiles[category] = picture;
  }
  return tiles;
}

/**
 * Read the catalog from the database in four statements, whatever its size (no N+1), and
 * build every derived list and serialized body. Each product and banner is checked against
 * the contract's schema here, once, instead of on every response. Hidden products go only
 * into the admin's list and map.
 */
async function loadCatalogSnapshot(db: Db): Promise<CatalogSnapshot> {
  const [productRows, imageRows, reviewRows, bannerRows] = await Promise.all([
    db.select(PRODUCT_COLUMNS).from(products).orderBy(desc(products.createdAt), asc(products.name), asc(products.id)),
    db.select().from(productImages).orderBy(asc(productImages.productId), asc(productImages.position)),
    db.select().from(reviews).orderBy(desc(reviews.createdAt), asc(reviews.id)),
    db.select().from(banners).orderBy(asc(banners.createdAt), asc(banners.id)),
  ]);
  const imagesByProduct = new Map<string, string[]>();
  for (const row of imageRows) {
    const list = imagesByProduct.get(row.productId) ?? [];
    list.push(row.url);
    imagesByProduct.set(row.productId, list);
  }
  const reviewsByProduct = new Map<string, Product['reviews']>();
  for (const row of reviewRows) {
    const list = reviewsByProduct.get(row.productId) ?? [];
    list.push({ username: row.username, comment: row.comment, stars: row.stars, createdAt: row.createdAt.toISOString() });
    reviewsByProduct.set(row.productId, list);
  }
  const adminProducts: Product[] = [];
  for (const row of productRows) {
    const productReviews = reviewsByProduct.get(row.id) ?? [];
    const product = ProductSchema.parse({
      _id: row.id,
      name: row.name,
      nameTa: row.nameTa,
      description: row.description,
      descriptionTa: row.descriptionTa,
      price: paiseToRupees(row.pricePaise),
      compareAtPrice: row.compareAtPricePaise === null ? null : paiseToRupees(row.compareAtPricePaise),
      priceIncludesFabric: row.priceIncludesFabric,
      category: row.category,
      images: imagesByProduct.get(row.id) ?? [],
      isFeatured: row.isFeatured,
      rating: ratingOf(productReviews.map((review) => review.stars)),
      reviews: productReviews,
      createdAt: row.createdAt.toISOString(),
    });
    adminProducts.push({ ...product, hidden: row.hidden });
  }
  const bannerList = bannerRows.map((row) =>
    BannerSchema.parse({
      _id: row.id,
      image: row.image,
      category: row.category,
      headline: row.headline,
      headlineTa: row.headlineTa,
      line: row.line,
      lineTa: row.lineTa,
    }),
  );
  return catalogSnapshotOf(adminProducts, bannerList);
}

/**
 * The snapshot of a catalog: every derived list and map, and every answer serialized once
 * (docs/decisions/001-in-memory-catalog.md). Hidden products go only into the admin's list and
 * map; the others' answers carry no `hidden` flag.
 * @param adminProducts every product, newest first, each with its `hidden` flag (absent: shown).
 * @param bannerList every banner, in the order the home carousel shows them.
 */
export function catalogSnapshotOf(adminProducts: readonly Product[], bannerList: readonly Banner[]): CatalogSnapshot {
  const productList = adminProducts.filter((product) => !product.hidden).map(({ hidden: _hidden, ...product }) => product);
  const byId = new Map(productList.map((product) => [product._id, product]));
  const adminById = new Map(adminProducts.map((product) => [product._id, product]));
  const byCategory = new Map<ProductCategory, Product[]>(PRODUCT_CATEGORIES.map((category) => [category, []]));
  for (const product of productList) byCategory.get(product.category)?.push(product);
  const featured = productList.filter((product) => product.isFeatured);
  const recommended = spreadAcrossCategories(byCategory, RECOMMENDED_COUNT);
  const tiles = tilePictures(byCategory);

  const bodies = new Map<string, CachedBody>([
    ['all', cached({ products: productList })],
    ['featured', cached({ products: featured })],
    ['recommend', cached({ products: recommended })],
    ['tiles', cached({ tiles })],
    ['banners', cached({ banners: bannerList })],
  ]);
  for (const [category, list] of byCategory) bodies.set(`category:${category}`, cached({ products: list }));
  for (const product of productList) bodies.set(`product:${product._id}`, cached({ product }));

  return { products: productList, byId, byCategory, featured, recommended, tiles, banners: bannerList, adminProducts, adminById, bodies };
}

/** The in-memory catalog: `get()` answers the current snapshot, `invalidate()` marks it stale. */
export interface Catalog {
  /** The current snapshot, rebuilt first when something changed since the last build. */
  get(): Promise<CatalogSnapshot>;
  /** Mark the catalog stale after any write to products, images, reviews or banners. */
  invalidate(): void;
}

/**
 * Create the in-memory catalog over `db`. Concurrent `get()` calls share one rebuild; an
 * `invalidate()` during a rebuild makes the next `get()` rebuild again, so a reader never
 * keeps a snapshot older than the last write it could have seen.
 */
export function createCatalog(db: Db): Catalog {
  let version = 0;
  let built: { version: number; snapshot: Promise<CatalogSnapshot> } | undefined;
  return {
    get() {
      if (!built || built.version !== version) {
        const buildVersion = version;
        const snapshot = loadCatalogSnapshot(db);
        built = { version: buildVersion, snapshot };
        snapshot.catch(() => {
          if (built?.snapshot === snapshot) built = undefined;
        });
      }
      return built.snapshot;
    },
    invalidate() {
      version += 1;
    },
  };
}
