import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopInfoQuery } from '../../contact/api/shop-info';
import { mockApi } from '../../../test/mock-api';
import { makeOrder, makeShopInfo, makeUser, ordersPage, renderWithApp, testQueryClient } from '../../../test/render';
import { clearToasts, TestToaster } from '../../../test/toasts';
import { MyOrdersPage } from '../../../app/pages/my-orders-page';

// docs/product.md#sharing-an-orders-progress: "Share tracking link" on each order of My Orders.

const URL_OF_LINK = 'http://localhost:3000/track/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

/** Give `navigator` a `name` for the test (jsdom has neither `share` nor `clipboard`). */
function stubNavigator(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

function renderOrders(orders = [makeOrder({ orderId: 'TH-SHR111' })]) {
  const calls = mockApi({
    'GET /orders': () => ({ status: 200, body: ordersPage(orders) }),
    'POST /orders/TH-SHR111/share-link': () => ({ status: 201, body: { url: URL_OF_LINK } }),
    'DELETE /orders/TH-SHR111/share-link': () => ({ status: 200, body: { message: 'Sharing stopped' } }),
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(shopInfoQuery.queryKey, makeShopInfo());
  renderWithApp(
    <>
      <MyOrdersPage />
      <TestToaster />
    </>,
    { user: makeUser(), queryClient },
  );
  return calls;
}

afterEach(() => {
  delete (navigator as { share?: unknown }).share;
  delete (navigator as { clipboard?: unknown }).clipboard;
  clearToasts();
});

describe('My Orders: Share tracking link', () => {
  it('makes the link and opens the phone’s share sheet with it, then offers it on WhatsApp', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    stubNavigator('share', share);
    const calls = renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-SHR111' });
    const button = within(card).getByRole('button', { name: 'Share tracking link' });
    expect(button.className).toContain('min-h-11');
    fireEvent.click(button);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/orders/TH-SHR111/share-link']);
    expect(share.mock.calls[0]![0]).toMatchObject({ url: URL_OF_LINK });
    const whatsapp = await within(card).findByRole('link', { name: 'Send on WhatsApp' });
    const href = new URL(whatsapp.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toContain('TH-SHR111');
    expect(href.searchParams.get('text')).toContain(URL_OF_LINK);
  });

  it('copies the link with a toast where the browser has no share sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator('clipboard', { writeText });
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-SHR111' });
    fireEvent.click(within(card).getByRole('button', { name: 'Share tracking link' }));
    expect(await screen.findByText('Tracking link copied. Paste it in WhatsApp or a message.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(URL_OF_LINK);
    expect(within(card).queryByRole('textbox')).toBeNull();
  });

  it('shows the link to copy by hand when neither share nor the clipboard works', async () => {
    stubNavigator('clipboard', { writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-SHR111' });
    fireEvent.click(within(card).getByRole('button', { name: 'Share tracking link' }));
    const field = await within(card).findByRole('textbox', { name: 'Tracking link of order TH-SHR111' });
    expect((field as HTMLInputElement).value).toBe(URL_OF_LINK);
  });

  it('stops sharing only once she confirms', async () => {
    const calls = renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-SHR111' });
    fireEvent.click(within(card).getByRole('button', { name: 'Stop sharing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop sharing this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep sharing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Stop sharing' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByText('Sharing stopped. The old link no longer opens.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/orders/TH-SHR111/share-link']);
  });

  it('is not offered on an order delivered more than 30 days ago', async () => {
    const old = makeOrder({
      orderId: 'TH-OLD111',
      status: 'delivered',
      timeline: [
        { status: 'call', at: '2025-01-01T10:00:00.000Z' },
        { status: 'delivered', at: '2025-02-01T10:00:00.000Z' },
      ],
    });
    renderOrders([old]);
    const card = await screen.findByRole('article', { name: 'Order TH-OLD111' });
    expect(within(card).queryByRole('button', { name: 'Share tracking link' })).toBeNull();
  });
});
