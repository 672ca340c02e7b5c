import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { mockApi, SHOP_INFO_ROUTE } from '../../test/mock-api';
import { LocationProbe, makeProduct, makeUser, renderWithApp } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { initI18n } from '../../i18n';
import { returnPathAfterSignIn } from '../../lib/sign-in-intent';
import { ProductPage } from './product-page';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('ProductPage: what else it offers (docs/product.md#recommendations)', () => {
  it('never recommends the garment being looked at under ‘Tailored for You’', async () => {
    const product = makeProduct({ name: 'Kanchi Silk Saree Blouse' });
    const other = makeProduct({ _id: '1c8d7b63-4f1f-4b9f-8b64-3a5a4d2e0f21', name: 'Cotton Chudithar', category: 'cotton-chudithar' });
    mockApi({
      ...SHOP_INFO_ROUTE,
      [`GET /product/${product._id}`]: () => ({ status: 200, body: { product } }),
      [`GET /product/category/${product.category}`]: () => ({ status: 200, body: { products: [product] } }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [product, other] } }),
    });
    renderWithApp(
      <Routes>
        <Route path="/view/:viewID/:category" element={<ProductPage />} />
      </Routes>,
      { path: `/view/${product._id}/${product.category}` },
    );

    // The price says what it pays for.
    expect(await screen.findByText('Price for the stitching: you give your fabric at the home visit.')).toBeTruthy();
    const row = await screen.findByRole('region', { name: 'Tailored for You' });
    await waitFor(() =>
      expect(
        within(row)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['Cotton Chudithar']),
    );
  });

  it('says Product not found with a way on, not a dead end', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    mockApi({
      [`GET /product/${id}`]: () => ({
        status: 404,
        body: { message: 'Product not found', code: 'not_found', reason: 'catalog.productNotFound' },
      }),
    });
    renderWithApp(
      <Routes>
        <Route path="/view/:viewID/:category" element={<ProductPage />} />
      </Routes>,
      { path: `/view/${id}/saree-blouse` },
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Product not found');
    expect(screen.getByRole('link', { name: 'Browse all garments' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'See featured designs' }).getAttribute('href')).toBe('/featured');
  });

  it('says a hidden product is not available now, with a way on (docs/product.md#hidden-products)', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    mockApi({
      [`GET /product/${id}`]: () => ({
        status: 404,
        body: { message: 'This product is not available at the moment.', code: 'not_found', reason: 'catalog.productUnavailable' },
      }),
    });
    renderWithApp(
      <Routes>
        <Route path="/view/:viewID/:category" element={<ProductPage />} />
      </Routes>,
      { path: `/view/${id}/saree-blouse` },
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('This design is not available now');
    expect(screen.getByText('The shop has taken it off for now. Have a look at these instead:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See featured designs' }).getAttribute('href')).toBe('/featured');
  });
});

