import type { Product, ProductListResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PRODUCTS_KEY } from '../../../lib/query-keys';

export { PRODUCTS_KEY };

/**
 * `GET /api/product` → every product (docs/product.md#api). The home tiles take their pictures from it.
 * @throws ApiError.
 */
export async function fetchAllProducts(): Promise<Product[]> {
  const { products } = await api<ProductListResponse>('/product');
  return products;
}

/** Query options of the whole catalog. */
export const allProductsQuery = queryOptions({
  queryKey: [...PRODUCTS_KEY, 'all'],
  queryFn: fetchAllProducts,
});

/** The whole catalog as a query. */
export function useAllProducts() {
  return useQuery(allProductsQuery);
}
