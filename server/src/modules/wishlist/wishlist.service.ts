import { and, desc, eq } from 'drizzle-orm';
import { ORDER_MESSAGES, type Product } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { wishlistItems } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../platform/db-errors.js';
import type { CatalogSnapshot } from '../catalog/index.js';

/**
 * The product ids on a user's wishlist, newest first (docs/product.md#entities Wishlist), in one query.
 * Entries of deleted products are gone already (foreign key `on delete cascade`).
 */
export async function wishlistProductIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows.map((row) => row.productId);
}

/**
 * Toggle a product on a user's wishlist (docs/product.md#states-and-transitions Wishlist toggle): removes it when present,
 * adds it otherwise. Two statements at most, each atomic; a product deleted meanwhile is
 * caught by the foreign key.
 * @throws AppError('not_found', 'Product not found') for an unknown or deleted product.
 */
export async function toggleWishlist(db: Db, userId: string, productId: string): Promise<void> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length > 0) return;
  try {
    await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
    throw error;
  }
}

/**
 * Ids → full products from the in-memory catalog, keeping the ids' order (docs/architecture.md#http-api:
 * `{products}`). An id the snapshot does not hold (a product deleted a moment ago) is left out.
 */
export function productsInOrder(snapshot: CatalogSnapshot, ids: readonly string[]): Product[] {
  const found: Product[] = [];
  for (const id of ids) {
    const product = snapshot.byId.get(id);
    if (product) found.push(product);
  }
  return found;
}
