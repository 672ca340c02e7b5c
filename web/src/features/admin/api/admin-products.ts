import type { Product, ProductListResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/**
 * `GET /api/product/admin` → every product, hidden ones too, each with `hidden`, for the
 * Products tab (docs/product.md#admin-dashboard). @throws ApiError.
 */
export async function fetchAdminProducts(): Promise<Product[]> {
  const { products } = await api<ProductListResponse>('/product/admin');
  return products;
}

/** Query options of the Products tab's list; never cached stale, the admin wants what is there now. */
export const adminProductsQuery = queryOptions({
  queryKey: adminKeys.products,
  queryFn: fetchAdminProducts,
  staleTime: 0,
});

/** Every product as a query (the Products tab). */
export function useAdminProducts() {
  return useQuery(adminProductsQuery);
}
