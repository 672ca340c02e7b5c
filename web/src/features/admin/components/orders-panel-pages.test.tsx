import type { AdminOrder, OrderState, OrderStateCounts } from '@thaiyal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../../../test/intersection';
import { mockApi, type ApiCall } from '../../../test/mock-api';
import { ordersPage } from '../../../test/render';
import { clearToasts } from '../../../test/toasts';
import { makeAdminOrder, renderForAdmin } from '../test/admin-fixtures';
import { OrdersPanel } from './orders-panel';

/** The address's query, to check what a reload would keep. */
function SearchProbe() {
  return <p data-testid="search">{useLocation().search}</p>;
}

function addressParam(name: string): string | null {
  return new URLSearchParams(screen.getByTestId('search').textContent ?? '').get(name);
}

function order(orderId: string, day: string, status: OrderState): AdminOrder {
  return makeAdminOrder({ orderId, status, purchaseDate: `2025-${day}T10:00:00.000Z` });
}

const page1 = [order('TH-PAGE11', '05-05', 'call'), order('TH-PAGE12', '05-04', 'visited')];
const page2 = [order('TH-PAGE21', '04-01', 'designed')];
/** Counts under no search: more cancelled and delivered orders than any page shows. */
const counts: OrderStateCounts = { call: 1, visited: 1, designed: 1, delivered: 0, cancelled: 2 };

/** Two pages of the default list: the first with a cursor to the second. */
const twoPages = {
  'GET /orders/status': () => ({ status: 200, body: ordersPage(page1, { nextCursor: 'cursor-2', counts }) }),
  'GET /orders/status?cursor=cursor-2': () => ({ status: 200, body: ordersPage(page2, { counts }) }),
};

function renderPanel(path = '/admin-only?tab=orderStatus') {
  return renderForAdmin(
    <>
      <OrdersPanel />
      <SearchProbe />
    </>,
    path,
  );
}

const cardIds = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const gets = (calls: ApiCall[]) => calls.filter((call) => call.method === 'GET').map((call) => call.path);

describe('OrdersPanel by page (docs/product.md#lists-by-page)', () => {
  beforeEach(() => {
    FakeIntersectionObserver.reset();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('shows the first page at once and loads the next as the end of the list nears the screen, then says that is all', async () => {
    const calls = mockApi(twoPages);
    renderPanel();
    await screen.findByRole('article', { name: 'Order TH-PAGE11' });
    expect(cardIds()).toEqual(['Order TH-PAGE11', 'Order TH-PAGE12']);
    expect(screen.getByText('Showing 2')).toBeTruthy();
    expect(gets(calls)).toEqual(['/orders/status']);

    FakeIntersectionObserver.scrollToEnd();
    await waitFor(() => expect(cardIds()).toEqual(['Order TH-PAGE11', 'Order TH-PAGE12', 'Order TH-PAGE21']));
    expect(gets(calls)).toEqual(['/orders/status', '/orders/status?cursor=cursor-2']);
    expect(screen.getByText('That is all: 3 shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // Nothing more to watch for: scrolling again asks nothing.
    expect(FakeIntersectionObserver.watching()).toBe(0);
  });

  it('loads the next page with the Load more button where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const calls = mockApi(twoPages);
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardIds()).toHaveLength(3));
    expect(gets(calls)).toEqual(['/orders/status', '/orders/status?cursor=cursor-2']);
    expect(screen.getByText('That is all: 3 shown')).toBeTruthy();
  });

  it('says when the next page fails, keeps the orders shown, and tries again with the button only', async () => {
    let fail = true;
    const calls = mockApi({
      ...twoPages,
      'GET /orders/status?cursor=cursor-2': () =>
        fail ? { status: 503, body: { message: 'Down', code: 'unavailable' } } : { status: 200, body: ordersPage(page2, { counts }) },
    });
    renderPanel();
    await screen.findByRole('article', { name: 'Order TH-PAGE11' });
    FakeIntersectionObserver.scrollToEnd();
    expect(await screen.findByText('More could not be loaded.')).toBeTruthy();
    expect(cardIds()).toHaveLength(2);
    // A failed page is not asked for again by itself.
    FakeIntersectionObserver.scrollToEnd();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardIds()).toHaveLength(3));
    // The failed try, then the button's: the scroll after the failure asked nothing.
    expect(gets(calls).filter((path) => path.includes('cursor'))).toHaveLength(2);
  });
});

