/** The Reports tab's quick periods (docs/product.md#reports), besides dates she chooses. */
export const REPORT_PERIODS = ['thisMonth', 'lastMonth', 'financialYear', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** `YYYY-MM-DD` of a year, month (1 to 12) and day; a day 0 is the month before's last. */
function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * The days of a quick period on the shop's `today` (`YYYY-MM-DD`), both included: this month from
 * its first day to today; last month whole; this financial year (India's, April to March) from
 * 1 April to today. `custom` answers this month, where her own dates start.
 */
export function periodDays(period: ReportPeriod, today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  if (period === 'lastMonth') return { from: isoDay(year, month - 1, 1), to: isoDay(year, month, 0) };
  if (period === 'financialYear') return { from: isoDay(month >= 4 ? year : year - 1, 4, 1), to: today };
  return { from: isoDay(year, month, 1), to: today };
}
