import type { AdminProductListResponse } from '@thaiyal/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FIRST_PAGE, listPath, nextPageParam } from '../../../lib/paged';
import { adminKeys } from './keys';

/**
 * `GET /api/product/admin?q=&cursor=` → one page of every product, hidden ones too, each with
 * `hidden`, newest first, and the next page's cursor, for the Products tab; `q` finds a product
 * by its name in English or Tamil (docs/product.md#admin-dashboard, docs/product.md#lists-by-page).
 * @throws ApiError.
 */
export async function fetchAdminProductsPage(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminProductListResponse> {
  return api<AdminProductListResponse>(listPath('/product/admin', { q, cursor }), { signal });
}

/** Query options of the Products tab under search `q` ('' for none); never cached stale, the admin wants what is there now, and forgotten once the tab closes. */
export function adminProductsQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: adminKeys.productList(q),
    queryFn: ({ pageParam, signal }) => fetchAdminProductsPage(q, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Every product a page at a time (the Products tab); the list before a new search stays while it loads. */
export function useAdminProducts(q: string) {
  return useInfiniteQuery({ ...adminProductsQuery(q), placeholderData: keepPreviousData });
}
