import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { resetApiStateForTests } from '../../../lib/api';
import { mockApi } from '../../../test/mock-api';
import { ordersPage } from '../../../test/render';
import { makeAdminOrder, renderForAdmin } from '../test/admin-fixtures';
import { FakeXhr } from '../../../test/fake-xhr';
import { OrdersPanel } from './orders-panel';

/** A picked photo file of `bytes` bytes. */
function photo(name: string, type = 'image/jpeg', bytes = 8): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe("OrdersPanel: 'Customers Orders' (docs/product.md#screens, docs/product.md#states-and-transitions Order status, docs/product.md#messages)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names a line by its Tamil name on a Tamil dashboard, the English one on an English dashboard (docs/product.md#languages)', async () => {
    const order = makeAdminOrder();
    const tamil = makeAdminOrder({ items: [{ ...order.items[0]!, nameTa: 'காஞ்சி பட்டு புடவை பிளவுஸ்' }] });
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([tamil]) }) });
    await act(async () => setLanguage('ta'));
    try {
      renderForAdmin(<OrdersPanel />);
      const [card] = await screen.findAllByRole('article');
      expect(within(card!).getByText('காஞ்சி பட்டு புடவை பிளவுஸ்')).toBeTruthy();
      expect(within(card!).queryByText('Kanchi Silk Saree Blouse')).toBeNull();
    } finally {
      await act(async () => setLanguage('en'));
    }
    expect(within(screen.getAllByRole('article')[0]!).getByText('Kanchi Silk Saree Blouse')).toBeTruthy();
  });

  it("says 'No orders placed recently' when there are none", async () => {
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([]) }) });
    renderForAdmin(<OrdersPanel />);
    expect(await screen.findByText('No orders placed recently')).toBeTruthy();
  });

  it('shows each order newest first with customer, status, lines in ₹, address and total', async () => {
    const older = makeAdminOrder({ orderId: 'TH-OLDER1', purchaseDate: '2025-01-01T10:00:00.000Z' });
    const newer = makeAdminOrder({ orderId: 'TH-NEWER1', purchaseDate: '2025-04-01T10:00:00.000Z', status: 'designed' });
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([older, newer]) }) });
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

  it('puts the status in its colour beside the order number, and the status change, call and WhatsApp at hand on the card', async () => {
    const delivered = makeAdminOrder({ orderId: 'TH-DELIV1', status: 'delivered' });
    const toCall = makeAdminOrder({ orderId: 'TH-CALL01', status: 'call' });
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([delivered, toCall]) }) });
    renderForAdmin(<OrdersPanel />);
    const [first, second] = await screen.findAllByRole('article');
    const badge = (card: HTMLElement) => card.querySelector('[data-status]')!;
    expect(badge(first!).textContent).toBe('Delivered');
    expect(badge(first!).getAttribute('data-status')).toBe('delivered');
    expect(badge(second!).textContent).toBe('Call');
    // Each state its own colour, told apart at a glance down the list.
    expect(badge(first!).className).not.toBe(badge(second!).className);
    expect(within(first!).getByText('Current status:', { exact: false }).textContent).toBe('Current status: Delivered');
    const actions = within(first!).getByTestId('order-actions');
    expect(within(actions).getByLabelText('Change status')).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Delete order TH-DELIV1' })).toBeTruthy();
    expect(within(first!).getByTestId('visit-tel').getAttribute('href')).toBe(`tel:+91${delivered.address.phoneNumber}`);
    expect(within(first!).getByTestId('visit-whatsapp').getAttribute('href')).toMatch(/^https:\/\/wa\.me\/91/);
  });

  it('clips what the customer wrote to her order’s card, stacked accents included (docs/security.md#findings-of-the-outside-probe)', async () => {
    const order = makeAdminOrder({ orderId: 'TH-MARKS1' });
    const stacked = `Meena${'\u0301'.repeat(4)}`;
    mockApi({
      'GET /orders/status': () => ({ status: 200, body: ordersPage([{ ...order, address: { ...order.address, name: stacked } }]) }),
    });
    renderForAdmin(<OrdersPanel />);
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getAllByText(stacked, { exact: false }).length).toBeGreaterThan(0);
    expect(card!.classList).toContain('user-text');
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
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([order]) }) });
    renderForAdmin(<OrdersPanel />);
    const card = await screen.findByRole('article');
    expect(within(card).getByTestId('order-visit').textContent).toBe('Wed, 25 Nov, 10:00-13:00');
    const stitching = within(card).getByTestId('stitching-summary');
    expect(stitching.textContent).toContain('For Priya, 8 years · Fabric from the shop · With lining');
    expect(stitching.textContent).toContain('Notes: Boat neck');
    // A line without the unit it was typed in: both units, centimetres first.
    expect(within(stitching).getByText('Bust: 61 cm (24 in)')).toBeTruthy();
    expect(within(stitching).getByText('Waist: 56 cm (22 in)')).toBeTruthy();
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
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([kept]) }) });
    renderForAdmin(<OrdersPanel />);
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Customer: account deleted (details removed; the order is kept as a sales record)')).toBeTruthy();
    expect(within(card).queryByText(/Meenakshi/)).toBeNull();
    expect(within(card).getByText('Total: ₹2,501.00')).toBeTruthy();
  });
});

