import { asc, eq, not } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  CATALOG_MESSAGES,
  LIMITS,
  type AdminProductListResponse,
  type BannerLink,
  type Product,
  type ProductCategory,
  type SearchPageQuery,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { banners, productImages, products } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { decodeCursor, encodeCursor, type CursorPosition } from '../../platform/paging.js';

/** A validated create-product form: price already in integer paise; image URLs in order. */
export interface NewProduct {
  name: string;
  /** Tamil name, '' for none. */
  nameTa: string;
  description: string;
  /** Tamil description, '' for none. */
  descriptionTa: string;
  category: ProductCategory;
  pricePaise: number;
  /** The MRP, above `pricePaise`, or null for none. */
  compareAtPricePaise: number | null;
  /** Whether the price includes the fabric (else it is for the stitching alone). */
  priceIncludesFabric: boolean;
  /** Stored image URLs (contract images.ts: the default width), at most 6 (docs/product.md#limits). */
  imageUrls: readonly string[];
}

/**
 * Rupees with at most two decimals (contract RupeesSchema) → integer paise (docs/decisions/002-money-in-paise.md).
 * `1250.5` → `125050`; rounding removes binary-fraction noise (`0.29 * 100` is 28.999…).
 */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * Insert a product and its image rows in one transaction (docs/product.md#validation Product form; docs/architecture.md#code-shape:
 * multi-row writes in one transaction). New products are not featured.
 * @returns the new product's id.
 */
export async function insertProduct(db: Db, product: NewProduct): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        name: product.name,
        nameTa: product.nameTa,
        description: product.description,
        descriptionTa: product.descriptionTa,
        category: product.category,
        pricePaise: product.pricePaise,
        compareAtPricePaise: product.compareAtPricePaise,
        priceIncludesFabric: product.priceIncludesFabric,
      })
      .returning({ id: products.id });
    const id = row!.id;
    await tx.insert(productImages).values(product.imageUrls.map((url, position) => ({ productId: id, position, url })));
    return id;
  });
}

/**
 * Flip a product's `isFeatured` in one atomic statement (docs/product.md#states-and-transitions Featured toggle), so two
 * quick toggles give back the first state rather than racing on a read value.
 * @returns the new value.
 * @throws AppError('not_found', 'Product not found').
 */
export async function toggleFeatured(db: Db, productId: string): Promise<boolean> {
  const [row] = await db
    .update(products)
    .set({ isFeatured: not(products.isFeatured) })
    .where(eq(products.id, productId))
    .returning({ isFeatured: products.isFeatured });
  if (!row) throw new AppError('not_found', ADMIN_MESSAGES.productNotFound);
  return row.isFeatured;
}

/**
 * Delete a product (docs/product.md#roles-and-permissions admin actions). Its image rows, reviews, cart lines and wishlist
 * entries go with it (foreign keys cascade); order lines keep their own copy of name, image
 * and price, with `product_id` set to null.
 * @returns the URLs of its images, for the caller to release once nothing else needs them
 *   (image-references.ts `releaseImages`).
 * @throws AppError('not_found', 'Product not found').
 */
export async function deleteProduct(db: Db, productId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const imageRows = await tx
      .select({ url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position));
    const deleted = await tx.delete(products).where(eq(products.id, productId)).returning({ id: products.id });
    if (deleted.length === 0) throw new AppError('not_found', ADMIN_MESSAGES.productNotFound);
    return imageRows.map((row) => row.url);
  });
}

/** A banner's text over its picture (docs/product.md#home), each '' when the shop wrote none. */
export interface BannerText {
  headline: string;
  headlineTa: string;
  line: string;
  lineTa: string;
}

/**
 * Insert a banner (docs/product.md#entities Banner, docs/product.md#validation Banner form).
 * @returns the banner as the API carries it (`{_id, image, category, headline, headlineTa, line, lineTa}`).
 */
