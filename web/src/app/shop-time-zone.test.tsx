import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAdminOrder, makeCancelledOrder, renderForAdmin } from '../features/admin/test/admin-fixtures';
import { CancelledOrdersPanel } from '../features/admin/components/cancelled-orders-panel';
import { OrdersPanel } from '../features/admin/components/orders-panel';
import { ContactMessages } from '../features/contact/components/contact-messages';
import { OrderCard } from '../features/orders/components/order-card';
import { mockApi } from '../test/mock-api';
import { makeOrder, makeUser, ordersPage, renderWithApp } from '../test/render';

// Every shop time is India time (docs/product.md#languages), whatever the device's zone: this
// file runs as a phone set to New York would, where 09:00 UTC is 4:00 am, not Pollachi's 2:30 pm.
const AT = '2026-11-27T09:00:00.000Z';
const INDIA = '27 Nov 2026, 2:30 pm';
const deviceZone = process.env.TZ;

beforeAll(() => {
  process.env.TZ = 'America/New_York';
  // The device's zone really is another one here (else this file would prove nothing).
  expect(new Date(AT).getHours()).toBe(4);
});

afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
  vi.unstubAllGlobals();
});

describe('shop times are India time on a device in another zone (docs/product.md#languages)', () => {
  it("the admin's order card: its purchase and its timeline say the same time", async () => {
    const order = makeAdminOrder({ purchaseDate: AT, timeline: [{ status: 'call', at: AT }] });
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([order]) }) });
    renderForAdmin(<OrdersPanel />);
    const card = await screen.findByRole('article');
    expect(within(card).getByText(`Purchased on ${INDIA}`)).toBeTruthy();
    expect(card.textContent).toContain(INDIA);
    expect(card.textContent).not.toContain('4:00 am');
  });

  it('My Orders: the purchase day is the shop’s day, not the device’s', () => {
    // 20:00 UTC on 27 November is 28 November in Pollachi.
    const order = makeOrder({ purchaseDate: '2026-11-27T20:00:00.000Z', timeline: [{ status: 'call', at: '2026-11-27T20:00:00.000Z' }] });
    renderWithApp(<OrderCard order={order} renderPicture={() => null} onCancel={() => undefined} />);
    expect(screen.getByText('Purchased on 28 Nov 2026')).toBeTruthy();
  });

  it('the cancelled orders and the messages say India time', async () => {
    mockApi({
      'GET /orders/cancel': () => ({ status: 200, body: { cancelledOrders: [makeCancelledOrder({ createdAt: AT })], nextCursor: null } }),
      'GET /contact': () => ({
        status: 200,
        body: {
          messages: [{ _id: 'a', name: 'Kavya', email: 'k@example.com', phone: '98765', message: 'Hi', createdAt: AT }],
          nextCursor: null,
        },
      }),
    });
    const cancelled = renderForAdmin(<CancelledOrdersPanel />);
    expect(await within(cancelled.container).findByText(INDIA)).toBeTruthy();
    const messages = renderWithApp(<ContactMessages />, { user: makeUser({ role: 'admin' }) });
    expect(await within(messages.container).findByText(INDIA)).toBeTruthy();
  });
});
