import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { mockApi, myOrdersRoutes } from '../../test/mock-api';
import { shopInfoQuery } from '../../features/contact/api/shop-info';
import { makeOrder, makeShopInfo, makeUser, renderWithApp, testQueryClient, ordersPage } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { MyOrdersPage } from './my-orders-page';

const older = makeOrder({ orderId: 'TH-OLD222', purchaseDate: '2025-01-01T10:00:00.000Z', status: 'delivered' });
const newer = makeOrder({ orderId: 'TH-NEW333', status: 'visited' });

function renderOrders() {
  // The footer has loaded the shop's contact points on every page (its WhatsApp link for an order).
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

function orderCard(id: string) {
  return screen.getByRole('article', { name: `Order ${id}` });
}

describe('MyOrdersPage (docs/product.md#my-orders, docs/product.md#states-and-transitions, docs/product.md#messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it("says 'Recently No orders Placed' when there are none", async () => {
    mockApi({ 'GET /orders': () => ({ status: 200, body: ordersPage([]) }) });
    renderOrders();
    expect(await screen.findByText('Recently No orders Placed')).toBeTruthy();
    // An empty page is no dead end: it leads on to the catalog and the featured designs.
    expect(screen.getByRole('link', { name: 'Browse all garments' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'See featured designs' }).getAttribute('href')).toBe('/featured');
  });

  it('lists orders newest first with date, lines at two decimals, address and total; no Cancel once delivered', async () => {
    mockApi({ 'GET /orders': () => ({ status: 200, body: ordersPage([older, newer]) }) });
    renderOrders();
    await screen.findByRole('article', { name: 'Order TH-NEW333' });
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'))).toEqual([
      'order-TH-NEW333',
      'order-TH-OLD222',
    ]);
    const card = orderCard('TH-NEW333');
    expect(within(card).getByText('Purchased on 5 Mar 2025')).toBeTruthy();
    // The status is named as the admin panel names it (docs/product.md#states-and-transitions); the tracker keeps its step caption.
    expect(within(card).getByText('Status: Visited')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Order progress' }).querySelector('[aria-current="step"]')?.textContent).toContain(
      'Home visit',
    );
    // The price of one beside the quantity, the line's amount on its right.
    expect(within(card).getByText('Quantity: 2 · ₹1,250.00 each')).toBeTruthy();
    expect(within(card).getAllByText('₹2,500.00')).toHaveLength(1);
    expect(within(card).getByText('Total: ₹2,500.00')).toBeTruthy();
    expect(within(card).getByText(/Kovai Road/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(within(orderCard('TH-OLD222')).queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows the home visit and each line’s stitching details, without the measurements (docs/product.md#stitching-details)', async () => {
    const order = makeOrder({ orderId: 'TH-VIS444', visit: null });
    order.items[0]!.stitching = {
      profile: { name: 'Me', measurements: { bust: 860 } },
      fabric: 'own',
      lining: false,
      notes: 'Zip at the side',
      pictures: [],
    };
    mockApi({ 'GET /orders': () => ({ status: 200, body: ordersPage([order]) }) });
    renderOrders();
    await screen.findByRole('article', { name: 'Order TH-VIS444' });
    const card = orderCard('TH-VIS444');
    expect(within(card).getByTestId('order-visit').textContent).toBe('We will call you to arrange the home visit.');
    expect(within(card).getByTestId('stitching-summary').textContent).toContain('For Me · Own fabric · No lining');
    expect(within(card).getByText('Notes: Zip at the side')).toBeTruthy();
    expect(within(card).queryByText(/Bust/)).toBeNull();
  });

  it('shows what Thaiyal measured at the visit, with the day, in both units (docs/product.md#the-measurement-book)', async () => {
    const measured = makeOrder({
      orderId: 'TH-MEA444',
      items: [
        {
          ...newer.items[0]!,
          measured: { measurements: { bust: 864 }, unit: 'in', note: 'keep 1 inch margin', at: '2026-11-28T06:30:00.000Z' },
        },
      ],
    });
    mockApi({ 'GET /orders': () => ({ status: 200, body: ordersPage([measured]) }) });
    renderOrders();
    await screen.findByRole('article', { name: 'Order TH-MEA444' });
    const summary = within(orderCard('TH-MEA444')).getByTestId('measured-summary');
    expect(within(summary).getByText('Measured by Thaiyal on 28 Nov 2026')).toBeTruthy();
    expect(within(summary).getByRole('list', { name: 'Measurements taken at the visit' }).textContent).toBe('Bust: 34 in (86.4 cm)');
    expect(summary.textContent).toContain('Note: keep 1 inch margin');
    // Its timeline names it after the placing, by its time.
    const steps = within(within(orderCard('TH-MEA444')).getByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('span:not([aria-hidden])')?.textContent)).toEqual([
      'Order received - we will call you',
      'Measurements taken: Kanchi Silk Saree Blouse',
    ]);
  });

  it('names the status in Tamil as the admin panel does', async () => {
    await initI18n('ta');
    try {
      mockApi({ 'GET /orders': () => ({ status: 200, body: ordersPage([newer]) }) });
      renderOrders();
      const card = await screen.findByRole('article', { name: 'ஆர்டர் TH-NEW333' });
      expect(within(card).getByText('நிலை: வருகை முடிந்தது')).toBeTruthy();
    } finally {
      await initI18n('en');
    }
  });

  it('names each line by the Tamil name it was sold under on a Tamil page, the English one without it (docs/product.md#languages)', async () => {
    const [line] = newer.items;
    const twoLines = makeOrder({
      orderId: 'TH-TAM444',
      items: [
        { ...line!, nameTa: 'காஞ்சி பட்டு புடவை பிளவுஸ்' },
        { ...line!, productId: 'p2', name: 'Plain Palazzo', nameTa: '' },
      ],
    });
    await initI18n('ta');
    try {
      mockApi({ 'GET /orders': () => ({ status: 200, body: ordersPage([twoLines]) }) });
      renderOrders();
      const card = await screen.findByRole('article', { name: 'ஆர்டர் TH-TAM444' });
      expect(within(card).getByText('காஞ்சி பட்டு புடவை பிளவுஸ்')).toBeTruthy();
      expect(within(card).queryByText('Kanchi Silk Saree Blouse')).toBeNull();
      expect(within(card).getByText('Plain Palazzo')).toBeTruthy();
    } finally {
      await initI18n('en');
    }
  });
});

