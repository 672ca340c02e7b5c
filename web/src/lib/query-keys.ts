/**
 * The TanStack Query keys more than one feature reads or invalidates, in one place
 * (docs/architecture.md#code-shape: features do not import each other; what they share lives
 * in `web/src/lib`). A feature's own keys (a mutation's, a single page's) stay in the feature.
 * Keys are arrays whose prefixes group them: invalidating `PRODUCTS_KEY` refreshes every
 * catalog list, `RECOMMENDATIONS_KEY` every viewer's recommendations.
 */

/** Every catalog query: lists, one product, featured, recommendations. */
export const PRODUCTS_KEY = ['products'] as const;

/**
 * One product (`GET /api/product/:id`): the catalog reads it, a review writes into it at once
 * (docs/product.md#states-and-transitions Product comments).
 */
export function productKey(productId: string) {
  return [...PRODUCTS_KEY, 'one', productId] as const;
}

/**
 * Every viewer's recommendations, the key to invalidate when what they draw on changes: a
 * signed-in shopper's cart, wishlist and orders (docs/product.md#recommendations), or who is signed in.
 */
export const RECOMMENDATIONS_KEY = [...PRODUCTS_KEY, 'recommend'] as const;

/** Who is signed in (`GET /api/auth/check`). */
export const AUTH_USER_KEY = ['auth', 'user'] as const;

/** The signed-in shopper's cart. */
export const CART_KEY = ['cart'] as const;

/** The signed-in shopper's wishlist. */
export const WISHLIST_KEY = ['wishlist'] as const;

/** The signed-in shopper's orders. */
export const ORDERS_KEY = ['orders'] as const;

/** Every admin list (orders, cancellations, contact messages). */
export const ADMIN_KEY = ['admin'] as const;

/** The signed-in shopper's measurement profiles (the account page; the stitching details pick one). */
export const MEASUREMENTS_KEY = ['measurements'] as const;
