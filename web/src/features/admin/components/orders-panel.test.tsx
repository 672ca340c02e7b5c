import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeAdminOrder, mockApi, renderForAdmin } from '../test/admin-fixtures';
import { OrdersPanel } from './orders-panel';

describe("OrdersPanel: 'Customers Orders' (docs/product.md#screens, docs/product.md#states-and-transitions Order status, docs/product.md#messages)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("says 'No orders placed recently' when there are none", async () => {
    mockApi({ 'GET /api/orders/status': () => json(200, { orders: [] }) });
    renderForAdmin(<OrdersPanel />);
    expect(await screen.findByText('No orders placed recently')).toBeTruthy();
  });

  it('shows each order newest first with customer, status, lines in ₹, address and total', async () => {
    const older = makeAdminOrder({ orderId: 'TH-OLDER1', purchaseDate: '2025-01-01T10:00:00.000Z' });
    const newer = makeAdminOrder({ orderId: 'TH-NEWER1', purchaseDate: '2025-04-01T10:00:00.000Z', status: 'designed' });
    mockApi({ 'GET /api/orders/status': () => json(200, { orders: [older, newer] }) });
    renderForAdmin(<OrdersPanel />);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Order TH-NEWER1',
      'Order TH-OLDER1',
    ]);
    const card = cards[0]!;
    expect(within(card).getByText('Customer: Meenakshi (meena@example.com)')).toBeTruthy();
    expect((within(card).getByLabelText('Change status') as HTMLSelectElement).value).toBe('designed');
    expect(within(card).getByText('Kanchi Silk Saree Blouse')).toBeTruthy();
    expect(within(card).getByText('Quantity: 2')).toBeTruthy();
    expect(within(card).getByText('₹1,250.50')).toBeTruthy();
    for (const value of ['Meenakshi S', '9876543210', '12A', 'Kovai Road', 'Pollachi', 'Tamil Nadu', '642001']) {
      expect(within(card).getByText(value)).toBeTruthy();
    }
    expect(within(card).getByText('Total: ₹2,501.00')).toBeTruthy();
  });

  it('shows the home visit and each line’s stitching details with the profile’s measurements (docs/product.md#stitching-details)', async () => {
    const order = makeAdminOrder({ visit: { date: '2026-11-25', slotId: '3e7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e13', label: '10:00-13:00' } });
    order.items[0]!.stitching = {
      profile: { name: 'Priya, 8 years', measurements: { bust: 610, waist: 560 } },
      fabric: 'shop',
      lining: true,
      notes: 'Boat neck',
      pictures: ['/uploads/references/abc-640.webp'],
    };
    mockApi({ 'GET /api/orders/status': () => json(200, { orders: [order] }) });
    renderForAdmin(<OrdersPanel />);
    const card = await screen.findByRole('article');
    expect(within(card).getByTestId('order-visit').textContent).toBe('Wed, 25 Nov, 10:00-13:00');
    const stitching = within(card).getByTestId('stitching-summary');
    expect(stitching.textContent).toContain('For Priya, 8 years · Fabric from the shop · With lining');
    expect(stitching.textContent).toContain('Notes: Boat neck');
    expect(within(stitching).getByText('Bust: 61 cm')).toBeTruthy();
    expect(within(stitching).getByText('Waist: 56 cm')).toBeTruthy();
    expect(within(stitching).getByRole('img', { name: 'Reference picture 1' }).getAttribute('src')).toBe(
      '/uploads/references/abc-640.webp',
    );
  });

  it('shows a delivered order kept after its account was deleted as such, without personal details', async () => {
    const kept = makeAdminOrder({
      status: 'delivered',
      customer: null,
      address: { name: '', phoneNumber: '', doorNumber: '', street: '', city: 'pollachi', state: 'tamilnadu', pinCode: '' },
    });
    mockApi({ 'GET /api/orders/status': () => json(200, { orders: [kept] }) });
    renderForAdmin(<OrdersPanel />);
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Customer: account deleted (details removed; the order is kept as a sales record)')).toBeTruthy();
    expect(within(card).queryByText(/Meenakshi/)).toBeNull();
    expect(within(card).getByText('Total: ₹2,501.00')).toBeTruthy();
  });

  it("sets any status with PUT and toasts the server's text; a failure says 'An error occurred'", async () => {
    let answer: Response = json(200, {
      message: 'Order status updated to visited',
      order: makeAdminOrder({ status: 'visited' }),
    });
    const fetchMock = mockApi({
      'GET /api/orders/status': () => json(200, { orders: [makeAdminOrder()] }),
      'PUT /api/orders/status/TH-4K7Q2M': () => answer,
    });
    renderForAdmin(<OrdersPanel />);
    const select = (await screen.findByLabelText('Change status')) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.value)).toEqual(['call', 'visited', 'designed', 'delivered']);
    // Asked first, with what the customer will be mailed; No changes nothing and sends nothing.
    fireEvent.change(select, { target: { value: 'visited' } });
    let dialog = await screen.findByRole('dialog', { name: 'Change order TH-4K7Q2M to “Visited”?' });
    expect(dialog.textContent).toContain(
      'Meenakshi (meena@example.com) will be e-mailed in English and Tamil: “We have visited you, taken your measurements and collected the fabric.”',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(select.value).toBe('call');

    fireEvent.change(select, { target: { value: 'visited' } });
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and e-mail' }));
    expect(await screen.findByText('Order status updated to visited')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ status: 'visited' });
    await waitFor(() => expect(select.value).toBe('visited'));

    answer = json(500, { message: 'Internal Server Error', code: 'internal' });
    fireEvent.change(select, { target: { value: 'delivered' } });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change and e-mail' }));
    expect(await screen.findByText('An error occurred')).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('visited'));
  });

  it("offers delete for delivered orders only; success says 'deleted' and the orders reload", async () => {
    let orders = [makeAdminOrder({ orderId: 'TH-DONE01', status: 'delivered' }), makeAdminOrder({ orderId: 'TH-OPEN01' })];
    const fetchMock = mockApi({
      'GET /api/orders/status': () => json(200, { orders }),
      'DELETE /api/orders/delivered/delete/TH-DONE01': () => {
        orders = orders.filter((order) => order.orderId !== 'TH-DONE01');
        return json(200, { message: 'deleted' });
      },
    });
    renderForAdmin(<OrdersPanel />);
    await screen.findAllByRole('article');
    expect(screen.queryByRole('button', { name: 'Delete order TH-OPEN01' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete order TH-DONE01' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm Deletion?' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('deleted')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/orders/status')).toHaveLength(2);
  });

  it("says 'Failed to delete order' when the server refuses", async () => {
    mockApi({
      'GET /api/orders/status': () => json(200, { orders: [makeAdminOrder({ status: 'delivered' })] }),
      'DELETE /api/orders/delivered/delete/TH-4K7Q2M': () =>
        json(409, { message: 'Only delivered orders can be deleted', code: 'conflict' }),
    });
    renderForAdmin(<OrdersPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete order TH-4K7Q2M' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Failed to delete order')).toBeTruthy();
  });
});
