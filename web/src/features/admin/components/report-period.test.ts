import { describe, expect, it } from 'vitest';
import { periodDays } from './report-period';

describe('periodDays', () => {
  it.each([
    ['thisMonth', '2026-11-27', { from: '2026-11-01', to: '2026-11-27' }],
    ['lastMonth', '2026-11-27', { from: '2026-10-01', to: '2026-10-31' }],
    ['lastMonth', '2026-01-05', { from: '2025-12-01', to: '2025-12-31' }],
    ['lastMonth', '2028-03-10', { from: '2028-02-01', to: '2028-02-29' }],
    ['financialYear', '2026-11-27', { from: '2026-04-01', to: '2026-11-27' }],
    ['financialYear', '2027-03-31', { from: '2026-04-01', to: '2027-03-31' }],
    ['financialYear', '2027-04-01', { from: '2027-04-01', to: '2027-04-01' }],
  ] as const)('%s on %s', (period, today, expected) => {
    expect(periodDays(period, today)).toEqual(expected);
  });
});
