import { asc, eq, not } from 'drizzle-orm';
import { ADMIN_MESSAGES, type BannerCategory, type ProductCategory } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { banners, productImages, products } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

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

/**
 * Insert a banner (docs/product.md#entities Banner, docs/product.md#validation Banner form).
 * @returns the banner as the API carries it (`{_id, image, category}`).
 */
export async function insertBanner(
  db: Db,
  banner: { category: BannerCategory; imageUrl: string },
): Promise<{ _id: string; image: string; category: BannerCategory }> {
  const [row] = await db.insert(banners).values({ category: banner.category, image: banner.imageUrl }).returning({ id: banners.id });
  return { _id: row!.id, image: banner.imageUrl, category: banner.category };
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
