import { and, eq, sql } from 'drizzle-orm';
import { ORDER_MESSAGES } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { orderLines, orders, products, reviews } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../platform/db-errors.js';

/**
 * Store a review (docs/product.md#entities Comment) under the author's username. Accepted only from a user
 * with a delivered order holding the product (docs/product.md#differences-from-the-original-brief; docs/product.md#states-and-transitions
 * Review box). The caller refreshes the catalog afterwards.
 * @throws AppError('not_found', 'Product not found') for an unknown or deleted product.
 * @throws AppError('forbidden', the product's purchase-first message) without such an order.
 */
export async function addReview(db: Db, user: { id: string; username: string }, productId: string, comment: string): Promise<void> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
  const [purchase] = await db
    .select({ one: sql<number>`1` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, user.id), eq(orders.status, 'delivered'), eq(orderLines.productId, productId)))
    .limit(1);
  if (!purchase) throw new AppError('forbidden', ORDER_MESSAGES.reviewNeedsPurchase);
  try {
    await db.insert(reviews).values({ productId, userId: user.id, username: user.username, comment });
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
    throw error;
  }
}