describe('OrdersPanel: status and delete (docs/product.md#states-and-transitions Order status, docs/product.md#messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sets any status with PUT and toasts the server's text; a failure says 'An error occurred'", async () => {
    let answer: { status: number; body: unknown } = {
      status: 200,
      body: {
        message: 'Order status updated to visited',
        order: makeAdminOrder({ status: 'visited' }),
      },
    };
    const calls = mockApi({
      'GET /orders/status': () => ({ status: 200, body: ordersPage([makeAdminOrder()]) }),
      'PUT /orders/status/TH-4K7Q2M': () => answer,
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
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(select.value).toBe('call');

    fireEvent.change(select, { target: { value: 'visited' } });
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and e-mail' }));
    expect(await screen.findByText('Order status updated to visited')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ status: 'visited' });
    await waitFor(() => expect(select.value).toBe('visited'));

    answer = { status: 500, body: { message: 'Internal Server Error', code: 'internal' } };
    fireEvent.change(select, { target: { value: 'delivered' } });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change and e-mail' }));
    expect(await screen.findByText('An error occurred')).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('visited'));
  });

  it("offers delete for delivered orders only; success says 'deleted' and the order leaves its page, nothing fetched again (docs/product.md#lists-by-page)", async () => {
    let orders = [makeAdminOrder({ orderId: 'TH-DONE01', status: 'delivered' }), makeAdminOrder({ orderId: 'TH-OPEN01' })];
    const calls = mockApi({
      'GET /orders/status': () => ({ status: 200, body: ordersPage(orders) }),
      'DELETE /orders/delivered/delete/TH-DONE01': () => {
        orders = orders.filter((order) => order.orderId !== 'TH-DONE01');
        return { status: 200, body: { message: 'deleted' } };
      },
    });
    renderForAdmin(<OrdersPanel />);
    await screen.findAllByRole('article');
    expect(screen.queryByRole('button', { name: 'Delete order TH-OPEN01' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete order TH-DONE01' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm Deletion?' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('deleted')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    // The list is a page of many: a delete takes the order out of it instead of loading every page again.
    expect(calls.filter((call) => call.path === '/orders/status')).toHaveLength(1);
  });

  it("says 'Failed to delete order' when the server refuses", async () => {
    mockApi({
      'GET /orders/status': () => ({ status: 200, body: ordersPage([makeAdminOrder({ status: 'delivered' })]) }),
      'DELETE /orders/delivered/delete/TH-4K7Q2M': () => ({
        status: 409,
        body: { message: 'Only delivered orders can be deleted', code: 'conflict' },
      }),
    });
    renderForAdmin(<OrdersPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete order TH-4K7Q2M' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Failed to delete order')).toBeTruthy();
  });
});

const label = 'Photos of the finished garment (optional, up to 3)';

async function askDesigned() {
  fireEvent.change(await screen.findByLabelText('Change status'), { target: { value: 'designed' } });
  return screen.findByRole('dialog', { name: 'Change order TH-4K7Q2M to “Designed”?' });
}

function pick(dialog: HTMLElement, files: File[]) {
  const input = within(dialog).getByLabelText(label) as HTMLInputElement;
  expect(input.type).toBe('file');
  expect(input.accept).toBe('image/*');
  expect(input.multiple).toBe(true);
  fireEvent.change(input, { target: { files } });
}

