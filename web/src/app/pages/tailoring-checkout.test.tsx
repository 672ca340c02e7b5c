import { MESSAGES_WITH_DATA, VISIT_MESSAGES as MESSAGES } from '@thaiyal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_DRAFT_KEY, clearCheckoutDraft, resetCheckoutDraftForTests } from '../../features/checkout/checkout-draft';
import { clearTemporaryOrder, saveTemporaryOrder } from '../../features/checkout/temporary-order';
import { BLOUSE, checkoutRoutes, CHUDI, PICTURE, PROFILE, SLOT_OPEN } from '../../test/checkout-fixtures';
import { mockApi, SHOP_INFO_ROUTE, type MockAnswer } from '../../test/mock-api';
import { LocationProbe, makeAddress, makeOrder, makeUser, renderWithApp, ordersPage } from '../../test/render';
import { clearToasts, TestToaster } from '../../test/toasts';
import { PlaceOrderPage } from './checkout-pages';
import { OrderPlacedPage } from './order-placed-page';

// docs/product.md#stitching-details, docs/product.md#home-visit-slot, docs/product.md#order-confirmation.

vi.mock('../../features/checkout/confetti', () => ({ celebrateOrder: vi.fn(() => Promise.resolve()) }));

const routes = (placeOrder?: (body: unknown) => MockAnswer, upload?: () => MockAnswer) => checkoutRoutes({ placeOrder, upload });

function renderCheckout() {
  saveTemporaryOrder([
    { productID: BLOUSE, name: 'Silk Blouse', image: '', price: 1000, quantity: 1 },
    { productID: CHUDI, name: 'Cotton Chudithar', image: '', price: 1500, quantity: 1 },
  ]);
  return renderWithApp(
    <>
      <PlaceOrderPage />
      <LocationProbe />
      <TestToaster />
    </>,
    { user: makeUser({ address: makeAddress() }) },
  );
}

/** Place Order's bar: on to the next step (docs/product.md#place-order). */
function next(name: 'Next: visit' | 'Next: review') {
  fireEvent.click(screen.getByRole('button', { name }));
}

