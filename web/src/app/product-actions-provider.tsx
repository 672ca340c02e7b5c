import type { Product } from '@thaiyal/contract';
import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../features/auth/api/auth-check';
import { ProductActionsProvider, type ProductActions } from '../features/catalog/components/product-actions';
import { useToggleWishlist, useWishlist } from '../features/wishlist/api/wishlist';
import { paths } from '../lib/paths';

/**
 * Supplies the product cards' heart (docs/product.md#product-card): a visitor goes to /signin; a
 * signed-in shopper toggles the wishlist, applied at once and replaced by the server's list
 * (docs/product.md#states-and-transitions). The wishlist is loaded only for a signed-in shopper.
 */
export function AppProductActions({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const wishlist = useWishlist(user !== null);
  const toggle = useToggleWishlist();
  const wishlistIds = useMemo(() => new Set((wishlist.data ?? []).map((product) => product._id)), [wishlist.data]);

  const actions = useMemo<ProductActions>(
    () => ({
      isWishlisted: (productId) => wishlistIds.has(productId),
      toggleWishlist: (product: Product) => {
        if (!user) {
          void navigate(paths.signin);
          return;
        }
        toggle.mutate(product);
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [wishlistIds, user, navigate, toggle.mutate],
  );

  return <ProductActionsProvider value={actions}>{children}</ProductActionsProvider>;
}
