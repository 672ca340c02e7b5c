import type { VisitDaysResponse } from '@thaiyal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { makeAdminOrder, renderForAdmin } from '../test/admin-fixtures';
import { OrderVisitsAdmin } from './order-visits-admin';

// docs/product.md#trial-and-delivery-visits: the owner books, lists and cancels an order's trial
// and delivery visits on its card, in the visit calendar the checkout uses.

const MORNING = '00000000-0000-4000-8000-00000000000a';
const EVENING = '00000000-0000-4000-8000-00000000000b';
const DAYS: VisitDaysResponse = {
  today: '2026-11-25',
  days: [
    {
      date: '2026-11-27',
      weekday: 5,
      closed: false,
      closedNote: '',
      slots: [
        { id: MORNING, label: '10:00-13:00', start: '10:00', end: '13:00', capacity: 3, booked: 1, available: 2, status: 'open' },
        { id: EVENING, label: '17:00-19:30', start: '17:00', end: '19:30', capacity: 3, booked: 3, available: 0, status: 'full' },
      ],
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrderVisitsAdmin', () => {
  it('books a trial visit in the visit calendar: a day, an open slot (a full one cannot be chosen), then lists it', async () => {
    const order = makeAdminOrder({
      appointments: [{ id: 'TH-4K7Q2M', kind: 'measure', date: '2026-11-26', slotId: MORNING, label: '10:00-13:00' }],
      appointmentChanges: [],
    });
    const booked = {
      ...order,
      appointments: [
        ...order.appointments!,
        { id: '00000000-0000-4000-8000-0000000000c1', kind: 'trial' as const, date: '2026-11-27', slotId: MORNING, label: '10:00-13:00' },
      ],
      appointmentChanges: [
        {
          action: 'booked' as const,
          kind: 'trial' as const,
          date: '2026-11-27',
          slotId: MORNING,
          label: '10:00-13:00',
          by: 'shop' as const,
          at: '2026-11-25T05:00:00.000Z',
        },
      ],
    };
    const calls = mockApi({
      'GET /visit-slots*': () => ({ status: 200, body: DAYS }),
      'POST /admin/orders/*': () => ({ status: 201, body: { message: 'Visit booked', order: booked } }),
    });
    const first = renderForAdmin(<OrderVisitsAdmin order={order} />);
    expect(screen.getAllByTestId('visit-entry').map((visit) => visit.textContent)).toEqual(['MeasuringThu, 26 Nov, 10:00-13:00']);
    fireEvent.click(screen.getByRole('button', { name: 'Book a trial visit' }));
    const day = await screen.findByRole('button', { name: /27 Nov/ });
    fireEvent.click(screen.getByRole('button', { name: 'Book this slot' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a day and a slot.');
    fireEvent.click(day);
    expect((screen.getByRole('radio', { name: '17:00-19:30' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '10:00-13:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book this slot' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `/admin/orders/${order.orderId}/appointments`,
      body: { kind: 'trial', date: '2026-11-27', slotId: MORNING },
    });
    expect(await screen.findByRole('button', { name: 'Book a trial visit' })).toBeTruthy();
    first.unmount();
    renderForAdmin(<OrderVisitsAdmin order={booked} />);
    expect(screen.getAllByTestId('visit-entry').map((visit) => within(visit).getByText(/Measuring|Trial/).textContent)).toEqual([
      'Measuring',
      'Trial',
    ]);
    expect(screen.getByRole('list', { name: 'Visit changes' }).textContent).toContain(
      'Trial visit booked by the shop: Fri, 27 Nov, 10:00-13:00',
    );
  });

  it('shows the server’s refusal of a slot that just filled, keeping the form open', async () => {
    mockApi({
      'GET /visit-slots*': () => ({ status: 200, body: DAYS }),
      'POST /admin/orders/*': () => ({
        status: 409,
        body: { code: 'conflict', message: 'This slot is full. Please choose another slot or day.', reason: 'visit.slotFull' },
      }),
    });
    renderForAdmin(<OrderVisitsAdmin order={makeAdminOrder({ appointments: [], appointmentChanges: [] })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Book a delivery visit' }));
    fireEvent.click(await screen.findByRole('button', { name: /27 Nov/ }));
    fireEvent.click(screen.getByRole('radio', { name: '10:00-13:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book this slot' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This slot is full. Please choose another slot or day.');
    expect((screen.getByRole('radio', { name: '10:00-13:00' }) as HTMLInputElement).checked).toBe(true);
  });

  it('cancels a trial or delivery visit after asking, never the measuring visit', async () => {
    const trial = {
      id: '00000000-0000-4000-8000-0000000000c1',
      kind: 'trial' as const,
      date: '2026-11-27',
      slotId: MORNING,
      label: '10:00-13:00',
    };
    const order = makeAdminOrder({
      appointments: [{ id: 'TH-4K7Q2M', kind: 'measure', date: '2026-11-26', slotId: MORNING, label: '10:00-13:00' }, trial],
      appointmentChanges: [],
    });
    const calls = mockApi({
      'DELETE /admin/orders/*': () => ({
        status: 200,
        body: { message: 'Visit cancelled', order: { ...order, appointments: [order.appointments![0]] } },
      }),
    });
    renderForAdmin(<OrderVisitsAdmin order={order} />);
    const [measure, trialRow] = screen.getAllByTestId('visit-entry');
    expect(within(measure!).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(trialRow!).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this visit?' });
    expect(dialog.textContent).toContain('Trial visit on Fri, 27 Nov, 10:00-13:00');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'DELETE', path: `/admin/orders/${order.orderId}/appointments/${trial.id}`, body: undefined }]),
    );
  });

  it('offers nothing to book or cancel on a delivered order', () => {
    renderForAdmin(
      <OrderVisitsAdmin
        order={makeAdminOrder({
          status: 'delivered',
          appointments: [{ id: 'x', kind: 'delivery', date: '2026-11-27', slotId: MORNING, label: '10:00-13:00' }],
        })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Book a trial visit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByTestId('visit-entry').textContent).toContain('Delivery');
  });
});

describe('OrderVisitsAdmin alterations (docs/product.md#free-alterations)', () => {
  it('offers Book alteration pickup on a delivered order only while an alteration is open, and lists its alterations', () => {
    const alteration = {
      id: '00000000-0000-4000-8000-0000000000a1',
      productId: 'p1',
      problem: 'loose' as const,
      where: 'waist',
      note: 'Take in',
      status: 'requested' as const,
      requestedAt: '2026-11-04T06:00:00.000Z',
      pickedUpAt: null,
      doneAt: null,
      pictures: [],
    };
    const items = [{ ...makeAdminOrder().items[0]!, productId: 'p1', name: 'Silk Blouse' }];
    const open = makeAdminOrder({ status: 'delivered', items, alterations: [alteration], appointments: [], appointmentChanges: [] });
    const first = renderForAdmin(<OrderVisitsAdmin order={open} />);
    expect(screen.getByRole('button', { name: 'Book alteration pickup' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book a trial visit' })).toBeNull();
    expect(screen.getByTestId('order-alterations').textContent).toContain('Silk Blouse — Alteration requested: Too loose (waist). Take in');
    first.unmount();
    renderForAdmin(<OrderVisitsAdmin order={{ ...open, alterations: [{ ...alteration, status: 'done' as const }] }} />);
    expect(screen.queryByRole('button', { name: 'Book alteration pickup' })).toBeNull();
  });
});
