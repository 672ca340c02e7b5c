import type { Product, ProductListResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { RECOMMENDATIONS_KEY } from '../../../lib/query-keys';

/**
 * `GET /api/product/recommend` → products for this shopper: a stable selection for a
 * visitor, drawn from their own categories for a signed-in user (docs/product.md#recommendations).
 * @throws ApiError.
 */
async function fetchRecommendedProducts(): Promise<Product[]> {
  const { products } = await api<ProductListResponse>('/product/recommend');
  return products;
}

export { RECOMMENDATIONS_KEY };

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
