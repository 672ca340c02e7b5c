import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { CollectionsPanel } from './collections-panel';

describe('the Collections tab (docs/product.md#the-days-collections)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the period’s totals, each day by collector with its payments, and the unpaid deliveries', async () => {
    const payment = { reference: '', note: '', collectedBy: 'Owner' };
    mockApi({
      'GET /admin/collections?*': () => ({
        status: 200,
        body: {
          days: [
            {
              date: '2026-11-27',
              cash: 1100.25,
              upi: 800,
              byCollector: [{ collectedBy: 'Owner', cash: 1100.25, upi: 800 }],
              payments: [
                { ...payment, orderId: 'TH-AAAAAA', method: 'cash', amount: 1100.25, at: '2026-11-27T05:00:00.000Z' },
                { ...payment, orderId: 'TH-BBBBBB', method: 'upi', amount: 800, at: '2026-11-27T06:00:00.000Z', reference: '500011112222' },
              ],
            },
          ],
          total: { cash: 1100.25, upi: 800 },
          unpaid: [{ orderId: 'TH-CCCCCC', customer: 'Meena', totalPrice: 300, paid: 100.25, balance: 199.75 }],
        },
      }),
    });
    renderWithApp(<CollectionsPanel />);
    expect((await screen.findByTestId('collections-total')).textContent).toBe('Period total: cash ₹1,100.25, UPI ₹800.00');
    expect(screen.getByRole('heading', { name: '2026-11-27: cash ₹1,100.25, UPI ₹800.00' })).toBeTruthy();
    expect(screen.getByText('Owner: cash ₹1,100.25, UPI ₹800.00')).toBeTruthy();
    expect(screen.getByText('TH-BBBBBB')).toBeTruthy();
    expect(screen.getByText('TH-CCCCCC · Meena · owes ₹199.75')).toBeTruthy();
  });
});