describe('Place order: stitching details and the home visit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTemporaryOrder();
    clearCheckoutDraft();
    clearToasts();
  });

  it('sends each line its own details and the chosen slot, then shows the confirmation screen', async () => {
    const calls = routes(() => ({ status: 201, body: { order: makeOrder({ orderId: 'TH-ABCDEF' }) } }));
    renderCheckout();
    const blouse = screen.getByTestId(`stitching-${BLOUSE}`);
    const chudi = screen.getByTestId(`stitching-${CHUDI}`);
    // Shop fabric only where the product offers it.
    await waitFor(() => expect(within(chudi).getByLabelText('The shop provides the fabric')).toBeTruthy());
    expect(within(blouse).queryByLabelText('The shop provides the fabric')).toBeNull();

    await within(blouse).findByRole('option', { name: 'Priya, 8 years' });
    fireEvent.change(within(blouse).getByLabelText('For whom'), { target: { value: PROFILE } });
    fireEvent.click(within(blouse).getByLabelText('Add lining'));
    fireEvent.change(within(blouse).getByLabelText('Notes for the tailor'), { target: { value: 'Boat neck' } });
    fireEvent.change(screen.getByTestId(`picture-input-${BLOUSE}`), {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'neck.jpg', { type: 'image/jpeg' })] },
    });
    expect(await within(blouse).findByRole('img', { name: 'Reference picture 1' })).toBeTruthy();
    fireEvent.click(within(chudi).getByLabelText('The shop provides the fabric'));

    next('Next: visit');
    // A full slot is shown as such and cannot be chosen; a closed day neither.
    const full = await screen.findByRole('radio', { name: /14:00-17:00/ });
    expect((full as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Full')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Closed/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /10:00-13:00/ }));

    // Everything is kept for a reload (sessionStorage).
    expect(JSON.parse(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)!).visit).toEqual({ date: '2026-11-25', slotId: SLOT_OPEN });

    next('Next: review');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order-placed/TH-ABCDEF'));
    expect(calls.find((call) => call.method === 'POST' && call.path === '/orders')?.body).toEqual({
      items: [
        {
          productId: BLOUSE,
          quantity: 1,
          stitching: { profileId: PROFILE, fabric: 'own', lining: true, notes: 'Boat neck', pictures: [PICTURE] },
        },
        { productId: CHUDI, quantity: 1, stitching: { profileId: null, fabric: 'shop', lining: false, notes: '', pictures: [] } },
      ],
      totalAmt: 2500,
      visit: { date: '2026-11-25', slotId: SLOT_OPEN },
    });
    expect(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).toBeNull();
  });

  it('a slot that filled meanwhile (409) shows the server’s message and keeps every detail for another try', async () => {
    let tries = 0;
    const calls = routes(() =>
      ++tries === 1
        ? {
            status: 409,
            body: { message: 'This slot is full. Please choose another slot or day.', code: 'conflict', reason: 'visit.slotFull' },
          }
        : { status: 201, body: { order: makeOrder({ orderId: 'TH-ABCDEF' }) } },
    );
    renderCheckout();
    const blouse = screen.getByTestId(`stitching-${BLOUSE}`);
    fireEvent.change(within(blouse).getByLabelText('Notes for the tailor'), { target: { value: 'Back hooks' } });
    next('Next: visit');
    fireEvent.click(await screen.findByRole('radio', { name: /10:00-13:00/ }));
    next('Next: review');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    // Back on the visit step, with the server's message above the picker.
    expect((await screen.findByText(/This slot is full/)).textContent).toContain('Please choose another time for the visit.');
    expect(screen.getByRole('heading', { level: 2, name: /Home visit/ })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Call me to arrange the visit' }) as HTMLInputElement).checked).toBe(true);
    // Every detail is kept: back on the first step, and after a reload too.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const blouseAgain = screen.getByTestId(`stitching-${BLOUSE}`);
    expect((within(blouseAgain).getByLabelText('Notes for the tailor') as HTMLTextAreaElement).value).toBe('Back hooks');
    resetCheckoutDraftForTests();
    expect(JSON.parse(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)!).lines[BLOUSE].notes).toBe('Back hooks');

    next('Next: visit');
    next('Next: review');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order-placed/TH-ABCDEF'));
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/orders').at(-1)?.body).toMatchObject({ visit: null });
  });

  it.each([
    [409, { code: 'conflict', reason: 'visit.alreadyBooked', message: MESSAGES.alreadyBooked }],
    [429, { code: 'too_many_requests', ...MESSAGES_WITH_DATA.tooManyOpenVisits(2) }],
  ])(
    'the account’s own visit limit (%i) shows its message above the picker, without “choose another time”, and “call me” goes through',
    async (status, body) => {
      let tries = 0;
      const calls = routes(() =>
        ++tries === 1 ? { status, body } : { status: 201, body: { order: makeOrder({ orderId: 'TH-ABCDEF' }) } },
      );
      renderCheckout();
      next('Next: visit');
      fireEvent.click(await screen.findByRole('radio', { name: /10:00-13:00/ }));
      next('Next: review');
      fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));

      const notice = await screen.findByText(/One visit covers all your garments: put them in one order/);
      expect(notice.textContent).toContain('You already have');
      expect(notice.textContent).not.toContain('Please choose another time for the visit.');
      expect((screen.getByRole('radio', { name: 'Call me to arrange the visit' }) as HTMLInputElement).checked).toBe(true);

      next('Next: review');
      fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order-placed/TH-ABCDEF'));
      expect(calls.filter((call) => call.method === 'POST' && call.path === '/orders').at(-1)?.body).toMatchObject({ visit: null });
    },
  );
});

describe('Place order: a reference picture still uploading', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTemporaryOrder();
    clearCheckoutDraft();
    clearToasts();
  });

  it('keeps her on the garments step until the picture is in, then takes it to the order (docs/product.md#place-order)', async () => {
    let finish!: (answer: { status: number; body: unknown }) => void;
    const calls = routes(
      () => ({ status: 201, body: { order: makeOrder({ orderId: 'TH-ABCDEF' }) } }),
      () => new Promise((resolve) => (finish = resolve)),
    );
    renderCheckout();
    const blouse = screen.getByTestId(`stitching-${BLOUSE}`);
    fireEvent.change(screen.getByTestId(`picture-input-${BLOUSE}`), {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'neck.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() => expect(calls.some((call) => call.path === '/orders/reference-pictures')).toBe(true));
    next('Next: visit');
    expect((await screen.findByRole('alert')).textContent).toContain('A reference picture is still uploading.');
    expect(screen.getByTestId(`stitching-${BLOUSE}`)).toBeTruthy();

    finish({ status: 201, body: { picture: { id: PICTURE, url: '/uploads/references/abc-640.webp' } } });
    expect(await within(blouse).findByRole('img', { name: 'Reference picture 1' })).toBeTruthy();
    next('Next: visit');
    fireEvent.click(await screen.findByRole('radio', { name: /10:00-13:00/ }));
    next('Next: review');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order-placed/TH-ABCDEF'));
    const placed = calls.find((call) => call.method === 'POST' && call.path === '/orders')?.body as {
      items: { stitching: { pictures: string[] } }[];
    };
    expect(placed.items[0]!.stitching.pictures).toEqual([PICTURE]);
  });
});

