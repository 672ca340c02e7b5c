import type { Address } from '@thaiyal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_USER_KEY } from '../../features/auth/api/auth-check';
import { productQuery } from '../../features/catalog/api/product';
import { recommendedProductsQuery } from '../../features/catalog/api/recommended-products';
import { clearTemporaryOrder, getTemporaryOrder, saveTemporaryOrder, TEMPORARY_ORDER_KEY } from '../../features/checkout/temporary-order';
import { setLanguage } from '../../i18n';
import { mockApi, requestHeaders } from '../../test/mock-api';
import { LocationProbe, makeAddress, makeOrder, makeProduct, makeUser, renderWithApp, testQueryClient } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { AddressPage, ConfirmAddressPage, PlaceOrderPage } from './checkout-pages';

vi.mock('../../features/checkout/confetti', () => ({ celebrateOrder: vi.fn(() => Promise.resolve()) }));

/** A line's stitching details as sent when the shopper changed nothing (docs/product.md#stitching-details). */
const DEFAULT_LINE_BODY = { profileId: null, fabric: 'own', lining: false, notes: '', pictures: [] };

const address: Address = makeAddress();

function renderPage(page: React.ReactNode, user = makeUser()) {
  return renderWithApp(
    <>
      {page}
      <LocationProbe />
      <TestToaster />
    </>,
    { user },
  );
}

function submitAddress() {
  fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
}

/** The text of the newest toast. */
async function toastText(text: string) {
  return screen.findByText(text, { selector: '[role="status"] *, [role="status"]' });
}

