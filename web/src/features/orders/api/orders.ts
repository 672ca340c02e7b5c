import type { OrderListResponse, OrderStateCounts } from '@thaiyal/contract';
import { ORDER_STATES, ORDER_STATUSES } from '@thaiyal/contract/limits';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FIRST_PAGE, listPath, nextPageParam } from '../../../lib/paged';
import { ORDERS_KEY } from '../../../lib/query-keys';

export { ORDERS_KEY };

/** Which orders My Orders shows (docs/product.md#my-orders): all, every state but cancelled, or the cancelled ones. */
export type MyOrderFilter = 'all' | 'active' | 'cancelled';
export const MY_ORDER_FILTERS: readonly MyOrderFilter[] = ['all', 'active', 'cancelled'];

/** The `status` each filter asks the server for (docs/product.md#lists-by-page); All asks for none, the server's default. */
const FILTER_STATUS: Record<MyOrderFilter, string | undefined> = {
  all: undefined,
  active: ORDER_STATUSES.join(','),
  cancelled: 'cancelled',
};

/** Keys of the shopper's orders: every list of them under {@link ORDERS_KEY}, one per filter. */
export const myOrderKeys = {
  lists: [...ORDERS_KEY, 'list'] as const,
  list: (filter: MyOrderFilter) => [...ORDERS_KEY, 'list', filter] as const,
};

/** No orders in any state. */
const NO_COUNTS = Object.fromEntries(ORDER_STATES.map((state) => [state, 0])) as OrderStateCounts;

/**
 * `GET /api/orders?status=&cursor=` → one page of the shopper's own orders, newest first, the
 * next page's cursor and how many of hers each state holds (docs/product.md#lists-by-page). A
 * first page that fails gives an empty list silently (docs/product.md#messages: order list load
 * failures give an empty list); a later page's failure is thrown, for the list's `Load more` to
 * say so and try again.
 * @throws ApiError for a page after the first.
 */
export async function fetchMyOrdersPage(
  filter: MyOrderFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<OrderListResponse> {
  try {
    return await api<OrderListResponse>(listPath('/orders', { status: FILTER_STATUS[filter], cursor }), { signal });
  } catch (error) {
    if (cursor !== undefined || signal?.aborted) throw error;
    return { orders: [], nextCursor: null, counts: NO_COUNTS };
  }
}

/** Query options of the shopper's orders under `filter`, a page at a time. */
export function myOrdersQuery(filter: MyOrderFilter) {
  return infiniteQueryOptions({
    queryKey: myOrderKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchMyOrdersPage(filter, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
  });
}

/** The shopper's orders under `filter` as an infinite query; the orders of the filter before stay on screen while a new one loads. */
export function useMyOrders(filter: MyOrderFilter) {
  return useInfiniteQuery({ ...myOrdersQuery(filter), placeholderData: keepPreviousData });
}