export async function insertBanner(
  db: Db,
  banner: { category: BannerLink; imageUrl: string; text: BannerText },
): Promise<{ _id: string; image: string; category: BannerLink } & BannerText> {
  const [row] = await db
    .insert(banners)
    .values({ category: banner.category, image: banner.imageUrl, ...banner.text })
    .returning({ id: banners.id });
  return { _id: row!.id, image: banner.imageUrl, category: banner.category, ...banner.text };
}

/**
 * Delete a banner (docs/product.md#roles-and-permissions).
 * @returns its image URL, for the caller to release.
 * @throws AppError('not_found', 'Banner not found').
 */
export async function deleteBanner(db: Db, bannerId: string): Promise<string> {
  const [row] = await db.delete(banners).where(eq(banners.id, bannerId)).returning({ image: banners.image });
  if (!row) throw new AppError('not_found', ADMIN_MESSAGES.bannerNotFound);
  return row.image;
}

/** A validated product edit: only the fields to change; prices in integer paise. */
export interface ProductChanges {
  name?: string;
  nameTa?: string;
  description?: string;
  descriptionTa?: string;
  category?: ProductCategory;
  pricePaise?: number;
  /** The MRP, or null to remove it. */
  compareAtPricePaise?: number | null;
  priceIncludesFabric?: boolean;
  isFeatured?: boolean;
  hidden?: boolean;
}

/** One picture of an edited product: one it has now (`kept`, its URL) or the n-th upload of the edit. */
export type PlannedImage = { kept: string } | { upload: number };

/** The `imageOrder` entry that places the n-th uploaded file (contract ImageOrderEntrySchema). */
const NEW_ENTRY = /^new:(\d{1,2})$/;

/** A 400 about the edit's pictures, with the field it concerns. */
function imageError(field: 'images' | 'imageOrder', message: string): AppError {
  return new AppError('bad_request', message, [{ path: ['body', field], message }]);
}

/**
 * The pictures a product will have after an edit (docs/product.md#admin-dashboard, Editing a
 * product), from the ones it has now (`current`, URLs in order), the edit's `imageOrder` and
 * how many files it uploads. Without `imageOrder` the product keeps its pictures and the
 * uploads follow them; with it, each entry is one of `current` (kept) or `new:<n>` (the n-th
 * upload), and a picture of `current` it leaves out is removed.
 * @throws AppError('bad_request') with CATALOG_MESSAGES' `imageOrderUnknown`, `imageOrderRepeated`,
 *   `imageOrderIncomplete`, `imageRequired` (none left) or `tooManyImages` (more than
 *   LIMITS.maxProductImages).
 */
export function planImages(current: readonly string[], imageOrder: readonly string[] | undefined, uploads: number): PlannedImage[] {
  let plan: PlannedImage[];
  if (imageOrder === undefined) {
    plan = [...current.map((url) => ({ kept: url })), ...Array.from({ length: uploads }, (_, upload) => ({ upload }))];
  } else {
    const seen = new Set<string>();
    plan = imageOrder.map((entry) => {
      if (seen.has(entry)) throw imageError('imageOrder', CATALOG_MESSAGES.imageOrderRepeated);
      seen.add(entry);
      const upload = NEW_ENTRY.exec(entry);
      if (upload && Number(upload[1]) < uploads) return { upload: Number(upload[1]) };
      if (current.includes(entry)) return { kept: entry };
      throw imageError('imageOrder', CATALOG_MESSAGES.imageOrderUnknown);
    });
    const placed = plan.filter((image) => 'upload' in image).length;
    if (placed !== uploads) throw imageError('imageOrder', CATALOG_MESSAGES.imageOrderIncomplete);
  }
  if (plan.length === 0) throw imageError('images', CATALOG_MESSAGES.imageRequired);
  if (plan.length > LIMITS.maxProductImages) throw imageError('images', CATALOG_MESSAGES.tooManyImages);
  return plan;
}

