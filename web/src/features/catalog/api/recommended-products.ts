import type { Product } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PRODUCTS_KEY } from './products';

/**
 * `GET /api/product/recommend` → products for this shopper: a stable selection for a
 * visitor, drawn from their own categories for a signed-in user (docs/product.md#recommendations).
 * @throws ApiError.
 */
export async function fetchRecommendedProducts(): Promise<Product[]> {
  const { products } = await api<{ products: Product[] }>('/product/recommend');
  return products;
}

/**
 * Every viewer's recommendations, the key to invalidate when what they draw on changes: a
 * signed-in shopper's cart, wishlist and orders (docs/product.md#recommendations), or who is signed in.
 */
export const RECOMMENDATIONS_KEY = [...PRODUCTS_KEY, 'recommend'] as const;

/**
 * Query options of the recommendations. Keyed by the viewer (`null` for a visitor) because
 * the answer depends on who asks.
 */
export function recommendedProductsQuery(viewerId: string | null) {
  return queryOptions({
    queryKey: [...RECOMMENDATIONS_KEY, viewerId],
    queryFn: fetchRecommendedProducts,
  });
}

/** The recommendations as a query (home's For You row, the detail page's 'Tailored for You'). */
export function useRecommendedProducts(viewerId: string | null, enabled = true) {
  return useQuery({ ...recommendedProductsQuery(viewerId), enabled });
}
