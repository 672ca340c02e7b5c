import type { DayVisitsResponse } from '@thaiyal/contract';
import { SHOP_TIME_ZONE } from '@thaiyal/contract/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN_KEY } from './keys';

/**
 * `GET /api/admin/visits?date=YYYY-MM-DD` → the day's visits by slot (docs/product.md#the-days-visits).
 * @throws ApiError: 400 for a bad date, 401/403 when not the admin.
 */
function dayVisitsQuery(date: string) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'visits', date],
    queryFn: () => api<DayVisitsResponse>(`/admin/visits?date=${encodeURIComponent(date)}`),
    staleTime: 0,
  });
}

/** The day's visits as a query (the Home visits tab). */
export function useDayVisits(date: string) {
  return useQuery(dayVisitsQuery(date));
}

/** Today in the shop's calendar (`SHOP_TIME_ZONE`) as `YYYY-MM-DD`. */
export function shopToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
