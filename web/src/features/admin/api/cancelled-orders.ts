import type { CancelledOrderListResponse } from '@thaiyal/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FIRST_PAGE, listPath, nextPageParam } from '../../../lib/paged';
import { adminKeys } from './keys';

/**
 * `GET /api/orders/cancel?q=&cursor=` → one page of the cancelled-order records, newest first,
 * and the next page's cursor; `q` finds a record by its order number, the customer's name or
 * phone (docs/product.md#lists-by-page). @throws ApiError.
 */
export async function fetchCancelledOrdersPage(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CancelledOrderListResponse> {
  return api<CancelledOrderListResponse>(listPath('/orders/cancel', { q, cursor }), { signal });
}

/** Query options of the CancelOrders tab under search `q` ('' for none): never cached stale, forgotten once the tab closes. */
export function cancelledOrdersQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: adminKeys.cancelledList(q),
    queryFn: ({ pageParam, signal }) => fetchCancelledOrdersPage(q, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The cancelled-order records a page at a time (the CancelOrders tab); the list before a new search stays while it loads. */
export function useCancelledOrders(q: string) {
  return useInfiniteQuery({ ...cancelledOrdersQuery(q), placeholderData: keepPreviousData });
}