/**
 * Edit a product (docs/product.md#editing-a-product) in one transaction: the
 * product's row is locked, the compare-at price checked against the price it will have (either
 * may be the one it has now), the changed fields written and, when `images` is given (the
 * edit's `imageOrder` and its uploads' stored URLs), its pictures replaced by the planned ones
 * ({@link planImages}, checked again against the locked rows). Order lines keep their own
 * copies of name, image and price: an edit never changes a placed order.
 * @returns the URLs of the pictures the edit removed, for the caller to release once nothing
 *   else shows them (image-references.ts `releaseImages`).
 * @throws AppError('not_found', 'Product not found').
 * @throws AppError('bad_request', CATALOG_MESSAGES.compareAtNotAbovePrice) and the picture
 *   errors of {@link planImages}. Nothing is written when it throws.
 */
export async function updateProduct(
  db: Db,
  productId: string,
  changes: ProductChanges,
  images: { imageOrder: readonly string[] | undefined; uploadedUrls: readonly string[] } | undefined,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ pricePaise: products.pricePaise, compareAtPricePaise: products.compareAtPricePaise })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!row) throw new AppError('not_found', ADMIN_MESSAGES.productNotFound);
    const pricePaise = changes.pricePaise ?? row.pricePaise;
    const compareAtPricePaise = changes.compareAtPricePaise === undefined ? row.compareAtPricePaise : changes.compareAtPricePaise;
    if (compareAtPricePaise !== null && compareAtPricePaise <= pricePaise) {
      throw new AppError('bad_request', CATALOG_MESSAGES.compareAtNotAbovePrice, [
        {
          path: ['body', changes.compareAtPricePaise === undefined ? 'price' : 'compareAtPrice'],
          message: CATALOG_MESSAGES.compareAtNotAbovePrice,
        },
      ]);
    }
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(set).length > 0) await tx.update(products).set(set).where(eq(products.id, productId));
    if (!images) return [];
    const current = (
      await tx
        .select({ url: productImages.url })
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position))
    ).map((image) => image.url);
    const urls = planImages(current, images.imageOrder, images.uploadedUrls.length).map((image) =>
      'kept' in image ? image.kept : images.uploadedUrls[image.upload]!,
    );
    await tx.delete(productImages).where(eq(productImages.productId, productId));
    await tx.insert(productImages).values(urls.map((url, position) => ({ productId, position, url })));
    return current.filter((url) => !urls.includes(url));
  });
}

/** Where a product stands in the admin's list: its creation time (the catalog keeps milliseconds) and id. */
function productPosition(product: Product): CursorPosition {
  return { atMicros: String(Date.parse(product.createdAt) * 1000), key: product._id };
}

/**
 * `GET /product/admin` (docs/product.md#lists-by-page): one page of `products` (the in-memory
 * catalog's `adminProducts`, every product with `hidden`, newest first) after the product
 * `query.cursor` names, narrowed by `query.q` to a name holding it in English or Tamil, any
 * case. The catalog is in memory (docs/decisions/001-in-memory-catalog.md), so this is a walk
 * of its list: the next page starts after the named product, or, when that product has been
 * deleted meanwhile, at the first one created before it.
 * @throws AppError('bad_request', PAGING_MESSAGES.badCursor) for a cursor not of this list.
 */
export function pageOfAdminProducts(products: readonly Product[], query: SearchPageQuery): AdminProductListResponse {
  const position = decodeCursor('adminProducts', query.cursor);
  const needle = query.q?.toLowerCase();
  const found = (product: Product) =>
    needle === undefined || product.name.toLowerCase().includes(needle) || (product.nameTa ?? '').toLowerCase().includes(needle);
  let start = 0;
  if (position) {
    const named = products.findIndex((product) => product._id === position.key);
    const after = products.findIndex((product) => Date.parse(product.createdAt) * 1000 < Number(position.atMicros));
    start = named >= 0 ? named + 1 : after >= 0 ? after : products.length;
  }
  const shown: Product[] = [];
  let more = false;
  for (let index = start; index < products.length && !more; index++) {
    if (!found(products[index]!)) continue;
    if (shown.length === query.limit) more = true;
    else shown.push(products[index]!);
  }
  const last = shown[shown.length - 1];
  return { products: shown, nextCursor: more && last ? encodeCursor('adminProducts', productPosition(last)) : null };
}
