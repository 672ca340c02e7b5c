import type { Order, OrderState, OrderStateCounts } from '@thaiyal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopInfoQuery } from '../../features/contact/api/shop-info';
import { FakeIntersectionObserver } from '../../test/intersection';
import { mockApi, type ApiCall } from '../../test/mock-api';
import { makeOrder, makeShopInfo, makeUser, ordersPage, renderWithApp, testQueryClient } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { MyOrdersPage } from './my-orders-page';

function order(orderId: string, day: string, status: OrderState): Order {
  return makeOrder({ orderId, status, purchaseDate: `2025-${day}T10:00:00.000Z` });
}

const page1 = [order('TH-MINE11', '06-02', 'call'), order('TH-MINE12', '06-01', 'delivered')];
const page2 = [order('TH-MINE21', '05-01', 'visited')];
/** All of hers: one cancelled order that no loaded page of All holds yet. */
const counts: OrderStateCounts = { call: 1, visited: 1, designed: 0, delivered: 1, cancelled: 1 };

const twoPages = {
  'GET /orders': () => ({ status: 200, body: ordersPage(page1, { nextCursor: 'mine-2', counts }) }),
  'GET /orders?cursor=mine-2': () => ({ status: 200, body: ordersPage(page2, { counts }) }),
};

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

const ids = () => screen.queryAllByRole('article').map((article) => article.getAttribute('aria-labelledby'));
const gets = (calls: ApiCall[]) => calls.filter((call) => call.method === 'GET').map((call) => call.path);
const card = (id: string) => screen.getByRole('article', { name: `Order ${id}` });

describe('MyOrdersPage by page (docs/product.md#my-orders, docs/product.md#lists-by-page)', () => {
  beforeEach(() => {
    FakeIntersectionObserver.reset();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('shows her newest orders first and the next page as she scrolls to the end, with the counts of all her orders', async () => {
    const calls = mockApi(twoPages);
    renderOrders();
    await screen.findByRole('article', { name: 'Order TH-MINE11' });
    expect(ids()).toEqual(['order-TH-MINE11', 'order-TH-MINE12']);
    const group = screen.getByRole('group', { name: 'Show orders' });
    expect(within(group).getByRole('button', { name: 'All (4)' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Active (3)' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Cancelled (1)' })).toBeTruthy();

    FakeIntersectionObserver.scrollToEnd();
    await waitFor(() => expect(ids()).toEqual(['order-TH-MINE11', 'order-TH-MINE12', 'order-TH-MINE21']));
    expect(screen.getByText('That is all: 3 shown')).toBeTruthy();
    expect(gets(calls)).toEqual(['/orders', '/orders?cursor=mine-2']);
  });

  it('asks the server for the cancelled ones, which no loaded page held', async () => {
    const calls = mockApi({
      ...twoPages,
      'GET /orders?status=cancelled': () => ({
        status: 200,
        body: ordersPage([{ ...order('TH-GONE01', '01-01', 'cancelled'), cancelledAt: '2025-01-02T10:00:00.000Z', reason: 'x' }], {
          counts,
        }),
      }),
    });
    renderOrders();
    fireEvent.click(within(await screen.findByRole('group', { name: 'Show orders' })).getByRole('button', { name: 'Cancelled (1)' }));
    await waitFor(() => expect(ids()).toEqual(['order-TH-GONE01']));
    expect(gets(calls)).toEqual(['/orders', '/orders?status=cancelled']);
  });

  it('cancels an order of page 2 at once, moving the counts, and puts it back when the server refuses', async () => {
    let refuse!: (answer: { status: number; body: unknown }) => void;
    const calls = mockApi({
      ...twoPages,
      'POST /orders/cancel': () => new Promise((resolve) => (refuse = resolve)),
    });
    renderOrders();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Order TH-MINE21' });
    fireEvent.click(within(card('TH-MINE21')).getByRole('button', { name: 'Cancel order' }));
    fireEvent.input(screen.getByLabelText('Reason for cancellation'), { target: { value: 'Ordered twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    // At once, before the server answers: cancelled on its page, the counts moved.
    await waitFor(() => expect(within(card('TH-MINE21')).getByText('Status: Cancelled')).toBeTruthy());
    expect(within(card('TH-MINE21')).getByTestId('order-cancellation').textContent).toContain('Reason: Ordered twice');
    const group = screen.getByRole('group', { name: 'Show orders' });
    expect(within(group).getByRole('button', { name: 'Active (2)' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Cancelled (2)' })).toBeTruthy();
    expect(ids()).toEqual(['order-TH-MINE11', 'order-TH-MINE12', 'order-TH-MINE21']);

    await act(async () => refuse({ status: 409, body: { message: 'This order is already cancelled', code: 'conflict' } }));
    expect(await screen.findByText('This order is already cancelled')).toBeTruthy();
    await waitFor(() => expect(within(card('TH-MINE21')).getByText('Status: Visited')).toBeTruthy());
    expect(within(card('TH-MINE21')).getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Active (3)' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Cancelled (1)' })).toBeTruthy();
    // Still where it was, on page 2, after the pages were asked for again.
    await waitFor(() => expect(gets(calls)).toEqual(['/orders', '/orders?cursor=mine-2', '/orders', '/orders?cursor=mine-2']));
    expect(ids()).toEqual(['order-TH-MINE11', 'order-TH-MINE12', 'order-TH-MINE21']);
  });
});
