import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from '../../app/pages/cart-page';
import { MyOrdersPage } from '../../app/pages/my-orders-page';
import { ProductPage } from '../../app/pages/product-page';
import { WishlistPage } from '../../app/pages/shop-pages';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { initI18n } from '../../i18n';
import { mockApi, SHOP_INFO_ROUTE } from '../../test/mock-api';
import { makeUser, renderWithApp, ordersPage } from '../../test/render';

// docs/product.md#screens: every empty state says what is missing and leads on to the
// catalog (home with its category sections), the featured designs and search.

const MISSING_PRODUCT = '00000000-0000-4000-8000-000000000000';

/** The five empty states, each drawn by its real page from empty API answers. */
const EMPTY_STATES: { label: string; message: string; render: () => ReactNode; path?: string }[] = [
  { label: 'the wishlist', message: 'No products found', render: () => <WishlistPage /> },
  { label: 'the cart', message: 'Your cart is empty.', render: () => <CartPage /> },
  { label: 'My Orders', message: 'Recently No orders Placed', render: () => <MyOrdersPage /> },
  {
    label: 'a category without products',
    message: 'No products found',

    render: () => <ProductGrid products={[]} isLoading={false} />,
  },
  {
    label: 'a product that is not there',
    message: 'It may have been sold out or taken off the shop. These are still here:',

    render: () => (
      <Routes>
        <Route path="/view/:viewID/:category" element={<ProductPage />} />
      </Routes>
    ),
    path: `/view/${MISSING_PRODUCT}/saree-blouse`,
  },
];

function mockEmptyShop() {
  mockApi({
    ...SHOP_INFO_ROUTE,
    'GET /wishlist': () => ({ status: 200, body: { products: [] } }),
    'GET /cart': () => ({ status: 200, body: { items: [], total: 0 } }),
    'GET /orders': () => ({ status: 200, body: ordersPage([]) }),
    'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
    [`GET /product/${MISSING_PRODUCT}`]: () => ({
      status: 404,
      body: { message: 'Product not found', code: 'not_found', reason: 'catalog.productNotFound' },
    }),
  });
}

/** The empty state's box: the status line that names what is missing, and its links. */
async function emptyStateBox(message: string): Promise<HTMLElement> {
  const status = await screen.findByText(message, { selector: '[role="status"]' });
  return status.parentElement!;
}

describe('Empty states lead somewhere (docs/product.md#screens)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(EMPTY_STATES)('$label offers the catalog, the featured designs and search', async ({ message, render, path }) => {
    mockEmptyShop();
    renderWithApp(render(), { user: makeUser(), ...(path ? { path } : {}) });
    const box = await emptyStateBox(message);
    const links = within(box).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Browse all garments', '/'],
      ['See featured designs', '/featured'],
      ['Search the shop', '/search'],
    ]);
  });

  it('says the same in Tamil on a Tamil page', async () => {
    await initI18n('ta');
    try {
      mockEmptyShop();
      renderWithApp(<WishlistPage />, { user: makeUser() });
      const box = await emptyStateBox('ஆடைகள் எதுவும் இல்லை');
      expect(within(box).getByRole('link', { name: 'எல்லா ஆடைகளையும் பாருங்கள்' }).getAttribute('href')).toBe('/');
      expect(within(box).getByRole('link', { name: 'சிறப்பு டிசைன்களைப் பாருங்கள்' }).getAttribute('href')).toBe('/featured');
      expect(within(box).getByRole('link', { name: 'கடையில் தேடுங்கள்' }).getAttribute('href')).toBe('/search');
    } finally {
      await initI18n('en');
    }
  });
});
