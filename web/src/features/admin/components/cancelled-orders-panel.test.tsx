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
});
