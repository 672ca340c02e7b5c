import type { QueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY } from '../features/auth/api/auth-check';
import { CART_KEY } from '../features/cart/api/cart';
import { clearAddressDraft } from '../features/checkout/address-draft';
import { clearTemporaryOrder } from '../features/checkout/temporary-order';
import { ORDERS_KEY } from '../features/orders/api/orders';
import { RECOMMENDATIONS_KEY } from '../features/catalog/api/recommended-products';
import { WISHLIST_KEY } from '../features/wishlist/api/wishlist';
import { keepOwner } from '../lib/owner-day';

/** Query keys of data that belongs to the signed-in shopper. */
const PERSONAL_KEYS = [CART_KEY, WISHLIST_KEY, ORDERS_KEY] as const;

/**
 * Forgets the session on the client: the user becomes null and the cart, wishlist, orders
 * temporary order and the unsaved address draft are dropped (docs/product.md#states-and-transitions: logout clears the user and the cart; a failed
 * token refresh clears the user). Recommendations are refetched for the visitor the shopper
 * has become.
 */
export function clearSession(queryClient: QueryClient): void {
  const hadUser = Boolean(queryClient.getQueryData(AUTH_USER_KEY));
  queryClient.setQueryData(AUTH_USER_KEY, null);
  // The owner's account kept for opening the dashboard offline goes with the session.
  keepOwner(null);
  for (const queryKey of PERSONAL_KEYS) queryClient.removeQueries({ queryKey });
  // The order being checked out was the signed-out shopper's; the next one must not inherit it.
  clearTemporaryOrder();
  // So is the address she was typing (personal data): the tab's next shopper starts blank.
  clearAddressDraft();
  // A visitor whose stale session failed to refresh keeps the visitor's recommendations.
  if (hadUser) void queryClient.invalidateQueries({ queryKey: RECOMMENDATIONS_KEY });
}
