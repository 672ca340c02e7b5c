import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { makeCancelledOrder, renderForAdmin } from '../test/admin-fixtures';
import { CancelledOrdersPanel } from './cancelled-orders-panel';

describe('CancelledOrdersPanel (docs/product.md#admin-dashboard Cancelled Orders tab, docs/product.md#messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("says 'No Cancelled Orders' when there are none", async () => {
    mockApi({ 'GET /orders/cancel': () => ({ status: 200, body: { cancelledOrders: [], nextCursor: null } }) });
    renderForAdmin(<CancelledOrdersPanel />);
    expect(await screen.findByText('No Cancelled Orders')).toBeTruthy();
  });

  it('clips the customer’s name and reason to the record’s card (docs/security.md#findings-of-the-outside-probe)', async () => {
    const record = { ...makeCancelledOrder(), reason: `Wrong size${'\u0301'.repeat(4)}` };
    mockApi({ 'GET /orders/cancel': () => ({ status: 200, body: { cancelledOrders: [record], nextCursor: null } }) });
    renderForAdmin(<CancelledOrdersPanel />);
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getAllByText(record.reason, { exact: false }).length).toBeGreaterThan(0);
    expect(card!.classList).toContain('user-text');
  });

  it('shows username, product pictures and names, phone, reason and date, and deletes after Yes', async () => {
    const record = makeCancelledOrder();
    let records = [record];
    let deleteWorks = false;
    mockApi({
      'GET /orders/cancel': () => ({ status: 200, body: { cancelledOrders: records, nextCursor: null } }),
      [`DELETE /orders/delete/${record._id}`]: () => {
        if (!deleteWorks) return { status: 500, body: { message: 'Internal Server Error', code: 'internal' } };
        records = [];
        return { status: 200, body: { message: 'Order deleted successfully' } };
      },
    });
    renderForAdmin(<CancelledOrdersPanel />);
    const card = await screen.findByRole('article', { name: 'Kavya' });
    expect(within(card).getByText('Maxi Frock')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/uploads/p/cd34-320.webp');
    expect(within(card).getByText('9123456780')).toBeTruthy();
    expect(within(card).getByText('Ordered the wrong size')).toBeTruthy();
    expect(within(card).getByText('Cancelled on')).toBeTruthy();

    const remove = within(card).getByRole('button', { name: 'Delete cancelled order TH-9ZZ1AB of Kavya' });
    fireEvent.click(remove);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm Deletion?' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Failed to delete order')).toBeTruthy();

    deleteWorks = true;
    fireEvent.click(remove);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
  });

  it('loads older records with Load more, finds one by its phone, and a delete leaves only its page (docs/product.md#lists-by-page)', async () => {
    const newer = makeCancelledOrder({ _id: 'a1b2c3d4-0000-4000-8000-000000000001', orderId: 'TH-NEWER1', username: 'Anu' });
    const older = makeCancelledOrder({ _id: 'a1b2c3d4-0000-4000-8000-000000000002', orderId: 'TH-OLDER1', username: 'Bala' });
    const calls = mockApi({
      'GET /orders/cancel': () => ({ status: 200, body: { cancelledOrders: [newer], nextCursor: 'next-page' } }),
      'GET /orders/cancel?cursor=next-page': () => ({ status: 200, body: { cancelledOrders: [older], nextCursor: null } }),
      'GET /orders/cancel?q=91234': () => ({ status: 200, body: { cancelledOrders: [older], nextCursor: null } }),
      [`DELETE /orders/delete/${newer._id}`]: () => ({ status: 200, body: { message: 'Order deleted successfully' } }),
    });
    renderForAdmin(<CancelledOrdersPanel />);
    await screen.findByRole('article', { name: 'Anu' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Bala' })).toBeTruthy();
    expect(screen.getByText('That is all: 2 shown')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete cancelled order TH-NEWER1 of Anu' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Anu' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Bala' })).toBeTruthy();

    const search = screen.getByRole('search', { name: 'Find a cancelled order' });
    fireEvent.change(within(search).getByRole('searchbox'), { target: { value: ' 91234 ' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/orders/cancel?q=91234'));
    expect(await screen.findByRole('article', { name: 'Bala' })).toBeTruthy();
    // The delete asked for no page again.
    expect(calls.filter((call) => call.method === 'GET').map((call) => call.path)).toEqual([
      '/orders/cancel',
      '/orders/cancel?cursor=next-page',
      '/orders/cancel?q=91234',
    ]);
  });
});
