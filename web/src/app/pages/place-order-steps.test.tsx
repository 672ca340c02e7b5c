import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCheckoutDraft, setVisit, updateLine } from '../../features/checkout/checkout-draft';
import { clearTemporaryOrder, saveTemporaryOrder } from '../../features/checkout/temporary-order';
import { setLanguage } from '../../i18n';
import { BLOUSE, checkoutRoutes, PROFILE, SLOT_FULL, SLOT_OPEN } from '../../test/checkout-fixtures';
import { mockApi, SHOP_INFO_ROUTE } from '../../test/mock-api';
import { LocationProbe, makeAddress, makeOrder, makeUser, ordersPage, renderWithApp } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { PlaceOrderPage } from './checkout-pages';
import { OrderPlacedPage } from './order-placed-page';

// Place Order in steps (docs/product.md#place-order) and the amount on the confirmation (docs/product.md#order-confirmation).

vi.mock('../../features/checkout/confetti', () => ({ celebrateOrder: vi.fn(() => Promise.resolve()) }));

const routes = () => checkoutRoutes();

/** The address's query, where the step shown is kept. */
function SearchProbe() {
  return <p data-testid="search">{useLocation().search}</p>;
}

/** Place Order with one blouse line, 2 × ₹1,250, at `path` (`/placeorder`, or a step's address). */
function renderCheckout(path = '/placeorder') {
  saveTemporaryOrder([{ productID: BLOUSE, name: 'Silk Blouse', image: '', price: 1250, quantity: 2 }]);
  return renderWithApp(
    <>
      <Routes>
        <Route path="/placeorder" element={<PlaceOrderPage />} />
      </Routes>
      <LocationProbe />
      <SearchProbe />
      <TestToaster />
    </>,
    { user: makeUser({ address: makeAddress() }), path },
  );
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const stepHeading = () => screen.getByRole('heading', { level: 2 });

describe('Place order in steps', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTemporaryOrder();
    clearCheckoutDraft();
    clearToasts();
  });

  it('walks for whom and fabric → visit → review, the bar naming the next step and showing the total on each', async () => {
    const calls = routes();
    renderCheckout();
    expect(stepHeading().textContent).toBe('Step 1 of 3For whom and fabric');
    expect(screen.getByTestId('checkout-bar-total').textContent).toBe('Total ₹2,500');
    // The first step's way back is the cart.
    expect(within(screen.getByTestId('checkout-bar')).getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/cartpage');
    expect(screen.getByRole('list', { name: 'Checkout steps' }).querySelector('[aria-current="step"]')?.textContent).toBe(
      'For whom and fabric',
    );

    fireEvent.click(button('Next: visit'));
    expect(stepHeading().textContent).toBe('Step 2 of 3Home visit');
    expect(screen.getByTestId('search').textContent).toBe('?step=visit');
    expect(screen.getByTestId('checkout-bar-total').textContent).toBe('Total ₹2,500');

    fireEvent.click(button('Next: review'));
    expect(stepHeading().textContent).toBe('Step 3 of 3Review');
    expect(screen.getByTestId('checkout-bar-total').textContent).toBe('Total ₹2,500');
    expect(screen.getByTestId('order-review-total').textContent).toBe('Total amount: ₹2,500');
    expect(screen.getByTestId('review-visit').textContent).toBe('We will call you to arrange the home visit.');
    // Nothing is sent before Place Order.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(button('Place Order'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order-placed/TH-ABCDEF'));
  });

  it('moves focus to the step’s heading when a step replaces another, not on the first drawing', async () => {
    routes();
    renderCheckout();
    expect(document.activeElement).not.toBe(stepHeading());
    fireEvent.click(button('Next: visit'));
    await waitFor(() => expect(document.activeElement).toBe(stepHeading()));
    expect(stepHeading().textContent).toContain('Home visit');
    fireEvent.click(button('Back'));
    await waitFor(() => expect(document.activeElement).toBe(stepHeading()));
    expect(stepHeading().textContent).toContain('For whom and fabric');
  });

  it('Back and Next keep every choice: the profile, lining, notes and the slot', async () => {
    routes();
    renderCheckout();
    const line = () => screen.getByTestId(`stitching-${BLOUSE}`);
    await within(line()).findByRole('option', { name: 'Priya, 8 years' });
    fireEvent.change(within(line()).getByLabelText('For whom'), { target: { value: PROFILE } });
    fireEvent.click(within(line()).getByLabelText('Add lining'));
    fireEvent.change(within(line()).getByLabelText('Notes for the tailor'), { target: { value: 'Boat neck' } });
    fireEvent.click(button('Next: visit'));
    fireEvent.click(await screen.findByRole('radio', { name: /10:00-13:00/ }));
    fireEvent.click(button('Back'));

    expect((within(line()).getByLabelText('For whom') as HTMLSelectElement).value).toBe(PROFILE);
    expect((within(line()).getByLabelText('Add lining') as HTMLInputElement).checked).toBe(true);
    expect((within(line()).getByLabelText('Notes for the tailor') as HTMLTextAreaElement).value).toBe('Boat neck');
    fireEvent.click(button('Next: visit'));
    expect((screen.getByRole('radio', { name: /10:00-13:00/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(button('Next: review'));
    expect(screen.getByText('For Priya, 8 years · With lining')).toBeTruthy();
    expect(screen.getByTestId('review-visit').textContent).toBe('Wed, 25 Nov, 10:00-13:00');
    // The review's Change leads back to the visit, which still holds the slot.
    fireEvent.click(button('Change the visit'));
    expect((screen.getByRole('radio', { name: /10:00-13:00/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('a reload keeps the step shown (its address) and the choices (the draft)', async () => {
    routes();
    setVisit({ date: '2026-11-25', slotId: SLOT_OPEN });
    renderCheckout('/placeorder?step=visit');
    expect(stepHeading().textContent).toContain('Home visit');
    expect(((await screen.findByRole('radio', { name: /10:00-13:00/ })) as HTMLInputElement).checked).toBe(true);
  });

  it('a profile deleted meanwhile keeps her on the first step and says why', async () => {
    routes();
    updateLine(BLOUSE, { profileId: '9a7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e99' });
    renderCheckout();
    await within(screen.getByTestId(`stitching-${BLOUSE}`)).findByRole('option', { name: 'Priya, 8 years' });
    fireEvent.click(button('Next: visit'));
    expect(screen.getByRole('alert').textContent).toBe(
      'The measurements chosen for Silk Blouse no longer exist. Please choose for whom again.',
    );
    expect(stepHeading().textContent).toContain('For whom and fabric');
    expect(screen.getByTestId('search').textContent).toBe('');
    // Choosing again lets her on.
    fireEvent.change(within(screen.getByTestId(`stitching-${BLOUSE}`)).getByLabelText('For whom'), { target: { value: PROFILE } });
    fireEvent.click(button('Next: visit'));
    expect(stepHeading().textContent).toContain('Home visit');
  });

  it('a chosen slot that is no longer open keeps her on the visit step and says why', async () => {
    routes();
    setVisit({ date: '2026-11-25', slotId: SLOT_FULL });
    renderCheckout('/placeorder?step=visit');
    await screen.findByRole('radio', { name: /14:00-17:00/ });
    fireEvent.click(button('Next: review'));
    expect(screen.getByRole('alert').textContent).toBe(
      'The time you chose is no longer free. Please choose another time, or “Call me to arrange the visit”.',
    );
    expect(stepHeading().textContent).toContain('Home visit');
    fireEvent.click(screen.getByRole('radio', { name: 'Call me to arrange the visit' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(button('Next: review'));
    expect(stepHeading().textContent).toContain('Review');
  });

  it('speaks Tamil: the step, the bar’s total and its button', async () => {
    routes();
    await setLanguage('ta');
    try {
      renderCheckout();
      expect(stepHeading().textContent).toBe('படி 1 / 3யாருக்கு, எந்தத் துணி');
      expect(screen.getByTestId('checkout-bar-total').textContent).toBe('மொத்தம் ₹2,500');
      fireEvent.click(button('அடுத்து: வருகை'));
      expect(button('அடுத்து: சரிபார்ப்பு')).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });
});

describe('OrderPlacedPage: the amount to pay', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the amount to pay in cash on delivery', async () => {
    mockApi({
      ...SHOP_INFO_ROUTE,
      'GET /orders': () => ({ status: 200, body: ordersPage([makeOrder({ orderId: 'TH-ABCDEF', totalPrice: 2950 })]) }),
    });
    renderWithApp(
      <Routes>
        <Route path="/order-placed/:orderId" element={<OrderPlacedPage />} />
      </Routes>,
      { user: makeUser({ address: makeAddress() }), path: '/order-placed/TH-ABCDEF' },
    );
    expect((await screen.findByTestId('placed-amount')).textContent).toBe('To pay on delivery: ₹2,950');
  });
});
