import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { ContactMessages } from '../features/contact/components/contact-messages';
import { mockApi, SHOP_INFO_ROUTE } from '../test/mock-api';
import { makeProduct, makeUser, renderWithApp } from '../test/render';
import { ProductPage } from './pages/product-page';

/** Markup a shopper or a hand-edited row could store: it must reach the screen as text. */
const PAYLOAD = '<img src=x onerror=alert(1)>';

/**
 * Nothing the payload could have made: no `<img src="x">`, no element with an inline event
 * handler, and every picture on the page is one of the shop's own uploads.
 */
function expectNoInjectedMarkup(container: HTMLElement = document.body): void {
  expect(container.querySelectorAll('img[src="x"]')).toHaveLength(0);
  expect(container.querySelectorAll('[onerror]')).toHaveLength(0);
  for (const image of container.querySelectorAll('img')) expect(image.getAttribute('src')).toMatch(/^\/uploads\//);
}

describe('text from shoppers and the database is shown as text, never as markup (OWASP XSS prevention)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a product name, description, review username and comment as written, creating no img from them', async () => {
    const product = makeProduct({
      name: PAYLOAD,
      description: `Lovely ${PAYLOAD}`,
      images: ['/uploads/products/ab12-640.webp'],
      reviews: [{ username: PAYLOAD, comment: `Fits well ${PAYLOAD}`, stars: 5, createdAt: '2026-01-01T00:00:00.000Z' }],
    });
    const sibling = makeProduct({
      _id: '1c8d7b63-4f1f-4b9f-8b64-3a5a4d2e0f21',
      name: PAYLOAD,
      images: ['/uploads/products/cd34-640.webp'],
    });
    mockApi({
      ...SHOP_INFO_ROUTE,
      [`GET /product/${product._id}`]: () => ({ status: 200, body: { product } }),
      [`GET /product/category/${product.category}`]: () => ({ status: 200, body: { products: [product, sibling] } }),
      'GET /product/recommend': () => ({ status: 200, body: { products: [] } }),
    });
    renderWithApp(
      <Routes>
        <Route path="/view/:viewID/:category" element={<ProductPage />} />
      </Routes>,
      { user: makeUser(), path: `/view/${product._id}/${product.category}` },
    );

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(PAYLOAD);
    expect(screen.getByText(`Lovely ${PAYLOAD}`)).toBeTruthy();
    const reviews = within(screen.getByRole('list', { name: 'Reviews' }));
    expect(reviews.getByText(PAYLOAD)).toBeTruthy();
    expect(reviews.getByText(`Fits well ${PAYLOAD}`)).toBeTruthy();
    // The same-category grid shows another product's card, named with the payload too.
    await waitFor(() => expect(screen.getAllByRole('heading', { name: PAYLOAD }).map((heading) => heading.tagName)).toEqual(['H1', 'H3']));
    expectNoInjectedMarkup();
  });

  it("shows a contact message's sender and text as written in the admin's Messages tab", async () => {
    mockApi({
      'GET /contact': () => ({
        status: 200,
        body: {
          messages: [
            {
              _id: 'a',
              name: PAYLOAD,
              email: 'meena@example.com',
              phone: '9876543210',
              message: `Hello ${PAYLOAD}`,
              createdAt: '2026-11-01T10:00:00.000Z',
            },
          ],
          nextCursor: null,
        },
      }),
    });
    renderWithApp(<ContactMessages />, { user: makeUser({ role: 'admin' }) });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading').textContent).toBe(PAYLOAD);
    expect(card.textContent).toContain(`Hello ${PAYLOAD}`);
    expectNoInjectedMarkup(card);
    expect(card.querySelectorAll('img')).toHaveLength(0);
  });
});
