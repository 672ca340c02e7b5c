import { and, eq, isNotNull } from 'drizzle-orm';
import type { Product, ProductCategory } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { cartLines, orderLines, orders, wishlistItems } from '../../db/schema/index.js';
import { RECOMMENDED_COUNT, spreadAcrossCategories, type CatalogSnapshot } from './catalog.service.js';

/** At most this many products of one of the user's categories, so the row stays varied. */
export const MAX_PER_USER_CATEGORY = 4;

/**
 * The categories a user has shown interest in, most recent first: the categories of the
 * products on their wishlist, in their cart and in their orders, ordered by when each was
 * added or ordered. Three indexed queries whatever the numbers (no N+1).
 * @returns categories without repeats, and the ids of the products in the cart.
 */
async function interestOf(
  db: Db,
  snapshot: CatalogSnapshot,
  userId: string,
): Promise<{ categories: ProductCategory[]; inCart: Set<string> }> {
  const [wished, carted, ordered] = await Promise.all([
    db
      .select({ productId: wishlistItems.productId, at: wishlistItems.createdAt })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId)),
    db.select({ productId: cartLines.productId, at: cartLines.createdAt }).from(cartLines).where(eq(cartLines.userId, userId)),
    db
      .select({ productId: orderLines.productId, at: orders.createdAt })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.userId, userId), isNotNull(orderLines.productId))),
  ]);
  const signals = [...wished, ...carted, ...ordered].sort((a, b) => b.at.getTime() - a.at.getTime());
  const categories: ProductCategory[] = [];
  for (const signal of signals) {
    const category = signal.productId ? snapshot.byId.get(signal.productId)?.category : undefined;
    if (category && !categories.includes(category)) categories.push(category);
  }
  return { categories, inCart: new Set(carted.map((line) => line.productId)) };
}

/**
 * A signed-in user's recommendations (docs/product.md#recommendations): round-robin over the
 * user's categories (most recent interest first, newest product first, at most
 * {@link MAX_PER_USER_CATEGORY} each), leaving out what is already in the cart, then filled
 * with the visitors' stable selection ({@link spreadAcrossCategories}) up to `count`. A user
 * with no history gets the stable selection minus their cart.
 */
export async function recommendFor(db: Db, snapshot: CatalogSnapshot, userId: string, count = RECOMMENDED_COUNT): Promise<Product[]> {
  const { categories, inCart } = await interestOf(db, snapshot, userId);
  const queues = categories.map((category) =>
    (snapshot.byCategory.get(category) ?? []).filter((product) => !inCart.has(product._id)).slice(0, MAX_PER_USER_CATEGORY),
  );
  const chosen: Product[] = [];
  for (let round = 0; chosen.length < count && round < MAX_PER_USER_CATEGORY; round++) {
    for (const queue of queues) {
      const product = queue[round];
      if (!product) continue;
      chosen.push(product);
      if (chosen.length === count) break;
    }
  }
  const exclude = new Set([...inCart, ...chosen.map((product) => product._id)]);
  return [...chosen, ...spreadAcrossCategories(snapshot.byCategory, count - chosen.length, exclude)];
}
