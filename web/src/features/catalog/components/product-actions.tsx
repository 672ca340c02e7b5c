import type { Product } from '@thaiyal/contract';
import { createContext, useContext } from 'react';

/**
 * What a product card's buttons do, supplied by the app (which knows the session and the
 * wishlist), so the catalog feature needs no other feature (docs/architecture.md#code-shape: a feature never
 * imports another feature).
 */
export interface ProductActions {
  /** Whether the product is in the signed-in shopper's wishlist. */
  isWishlisted: (productId: string) => boolean;
  /** The heart: a visitor goes to /signin; a shopper toggles the wishlist (docs/product.md#product-card). */
  toggleWishlist: (product: Product) => void;
}

const noActions: ProductActions = {
  isWishlisted: () => false,
  toggleWishlist: () => {},
};

const ProductActionsContext = createContext<ProductActions>(noActions);

/** Provides the card actions to every product card below it. */
export const ProductActionsProvider = ProductActionsContext.Provider;

/** The card actions in effect (no-ops outside a provider, e.g. in isolated tests). */
export function useProductActions(): ProductActions {
  return useContext(ProductActionsContext);
}
