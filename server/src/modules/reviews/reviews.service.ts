import { and, eq, sql } from 'drizzle-orm';
import { CATALOG_MESSAGES, ORDER_MESSAGES } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orderLines, orders, products, reviews } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../platform/db-errors.js';

/**
 * A review as the shopper sends it: the trimmed comment and whole stars 1 to 5, or null when she
 * gave none (docs/product.md#reviews: listed, left out of the rating).
 */
export interface NewReview {
  comment: string;
  stars: number | null;
}

/**
 * Store a shopper's review of a product (docs/product.md#reviews) under her username.
 * Accepted only from a user with a delivered order holding the product
 * (docs/product.md#differences-from-the-original-brief). One review per account and product
 * (docs/security.md): a second one replaces the first (its comment, stars, username and time),
 * in one atomic upsert, so two at once still leave one. The caller refreshes the catalog
 * afterwards.
 * @throws AppError('not_found', 'Product not found') for an unknown or deleted product.
 * @throws AppError('conflict', CATALOG_MESSAGES.productUnavailable) for a hidden product.
 * @throws AppError('forbidden', the purchase-first message) without such an order.
 */
export async function addReview(db: Db, user: { id: string; username: string }, productId: string, review: NewReview): Promise<void> {
  const [product] = await db.select({ hidden: products.hidden }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
  if (product.hidden) throw new AppError('conflict', CATALOG_MESSAGES.productUnavailable);
  const [purchase] = await db
    .select({ one: sql<number>`1` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, user.id), eq(orders.status, 'delivered'), eq(orderLines.productId, productId)))
    .limit(1);
  if (!purchase) throw new AppError('forbidden', ORDER_MESSAGES.reviewNeedsPurchase);
  try {
    await db
      .insert(reviews)
      .values({ productId, userId: user.id, username: user.username, comment: review.comment, stars: review.stars })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: { username: user.username, comment: review.comment, stars: review.stars, createdAt: sql`now()` },
      });
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
    throw error;
  }
}