describe('AddressPage (docs/product.md#address, docs/product.md#validation, docs/product.md#messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('asks about Pollachi first: Yes dismisses the overlay', () => {
    renderPage(<AddressPage />);
    const dialog = screen.getByRole('dialog', { name: 'Service area' });
    expect(dialog.textContent).toContain('only in the Pollachi area');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Order Checkout' })).toBeTruthy();
  });

  it('asks once a browser session: after a Yes, Edit My Address opens the form at once', () => {
    const first = renderPage(<AddressPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    first.unmount();
    renderPage(<AddressPage />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save Address' })).toBeTruthy();
  });

  it('No shows the sorry message, whose BACK goes two history steps back', () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    const queryClient = testQueryClient();
    queryClient.setQueryData(AUTH_USER_KEY, makeUser());
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/view/1/saree-blouse', '/cartpage', '/address']} initialIndex={2}>
          <AddressPage />
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('dialog', { name: 'Sorry!' }).textContent).toContain('coming soon');
    fireEvent.click(screen.getByRole('button', { name: 'BACK' }));
    expect(screen.getByTestId('location').textContent).toBe('/view/1/saree-blouse');
    vi.restoreAllMocks();
  });

  it('the sorry message has its focused BACK right under the message, before the offers, so its title stays on a phone screen', () => {
    renderPage(<AddressPage />);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    const sorry = screen.getByRole('dialog', { name: 'Sorry!' });
    const back = within(sorry).getByRole('button', { name: 'BACK' });
    expect(document.activeElement).toBe(back);
    const offers = within(sorry).getAllByRole('textbox')[0]!;
    expect(back.compareDocumentPosition(offers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('switches the overlay to Tamil and back with its own toggle', async () => {
    renderPage(<AddressPage />);
    fireEvent.click(screen.getByRole('button', { name: 'தமிழ்' }));
    expect(await screen.findByRole('button', { name: 'ஆம்' })).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('பொள்ளாச்சி');
    // The rest of the page keeps its language.
    expect(screen.getByRole('heading', { name: 'Order Checkout' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Yes' })).toBeTruthy();
  });

  it('shows docs/product.md#validation errors one at a time in its order, city and state read-only, and sends nothing', async () => {
    const calls = mockApi({});
    renderPage(<AddressPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect((screen.getByLabelText('City') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Pollachi');
    expect((screen.getByLabelText('State') as HTMLInputElement).value).toBe('Tamil Nadu');

    submitAddress();
    expect(await toastText('Name is required')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Meena' } });
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '98765' } });
    submitAddress();
    expect(await toastText('Phone number must be a 10-digit numeric value')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '9876543210' } });
    fireEvent.input(screen.getByLabelText('Pin code'), { target: { value: '64200' } });
    submitAddress();
    expect(await toastText('Pin code must be a 6-digit numeric value')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Pin code'), { target: { value: '642001' } });
    submitAddress();
    expect(await toastText('Door number is required')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Door number'), { target: { value: '12A' } });
    submitAddress();
    expect(await toastText('Street is required')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('saves the address, updates the signed-in user and goes to /confirm/address', async () => {
    const user = makeUser();
    const calls = mockApi({ 'POST /auth/address': () => ({ status: 200, body: { user: { ...user, address } } }) });
    const { queryClient } = renderPage(<AddressPage />, user);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: ' Meena ' } });
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '9876543210' } });
    fireEvent.input(screen.getByLabelText('Door number'), { target: { value: '12A' } });
    fireEvent.input(screen.getByLabelText('Street'), { target: { value: 'Kovai Road' } });
    fireEvent.input(screen.getByLabelText('Pin code'), { target: { value: '642001' } });
    submitAddress();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/confirm/address'));
    expect(calls[0]).toEqual({ method: 'POST', path: '/auth/address', body: { ...address } });
    expect(queryClient.getQueryData(AUTH_USER_KEY)).toEqual({ ...user, address });
  });

  it("shows 'Failed to add address' when the server refuses", async () => {
    mockApi({ 'POST /auth/address': () => ({ status: 500, body: { message: 'boom', code: 'internal' } }) });
    renderPage(<AddressPage />, makeUser({ address }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    // The saved address fills the form (Edit My Address).
    expect((screen.getByLabelText('Street') as HTMLInputElement).value).toBe('Kovai Road');
    submitAddress();
    expect(await toastText('Failed to add address')).toBeTruthy();
  });
});

describe('ConfirmAddressPage (docs/product.md#confirm-address)', () => {
  it('shows the address read-only with Confirm Address → /placeorder and Edit My Address → /address', () => {
    renderPage(<ConfirmAddressPage />, makeUser({ address }));
    // City and state by name (the API keeps `pollachi` and `tamilnadu`).
    const shown = { ...address, city: 'Pollachi', state: 'Tamil Nadu' };
    for (const value of Object.values(shown)) expect(screen.getByText(value)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Confirm Address' }).getAttribute('href')).toBe('/placeorder');
    expect(screen.getByRole('link', { name: 'Edit My Address' }).getAttribute('href')).toBe('/address');
  });

  it('names the city and state in Tamil on a Tamil page', async () => {
    await act(async () => setLanguage('ta'));
    try {
      renderPage(<ConfirmAddressPage />, makeUser({ address }));
      expect(screen.getByText('பொள்ளாச்சி')).toBeTruthy();
      expect(screen.getByText('தமிழ்நாடு')).toBeTruthy();
    } finally {
      await act(async () => setLanguage('en'));
    }
  });
});

/** The describes of PlaceOrderPage, by topic: each title starts with this. */
const PLACE_ORDER_PAGE =
  'PlaceOrderPage (docs/product.md#place-order, docs/product.md#states-and-transitions, docs/product.md#validation, docs/product.md#messages)';

// The page lists her measurement profiles for each line's stitching and the shop's visit days:
// she has no profile, and no day is open, so the shop calls to arrange the visit.
const NO_PROFILES_NO_VISIT_DAYS = {
  'GET /measurements': () => ({ status: 200, body: { profiles: [] } }),
  'GET /visit-slots*': () => ({ status: 200, body: { today: '2026-11-25', days: [] } }),
};
/** The line the PlaceOrderPage tests order: 2 blouses at ₹1,250. */
const line = { productID: '0b7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e10', name: 'Kanchi Silk Saree Blouse', image: '', price: 1250, quantity: 2 };
/** `GET /product/:id` of each line as the catalog sells it now: the page reads whether its price includes the fabric. */
function catalogRoutes(...lines: { productID: string; name: string; price: number }[]) {
  return Object.fromEntries(
    lines.map((sold) => [
      `GET /product/${sold.productID}`,
      () => ({ status: 200, body: { product: makeProduct({ _id: sold.productID, name: sold.name, price: sold.price }) } }),
    ]),
  );
}

/** Walks Place Order's steps to the review (docs/product.md#place-order): Next: visit, then Next: review. */
function toReview(next: [string, string] = ['Next: visit', 'Next: review']) {
  fireEvent.click(screen.getByRole('button', { name: next[0] }));
  fireEvent.click(screen.getByRole('button', { name: next[1] }));
}

/** The Tamil names of the two Next buttons. */
const TAMIL_NEXT: [string, string] = ['அடுத்து: வருகை', 'அடுத்து: சரிபார்ப்பு'];

/** After each PlaceOrderPage test: no stubs, no temporary order and no toast left for the next one. */
function cleanUpPlaceOrder() {
  vi.unstubAllGlobals();
  clearTemporaryOrder();
  clearToasts();
}

describe(`${PLACE_ORDER_PAGE}: placing an order`, () => {
  afterEach(cleanUpPlaceOrder);

  it('shows the empty message and sends nothing without a temporary order', () => {
    const calls = mockApi({});
    renderPage(<PlaceOrderPage />, makeUser({ address }));
    expect(screen.getByText('Your cart is empty. Add some products to place an order!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/cartpage');
    expect(calls).toEqual([]);
  });

  it('lists the lines with subtotals, places the order and goes to /myOrders', async () => {
    const pant = { ...line, productID: '1c7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e11', name: 'Palazzo Pant', price: 450, quantity: 1 };
    saveTemporaryOrder([line, pant]);
    let answer!: (value: { status: number; body: unknown }) => void;
    const calls = mockApi({
      ...NO_PROFILES_NO_VISIT_DAYS,
      ...catalogRoutes(line, pant),
      'POST /orders': () => new Promise((resolve) => (answer = resolve)),
    });
    renderPage(<PlaceOrderPage />, makeUser({ address }));
    toReview();
    expect(screen.getByText('Subtotal: ₹2,500')).toBeTruthy();
    expect(screen.getByText('Subtotal: ₹450')).toBeTruthy();
    expect(screen.getByTestId('order-review-total').textContent).toBe('Total amount: ₹2,950');

    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const busy = await screen.findByRole('button', { name: 'Placing order...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/orders',
      body: {
        items: [
          { productId: line.productID, quantity: 2, stitching: DEFAULT_LINE_BODY },
          { productId: '1c7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e11', quantity: 1, stitching: DEFAULT_LINE_BODY },
        ],
        totalAmt: 2950,
        visit: null,
      },
    });
    await act(async () => answer({ status: 201, body: { order: makeOrder() } }));
    // After the confetti, the order's confirmation screen (docs/product.md#order-confirmation).
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order-placed/TH-4K7Q2M'));
  });

  it('marks the recommendations stale once the order is placed (docs/product.md#recommendations: they draw on orders and cart)', async () => {
    saveTemporaryOrder([line]);
    mockApi({
      ...NO_PROFILES_NO_VISIT_DAYS,
      ...catalogRoutes(line),
      'POST /orders': () => ({ status: 201, body: { order: makeOrder() } }),
    });
    const user = makeUser({ address });
    const recommended = recommendedProductsQuery(user._id).queryKey;
    const queryClient = testQueryClient();
    queryClient.setQueryData(recommended, []);
    renderWithApp(<PlaceOrderPage />, { user, queryClient });
    toReview();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(queryClient.getQueryState(recommended)?.isInvalidated).toBe(true));
  });
});

describe(`${PLACE_ORDER_PAGE}: prices changed since (409)`, () => {
  afterEach(cleanUpPlaceOrder);

  it('after a 409 shows the server’s message, re-prices the order from the catalog, and the next Place Order goes through', async () => {
    const pant = { ...line, productID: '1c7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e11', name: 'Palazzo Pant', price: 450, quantity: 1 };
    saveTemporaryOrder([line, pant]);
    const products = {
      [line.productID]: makeProduct({ _id: line.productID, name: line.name, price: 1300, images: ['/uploads/p/new-640.webp'] }),
      [pant.productID]: makeProduct({ _id: pant.productID, name: pant.name, nameTa: '', price: 450, images: [] }),
    };
    const calls = mockApi({
      ...NO_PROFILES_NO_VISIT_DAYS,
      'POST /orders': (call) =>
        (call.body as { totalAmt: number }).totalAmt === 3050
          ? { status: 201, body: { order: makeOrder() } }
          : { status: 409, body: { message: 'Prices have changed. The current total is ₹3,050.00.', code: 'conflict' } },
      'GET /product/*': (call) => ({ status: 200, body: { product: products[call.path.slice('/product/'.length)] } }),
    });
    const user = makeUser({ address });
    const queryClient = testQueryClient();
    // A product page seen earlier left the old price in the cache; the refresh must not trust it.
    queryClient.setQueryData(productQuery(line.productID).queryKey, makeProduct({ _id: line.productID, price: 1250 }));
    renderWithApp(
      <>
        <PlaceOrderPage />
        <LocationProbe />
        <TestToaster />
      </>,
      { user, queryClient },
    );
    toReview();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toastText('Prices have changed. The current total is ₹3,050.00.')).toBeTruthy();

    // The shopper sees why the total moved, and the new lines and total.
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Kanchi Silk Saree Blouse: now ₹1,300 each (was ₹1,250)');
    expect(notice.textContent).not.toContain('Palazzo Pant');
    expect(notice.textContent).toContain('Check the new total, then press Place Order again.');
    expect(screen.getByText('Subtotal: ₹2,600')).toBeTruthy();
    expect(screen.getByTestId('order-review-total').textContent).toBe('Total amount: ₹3,050');
    // Nothing is lost, and a reload keeps the new prices (sessionStorage).
    expect(JSON.parse(sessionStorage.getItem(TEMPORARY_ORDER_KEY)!)).toEqual({
      // The refreshed line also takes the catalog's Tamil name, shown on a Tamil page (docs/product.md#languages).
      items: [{ ...line, nameTa: 'காஞ்சி பட்டு புடவை பிளவுஸ்', price: 1300, image: '/uploads/p/new-640.webp' }, pant],
      totalAmount: 3050,
    });
    expect(
      [...new Set(calls.filter((call) => call.method === 'GET' && call.path.startsWith('/product/')).map((call) => call.path))].sort(),
    ).toEqual([`/product/${line.productID}`, `/product/${pant.productID}`].sort());

    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order-placed/TH-4K7Q2M'));
    // Both tries are one checkout attempt: the same Idempotency-Key (docs/security.md, double submits).
    const keys = calls.filter((call) => call.method === 'POST').map((call) => requestHeaders(call)['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      items: [
        { productId: line.productID, quantity: 2, stitching: DEFAULT_LINE_BODY },
        { productId: pant.productID, quantity: 1, stitching: DEFAULT_LINE_BODY },
      ],
      totalAmt: 3050,
      visit: null,
    });
  });

  it('tells a Tamil shopper the 409’s current total in Tamil (docs/product.md#languages)', async () => {
    saveTemporaryOrder([line]);
    mockApi({
      ...NO_PROFILES_NO_VISIT_DAYS,
      'POST /orders': () => ({
        status: 409,
        body: {
          message: 'Prices have changed. The current total is ₹2,600.00.',
          code: 'conflict',
          reason: 'order.priceChanged',
          params: { totalRupees: 2600 },
        },
      }),
      'GET /product/*': () => ({ status: 200, body: { product: makeProduct({ _id: line.productID, name: line.name, price: 1300 }) } }),
    });
    await setLanguage('ta');
    try {
      renderPage(<PlaceOrderPage />, makeUser({ address }));
      toReview(TAMIL_NEXT);
      fireEvent.click(screen.getByRole('button', { name: 'ஆர்டரை உறுதிசெய்யுங்கள்' }));
      expect(await toastText('விலைகள் மாறியுள்ளன. தற்போதைய மொத்தத் தொகை ₹2,600.00.')).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });
});

describe(`${PLACE_ORDER_PAGE}: a product no longer sold (404)`, () => {
  afterEach(cleanUpPlaceOrder);

  it('after a 404 takes out the line whose product is gone, says so, and orders the rest', async () => {
    const pant = { ...line, productID: '1c7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e11', name: 'Palazzo Pant', price: 450, quantity: 1 };
    saveTemporaryOrder([line, pant]);
    const calls = mockApi({
      ...NO_PROFILES_NO_VISIT_DAYS,
      'POST /orders': (call) =>
        (call.body as { items: unknown[] }).items.length === 1
          ? { status: 201, body: { order: makeOrder() } }
          : { status: 404, body: { message: 'Product not found', code: 'not_found' } },
      [`GET /product/${line.productID}`]: () => ({ status: 200, body: { product: makeProduct({ _id: line.productID, price: 1250 }) } }),
      [`GET /product/${pant.productID}`]: () => ({ status: 404, body: { message: 'Product not found', code: 'not_found' } }),
    });
    renderPage(<PlaceOrderPage />, makeUser({ address }));
    toReview();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Palazzo Pant is no longer sold and was taken out of this order.');
    expect(screen.queryByText('Palazzo Pant')).toBeNull();
    expect(screen.getByTestId('order-review-total').textContent).toBe('Total amount: ₹2,500');
    expect(screen.queryByText('Error in place Order')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order-placed/TH-4K7Q2M'));
    // Both tries are one checkout attempt: the same Idempotency-Key (docs/security.md, double submits).
    const keys = calls.filter((call) => call.method === 'POST').map((call) => requestHeaders(call)['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      items: [{ productId: line.productID, quantity: 2, stitching: DEFAULT_LINE_BODY }],
      totalAmt: 2500,
      visit: null,
    });
  });

  it('after a 404 on a Buy Now whose product is gone shows the empty text and why, and sends nothing more', async () => {
    saveTemporaryOrder([{ ...line, quantity: 1 }]);
    const calls = mockApi({
      ...NO_PROFILES_NO_VISIT_DAYS,
      'POST /orders': () => ({ status: 404, body: { message: 'Product not found', code: 'not_found' } }),
      'GET /product/*': () => ({ status: 404, body: { message: 'Product not found', code: 'not_found' } }),
    });
    renderPage(<PlaceOrderPage />, makeUser({ address }));
    toReview();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Your cart is empty. Add some products to place an order!')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Kanchi Silk Saree Blouse is no longer sold and was taken out of this order.');
    expect(screen.getByRole('alert').textContent).not.toContain('press Place Order again');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
    expect(getTemporaryOrder().items).toEqual([]);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe(`${PLACE_ORDER_PAGE}: other refusals`, () => {
  afterEach(cleanUpPlaceOrder);

  it('shows the server’s message when the account is over its order limits (429), in Tamil for a Tamil shopper', async () => {
    saveTemporaryOrder([line]);
    mockApi({
      ...NO_PROFILES_NO_VISIT_DAYS,
      ...catalogRoutes(line),
      'POST /orders': () => ({
        status: 429,
        body: {
          message: 'You can place at most 5 orders an hour. Please try again in 42 minutes, or call us.',
          code: 'too_many_requests',
          reason: 'order.tooManyOrdersPerHour',
          params: { maxOrdersPerHour: 5, retryAfterMinutes: 42 },
        },
      }),
    });
    await setLanguage('ta');
    try {
      renderPage(<PlaceOrderPage />, makeUser({ address }));
      toReview(TAMIL_NEXT);
      fireEvent.click(screen.getByRole('button', { name: 'ஆர்டரை உறுதிசெய்யுங்கள்' }));
      expect(
        await toastText('ஒரு மணி நேரத்தில் அதிகபட்சம் 5 ஆர்டர்கள் மட்டுமே செய்ய முடியும். 42 நிமிடம் கழித்து மீண்டும் முயலவும், அல்லது எங்களை அழைக்கவும்.'),
      ).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });

  it("shows 'Error in place Order' on any other failure", async () => {
    saveTemporaryOrder([line]);
    mockApi({
      ...NO_PROFILES_NO_VISIT_DAYS,
      ...catalogRoutes(line),
      'POST /orders': () => ({ status: 500, body: { message: 'boom', code: 'internal' } }),
    });
    renderPage(<PlaceOrderPage />, makeUser({ address }));
    toReview();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toastText('Error in place Order')).toBeTruthy();
  });
});