describe('ProductPage: a visitor sent to sign in comes back with her action done (docs/product.md#sign-in)', () => {
  const product = makeProduct();
  const path = `/view/${product._id}/${product.category}`;

  function renderProduct(user: ReturnType<typeof makeUser> | null) {
    return renderWithApp(
      <>
        <Routes>
          <Route path="/view/:viewID/:category" element={<ProductPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
        <TestToaster />
      </>,
      { user, path },
    );
  }

  it('Add to cart: to /signin, then back on the product, the line is added once', async () => {
    const calls = mockApi({
      ...SHOP_INFO_ROUTE,
      [`GET /product/${product._id}`]: () => ({ status: 200, body: { product } }),
      [`GET /product/category/${product.category}`]: () => ({ status: 200, body: { products: [product] } }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
      'GET /wishlist': () => ({ status: 200, body: { products: [] } }),
      'POST /cart': () => ({ status: 200, body: { items: [], total: 0 } }),
    });
    const visitor = renderProduct(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/signin'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    visitor.unmount();

    // Signed in: the sign-in form leads back to the product, whose page finishes the action.
    expect(returnPathAfterSignIn('/')).toBe(path);
    renderProduct(makeUser());
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST' && call.path === '/cart')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ productId: product._id });
    expect(await screen.findByText('Added to cart')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(path);
  });

  it('Submit on a review: the box checks the text first, then a visitor goes to /signin with its message (docs/product.md#reviews)', async () => {
    const calls = mockApi({
      ...SHOP_INFO_ROUTE,
      [`GET /product/${product._id}`]: () => ({ status: 200, body: { product } }),
      [`GET /product/category/${product.category}`]: () => ({ status: 200, body: { products: [product] } }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
    });
    renderProduct(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Must be filled');
    expect(screen.getByTestId('location').textContent).toBe(path);
    expect(screen.queryByText('Please login to add products to cart')).toBeNull();

    fireEvent.input(screen.getByLabelText('Write a review'), { target: { value: 'Lovely stitching' } });
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/signin'));
    expect(await screen.findByText('Please login to add products to cart')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

/** A 360 × 740 phone screen, as an IntersectionObserver's `rootBounds`. */
const SCREEN = { top: 0, bottom: 740, left: 0, right: 360, height: 740, width: 360 } as DOMRectReadOnly;

describe('ProductPage on a phone: the price and the buttons stay at hand', () => {
  it('shows a bottom bar with the price, Add to cart and Buy now while the page’s own buttons are out of sight', async () => {
    const product = makeProduct({ price: 1499.5 });
    let report: ((entries: Array<Partial<IntersectionObserverEntry>>) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<Partial<IntersectionObserverEntry>>) => void) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    mockApi({
      ...SHOP_INFO_ROUTE,
      [`GET /product/${product._id}`]: () => ({ status: 200, body: { product } }),
      [`GET /product/category/${product.category}`]: () => ({ status: 200, body: { products: [product] } }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
    });
    renderWithApp(
      <Routes>
        <Route path="/view/:viewID/:category" element={<ProductPage />} />
      </Routes>,
      { path: `/view/${product._id}/${product.category}` },
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('sticky-buy-bar')).toBeNull();
    // The buttons scrolled past: above the screen.
    act(() => report?.([{ isIntersecting: false, boundingClientRect: { top: -120, bottom: -60 } as DOMRectReadOnly, rootBounds: SCREEN }]));
    const bar = screen.getByTestId('sticky-buy-bar');
    expect(bar.textContent).toContain('₹1,499.50');
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    // The page's own buttons stay the only ones assistive technology sees.
    expect(screen.getAllByRole('button', { name: 'Add to cart' })).toHaveLength(1);
    act(() => report?.([{ isIntersecting: true }]));
    expect(screen.queryByTestId('sticky-buy-bar')).toBeNull();
  });

  it('shows no bar on first load while the buttons are still below the screen, so it never covers the price', async () => {
    const product = makeProduct({ price: 1499.5 });
    let report: ((entries: Array<Partial<IntersectionObserverEntry>>) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<Partial<IntersectionObserverEntry>>) => void) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    mockApi({
      ...SHOP_INFO_ROUTE,
      [`GET /product/${product._id}`]: () => ({ status: 200, body: { product } }),
      [`GET /product/category/${product.category}`]: () => ({ status: 200, body: { products: [product] } }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
    });
    renderWithApp(
      <Routes>
        <Route path="/view/:viewID/:category" element={<ProductPage />} />
      </Routes>,
      { path: `/view/${product._id}/${product.category}` },
    );
    await screen.findByRole('heading', { level: 1 });
    // The first report on a phone: the buttons sit below the first screen, not yet reached.
    act(() => report?.([{ isIntersecting: false, boundingClientRect: { top: 900, bottom: 960 } as DOMRectReadOnly, rootBounds: SCREEN }]));
    expect(screen.queryByTestId('sticky-buy-bar')).toBeNull();
  });
});

describe('ProductPage: honest figures in the page language (docs/product.md#product-detail, docs/product.md#languages)', () => {
  function renderPage(product: ReturnType<typeof makeProduct>) {
    mockApi({
      ...SHOP_INFO_ROUTE,
      [`GET /product/${product._id}`]: () => ({ status: 200, body: { product } }),
      [`GET /product/category/${product.category}`]: () => ({ status: 200, body: { products: [product] } }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
    });
    return renderWithApp(
      <Routes>
        <Route path="/view/:viewID/:category" element={<ProductPage />} />
      </Routes>,
      { path: `/view/${product._id}/${product.category}` },
    );
  }

  afterEach(async () => {
    await act(async () => {
      await initI18n('en');
    });
  });

  it('claims no offer and no rating without an MRP and reviews; Free delivery stays', async () => {
    renderPage(makeProduct());
    expect(await screen.findByText('Free delivery')).toBeTruthy();
    expect(screen.queryByTestId('offer-line')).toBeNull();
    expect(screen.queryByText(/Special offer|Star rating|out of 5/)).toBeNull();
  });

  it('shows the real rating, each review’s stars and the offer with the MRP struck through', async () => {
    renderPage(
      makeProduct({
        price: 1050,
        compareAtPrice: 1400,
        rating: { average: 4.5, count: 2 },
        reviews: [
          { username: 'Meena', comment: 'Lovely', stars: 5, createdAt: '2026-01-02T00:00:00.000Z' },
          { username: 'Kala', comment: 'Good fit', stars: 4, createdAt: '2026-01-01T00:00:00.000Z' },
        ],
      }),
    );
    expect(await screen.findByText('4.5 out of 5 (2 reviews)', { exact: false })).toBeTruthy();
    const offer = screen.getByTestId('offer-line');
    expect(offer.textContent).toBe('Special offerMRP ₹1,400₹1,05025% off');
    expect(offer.querySelector('s')?.textContent).toBe('₹1,400');
    expect(screen.getByRole('img', { name: '5 stars' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '4 stars' })).toBeTruthy();
  });

  it('on a Tamil page shows the Tamil name and description', async () => {
    await act(async () => {
      await initI18n('ta');
    });
    renderPage(makeProduct());
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('காஞ்சி பட்டு புடவை பிளவுஸ்');
    expect(screen.getByText('பைப்பிங் வைத்த, ஆழமான முதுகு கொண்ட பிரின்சஸ் கட் பிளவுஸ்.')).toBeTruthy();
    expect(screen.queryByText('Kanchi Silk Saree Blouse')).toBeNull();
  });
});
