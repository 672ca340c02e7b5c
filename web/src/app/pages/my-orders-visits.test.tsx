import type { VisitDaysResponse } from '@thaiyal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { shopInfoQuery } from '../../features/contact/api/shop-info';
import { makeOrder, makeShopInfo, makeUser, ordersPage, renderWithApp, testQueryClient } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { MyOrdersPage } from './my-orders-page';

// docs/product.md#trial-and-delivery-visits: My Orders lists her visits with their kind, day and
// slot, and once her order is designed offers "Pick your delivery slot" in the visit calendar.

const MORNING = '00000000-0000-4000-8000-00000000000a';
const DAYS: VisitDaysResponse = {
  today: '2026-11-25',
  days: [
    {
      date: '2026-11-27',
      weekday: 5,
      closed: false,
      closedNote: '',
      slots: [{ id: MORNING, label: '10:00-13:00', start: '10:00', end: '13:00', capacity: 3, booked: 0, available: 3, status: 'open' }],
    },
  ],
};
const measure = { id: 'TH-DES111', kind: 'measure' as const, date: '2026-11-20', slotId: MORNING, label: '10:00-13:00' };

function renderOrders() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(shopInfoQuery.queryKey, makeShopInfo());
  return renderWithApp(
    <>
      <MyOrdersPage />
      <TestToaster />
    </>,
    { user: makeUser(), queryClient },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('My Orders: her visits and her delivery slot', () => {
  it('lists each visit with its kind, day and slot, and offers no delivery pick before the garment is designed', async () => {
    const trial = {
      id: '00000000-0000-4000-8000-0000000000c1',
      kind: 'trial' as const,
      date: '2026-11-24',
      slotId: MORNING,
      label: '10:00-13:00',
    };
    const order = makeOrder({ orderId: 'TH-VIS111', status: 'visited', appointments: [measure, trial], appointmentChanges: [] });
    mockApi({ 'GET /orders': () => ({ status: 200, body: ordersPage([order]) }) });
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-VIS111' });
    expect(
      within(card)
        .getAllByTestId('visit-entry')
        .map((visit) => visit.textContent),
    ).toEqual(['MeasuringFri, 20 Nov, 10:00-13:00', 'TrialTue, 24 Nov, 10:00-13:00']);
    expect(within(card).queryByRole('button', { name: 'Pick your delivery slot' })).toBeNull();
  });

  it('once designed, she picks her delivery slot: sent, listed, and confirmed', async () => {
    const order = makeOrder({ orderId: 'TH-DES111', status: 'designed', appointments: [measure], appointmentChanges: [] });
    const picked = {
      ...order,
      appointments: [
        measure,
        {
          id: '00000000-0000-4000-8000-0000000000d1',
          kind: 'delivery' as const,
          date: '2026-11-27',
          slotId: MORNING,
          label: '10:00-13:00',
        },
      ],
      appointmentChanges: [
        {
          action: 'booked' as const,
          kind: 'delivery' as const,
          date: '2026-11-27',
          slotId: MORNING,
          label: '10:00-13:00',
          by: 'customer' as const,
          at: '2026-11-25T05:00:00.000Z',
        },
      ],
    };
    const calls = mockApi({
      'GET /orders': () => ({ status: 200, body: ordersPage([order]) }),
      'GET /visit-slots*': () => ({ status: 200, body: DAYS }),
      'POST /orders/TH-DES111/appointments': () => ({ status: 201, body: { order: picked } }),
    });
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-DES111' });
    fireEvent.click(within(card).getByRole('button', { name: 'Pick your delivery slot' }));
    expect(within(card).getByRole('form', { name: 'When should we deliver?' })).toBeTruthy();
    fireEvent.click(await within(card).findByRole('button', { name: /27 Nov/ }));
    fireEvent.click(within(card).getByRole('radio', { name: '10:00-13:00' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Book this slot' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/orders/TH-DES111/appointments',
      body: { kind: 'delivery', date: '2026-11-27', slotId: MORNING },
    });
    expect(await screen.findByText('Delivery slot booked. We have e-mailed you.')).toBeTruthy();
    await waitFor(() => expect(within(card).getAllByTestId('visit-entry')).toHaveLength(2));
    expect(within(card).getAllByTestId('visit-entry')[1]!.textContent).toBe('DeliveryFri, 27 Nov, 10:00-13:00');
    expect(within(card).getByRole('list', { name: 'Visit changes' }).textContent).toContain(
      'Delivery visit booked by you: Fri, 27 Nov, 10:00-13:00',
    );
    expect(within(card).getByRole('button', { name: 'Change your delivery slot' })).toBeTruthy();
  });

  it('shows the server’s words when it refuses, in her language', async () => {
    const order = makeOrder({ orderId: 'TH-DES111', status: 'designed', appointments: [measure], appointmentChanges: [] });
    mockApi({
      'GET /orders': () => ({ status: 200, body: ordersPage([order]) }),
      'GET /visit-slots*': () => ({ status: 200, body: DAYS }),
      'POST /orders/TH-DES111/appointments': () => ({
        status: 409,
        body: { code: 'conflict', message: 'This slot is full. Please choose another slot or day.', reason: 'visit.slotFull' },
      }),
    });
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-DES111' });
    fireEvent.click(within(card).getByRole('button', { name: 'Pick your delivery slot' }));
    fireEvent.click(await within(card).findByRole('button', { name: /27 Nov/ }));
    fireEvent.click(within(card).getByRole('radio', { name: '10:00-13:00' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Book this slot' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('This slot is full. Please choose another slot or day.');
  });
});
