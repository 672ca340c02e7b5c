import type { ReportResponse } from '@thaiyal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { API_BASE } from '../../../lib/paths';
import { ADMIN_KEY } from './keys';

/** `?from=&to=` of a period (the shop's calendar days, both included). */
function periodQuery(from: string, to: string): string {
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}

/**
 * `GET /api/admin/reports?from=&to=` → the period's figures (docs/product.md#reports).
 * @throws ApiError: 400 for a bad or reversed period or one over two years, 401/403 when not the admin.
 */
function reportQuery(from: string, to: string) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'reports', from, to],
    queryFn: () => api<ReportResponse>(`/admin/reports?${periodQuery(from, to)}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The period's report as a query (the Reports tab). */
export function useReport(from: string, to: string) {
  return useQuery(reportQuery(from, to));
}

/**
 * The address of the period's order lines as CSV (docs/product.md#the-order-lines-csv): a plain
 * download, the session cookie goes with it.
 */
export function ordersCsvUrl(from: string, to: string): string {
  return `${API_BASE}/admin/orders.csv?${periodQuery(from, to)}`;
}
