import type { CollectionsResponse } from '@thaiyal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN_KEY } from './keys';

/**
 * `GET /api/admin/collections?from=&to=` → each day's cash and UPI, by collector, with the payments
 * behind them, the period's total and the unpaid deliveries (docs/product.md#the-days-collections).
 * @throws ApiError: 400 for a bad or reversed period, 401/403 when not the admin.
 */
function collectionsQuery(from: string, to: string) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'collections', from, to],
    queryFn: () => api<CollectionsResponse>(`/admin/collections?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The period's collections as a query (the Collections tab). */
export function useCollections(from: string, to: string) {
  return useQuery(collectionsQuery(from, to));
}
