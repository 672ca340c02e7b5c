import type { DayVisitsResponse } from '@thaiyal/contract';
import { SHOP_TIME_ZONE } from '@thaiyal/contract/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { isNoConnection } from '../offline/measurement-queue';
import { keepVisits, readVisits } from '../offline/owner-day-db';
import { ADMIN_KEY } from './keys';

/**
 * The day's visits as shown: the server's answer, or, without a connection, the answer kept on
 * the phone with when it was loaded (`offlineSavedAtMs`, epoch ms; absent for a fresh answer).
 */
export type ShownDayVisits = DayVisitsResponse & { offlineSavedAtMs?: number };

/**
 * `GET /api/admin/visits?date=YYYY-MM-DD` → the day's visits by slot (docs/product.md#the-days-visits).
 * Today's answer is kept on the phone (IndexedDB, every other day's removed), and is what a
 * failed load for lack of a connection shows (docs/decisions/024-owners-day-offline.md#the-days-visits).
 * @throws ApiError: 400 for a bad date, 401/403 when not the admin; status 0 when offline with nothing kept.
 */
async function visitsOrKept(date: string): Promise<ShownDayVisits> {
  try {
    const data = await api<DayVisitsResponse>(`/admin/visits?date=${encodeURIComponent(date)}`);
    // Only today's: the day she works offline is today, and a past day's addresses need not stay on the phone.
    if (date === shopToday()) await keepVisits(date, data, Date.now()).catch(() => undefined);
    return data;
  } catch (error) {
    if (!isNoConnection(error)) throw error;
    const kept = await readVisits(date).catch(() => undefined);
    if (!kept) throw error;
    return { ...kept.data, offlineSavedAtMs: kept.savedAtMs };
  }
}

/** The day's visits' query; it runs offline too (`networkMode: 'always'`), where it answers what was kept. */
function dayVisitsQuery(date: string) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'visits', date],
    queryFn: () => visitsOrKept(date),
    staleTime: 0,
    networkMode: 'always',
  });
}

/** The day's visits as a query (the Home visits tab and Today). */
export function useDayVisits(date: string) {
  return useQuery(dayVisitsQuery(date));
}

/** Today in the shop's calendar (`SHOP_TIME_ZONE`) as `YYYY-MM-DD`. */
export function shopToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
