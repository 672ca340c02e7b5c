import 'fake-indexeddb/auto';
import { DEFAULT_STITCHING, type AdminOrder, type DayVisitsResponse } from '@thaiyal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWNER_DAY_DB } from '../../../lib/owner-day';
import { mockApi, SHOP_INFO_ROUTE, type MockRoutes } from '../../../test/mock-api';
import { makeUser, renderWithApp } from '../../../test/render';
import Drawer from '../../../app/layout/drawer';
import { shopToday } from '../api/day-visits';
import { DayVisitsPanel } from '../components/day-visits-panel';
import { makeAdminOrder, renderForAdmin } from '../test/admin-fixtures';
import { addSave, keepVisits, listSaves, readVisits } from './owner-day-db';
import { PendingSaves } from './pending-saves';

const today = shopToday();
const order: AdminOrder = makeAdminOrder({
  orderId: 'TH-4K7Q2M',
  status: 'call',
  items: [{ productId: 'p1', name: 'Aari Blouse', image: '/uploads/p/a-640.webp', quantity: 1, price: 900, stitching: DEFAULT_STITCHING }],
});
const day: DayVisitsResponse = {
  date: today,
  slots: [{ slotId: '00000000-0000-4000-8000-000000000001', label: 'Morning', start: '10:00', end: '13:00', orders: [order] }],
};
const visitsRoute = `GET /admin/visits?date=${today}`;
const saveRoute = 'PUT /admin/orders/TH-4K7Q2M/measurements';
/** A request that never reaches the server, as fetch rejects it offline. */
const noConnection = () => Promise.reject(new TypeError('Failed to fetch'));

let online = true;

/** The dashboard's parts this needs: the queue above the day's visits (the dashboard mounts them so). */
function renderDay() {
  return renderForAdmin(
    <>
      <PendingSaves />
      <DayVisitsPanel />
    </>,
  );
}

/** Removes the phone's database (as a new phone would have none), waiting until it is gone. */
function deleteOwnerDay(): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(OWNER_DAY_DB);
    request.onsuccess = request.onerror = () => resolve();
  });
}

/** Each test starts online, on a phone with nothing kept. */
function startOnline() {
  beforeEach(async () => {
    online = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    await deleteOwnerDay();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // Back to jsdom's own (always online) for whatever runs next.
    Reflect.deleteProperty(navigator, 'onLine');
  });
}

describe("The owner's day offline: the day's visits (docs/decisions/024-owners-day-offline.md#the-days-visits)", () => {
  startOnline();

  it("shows today's visits and their order sheets, loaded online, without a connection, saying when they were loaded", async () => {
    mockApi({ [visitsRoute]: () => ({ status: 200, body: day }) });
    const first = renderDay();
    await screen.findByTestId('day-visit');
    expect(screen.queryByTestId('offline-saved-at')).toBeNull();
    await waitFor(async () => expect((await readVisits(today))?.data).toEqual(day));
    first.unmount();

    online = false;
    mockApi({ [visitsRoute]: noConnection });
    renderDay();
    const card = await screen.findByTestId('day-visit');
    expect(screen.getByTestId('offline-saved-at').textContent).toMatch(/^Offline — saved at \d\d:\d\d/);
    expect(within(card).getByText('TH-4K7Q2M')).toBeTruthy();
    fireEvent.click(within(card).getByTestId('visit-sheet-toggle'));
    expect(within(card).getByTestId('order-sheet').textContent).toContain('Meenakshi S');
  });

  it('keeps only one day: an older day kept before is removed when today is kept', async () => {
    await keepVisits('2020-01-01', { ...day, date: '2020-01-01' }, 1);
    mockApi({ [visitsRoute]: () => ({ status: 200, body: day }) });
    renderDay();
    await screen.findByTestId('day-visit');
    await waitFor(async () => expect(await readVisits(today)).toBeTruthy());
    expect(await readVisits('2020-01-01')).toBeUndefined();
  });

  it('removes a day kept before today when the dashboard opens, even offline', async () => {
    await keepVisits('2020-01-01', { ...day, date: '2020-01-01' }, 1);
    online = false;
    mockApi({});
    renderForAdmin(<PendingSaves />);
    await waitFor(async () => expect(await readVisits('2020-01-01')).toBeUndefined());
  });

  it('says the load failed when offline with nothing kept', async () => {
    online = false;
    mockApi({ [visitsRoute]: noConnection });
    renderDay();
    expect(await screen.findByText('This list could not be loaded.')).toBeTruthy();
    expect(screen.queryByTestId('offline-saved-at')).toBeNull();
  });
});

