import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { mockApi } from '../../../test/mock-api';
import { shopToday } from '../api/day-visits';
import { emptyReport, renderForAdmin } from '../test/admin-fixtures';
import { HsnCodesSection } from './hsn-codes-form';
import { periodDays } from './report-period';
import { ReportsPanel } from './reports-panel';

// docs/product.md#reports, docs/product.md#hsn-codes.
const november = emptyReport('2026-11-01', '2026-11-30', {
  orders: 8,
  delivered: 3,
  cancelled: 3,
  revenue: 5700,
  byWeek: [
    { weekStart: '2026-10-26', orders: 0, revenue: 1800 },
    { weekStart: '2026-11-02', orders: 4, revenue: 0 },
  ],
  byGroup: [
    { group: 'blouse', orders: 2, revenue: 3400 },
    { group: 'chudithar', orders: 1, revenue: 1500 },
    { group: 'frock', orders: 1, revenue: 800 },
    { group: 'pattupavadai', orders: 0, revenue: 0 },
    { group: 'pant', orders: 0, revenue: 0 },
    { group: 'nightwear', orders: 0, revenue: 0 },
  ],
  onTimeRate: 0.5,
  averageDaysToDeliver: 7.3,
  cancellationReasons: [
    { reason: 'Wrong size', count: 2 },
    { reason: '', count: 1 },
  ],
  topProducts: [{ productId: 'p1', name: 'Silk Blouse', nameTa: 'பட்டு ரவிக்கை', count: 3, revenue: 3400 }],
});

/** The table whose caption is `name`, as rows of cell texts (its head first). */
function tableRows(name: string): string[][] {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => Array.from(row.children).map((cell) => cell.textContent ?? ''));
}

describe('the Reports tab (docs/product.md#reports)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the period’s figures as cards, and each chart’s numbers as a table', async () => {
    const calls = mockApi({ 'GET /admin/reports?*': () => ({ status: 200, body: november }) });
    renderForAdmin(<ReportsPanel />);
    const cards = await screen.findByText('Orders placed');
    expect(cards.nextElementSibling?.textContent).toBe('8');
    expect(screen.getByText('Revenue of deliveries').nextElementSibling?.textContent).toBe('₹5,700.00');
    expect(screen.getByText('Delivered on time').nextElementSibling?.textContent).toBe('50%');
    expect(screen.getByText('Average days to deliver').nextElementSibling?.textContent).toBe('7.3 days');
    expect(tableRows('Orders and revenue per week')).toEqual([
      ['Week of', 'Orders', 'Revenue'],
      ['26 Oct', '0', '₹1,800.00'],
      ['2 Nov', '4', '₹0.00'],
    ]);
    expect(tableRows('Revenue by garment')[1]).toEqual(['Blouse', '2', '₹3,400.00']);
    expect(tableRows('Cancellations by reason').slice(1)).toEqual([
      ['Wrong size', '2'],
      ['(no reason given)', '1'],
    ]);
    expect(tableRows('Top designs').slice(1)).toEqual([['Silk Blouse', '3', '₹3,400.00']]);
    const { from, to } = periodDays('thisMonth', shopToday());
    expect(calls.map((call) => call.path)).toEqual([`/admin/reports?from=${from}&to=${to}`]);
    const csv = screen.getByRole('link', { name: 'Download the period’s order lines (CSV)' });
    expect(csv.getAttribute('href')).toBe(`/api/admin/orders.csv?from=${from}&to=${to}`);
  });

  it('asks for last month when she picks it, and for her own dates', async () => {
    const calls = mockApi({ 'GET /admin/reports?*': () => ({ status: 200, body: november }) });
    renderForAdmin(<ReportsPanel />);
    await screen.findByText('Orders placed');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'lastMonth' } });
    const last = periodDays('lastMonth', shopToday());
    await waitFor(() => expect(calls.at(-1)?.path).toBe(`/admin/reports?from=${last.from}&to=${last.to}`));
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(calls.at(-1)?.path).toMatch(/^\/admin\/reports\?from=2026-01-01&to=/));
  });

  it('says so when the period has no orders', async () => {
    mockApi({ 'GET /admin/reports?*': () => ({ status: 200, body: emptyReport('2026-11-01', '2026-11-30') }) });
    renderForAdmin(<ReportsPanel />);
    expect(await screen.findByText('No orders in this period')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to try again when the report could not be loaded', async () => {
    mockApi({ 'GET /admin/reports?*': () => ({ status: 500, body: { message: 'Something went wrong', code: 'internal' } }) });
    renderForAdmin(<ReportsPanel />);
    expect(await screen.findByText('This list could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('reads in Tamil: the headings, the tables and a design’s Tamil name', async () => {
    mockApi({ 'GET /admin/reports?*': () => ({ status: 200, body: november }) });
    await act(() => initI18n('ta'));
    try {
      renderForAdmin(<ReportsPanel />);
      expect(await screen.findByText('வந்த ஆர்டர்கள்')).toBeTruthy();
      expect(tableRows('அதிகம் விற்ற டிசைன்கள்')[1]?.[0]).toBe('பட்டு ரவிக்கை');
    } finally {
      await act(() => initI18n('en'));
    }
  });
});

describe('the HSN codes on bills (docs/product.md#hsn-codes)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a code of 5 digits without sending, and saves codes with empty fields as none', async () => {
    const calls = mockApi({
      'GET /admin/hsn-codes': () => ({ status: 200, body: { codes: { 'saree-blouse': '6204', nightwear: null } } }),
      'PUT /admin/hsn-codes': () => ({ status: 200, body: { codes: { 'saree-blouse': null, nightwear: '620821' } } }),
    });
    renderForAdmin(<HsnCodesSection />);
    const blouse = (await screen.findByLabelText('Saree Blouse')) as HTMLInputElement;
    expect(blouse.value).toBe('6204');
    fireEvent.change(screen.getByLabelText('Nightwear'), { target: { value: '62082' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save HSN codes' }));
    expect(screen.getByRole('alert').textContent).toBe('An HSN code is 4, 6 or 8 digits');
    fireEvent.change(screen.getByLabelText('Nightwear'), { target: { value: '620821' } });
    fireEvent.change(blouse, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save HSN codes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((call) => call.method === 'PUT')!.body as { codes: Record<string, string | null> };
    expect(sent.codes['saree-blouse']).toBeNull();
    expect(sent.codes.nightwear).toBe('620821');
    expect(Object.keys(sent.codes)).toHaveLength(28);
  });
});