describe('OrdersPanel: status chips with counts and the search, kept in the address (docs/product.md#lists-by-page)', () => {
  beforeEach(() => {
    FakeIntersectionObserver.reset();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it("shows the status chips with the server's counts, every state but cancelled pressed, and asks the server for the pressed ones", async () => {
    const calls = mockApi({
      ...twoPages,
      'GET /orders/status?status=*': () => ({ status: 200, body: ordersPage([order('TH-CANC01', '05-06', 'cancelled')], { counts }) }),
    });
    renderPanel();
    const chips = await screen.findByRole('group', { name: 'Show orders by status' });
    await screen.findByRole('button', { name: 'Cancelled (2)' });
    const pressed = () =>
      within(chips)
        .getAllByRole('button')
        .map((chip) => `${chip.textContent} ${chip.getAttribute('aria-pressed')}`);
    expect(pressed()).toEqual(['Call (1) true', 'Visited (1) true', 'Designed (1) true', 'Delivered (0) true', 'Cancelled (2) false']);

    fireEvent.click(within(chips).getByRole('button', { name: 'Cancelled (2)' }));
    await screen.findByRole('article', { name: 'Order TH-CANC01' });
    expect(gets(calls).at(-1)).toBe('/orders/status?status=call,visited,designed,delivered,cancelled');
    expect(addressParam('status')).toBe('call,visited,designed,delivered,cancelled');

    fireEvent.click(within(chips).getByRole('button', { name: 'Call (1)' }));
    await waitFor(() => expect(gets(calls).at(-1)).toBe('/orders/status?status=visited,designed,delivered,cancelled'));
    expect(pressed()).toEqual(['Call (1) false', 'Visited (1) true', 'Designed (1) true', 'Delivered (0) true', 'Cancelled (2) true']);
    expect(addressParam('tab')).toBe('orderStatus');
  });

  it('asks nothing and says so when every chip is released', async () => {
    const calls = mockApi({});
    renderPanel('/admin-only?tab=orderStatus&status=');
    expect(screen.getByText('Choose at least one status to see its orders.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelled (…)' }).getAttribute('aria-pressed')).toBe('false');
    expect(calls).toEqual([]);
  });

  it('finds an order by a phone number in one step on Enter, keeping the search in the address', async () => {
    const found = order('TH-FOUND1', '03-03', 'visited');
    const calls = mockApi({
      ...twoPages,
      'GET /orders/status?q=*': () => ({
        status: 200,
        body: ordersPage([found], { counts: { call: 0, visited: 1, designed: 0, delivered: 0, cancelled: 0 } }),
      }),
    });
    renderPanel();
    await screen.findByRole('article', { name: 'Order TH-PAGE11' });
    const search = screen.getByRole('search', { name: 'Find an order' });
    const field = within(search).getByRole('searchbox', { name: 'Find an order' });
    expect(field.getAttribute('maxlength')).toBe('100');
    fireEvent.change(field, { target: { value: '98765 43210' } });
    // Typing asks nothing: only sending the search does.
    expect(gets(calls)).toEqual(['/orders/status']);
    fireEvent.submit(search);
    await waitFor(() => expect(cardIds()).toEqual(['Order TH-FOUND1']));
    expect(gets(calls)).toEqual(['/orders/status', '/orders/status?q=98765%2043210']);
    expect(addressParam('q')).toBe('98765 43210');
    expect(screen.getByRole('button', { name: 'Visited (1)' })).toBeTruthy();

    fireEvent.click(within(search).getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(cardIds()).toEqual(['Order TH-PAGE11', 'Order TH-PAGE12']));
    expect(addressParam('q')).toBeNull();
  });

  it('asks with the filter and search of the address at once, as after a reload', async () => {
    const calls = mockApi({
      'GET /orders/status?status=cancelled&q=TH-9ZZ1AB': () => ({
        status: 200,
        body: ordersPage([order('TH-9ZZ1AB', '02-02', 'cancelled')], { counts: { ...counts, cancelled: 1 } }),
      }),
    });
    renderPanel('/admin-only?tab=orderStatus&status=cancelled&q=TH-9ZZ1AB');
    await screen.findByRole('article', { name: 'Order TH-9ZZ1AB' });
    expect(gets(calls)).toEqual(['/orders/status?status=cancelled&q=TH-9ZZ1AB']);
    expect((screen.getByRole('searchbox', { name: 'Find an order' }) as HTMLInputElement).value).toBe('TH-9ZZ1AB');
    expect(screen.getByRole('button', { name: 'Cancelled (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Call (1)' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('offers every state when a search finds nothing in the chosen ones but finds some elsewhere', async () => {
    const calls = mockApi({
      'GET /orders/status?q=TH-GONE1': () => ({
        status: 200,
        body: ordersPage([], { counts: { call: 0, visited: 0, designed: 0, delivered: 0, cancelled: 1 } }),
      }),
      'GET /orders/status?status=call,visited,designed,delivered,cancelled&q=TH-GONE1': () => ({
        status: 200,
        body: ordersPage([order('TH-GONE1', '01-01', 'cancelled')]),
      }),
    });
    renderPanel('/admin-only?tab=orderStatus&q=TH-GONE1');
    expect(await screen.findByText('Nothing matches “TH-GONE1”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show every state: 1 more' }));
    await screen.findByRole('article', { name: 'Order TH-GONE1' });
    expect(gets(calls)).toHaveLength(2);
  });
});

describe('OrdersPanel: a change touches only its order (docs/product.md#lists-by-page)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('after a status change on page 2 puts the answered order in its place and moves the counts, fetching nothing', async () => {
    const delivered = { ...page2[0]!, status: 'delivered' as const };
    const calls = mockApi({
      ...twoPages,
      'PUT /orders/status/TH-PAGE21': () => ({ status: 200, body: { message: 'Order status updated to delivered', order: delivered } }),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const card = await screen.findByRole('article', { name: 'Order TH-PAGE21' });
    fireEvent.change(within(card).getByLabelText('Change status'), { target: { value: 'delivered' } });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change and e-mail' }));
    expect(await screen.findByText('Order status updated to delivered')).toBeTruthy();
    await waitFor(() => expect(within(card).getByText('Delivered', { selector: 'span' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Designed (0)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delivered (1)' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete order TH-PAGE21' })).toBeTruthy();
    // The other orders are as they were, and no page was asked for again.
    expect(cardIds()).toEqual(['Order TH-PAGE11', 'Order TH-PAGE12', 'Order TH-PAGE21']);
    expect(gets(calls)).toEqual(['/orders/status', '/orders/status?cursor=cursor-2']);
  });
});
