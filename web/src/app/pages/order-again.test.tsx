import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CartResponse, MeasurementProfile, Order } from '@thaiyal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopInfoQuery } from '../../features/contact/api/shop-info';
import { CHECKOUT_DRAFT_KEY, resetCheckoutDraftForTests } from '../../features/checkout/checkout-draft';
import { mockApi, myOrdersRoutes, type ApiCall } from '../../test/mock-api';
import { LocationProbe, makeOrder, makeShopInfo, makeUser, renderWithApp, testQueryClient } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { MyOrdersPage } from './my-orders-page';

const blouse = makeOrder().items[0]!;
/** A delivered order: a blouse made for the "Me" profile in the shop's fabric with lining and notes, and a frock the shop no longer sells. */
const delivered: Order = makeOrder({
  orderId: 'TH-DEL555',
  status: 'delivered',
  items: [
    {
      ...blouse,
      productId: 'p1',
      category: 'saree-blouse',
      quantity: 2,
      stitching: {
        profile: { name: 'Me', measurements: { bust: 860 } },
        fabric: 'shop',
        lining: true,
        notes: 'Zip at the side',
        pictures: ['/uploads/references/r1-640.webp'],
      },
    },
    { ...blouse, productId: 'p2', category: null, name: 'Frill Frock', nameTa: 'ஃப்ரில் ஃபிராக்', quantity: 1 },
  ],
});

const me: MeasurementProfile = {
  _id: 'prof-me',
  name: 'Me',
  unit: 'in',
  measurements: { bust: 860 },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function cartWith(quantity: number): CartResponse {
  return {
    items: [{ _id: 'p1', name: blouse.name, description: '', images: [], price: 1250, quantity, category: 'saree-blouse' }],
    total: 1250 * quantity,
  };
}

function renderOrders() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(shopInfoQuery.queryKey, makeShopInfo());
  return renderWithApp(
    <>
      <MyOrdersPage />
      <LocationProbe />
      <TestToaster />
    </>,
    { user: makeUser(), queryClient, path: '/myOrders' },
  );
}

describe('Order again on My Orders (docs/product.md#my-orders)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    resetCheckoutDraftForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('is offered on a delivered order only', async () => {
    mockApi(myOrdersRoutes(() => [delivered, makeOrder({ orderId: 'TH-NEW333', status: 'visited' })]));
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-DEL555' });
    expect(within(card).getByRole('button', { name: 'Order again' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Order TH-NEW333' })).queryByRole('button', { name: 'Order again' })).toBeNull();
  });

  it('puts the garments still sold in the cart with their stitching details, names the one skipped, and opens the cart', async () => {
    const calls: ApiCall[] = mockApi({
      ...myOrdersRoutes(() => [delivered]),
      'GET /measurements': () => ({ status: 200, body: { profiles: [me] } }),
      'POST /cart': () => ({ status: 200, body: cartWith(1) }),
      'PUT /cart/*': () => ({ status: 200, body: cartWith(2) }),
    });
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-DEL555' });
    fireEvent.click(within(card).getByRole('button', { name: 'Order again' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cartpage'));
    // Only the product still sold goes to the cart, in the quantity ordered, through the cart API.
    const cartCalls = calls.filter((call) => call.path.startsWith('/cart'));
    expect(cartCalls).toEqual([
      { method: 'POST', path: '/cart', body: { productId: 'p1' } },
      { method: 'PUT', path: '/cart/p1', body: { quantity: 2 } },
    ]);
    // The stitching details wait in the checkout draft, the profile found again by its name; pictures stay with their order.
    const draft = JSON.parse(sessionStorage.getItem(CHECKOUT_DRAFT_KEY) ?? '{}') as { lines: Record<string, unknown> };
    expect(draft.lines.p1).toEqual({ profileId: 'prof-me', fabric: 'shop', lining: true, notes: 'Zip at the side', pictures: [] });
    expect(draft.lines.p2).toBeUndefined();
    const message = await screen.findByText(/No longer sold, so not added: Frill Frock/);
    expect(message.textContent).toContain('Reference pictures are not copied');
  });

  it('skips a product the cart API no longer knows, and stays on My Orders when nothing is left', async () => {
    const onlyGone = makeOrder({ orderId: 'TH-DEL666', status: 'delivered', items: [{ ...blouse, category: 'saree-blouse' }] });
    mockApi({
      ...myOrdersRoutes(() => [onlyGone]),
      'POST /cart': () => ({ status: 404, body: { message: 'Product not found', code: 'not_found' } }),
    });
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Order TH-DEL666' });
    fireEvent.click(within(card).getByRole('button', { name: 'Order again' }));
    expect(await screen.findByText('None of these garments is sold any more.')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/myOrders');
    expect(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).toBeNull();
  });
});
