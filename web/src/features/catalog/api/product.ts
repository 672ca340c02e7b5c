import type { Product, ProductResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiStatus } from '../../../lib/api';
import { PRODUCTS_KEY } from './products';

/**
 * `GET /api/product/{id}` → the product, or null when there is none: a 404, or a 400 for an
 * id that is not a UUID (docs/product.md#screens: a missing product shows 'Product not found').
 * @throws ApiError for other failures.
 */
export async function fetchProduct(id: string): Promise<Product | null> {
  try {
    const { product } = await api<ProductResponse>(`/product/${encodeURIComponent(id)}`);
    return product;
  } catch (error) {
    if (isApiStatus(error, 404) || isApiStatus(error, 400)) return null;
    throw error;
  }
}

/** Query options of one product. */
export function productQuery(id: string) {
  return queryOptions({
    queryKey: [...PRODUCTS_KEY, 'one', id],
    queryFn: () => fetchProduct(id),
  });
}

/** One product as a query; `data` is null for a missing product. */
export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