/** The designed-photos tests' setup: toasts gone, the upload's XMLHttpRequest faked part way, previews stubbed. */
function photoSetup() {
  beforeEach(() => {
    // Toasts of earlier tests would still be on screen.
    toast.remove();
    resetApiStateForTests();
    FakeXhr.reset();
    // Part way: the question shows how far the upload is.
    FakeXhr.progress = [0.4];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

describe('OrdersPanel: photos of the finished garment with "designed" (docs/product.md#designed-photos)', () => {
  photoSetup();

  it('sends "designed" with two photos as a multipart PUT with upload progress, then closes', async () => {
    const photos = ['/uploads/references/a-640.webp', '/uploads/references/b-640.webp'];
    FakeXhr.answer = [200, { message: 'Order status updated to designed', order: makeAdminOrder({ status: 'designed', photos }) }];
    FakeXhr.hold = true;
    const calls = mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([makeAdminOrder({ status: 'visited' })]) }) });
    renderForAdmin(<OrdersPanel />);
    const dialog = await askDesigned();
    pick(dialog, [photo('front.jpg'), photo('back.png', 'image/png')]);
    const previews = within(dialog).getByRole('list', { name: 'Chosen photos' });
    expect(
      within(previews)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Photo 1: front.jpg', 'Photo 2: back.png']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and e-mail' }));

    // On its way: the progress shows and the question stays until the server answers.
    expect(await within(dialog).findByText('Uploading… 40%')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Change and e-mail' }) as HTMLButtonElement).disabled).toBe(true);
    expect(FakeXhr.sent).toHaveLength(1);
    const [request] = FakeXhr.sent;
    expect(request).toMatchObject({ method: 'PUT', url: '/api/orders/status/TH-4K7Q2M', withCredentials: true });
    const form = request!.body as FormData;
    expect(form.get('status')).toBe('designed');
    expect(form.getAll('photos').map((file) => (file as File).name)).toEqual(['front.jpg', 'back.png']);
    // Nothing went through fetch: no JSON PUT beside the upload.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    FakeXhr.finish();
    expect(await screen.findByText('Order status updated to designed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The answered order replaces the listed one: its photos show on the card.
    expect(screen.getAllByTestId('order-photo').map((img) => img.getAttribute('src'))).toEqual(photos);
  });

  it('a fourth photo shows the message and sends nothing until one is removed', async () => {
    FakeXhr.answer = [200, { message: 'Order status updated to designed', order: makeAdminOrder({ status: 'designed' }) }];
    const calls = mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([makeAdminOrder({ status: 'visited' })]) }) });
    renderForAdmin(<OrdersPanel />);
    const dialog = await askDesigned();
    pick(dialog, [photo('1.jpg'), photo('2.jpg'), photo('3.jpg')]);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // Picking again adds to the photos already chosen.
    pick(dialog, [photo('4.jpg')]);
    expect(within(dialog).getByRole('alert').textContent).toBe('At most 3 photos can be sent, and 4 are chosen: please remove 1.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and e-mail' }));
    // Time enough for a request to go out, were one sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(screen.getByRole('dialog')).toBe(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove photo 2 (2.jpg)' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and e-mail' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0]!.body as FormData).getAll('photos').map((file) => (file as File).name)).toEqual(['1.jpg', '3.jpg', '4.jpg']);
  });

  it('refuses a file that is not an image or is over 10 MB before sending, naming it', async () => {
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([makeAdminOrder({ status: 'visited' })]) }) });
    renderForAdmin(<OrdersPanel />);
    const dialog = await askDesigned();
    const big = photo('big.jpg');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    pick(dialog, [photo('notes.pdf', 'application/pdf'), big, photo('ok.jpg')]);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '“notes.pdf” was not added: Only image files can be uploaded“big.jpg” was not added: Each image must be at most 10 MB',
    );
    expect(within(within(dialog).getByRole('list', { name: 'Chosen photos' })).getAllByRole('img')).toHaveLength(1);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("shows the server's refusal in its words and keeps the photos, to try again", async () => {
    FakeXhr.answer = [415, { message: 'The file is not an image we can read', code: 'unsupported_media_type' }];
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([makeAdminOrder({ status: 'visited' })]) }) });
    renderForAdmin(<OrdersPanel />);
    const dialog = await askDesigned();
    pick(dialog, [photo('front.jpg'), photo('back.jpg')]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and e-mail' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The file is not an image we can read');
    expect(alert.textContent).toContain('Your photos are still chosen');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(within(dialog).getByRole('list', { name: 'Chosen photos' })).getAllByRole('img')).toHaveLength(2);
    expect((within(dialog).getByRole('button', { name: 'Change and e-mail' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByLabelText('Change status') as HTMLSelectElement).value).toBe('visited');

    FakeXhr.answer = [200, { message: 'Order status updated to designed, second try', order: makeAdminOrder({ status: 'designed' }) }];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and e-mail' }));
    expect(await screen.findByText('Order status updated to designed, second try')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(FakeXhr.sent.map((request) => (request.body as FormData).getAll('photos').length)).toEqual([2, 2]);
  });
});

