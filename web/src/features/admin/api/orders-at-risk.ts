import type { AtRiskOrdersResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN_KEY } from './keys';

/**
 * `GET /api/admin/orders/at-risk` → `{today, orders}`: the open orders at risk on the shop's today,
 * overdue first, then due soon, then needed soon, each the soonest first
 * (docs/product.md#dates-a-tailor-promises). Never cached stale: the owner wants what is late now.
 * @throws ApiError: 401/403 when not the admin.
 */
function ordersAtRiskQuery() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'orders-at-risk'],
    queryFn: () => api<AtRiskOrdersResponse>('/admin/orders/at-risk'),
    staleTime: 0,
  });
}

/** The orders at risk as a query (the Today tab). */
export function useOrdersAtRisk() {
  return useQuery(ordersAtRiskQuery());
}
