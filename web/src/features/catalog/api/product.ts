import type { Product, ProductResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, isApiStatus } from '../../../lib/api';
import { productKey } from '../../../lib/query-keys';

/**
 * What a product's query holds: the product; `'unavailable'` for one the shop has hidden (its
 * page says it is not available, docs/product.md#hidden-products); null for none.
 */
export type ProductLookup = Product | 'unavailable' | null;

/**
 * `GET /api/product/{id}` → the product; `'unavailable'` for a hidden product (404
 * `catalog.productUnavailable`); null when there is none: a 404, or a 400 for an id that is
 * not a UUID (docs/product.md#screens: a missing product shows 'Product not found').
 * @throws ApiError for other failures.
 */
async function fetchProduct(id: string): Promise<ProductLookup> {
  try {
    const { product } = await api<ProductResponse>(`/product/${encodeURIComponent(id)}`);
    return product;
  } catch (error) {
    if (isApiStatus(error, 404) && error instanceof ApiError && error.reason === 'catalog.productUnavailable') return 'unavailable';
    if (isApiStatus(error, 404) || isApiStatus(error, 400)) return null;
    throw error;
  }
}

/** Query options of one product. */
export function productQuery(id: string) {
  return queryOptions({
    queryKey: productKey(id),
    queryFn: () => fetchProduct(id),
  });
}

/** One product as a query; `data` is null for a missing product. */
export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