describe("The owner's day offline: the queue of measurement saves (docs/decisions/024-owners-day-offline.md#the-queue)", () => {
  startOnline();

  it('keeps measurements typed offline on the phone, still waiting after a reload, and sends them when the connection is back', async () => {
    const routes: MockRoutes = { [visitsRoute]: () => ({ status: 200, body: day }), [saveRoute]: noConnection };
    mockApi(routes);
    const first = renderDay();
    online = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Record measurements for Aari Blouse' }));
    fireEvent.change(screen.getByLabelText('Bust (in)'), { target: { value: '34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
    expect(await screen.findByText(/kept on this phone and will be sent/)).toBeTruthy();
    expect((await screen.findByTestId('waiting-count')).textContent).toBe('Waiting to send (1)');
    first.unmount();

    // A reload: a new page reads the queue from IndexedDB.
    const calls = mockApi(routes);
    renderDay();
    expect((await screen.findByTestId('waiting-count')).textContent).toBe('Waiting to send (1)');
    expect(await listSaves()).toHaveLength(1);

    const measuredOrder = {
      ...order,
      items: [{ ...order.items[0]!, measured: { measurements: { bust: 864 }, unit: 'in', note: '', at: new Date().toISOString() } }],
    };
    routes[saveRoute] = () => ({ status: 200, body: { message: 'Measurements saved', order: measuredOrder } });
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByTestId('waiting-count')).toBeNull());
    expect(await listSaves()).toEqual([]);
    const sent = calls.filter((call) => call.method === 'PUT');
    expect(sent.at(-1)?.body).toEqual({
      lines: [{ productId: 'p1', measurements: { bust: 864 }, unit: 'in', note: '' }],
      saveToProfile: true,
    });
  });

  it("shows a refused save with the server's reason and both versions; she can send hers again or drop it", async () => {
    await addSave({
      orderId: 'TH-4K7Q2M',
      garment: 'Aari Blouse',
      body: { lines: [{ productId: 'p1', measurements: { bust: 864 }, unit: 'in', note: 'typed offline' }], saveToProfile: true },
      typedAtMs: Date.now(),
      state: 'waiting',
    });
    const server = { measurements: { bust: 900 }, unit: 'cm' as const, note: 'from the shop', at: new Date().toISOString() };
    const onServer = { ...order, status: 'delivered' as const, items: [{ ...order.items[0]!, measured: server }] };
    const routes: MockRoutes = {
      [visitsRoute]: () => ({ status: 200, body: day }),
      [saveRoute]: () => ({ status: 409, body: { code: 'conflict', message: 'This order is delivered or cancelled' } }),
      'GET /orders/status?*': () => ({
        status: 200,
        body: { orders: [onServer], nextCursor: null, counts: {} },
      }),
    };
    const calls = mockApi(routes);
    renderDay();
    const refused = await screen.findByTestId('refused-save');
    expect(within(refused).getByTestId('refused-why').textContent).toContain('This order is delivered or cancelled');
    expect(within(refused).getByTestId('refused-yours').textContent).toContain('Bust: 34 in (86.4 cm)');
    expect(within(refused).getByTestId('refused-yours').textContent).toContain('typed offline');
    expect(within(refused).getByTestId('refused-server').textContent).toContain('Bust: 90 cm');
    expect(within(refused).getByTestId('refused-server').textContent).toContain('from the shop');
    expect(screen.queryByTestId('waiting-count')).toBeNull();
    const search = calls.find((call) => call.path.startsWith('/orders/status'))!;
    expect(new URL(search.path, 'http://shop.test').searchParams.get('q')).toBe('TH-4K7Q2M');

    routes[saveRoute] = () => ({ status: 200, body: { message: 'Measurements saved', order } });
    fireEvent.click(within(refused).getByRole('button', { name: 'Send mine again' }));
    await waitFor(() => expect(screen.queryByTestId('refused-save')).toBeNull());
    expect(await listSaves()).toEqual([]);
  });

  it('drops a refused save when she chooses the shop’s version', async () => {
    await addSave({
      orderId: 'TH-4K7Q2M',
      garment: 'Aari Blouse',
      body: { lines: [{ productId: 'p1', measurements: { bust: 864 }, unit: 'in', note: '' }], saveToProfile: true },
      typedAtMs: Date.now(),
      state: 'waiting',
    });
    mockApi({
      [visitsRoute]: () => ({ status: 200, body: day }),
      [saveRoute]: () => ({ status: 404, body: { code: 'not_found', message: 'Order not found' } }),
    });
    renderDay();
    const refused = await screen.findByTestId('refused-save');
    expect(within(refused).getByTestId('refused-server').textContent).toContain('no longer in the shop');
    fireEvent.click(within(refused).getByRole('button', { name: 'Drop mine' }));
    await waitFor(() => expect(screen.queryByTestId('refused-save')).toBeNull());
    expect(await listSaves()).toEqual([]);
  });
});

describe("The owner's day offline: signing out (docs/security.md#the-owners-day-on-her-phone)", () => {
  startOnline();

  it('removes the day kept on the phone when she signs out, even with the dashboard open', async () => {
    await keepVisits(today, day, Date.now());
    await addSave({
      orderId: 'TH-4K7Q2M',
      garment: 'Aari Blouse',
      body: { lines: [], saveToProfile: true },
      typedAtMs: 1,
      state: 'refused',
    });
    mockApi({ ...SHOP_INFO_ROUTE, 'POST /auth/logout': () => ({ status: 200, body: { message: 'Logged out' } }) });
    renderWithApp(<Drawer open onClose={() => {}} />, { user: makeUser({ role: 'admin' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    // The save not yet accepted is asked about first (the next test); she signs out anyway.
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out anyway' }));
    await waitFor(async () => expect(await indexedDB.databases()).toEqual([]));
    expect(await readVisits(today)).toBeUndefined();
    expect(await listSaves()).toEqual([]);
  });

  it('asks before signing out while a save waits, and Stay keeps it on the phone', async () => {
    await keepVisits(today, day, Date.now());
    await addSave({
      orderId: 'TH-4K7Q2M',
      garment: 'Aari Blouse',
      body: { lines: [], saveToProfile: true },
      typedAtMs: 1,
      state: 'waiting',
    });
    const logout = vi.fn(() => ({ status: 200, body: { message: 'Logged out' } }));
    mockApi({ ...SHOP_INFO_ROUTE, 'POST /auth/logout': logout });
    renderWithApp(<Drawer open onClose={() => {}} />, { user: makeUser({ role: 'admin' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const question = await screen.findByRole('dialog', { name: '1 measurement save has not been sent yet' });
    expect(question.textContent).toContain('Signing out removes it from this phone.');
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /not been sent yet/ })).toBeNull());
    expect(logout).not.toHaveBeenCalled();
    expect(await listSaves()).toHaveLength(1);
    expect(await readVisits(today)).toBeDefined();
  });

  it('signs out at once when no save waits', async () => {
    const logout = vi.fn(() => ({ status: 200, body: { message: 'Logged out' } }));
    mockApi({ ...SHOP_INFO_ROUTE, 'POST /auth/logout': logout });
    renderWithApp(<Drawer open onClose={() => {}} />, { user: makeUser({ role: 'admin' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(logout).toHaveBeenCalled());
    expect(screen.queryByRole('dialog', { name: /not been sent yet/ })).toBeNull();
  });
});
