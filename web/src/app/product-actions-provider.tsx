import type { Product } from '@thaiyal/contract';
import { useEffect, useEffectEvent, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../features/auth/api/auth-check';
import { ProductActionsProvider, type ProductActions } from '../features/catalog/components/product-actions';
import { storeWishlist, toggleWishlist as toggleOnServer, useToggleWishlist, useWishlist } from '../features/wishlist/api/wishlist';
import { paths } from '../lib/paths';
import { rememberSignInIntent, takeSignInAction } from '../lib/sign-in-intent';

/**
 * Supplies the product cards' heart (docs/product.md#product-card): a visitor goes to /signin, and
 * once signed in comes back to the page with the product in her wishlist; a
 * signed-in shopper toggles the wishlist, applied at once and replaced by the server's list
 * (docs/product.md#states-and-transitions). The wishlist is loaded only for a signed-in shopper.
 */
export function AppProductActions({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const wishlist = useWishlist(user !== null);
  const toggle = useToggleWishlist();
  const wishlistIds = useMemo(() => new Set((wishlist.data ?? []).map((product) => product._id)), [wishlist.data]);

  const actions = useMemo<ProductActions>(
    () => ({
      isWishlisted: (productId) => wishlistIds.has(productId),
      toggleWishlist: (product: Product) => {
        if (!user) {
          rememberSignInIntent({ returnTo: here, action: 'wishlist', productId: product._id });
          void navigate(paths.signin);
          return;
        }
        toggle.mutate(product);
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [wishlistIds, user, navigate, toggle.mutate, here],
  );

  // Back from signing in on the page whose heart sent her there: the product goes into the
  // wishlist (unless it already is), once (docs/product.md#sign-in).
  const finishSignInAction = useEffectEvent(() => {
    const intent = takeSignInAction({ at: here, actions: ['wishlist'] });
    if (!intent || wishlistIds.has(intent.productId)) return;
    void toggleOnServer(intent.productId).then(
      (products) => storeWishlist(queryClient, products),
      () => undefined,
    );
  });
  const wishlistKnown = user !== null && wishlist.isSuccess;
  useEffect(() => {
    if (wishlistKnown) finishSignInAction();
  }, [wishlistKnown, here]);

  return <ProductActionsProvider value={actions}>{children}</ProductActionsProvider>;
}
