import type { Product, ProductListResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PRODUCTS_KEY } from './products';

/** `GET /api/product/featured` → the featured products (docs/product.md#api). @throws ApiError. */
export async function fetchFeaturedProducts(): Promise<Product[]> {
  const { products } = await api<ProductListResponse>('/product/featured');
  return products;
}

/** Query options of the featured list; the featured toggle (a later issue) invalidates it. */
export const featuredProductsQuery = queryOptions({
  queryKey: [...PRODUCTS_KEY, 'featured'],
  queryFn: fetchFeaturedProducts,
});

/** The featured products as a query (home's Featured Products row, /featured). */
export function useFeaturedProducts() {
  return useQuery(featuredProductsQuery);
}