describe('Place order: the fabric in force, the visit day shown and the way to her measurements', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTemporaryOrder();
    clearCheckoutDraft();
    clearToasts();
  });

  it('a product whose price includes the fabric defaults to the shop’s fabric, shown on the review and sent so', async () => {
    const calls = routes(() => ({ status: 201, body: { order: makeOrder({ orderId: 'TH-ABCDEF' }) } }));
    renderCheckout();
    const chudi = screen.getByTestId(`stitching-${CHUDI}`);
    const blouse = screen.getByTestId(`stitching-${BLOUSE}`);
    // Nothing chosen: the price pays for the shop's fabric, so that is what she gets.
    await waitFor(() => expect((within(chudi).getByLabelText('The shop provides the fabric') as HTMLInputElement).checked).toBe(true));
    expect((within(chudi).getByLabelText('I will give my fabric at the visit') as HTMLInputElement).checked).toBe(false);
    expect((within(blouse).getByLabelText('I will give my fabric at the visit') as HTMLInputElement).checked).toBe(true);
    // The review's lines say whose fabric each is.
    next('Next: visit');
    next('Next: review');
    expect(screen.getByTestId(`line-fabric-${CHUDI}`).textContent).toBe('Fabric from the shop');
    expect(screen.getByTestId(`line-fabric-${BLOUSE}`).textContent).toBe('Own fabric');

    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order-placed/TH-ABCDEF'));
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/orders')?.body as {
      items: { productId: string; stitching: { fabric: string } }[];
    };
    expect(sent.items.map((item) => [item.productId, item.stitching.fabric])).toEqual([
      [BLOUSE, 'own'],
      [CHUDI, 'shop'],
    ]);
  });

  it('her own fabric stays chosen on a product whose price includes the fabric, after a reload too', async () => {
    routes(() => ({ status: 201, body: { order: makeOrder({ orderId: 'TH-ABCDEF' }) } }));
    renderCheckout();
    const chudi = screen.getByTestId(`stitching-${CHUDI}`);
    await waitFor(() => expect((within(chudi).getByLabelText('The shop provides the fabric') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(chudi).getByLabelText('I will give my fabric at the visit'));
    next('Next: visit');
    next('Next: review');
    expect(screen.getByTestId(`line-fabric-${CHUDI}`).textContent).toBe('Own fabric');
    resetCheckoutDraftForTests();
    expect(JSON.parse(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)!).lines[CHUDI].fabric).toBe('own');
  });

  it('with “Call me to arrange the visit” no day looks chosen; picking a slot marks its day', async () => {
    routes(() => ({ status: 201, body: { order: makeOrder({ orderId: 'TH-ABCDEF' }) } }));
    renderCheckout();
    next('Next: visit');
    // The first open day's slots are shown to pick from, but the day is not chosen.
    await screen.findByRole('radio', { name: /10:00-13:00/ });
    expect((screen.getByRole('radio', { name: 'Call me to arrange the visit' }) as HTMLInputElement).checked).toBe(true);
    const dayButtons = () => within(screen.getByRole('list', { name: 'Day' })).getAllByRole('button');
    expect(dayButtons().map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
    expect(dayButtons().some((button) => button.className.includes('bg-rose-900'))).toBe(false);
    // Looking at a day's slots does not choose it either.
    fireEvent.click(dayButtons()[0]!);
    expect(dayButtons()[0]!.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByRole('radio', { name: /10:00-13:00/ }));
    expect(dayButtons()[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(dayButtons()[0]!.className).toContain('bg-rose-900');
    // Back to "call me": the day is no longer chosen.
    fireEvent.click(screen.getByRole('radio', { name: 'Call me to arrange the visit' }));
    expect(dayButtons()[0]!.getAttribute('aria-pressed')).toBe('false');
  });

  it('links “Add or change measurements” to her profiles with the way back to this order', async () => {
    routes(() => ({ status: 201, body: { order: makeOrder({ orderId: 'TH-ABCDEF' }) } }));
    renderCheckout();
    const blouse = screen.getByTestId(`stitching-${BLOUSE}`);
    expect(within(blouse).getByRole('link', { name: 'Add or change measurements' }).getAttribute('href')).toBe(
      '/measurements?returnTo=%2Fplaceorder',
    );
  });
});

describe('OrderPlacedPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  function renderPlaced(orderId: string) {
    return renderWithApp(
      <Routes>
        <Route path="/order-placed/:orderId" element={<OrderPlacedPage />} />
      </Routes>,
      { user: makeUser({ address: makeAddress() }), path: `/order-placed/${orderId}` },
    );
  }

  it('shows the order number, the visit, who calls whom and a WhatsApp link with the number prefilled', async () => {
    const order = makeOrder({
      orderId: 'TH-ABCDEF',
      visit: { date: '2026-11-25', slotId: SLOT_OPEN, label: '10:00-13:00' },
      address: makeAddress({ phoneNumber: '9843012345' }),
    });
    order.items[0]!.stitching = {
      profile: { name: 'Priya, 8 years', measurements: { bust: 610 } },
      fabric: 'own',
      lining: true,
      notes: 'Boat neck',
      pictures: [],
    };
    mockApi({
      'GET /orders': () => ({ status: 200, body: ordersPage([order]) }),
      'GET /shop-info': () => ({
        status: 200,
        body: {
          phone: '+91 98765 43210',
          phoneHref: 'tel:+919876543210',
          whatsappHref: 'https://wa.me/919876543210',
          email: 'a@b.c',
          emailHref: 'mailto:a@b.c',
        },
      }),
    });
    renderPlaced('TH-ABCDEF');
    expect((await screen.findByTestId('placed-order-number')).textContent).toBe('TH-ABCDEF');
    expect(screen.getByTestId('order-visit').textContent).toBe('Wed, 25 Nov, 10:00-13:00');
    expect(screen.getByTestId('placed-call-before').textContent).toBe('We will call you on 98430 12345 before the visit.');
    expect(screen.getByTestId('stitching-summary').textContent).toContain('For Priya, 8 years · Own fabric · With lining');
    const whatsapp = await screen.findByTestId('placed-whatsapp');
    const href = new URL(whatsapp.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/919876543210');
    expect(href.searchParams.get('text')).toBe('Hello Thaiyal, about my order TH-ABCDEF');
    expect(screen.getByRole('link', { name: 'Go to My Orders' }).getAttribute('href')).toBe('/myOrders');
  });

  it('an order all in the shop’s fabric says so per line and does not ask her for fabric at the visit', async () => {
    const order = makeOrder({ orderId: 'TH-ABCDEF' });
    order.items[0]!.stitching = { profile: null, fabric: 'shop', lining: false, notes: '', pictures: [] };
    mockApi({ ...SHOP_INFO_ROUTE, 'GET /orders': () => ({ status: 200, body: ordersPage([order]) }) });
    renderPlaced('TH-ABCDEF');
    expect((await screen.findByTestId('stitching-summary')).textContent).toContain('Fabric from the shop');
    expect(screen.getByTestId('placed-steps').textContent).toBe(
      'Our tailor measures at the visit; the shop provides the fabric. You pay in cash when the garment is delivered.',
    );
  });

  it('without a booked slot says the shop will call to arrange the visit', async () => {
    mockApi({
      ...SHOP_INFO_ROUTE,
      'GET /orders': () => ({ status: 200, body: ordersPage([makeOrder({ orderId: 'TH-ABCDEF', visit: null })]) }),
    });
    renderPlaced('TH-ABCDEF');
    expect((await screen.findByTestId('order-visit')).textContent).toBe('We will call you to arrange the home visit.');
  });

  it('an order not among hers says so and still links to My Orders', async () => {
    mockApi({ ...SHOP_INFO_ROUTE, 'GET /orders': () => ({ status: 200, body: ordersPage([]) }) });
    renderPlaced('TH-ZZZZZZ');
    expect(await screen.findByText('We could not find this order. See it in My Orders.')).toBeTruthy();
  });
});
