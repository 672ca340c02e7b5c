import type { AdminOrder } from '@thaiyal/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { FakeIntersectionObserver } from '../../../test/intersection';
import { mockApi, type ApiCall } from '../../../test/mock-api';
import { ordersPage } from '../../../test/render';
import { makeAdminOrder, renderForAdmin } from '../test/admin-fixtures';
import { OrdersPanel } from './orders-panel';

/** The address's query, to check what a reload would keep. */
function SearchProbe() {
  return <p data-testid="search">{useLocation().search}</p>;
}

const addressParam = (name: string) => new URLSearchParams(screen.getByTestId('search').textContent ?? '').get(name);
const cardIds = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const gets = (calls: ApiCall[]) => calls.filter((call) => call.method === 'GET').map((call) => call.path);

/** Placed newest first, but due in the other order: the server's date sort is what shows. */
const older: AdminOrder = makeAdminOrder({ orderId: 'TH-OLDER1', purchaseDate: '2026-11-01T10:00:00.000Z', readyBy: '2026-12-09' });
const newer: AdminOrder = makeAdminOrder({ orderId: 'TH-NEWER1', purchaseDate: '2026-11-20T10:00:00.000Z', readyBy: '2026-12-02' });
const undated: AdminOrder = makeAdminOrder({ orderId: 'TH-NODATE', purchaseDate: '2026-11-25T10:00:00.000Z' });

function renderPanel(path = '/admin-only?tab=orderStatus') {
  return renderForAdmin(
    <>
      <OrdersPanel />
      <SearchProbe />
    </>,
    path,
  );
}

describe('OrdersPanel sort (docs/product.md#lists-by-page)', () => {
  beforeEach(() => {
    FakeIntersectionObserver.reset();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sorts by placing time at first, then by the date chosen in Sort, in the server’s order, kept in the address with the filters', async () => {
    const calls = mockApi({
      'GET /orders/status?status=call&q=TH': () => ({ status: 200, body: ordersPage([undated, newer, older]) }),
      'GET /orders/status?status=call&q=TH&sort=readyBy': () => ({ status: 200, body: ordersPage([newer, older, undated]) }),
      'GET /orders/status?status=call&q=TH&sort=neededBy': () => ({ status: 200, body: ordersPage([older, undated, newer]) }),
    });
    renderPanel('/admin-only?tab=orderStatus&status=call&q=TH');
    const sort = screen.getByLabelText('Sort') as HTMLSelectElement;
    expect([...sort.options].map((option) => option.textContent)).toEqual([
      'Newest placed first',
      'Ready-by date, soonest first',
      'Function date, soonest first',
    ]);
    expect(sort.value).toBe('placed');
    await screen.findByText('Order TH-NODATE');
    expect(cardIds()).toEqual(['Order TH-NODATE', 'Order TH-NEWER1', 'Order TH-OLDER1']);

    fireEvent.change(sort, { target: { value: 'readyBy' } });
    await vi.waitFor(() => expect(cardIds()).toEqual(['Order TH-NEWER1', 'Order TH-OLDER1', 'Order TH-NODATE']));
    expect(addressParam('sort')).toBe('readyBy');
    expect(addressParam('status')).toBe('call');
    expect(addressParam('q')).toBe('TH');

    fireEvent.change(sort, { target: { value: 'neededBy' } });
    // Not turned newest first again: the server's date order stands.
    await vi.waitFor(() => expect(cardIds()).toEqual(['Order TH-OLDER1', 'Order TH-NODATE', 'Order TH-NEWER1']));

    fireEvent.change(sort, { target: { value: 'placed' } });
    await vi.waitFor(() => expect(cardIds()).toEqual(['Order TH-NODATE', 'Order TH-NEWER1', 'Order TH-OLDER1']));
    expect(addressParam('sort')).toBeNull();
    expect(gets(calls)).toEqual([
      '/orders/status?status=call&q=TH',
      '/orders/status?status=call&q=TH&sort=readyBy',
      '/orders/status?status=call&q=TH&sort=neededBy',
      '/orders/status?status=call&q=TH',
    ]);
  });

  it('opens on the sort in the address, and asks for the next page in it with the cursor', async () => {
    const calls = mockApi({
      'GET /orders/status?sort=readyBy': () => ({ status: 200, body: ordersPage([newer], { nextCursor: 'date-cursor' }) }),
      'GET /orders/status?sort=readyBy&cursor=date-cursor': () => ({ status: 200, body: ordersPage([older]) }),
    });
    renderPanel('/admin-only?tab=orderStatus&sort=readyBy');
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('readyBy');
    await screen.findByText('Order TH-NEWER1');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Order TH-OLDER1');
    expect(cardIds()).toEqual(['Order TH-NEWER1', 'Order TH-OLDER1']);
    expect(gets(calls)).toEqual(['/orders/status?sort=readyBy', '/orders/status?sort=readyBy&cursor=date-cursor']);
  });

  it('names the sorts in Tamil too', async () => {
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([]) }) });
    await act(() => initI18n('ta'));
    try {
      renderPanel();
      const sort = screen.getByLabelText('வரிசைப்படுத்து') as HTMLSelectElement;
      expect([...sort.options].map((option) => option.textContent)).toEqual([
        'புதிதாகப் பதிவானவை முதலில்',
        'தயாராகும் நாள், அருகிலுள்ளவை முதலில்',
        'விழா நாள், அருகிலுள்ளவை முதலில்',
      ]);
      await screen.findByRole('status');
    } finally {
      await act(() => initI18n('en'));
    }
  });
});
