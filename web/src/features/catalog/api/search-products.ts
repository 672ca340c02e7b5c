import type { Product, ProductListResponse } from '@thaiyal/contract';
import { listQueryString, type ListQuery } from '@thaiyal/contract/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PRODUCTS_KEY } from './products';

/**
 * `GET /api/product/search?q=&sort=&min=&max=` → the products the words in `query.q` find,
 * best matches first unless sorted (docs/product.md#search). Disabled without `q`.
 * @throws ApiError (a 400 names what is wrong with the query).
 */
export function searchProductsQuery(query: ListQuery) {
  const search = listQueryString(query);
  return queryOptions({
    queryKey: [...PRODUCTS_KEY, 'search', search],
    queryFn: async (): Promise<Product[]> => (await api<ProductListResponse>(`/product/search?${search}`)).products,
    enabled: Boolean(query.q),
  });
}

/** The search page's results; the previous results stay on screen while the next ones load. */
export function useSearchProducts(query: ListQuery) {
  return useQuery({ ...searchProductsQuery(query), placeholderData: keepPreviousData });
}
