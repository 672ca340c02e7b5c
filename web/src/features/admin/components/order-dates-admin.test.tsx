import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderDates } from '../../../components/order-dates';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { makeAdminOrder, renderForAdmin } from '../test/admin-fixtures';
import { LeadTimesPanel } from './lead-times-panel';
import { MoveReadyByForm } from './move-ready-by-form';

// docs/product.md#dates-a-tailor-promises: the dates on an order card, the owner's move of the
// ready-by date, and the Lead times tab.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrderDates', () => {
  it('shows the ready-by date, her function, rush, the risk flag and each move with its reason', () => {
    renderWithApp(
      <OrderDates
        order={{
          orderId: 'TH-AAAAAA',
          readyBy: '2026-12-12',
          neededBy: '2026-12-11',
          rush: true,
          readyByChanges: [{ from: '2026-12-10', to: '2026-12-12', reason: 'Lining fabric late', at: '2026-12-02T05:00:00.000Z' }],
        }}
        risk="overdue"
        rushText="tailoring.dates.rush"
      />,
    );
    const dates = screen.getByTestId('order-dates');
    expect(dates.textContent).toContain('Ready by Sat, 12 Dec');
    expect(screen.getByTestId('order-risk').textContent).toBe('Overdue');
    expect(screen.getByTestId('order-risk').className).toContain('bg-red-700');
    expect(dates.textContent).toContain('For a function on Fri, 11 Dec');
    expect(dates.textContent).toContain('Rush: her function comes before the ready-by date');
    expect(dates.textContent).toContain('Date moved from Thu, 10 Dec to Sat, 12 Dec');
    expect(dates.textContent).toContain('Lining fabric late');
  });

  it('shows nothing for an order placed before dates were kept', () => {
    renderWithApp(<OrderDates order={{ orderId: 'TH-AAAAAA', readyBy: null, neededBy: null, rush: false, readyByChanges: [] }} />);
    expect(screen.queryByTestId('order-dates')).toBeNull();
  });
});

describe('MoveReadyByForm', () => {
  it('needs a reason, then sends the date and reason and says so', async () => {
    const order = makeAdminOrder({ readyBy: '2026-12-10' });
    const calls = mockApi({
      'PUT /admin/orders/*': (call) => ({
        status: 200,
        body: { message: 'Ready-by date changed', order: { ...order, readyBy: (call.body as { readyBy: string }).readyBy } },
      }),
    });
    renderForAdmin(<MoveReadyByForm order={order} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move the ready-by date' }));
    fireEvent.change(screen.getByLabelText('Ready by'), { target: { value: '2026-12-14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the date' }));
    expect(screen.getByRole('alert').textContent).toBe('Please give a short reason for the new date.');
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText('Reason (the customer is mailed it)'), { target: { value: ' Waiting for lining ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the date' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: `/admin/orders/${order.orderId}/ready-by`,
      body: { readyBy: '2026-12-14', reason: 'Waiting for lining' },
    });
    expect(await screen.findByRole('button', { name: 'Move the ready-by date' })).toBeTruthy();
  });

  it('is not offered for a delivered order', () => {
    renderForAdmin(<MoveReadyByForm order={makeAdminOrder({ status: 'delivered' })} />);
    expect(screen.queryByRole('button', { name: 'Move the ready-by date' })).toBeNull();
  });
});

describe('LeadTimesPanel', () => {
  it('loads the lead times, refuses 0 days without sending, and saves the whole setting', async () => {
    const saved = { days: { blouse: 7, chudithar: 10, frock: 7, pattupavadai: 10, pant: 5, nightwear: 4 }, dailyCapacity: 6 };
    const calls = mockApi({
      'GET /admin/lead-times': () => ({ status: 200, body: saved }),
      'PUT /admin/lead-times': (call) => ({ status: 200, body: call.body }),
      'GET /admin/hsn-codes': () => ({ status: 200, body: { codes: {} } }),
    });
    renderForAdmin(<LeadTimesPanel />);
    const blouse = (await screen.findByLabelText('Blouse')) as HTMLInputElement;
    expect(blouse.value).toBe('7');
    fireEvent.change(blouse, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save lead times' }));
    expect(screen.getByRole('alert').textContent).toBe('Give each garment 1 to 90 working days.');
    fireEvent.change(blouse, { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText('Garments finished per working day'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save lead times' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ days: { ...saved.days, blouse: 8 }, dailyCapacity: 4 });
  });
});
