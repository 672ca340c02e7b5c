import { and, asc, eq, lte, notExists, or, sql } from 'drizzle-orm';
import { CATALOG_MESSAGES, LIMITS, ORDER_MESSAGES, type CartItem, type CartResponse } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { cartLines, products } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../platform/db-errors.js';
import type { CatalogSnapshot } from '../catalog/index.js';

/** A stored cart line: which product and how many (1 to {@link LIMITS.maxQuantity}). */
export interface CartLine {
  productId: string;
  quantity: number;
}

/**
 * A user's cart lines in the order they were added, in one query. Lines of deleted products
 * are gone already (foreign key `on delete cascade`).
 */
export async function cartLinesOf(db: Db, userId: string): Promise<CartLine[]> {
  return db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.productId));
}

/**
 * Cart lines → the API's cart (docs/architecture.md#http-api: `{items: [{_id, name, nameTa, description, descriptionTa,
 * images, price, quantity, category}], total}`), with each price and the total in rupees taken from the
 * catalog's current prices (docs/product.md#entities Cart line: total = Σ price × quantity). Summed in integer
 * paise so no rounding drifts. A line whose product the snapshot lacks is left out: a hidden
 * product's line stays stored but is not shown, counted or ordered, and comes back if the shop
 * shows the product again (docs/product.md#hidden-products).
 */
export function toCartResponse(snapshot: CatalogSnapshot, lines: readonly CartLine[]): CartResponse {
  const items: CartItem[] = [];
  let totalPaise = 0;
  for (const line of lines) {
    const product = snapshot.byId.get(line.productId);
    if (!product) continue;
    items.push({
      _id: product._id,
      name: product.name,
      nameTa: product.nameTa,
      description: product.description,
      descriptionTa: product.descriptionTa,
      images: product.images,
      price: product.price,
      quantity: line.quantity,
      category: product.category,
    });
    totalPaise += Math.round(product.price * 100) * line.quantity;
  }
  return { items, total: totalPaise / 100 };
}

/**
 * Add one of a product to a user's cart (docs/product.md#api `POST /cart`) and read the cart back, in ONE
 * statement (docs/performance.md#how-it-measures: add to cart is the shop's busiest write): a new line at quantity 1, or
 * one more on the existing line, by an atomic upsert, so simultaneous adds never lose a count
 * nor pass the cap; the other lines come from the same statement's snapshot. Lines in the
 * order they were added, as {@link cartLinesOf} gives them.
 * @throws AppError('not_found', 'Product not found') for an unknown or deleted product.
 * @throws AppError('conflict', CATALOG_MESSAGES.productUnavailable) for a hidden product
 *   (docs/product.md#hidden-products).
 * @throws AppError('conflict') when the line is already at {@link LIMITS.maxQuantity}
 *   (docs/product.md#cart: quantities 1 to 10).
 */
export async function addCartItem(db: Db, userId: string, productId: string): Promise<CartLine[]> {
  type Row = { product_id: string; quantity: number; added: boolean };
  let rows: Row[];
  try {
    rows = await rowsOf<Row>(
      db,
      sql`
      with added as (
        insert into ${cartLines} (user_id, product_id, quantity)
          select ${userId}, ${productId}, 1 from ${products} where ${products.id} = ${productId} and not ${products.hidden}
        on conflict (user_id, product_id) do update set quantity = ${cartLines}.quantity + 1
          where ${cartLines}.quantity < ${LIMITS.maxQuantity}
        returning product_id, quantity, created_at
      )
      select product_id, quantity, created_at, true as added from added
      union all
      select product_id, quantity, created_at, false as added from ${cartLines}
        where user_id = ${userId} and product_id <> ${productId}
      order by created_at, product_id`,
    );
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
    throw error;
  }
  if (!rows.some((row) => row.added)) {
    // Nothing added: an unknown product, a hidden one, or a line already at the cap.
    const [product] = await db.select({ hidden: products.hidden }).from(products).where(eq(products.id, productId));
    if (!product) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
    if (product.hidden) throw new AppError('conflict', CATALOG_MESSAGES.productUnavailable);
    throw new AppError('conflict', ORDER_MESSAGES.quantityCap);
  }
  return rows.map((row) => ({ productId: row.product_id, quantity: row.quantity }));
}

/**
 * Remove a product's line from a user's cart (docs/product.md#api `DELETE /cart`). Removing a line that
 * is not there changes nothing and is not an error (a double click), but the product must exist.
 * @throws AppError('not_found', 'Product not found') for an unknown or deleted product.
 */
export async function removeCartItem(db: Db, userId: string, productId: string): Promise<void> {
  const removed = await db
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)))
    .returning({ productId: cartLines.productId });
  if (removed.length > 0) return;
  const [known] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!known) throw new AppError('not_found', ORDER_MESSAGES.productNotFound);
}

/**
 * Set the quantity of a line already in a user's cart (docs/product.md#states-and-transitions Cart: 0 removes the line;
 * docs/product.md#cart: at most 10, enforced by the route's schema).
 * @throws AppError('not_found', 'This product is not in your cart') when the user's cart has
 *   no line for the product (also for an unknown or deleted product).
 * @throws AppError('conflict', CATALOG_MESSAGES.productUnavailable) when raising the quantity of
 *   a hidden product.
 */
export async function setCartQuantity(db: Db, userId: string, productId: string, quantity: number): Promise<void> {
  const where = and(eq(cartLines.userId, userId), eq(cartLines.productId, productId));
  // Fewer of a hidden product is fine; more is not (docs/product.md#hidden-products).
  const notMoreOfHidden = or(
    lte(sql`${quantity}`, cartLines.quantity),
    notExists(
      db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.hidden, true))),
    ),
  );
  const changed =
    quantity === 0
      ? await db.delete(cartLines).where(where).returning({ productId: cartLines.productId })
      : await db.update(cartLines).set({ quantity }).where(and(where, notMoreOfHidden)).returning({ productId: cartLines.productId });
  if (changed.length > 0) return;
  const [line] = await db.select({ productId: cartLines.productId }).from(cartLines).where(where);
  if (line) throw new AppError('conflict', CATALOG_MESSAGES.productUnavailable);
  throw new AppError('not_found', ORDER_MESSAGES.notInCart);
}
