import type { AdminOrderListResponse, AdminOrderSort, OrderState } from '@thaiyal/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FIRST_PAGE, listPath, nextPageParam } from '../../../lib/paged';
import { adminKeys } from './keys';

/** The OrderStatus tab's filters (docs/product.md#lists-by-page), as the address keeps them. */
export interface AdminOrderFilters {
  /** The states asked for, in the contract's order; null: the server's default, every state but cancelled. */
  status: readonly OrderState[] | null;
  /** What to find: an order number, a phone, a name or an e-mail; '' for no search. */
  q: string;
  /** How the list is sorted (docs/product.md#lists-by-page); null: the server's default, newest placed first. */
  sort: AdminOrderSort | null;
}

/** Newest first by purchase date (docs/product.md#admin-dashboard Customers Orders), whatever order the answer has. */
function newestFirst<T extends { purchaseDate: string }>(orders: T[]): T[] {
  return [...orders].sort((a, b) => Date.parse(b.purchaseDate) - Date.parse(a.purchaseDate));
}

/**
 * The address of one page: `/orders/status` with `status` (comma-separated), `q`, `sort` and
 * `cursor` when they are set; the first page with the server's defaults is the bare path.
 */
function adminOrdersPath(filters: AdminOrderFilters, cursor: string | undefined): string {
  return listPath('/orders/status', { status: filters.status?.join(','), q: filters.q, sort: filters.sort ?? undefined, cursor });
}

/**
 * `GET /api/orders/status?status=&q=&sort=&cursor=` → one page of the customers' orders with their
 * customers, newest first (or by ready-by or function date, soonest first, with `sort`), the next page's cursor and each state's count under the search
 * (docs/product.md#lists-by-page; docs/architecture.md#http-api).
 * @throws ApiError (400 a bad filter or a cursor the server did not write).
 */
async function fetchAdminOrdersPage(
  filters: AdminOrderFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminOrderListResponse> {
  const page = await api<AdminOrderListResponse>(adminOrdersPath(filters, cursor), { signal });
  // A date sort is the server's order (soonest first, none last): only the default is newest first.
  return filters.sort === null || filters.sort === 'placed' ? { ...page, orders: newestFirst(page.orders) } : page;
}

/**
 * Query options of the OrderStatus tab under `filters`: pages loaded one after another, never
 * cached stale (the owner wants what is there now) and forgotten once the tab closes, so a tab
 * opened again starts at its first page instead of asking again for every page it had.
 */
function adminOrdersQuery(filters: AdminOrderFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.orderList({ status: filters.status?.join(',') ?? null, q: filters.q, sort: filters.sort }),
    queryFn: ({ pageParam, signal }) => fetchAdminOrdersPage(filters, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The customers' orders under `filters`, a page at a time (the OrderStatus tab). While a new
 * filter or search loads, the list and the chips' counts of the one before stay on screen
 * (`isPlaceholderData`). `enabled` false asks nothing (no state chosen: there is nothing to ask for).
 */
export function useAdminOrders(filters: AdminOrderFilters, enabled = true) {
  return useInfiniteQuery({ ...adminOrdersQuery(filters), placeholderData: keepPreviousData, enabled });
}