describe('MyOrdersPage: each line leads to its product (docs/product.md#my-orders)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('links a line to its product’s page, and leaves one the shop no longer sells as plain text', async () => {
    const order = makeOrder({ orderId: 'TH-LNK555' });
    const sold = { ...order.items[0]!, productId: 'a0000000-0000-4000-8000-000000000001', name: 'Silk Blouse', category: 'saree-blouse' };
    const gone = { ...order.items[0]!, productId: null, name: 'Old Frock', category: null };
    order.items = [sold, gone];
    mockApi({ 'GET /orders': () => ({ status: 200, body: ordersPage([order]) }) });
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-LNK555' });
    expect(within(card).getByRole('link', { name: 'Silk Blouse' }).getAttribute('href')).toBe(
      '/view/a0000000-0000-4000-8000-000000000001/saree-blouse',
    );
    expect(within(card).getByText('Old Frock')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Old Frock' })).toBeNull();
  });
});

describe('MyOrdersPage: cancelling an order (docs/product.md#states-and-transitions, docs/product.md#messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('asks for a reason, marks the order cancelled at once and confirms; the cancelled order stays', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const calls = mockApi({
      'GET /orders': () => ({
        status: 200,
        body: ordersPage(
          calls.some((call) => call.method === 'POST')
            ? [older, { ...newer, status: 'cancelled', cancelledAt: '2025-03-06T04:30:00.000Z', reason: 'Ordered by mistake' }]
            : [older, newer],
        ),
      }),
      'POST /orders/cancel': () => new Promise((resolve) => (answer = resolve)),
    });
    renderOrders();
    await screen.findByRole('article', { name: 'Order TH-NEW333' });
    // With no cancelled order yet there is nothing to filter.
    expect(screen.queryByRole('group', { name: 'Show orders' })).toBeNull();
    fireEvent.click(within(orderCard('TH-NEW333')).getByRole('button', { name: 'Cancel order' }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel order TH-NEW333' });
    // The order was visited: the shop holds her fabric (docs/product.md#cancellations-kept).
    expect(within(dialog).getByTestId('fabric-return').textContent).toContain('we will return it and may call you');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please provide a reason for cancellation.');
    fireEvent.input(within(dialog).getByLabelText('Reason for cancellation'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.input(within(dialog).getByLabelText('Reason for cancellation'), { target: { value: 'Ordered by mistake' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    // At once, before the server answers: marked cancelled with the reason, no Cancel button.
    await waitFor(() => expect(within(orderCard('TH-NEW333')).getByText('Status: Cancelled')).toBeTruthy());
    expect(within(orderCard('TH-NEW333')).getByTestId('order-cancellation').textContent).toContain('Reason: Ordered by mistake');
    expect(within(orderCard('TH-NEW333')).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      orderId: 'TH-NEW333',
      reason: 'Ordered by mistake',
      items: [{ name: 'Kanchi Silk Saree Blouse', image: '/uploads/p/a-640.webp' }],
    });
    await act(async () => answer({ status: 200, body: { message: 'Order canceled successfully' } }));
    expect(await screen.findByText('Order canceled successfully')).toBeTruthy();
    // The server's answer: cancelled on 6 Mar 2025, 10:00 am in India.
    await waitFor(() => expect(within(orderCard('TH-NEW333')).getByText(/Cancelled on 6 Mar 2025, 10:00/)).toBeTruthy());
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});

describe('MyOrdersPage: All, Active and Cancelled, and a refused cancel (docs/product.md#cancellations-kept, docs/product.md#messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('filters All, Active and Cancelled, each with its count (docs/product.md#cancellations-kept)', async () => {
    const cancelled = makeOrder({
      orderId: 'TH-CAN555',
      status: 'cancelled',
      cancelledAt: '2025-03-06T04:30:00.000Z',
      reason: 'Found one at a shop',
    });
    const calls = mockApi(myOrdersRoutes(() => [older, newer, cancelled]));
    renderOrders();
    const group = await screen.findByRole('group', { name: 'Show orders' });
    const ids = () => screen.queryAllByRole('article').map((article) => article.getAttribute('aria-labelledby'));
    expect(within(group).getByRole('button', { name: 'All (3)' }).getAttribute('aria-pressed')).toBe('true');
    expect(ids()).toHaveLength(3);
    const card = orderCard('TH-CAN555');
    expect(within(card).getByText('Status: Cancelled')).toBeTruthy();
    expect(within(card).getByTestId('order-cancellation').textContent).toBe('Cancelled on 6 Mar 2025, 10:00 amReason: Found one at a shop');
    // In place of the tracker; no visit to come and no Cancel on a cancelled order.
    expect(within(card).queryByRole('list', { name: 'Order progress' })).toBeNull();
    expect(within(card).queryByTestId('order-visit')).toBeNull();
    expect(within(orderCard('TH-NEW333')).getByTestId('order-visit')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Cancel order' })).toBeNull();

    fireEvent.click(within(group).getByRole('button', { name: 'Active (2)' }));
    await waitFor(() => expect(ids()).toEqual(['order-TH-NEW333', 'order-TH-OLD222']));
    fireEvent.click(within(group).getByRole('button', { name: 'Cancelled (1)' }));
    await waitFor(() => expect(ids()).toEqual(['order-TH-CAN555']));
    // Each filter asked the server for its orders (docs/product.md#lists-by-page).
    expect(calls.map((call) => call.path)).toEqual([
      '/orders',
      '/orders?status=call,visited,designed,delivered',
      '/orders?status=cancelled',
    ]);
    expect(within(group).getByRole('button', { name: 'Cancelled (1)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers no fabric line before the home visit; Active leaves the cancelled ones out', async () => {
    const placed = makeOrder({ orderId: 'TH-NEW777', status: 'call' });
    const cancelled = makeOrder({ orderId: 'TH-CAN666', status: 'cancelled', cancelledAt: '2025-03-06T04:30:00.000Z', reason: 'x' });
    mockApi(myOrdersRoutes(() => [cancelled, placed]));
    renderOrders();
    const group = await screen.findByRole('group', { name: 'Show orders' });
    fireEvent.click(within(orderCard('TH-NEW777')).getByRole('button', { name: 'Cancel order' }));
    expect(within(screen.getByRole('dialog')).queryByTestId('fabric-return')).toBeNull();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Active (1)' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order TH-CAN666' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Order TH-NEW777' })).toBeTruthy();
  });

  it('says so when a filter leaves nothing', async () => {
    const cancelled = makeOrder({ orderId: 'TH-CAN888', status: 'cancelled', cancelledAt: '2025-03-06T04:30:00.000Z', reason: 'x' });
    mockApi(myOrdersRoutes(() => [cancelled]));
    renderOrders();
    fireEvent.click(within(await screen.findByRole('group', { name: 'Show orders' })).getByRole('button', { name: 'Active (0)' }));
    await waitFor(() => expect(screen.queryAllByRole('article')).toEqual([]));
    expect(screen.getByRole('status').textContent).toBe('No active orders. Your cancelled orders are under Cancelled.');
  });

  it('puts the order back with the server’s message when the server refuses', async () => {
    mockApi({
      'GET /orders': () => ({ status: 200, body: ordersPage([older, newer]) }),
      'POST /orders/cancel': () => ({ status: 409, body: { message: 'Delivered orders cannot be cancelled', code: 'conflict' } }),
    });
    renderOrders();
    await screen.findByRole('article', { name: 'Order TH-NEW333' });
    fireEvent.click(within(orderCard('TH-NEW333')).getByRole('button', { name: 'Cancel order' }));
    fireEvent.input(screen.getByLabelText('Reason for cancellation'), { target: { value: 'Changed my mind' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Delivered orders cannot be cancelled')).toBeTruthy();
    // Back as it was: its status, its tracker and its Cancel button.
    await waitFor(() => expect(within(orderCard('TH-NEW333')).getByText('Status: Visited')).toBeTruthy());
    expect(within(orderCard('TH-NEW333')).getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.getAllByRole('article')[0]!.getAttribute('aria-labelledby')).toBe('order-TH-NEW333');
  });

  it('closes the dialog with Cancel and keeps the order', async () => {
    const calls = mockApi({ 'GET /orders': () => ({ status: 200, body: ordersPage([newer]) }) });
    renderOrders();
    await screen.findByRole('article', { name: 'Order TH-NEW333' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('article', { name: 'Order TH-NEW333' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