describe('OrdersPanel: "designed" photos stopped, without photos, and added later (docs/product.md#designed-photos)', () => {
  photoSetup();

  it('No during the upload stops it and leaves the status as it was, with no error shown', async () => {
    FakeXhr.hold = true;
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([makeAdminOrder({ status: 'visited' })]) }) });
    renderForAdmin(<OrdersPanel />);
    const dialog = await askDesigned();
    pick(dialog, [photo('front.jpg')]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and e-mail' }));
    expect(await within(dialog).findByText('Uploading… 40%')).toBeTruthy();
    const aborted = vi.spyOn(FakeXhr.sent[0]!, 'abort');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(aborted).toHaveBeenCalledOnce();
    await waitFor(() => expect((screen.getByLabelText('Change status') as HTMLSelectElement).value).toBe('visited'));
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it('"designed" without photos, and any other status, still go as JSON with no picker for the others', async () => {
    const calls = mockApi({
      'GET /orders/status': () => ({ status: 200, body: ordersPage([makeAdminOrder({ status: 'visited' })]) }),
      'PUT /orders/status/TH-4K7Q2M': (call) => ({
        status: 200,
        body: { message: 'Order status updated', order: makeAdminOrder(call.body as { status: 'designed' }) },
      }),
    });
    renderForAdmin(<OrdersPanel />);
    const select = (await screen.findByLabelText('Change status')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'delivered' } });
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText(label)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and e-mail' }));
    await waitFor(() => expect(select.value).toBe('delivered'));

    fireEvent.change(select, { target: { value: 'designed' } });
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change and e-mail' }));
    await waitFor(() => expect(select.value).toBe('designed'));
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.body)).toEqual([{ status: 'delivered' }, { status: 'designed' }]);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('an order already designed has Add photos: the question for its photos alone, sent as a multipart PUT', async () => {
    const photos = ['/uploads/references/new-640.webp'];
    FakeXhr.answer = [200, { message: 'Order status updated to designed', order: makeAdminOrder({ status: 'designed', photos }) }];
    const calls = mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([makeAdminOrder({ status: 'designed' })]) }) });
    renderForAdmin(<OrdersPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add photos' }));
    let dialog = screen.getByRole('dialog', { name: 'Photos of the finished garment of order TH-4K7Q2M' });
    // Nothing chosen: saving changes nothing and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save photos and e-mail' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(FakeXhr.sent).toHaveLength(0);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Add photos' }));
    dialog = screen.getByRole('dialog', { name: 'Photos of the finished garment of order TH-4K7Q2M' });
    pick(dialog, [photo('finished.jpg')]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save photos and e-mail' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(FakeXhr.sent.map((request) => request.method)).toEqual(['PUT']);
    const form = FakeXhr.sent[0]!.body as FormData;
    expect(form.get('status')).toBe('designed');
    expect(form.getAll('photos').map((file) => (file as File).name)).toEqual(['finished.jpg']);
    expect(await screen.findByText('Order status updated to designed')).toBeTruthy();
    expect(screen.getAllByTestId('order-photo').map((img) => img.getAttribute('src'))).toEqual(photos);
  });

  it('offers Add photos only on a designed order', async () => {
    mockApi({ 'GET /orders/status': () => ({ status: 200, body: ordersPage([makeAdminOrder({ status: 'visited' })]) }) });
    renderForAdmin(<OrdersPanel />);
    await screen.findByLabelText('Change status');
    expect(screen.queryByRole('button', { name: 'Add photos' })).toBeNull();
  });
});
