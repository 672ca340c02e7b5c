import { createHash } from 'node:crypto';
import { asc, desc } from 'drizzle-orm';
import { PRODUCT_CATEGORIES, ProductSchema, BannerSchema, type Banner, type Product, type ProductCategory } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { banners, productImages, products, reviews } from '../../db/schema/index.js';

/** A response body serialized once, with its strong ETag. */
export interface CachedBody {
  body: string;
  etag: string;
}

/**
 * The whole public catalog in memory (docs/decisions/001-in-memory-catalog.md): rebuilt from the database
 * when it changes, read by every catalog request without touching the database.
 * Lists are newest first.
 */
export interface CatalogSnapshot {
  products: readonly Product[];
  byId: ReadonlyMap<string, Product>;
  byCategory: ReadonlyMap<ProductCategory, readonly Product[]>;
  featured: readonly Product[];
  /** A visitor's 'For You' selection: stable, spread across categories. */
  recommended: readonly Product[];
  banners: readonly Banner[];
  /** Serialized answers: 'all', 'featured', 'recommend', 'banners', `category:${slug}`, `product:${id}`. */
  bodies: ReadonlyMap<string, CachedBody>;
}

/** Size of the visitor's recommended selection. */
export const RECOMMENDED_COUNT = 12;

/** Convert paise (integer) to rupees as the API carries them (docs/decisions/002-money-in-paise.md). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
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
 * Read the catalog from the database in four statements, whatever its size (no N+1), and
 * build every derived list and serialized body. Each product and banner is checked against
 * the contract's schema here, once, instead of on every response.
 */
export async function loadCatalogSnapshot(db: Db): Promise<CatalogSnapshot> {
  const [productRows, imageRows, reviewRows, bannerRows] = await Promise.all([
    db.select().from(products).orderBy(desc(products.createdAt), asc(products.name), asc(products.id)),
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
    list.push({ username: row.username, comment: row.comment, createdAt: row.createdAt.toISOString() });
    reviewsByProduct.set(row.productId, list);
  }
  const productList = productRows.map((row) =>
    ProductSchema.parse({
      _id: row.id,
      name: row.name,
      description: row.description,
      price: paiseToRupees(row.pricePaise),
      category: row.category,
      images: imagesByProduct.get(row.id) ?? [],
      isFeatured: row.isFeatured,
      reviews: reviewsByProduct.get(row.id) ?? [],
      createdAt: row.createdAt.toISOString(),
    }),
  );
  const bannerList = bannerRows.map((row) => BannerSchema.parse({ _id: row.id, image: row.image, category: row.category }));

  const byId = new Map(productList.map((product) => [product._id, product]));
  const byCategory = new Map<ProductCategory, Product[]>(PRODUCT_CATEGORIES.map((category) => [category, []]));
  for (const product of productList) byCategory.get(product.category)?.push(product);
  const featured = productList.filter((product) => product.isFeatured);
  const recommended = spreadAcrossCategories(byCategory, RECOMMENDED_COUNT);

  const bodies = new Map<string, CachedBody>([
    ['all', cached({ products: productList })],
    ['featured', cached({ products: featured })],
    ['recommend', cached({ products: recommended })],
    ['banners', cached({ banners: bannerList })],
  ]);
  for (const [category, list] of byCategory) bodies.set(`category:${category}`, cached({ products: list }));
  for (const product of productList) bodies.set(`product:${product._id}`, cached({ product }));

  return { products: productList, byId, byCategory, featured, recommended, banners: bannerList, bodies };
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
