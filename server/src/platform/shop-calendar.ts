import { SHOP_TIME_ZONE } from '@thaiyal/contract';

/**
 * The shop's calendar (docs/product.md#home-visit-slot): "today", dates and times of day are
 * Pollachi's (contract `SHOP_TIME_ZONE`, India Standard Time), whatever the server's own time
 * zone, so a visit booked at 00:30 in Pollachi is for Pollachi's day.
 */
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The shop's date and time of day at `now`: `{date: '2026-11-02', time: '09:30'}`. */
export function shopNow(now: Date): { date: string; time: string } {
  const parts = Object.fromEntries(PARTS.formatToParts(now).map((one) => [one.type, one.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** `date` (`YYYY-MM-DD`) moved by `days` calendar days: `addDays('2026-12-31', 1)` → `'2027-01-01'`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The weekday of `date` (`YYYY-MM-DD`): 0 Sunday to 6 Saturday. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}
