import type { DayVisitsResponse } from '@thaiyal/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { shopToday } from '../api/day-visits';
import { mockApi, type MockRoutes } from '../../../test/mock-api';
import { ordersPage } from '../../../test/render';
import { makeAdminOrder, renderForAdmin } from '../test/admin-fixtures';
import { TodayPanel } from './today-panel';

const today = shopToday();
const AT_RISK = 'GET /admin/orders/at-risk';
const VISITS = `GET /admin/visits?date=${today}`;
const TO_CALL = 'GET /orders/status?status=call&limit=100';
const ALTERATIONS = 'GET /admin/alterations?status=open';

const overdue = makeAdminOrder({
  orderId: 'TH-OVERD1',
  status: 'designed',
  readyBy: '2026-11-20',
  neededBy: '2026-12-01',
  risk: 'overdue',
  address: { ...makeAdminOrder().address, name: 'Lakshmi V' },
});
const dueSoon = makeAdminOrder({ orderId: 'TH-DUESN2', status: 'visited', readyBy: '2026-11-28', risk: 'due-soon' });
const neededSoon = makeAdminOrder({
  orderId: 'TH-NEEDS3',
  status: 'designed',
  readyBy: '2026-11-27',
  neededBy: '2026-11-29',
  risk: 'needed-soon',
});

const visitDay: DayVisitsResponse = {
  date: today,
  slots: [
    {
      slotId: '00000000-0000-4000-8000-000000000001',
      label: 'Morning',
      start: '10:00',
      end: '13:00',
      orders: [
        makeAdminOrder({ orderId: 'TH-VISIT1', address: { ...makeAdminOrder().address, name: 'Kavitha R' } }),
        {
          ...makeAdminOrder({ orderId: 'TH-TRIAL2', address: { ...makeAdminOrder().address, name: 'Revathi S' } }),
          kind: 'trial' as const,
        },
      ],
    },
  ],
};

/** Every section empty. */
const EMPTY: MockRoutes = {
  [AT_RISK]: () => ({ status: 200, body: { today, orders: [] } }),
  [VISITS]: () => ({ status: 200, body: { date: today, slots: [] } }),
  [TO_CALL]: () => ({ status: 200, body: ordersPage([]) }),
  [ALTERATIONS]: () => ({ status: 200, body: { alterations: [] } }),
};

describe('TodayPanel (docs/product.md#admin-dashboard Today)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the orders at risk, overdue first and named so, then today’s visits, then the new orders to call, the oldest first, each with tap-to-call', async () => {
    const newer = makeAdminOrder({ orderId: 'TH-CALLNW', purchaseDate: '2026-11-26T09:00:00.000Z' });
    const older = makeAdminOrder({ orderId: 'TH-CALLOL', purchaseDate: '2026-11-20T09:00:00.000Z' });
    mockApi({
      [ALTERATIONS]: EMPTY[ALTERATIONS]!,
      [AT_RISK]: () => ({ status: 200, body: { today, orders: [overdue, dueSoon, neededSoon] } }),
      [VISITS]: () => ({ status: 200, body: visitDay }),
      // The list answers newest first.
      [TO_CALL]: () => ({ status: 200, body: ordersPage([newer, older]) }),
    });
    renderForAdmin(<TodayPanel />);
    const sections = ['today-at-risk', 'today-visits', 'today-to-call'].map((id) => screen.getByTestId(id));
    // On a phone they stack in this order.
    expect(sections.map((section) => within(section).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Orders at risk',
      "Today's visits",
      'New orders to call',
    ]);
    for (let i = 1; i < sections.length; i++) {
      expect(sections[i - 1]!.compareDocumentPosition(sections[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }

    const risky = await within(sections[0]!).findAllByTestId('today-risk-order');
    expect(risky.map((card) => card.getAttribute('data-risk'))).toEqual(['overdue', 'due-soon', 'needed-soon']);
    const first = risky[0]!;
    // Red, and said in words: colour is never the only sign.
    expect(first.className).toContain('border-red-700');
    expect(within(first).getByTestId('order-risk').textContent).toBe('Overdue');
    expect(within(first).getByTestId('order-risk').className).toContain('bg-red-700');
    expect(within(first).getByText('Order TH-OVERD1')).toBeTruthy();
    expect(within(first).getByText('Lakshmi V')).toBeTruthy();
    expect(within(first).getByText(/Ready by/)).toBeTruthy();
    expect(within(first).getByText(/function/i)).toBeTruthy();
    const open = within(first).getByRole('link', { name: 'Open order TH-OVERD1' });
    expect(open.getAttribute('href')).toBe('/admin-only?tab=orderStatus&q=TH-OVERD1');

    const [visit, trial] = await within(sections[1]!).findAllByTestId('today-visit');
    // Each visit says what it is for (docs/product.md#trial-and-delivery-visits).
    expect(within(visit!).getByTestId('visit-kind').textContent).toBe('Measuring');
    expect(within(trial!).getByTestId('visit-kind').textContent).toBe('Trial');
    expect(within(trial!).getByText('Revathi S')).toBeTruthy();
    expect(within(visit!).getByText('Morning (10:00-13:00)')).toBeTruthy();
    expect(within(visit!).getByText('Kavitha R')).toBeTruthy();
    expect(within(visit!).getByTestId('visit-tel').getAttribute('href')).toMatch(/^tel:\+91/);

    const toCall = await within(sections[2]!).findAllByTestId('today-call-order');
    expect(toCall.map((card) => within(card).getByText(/^Order /).textContent)).toEqual(['Order TH-CALLOL', 'Order TH-CALLNW']);
    expect(within(toCall[0]!).getByTestId('visit-tel').getAttribute('href')).toBe(`tel:+91${older.address.phoneNumber}`);
    expect(within(sections[2]!).queryByRole('link', { name: 'More orders to call' })).toBeNull();
  });

  it('says each section is empty: Nothing late, No visits today, No new orders to call', async () => {
    mockApi(EMPTY);
    renderForAdmin(<TodayPanel />);
    expect(await within(screen.getByTestId('today-at-risk')).findByText('Nothing late')).toBeTruthy();
    expect(await within(screen.getByTestId('today-visits')).findByText('No visits today')).toBeTruthy();
    expect(await within(screen.getByTestId('today-to-call')).findByText('No new orders to call')).toBeTruthy();
  });

  it('shows a failed section with Try again, which asks again, while the others show what they loaded', async () => {
    let failing = true;
    const calls = mockApi({
      ...EMPTY,
      [AT_RISK]: () =>
        failing ? { status: 500, body: { message: 'Something went wrong' } } : { status: 200, body: { today, orders: [overdue] } },
    });
    renderForAdmin(<TodayPanel />);
    const section = screen.getByTestId('today-at-risk');
    const retry = await within(section).findByRole('button', { name: 'Try again' });
    expect(await within(screen.getByTestId('today-to-call')).findByText('No new orders to call')).toBeTruthy();
    failing = false;
    fireEvent.click(retry);
    expect(await within(section).findByText('Order TH-OVERD1')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/admin/orders/at-risk')).toHaveLength(2);
  });

  it('offers the whole list when more orders wait to be called than one page holds', async () => {
    mockApi({ ...EMPTY, [TO_CALL]: () => ({ status: 200, body: ordersPage([makeAdminOrder()], { nextCursor: 'YS4x' }) }) });
    renderForAdmin(<TodayPanel />);
    const more = await within(screen.getByTestId('today-to-call')).findByRole('link', { name: 'More orders to call' });
    expect(more.getAttribute('href')).toBe('/admin-only?tab=orderStatus&status=call');
  });

  it('is written in Tamil too', async () => {
    mockApi(EMPTY);
    await act(() => initI18n('ta'));
    try {
      renderForAdmin(<TodayPanel />);
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('இன்று');
      expect(await screen.findByText('தாமதமானது எதுவும் இல்லை')).toBeTruthy();
      expect(await screen.findByText('இன்று வருகைகள் இல்லை')).toBeTruthy();
      expect(await screen.findByText('அழைக்க வேண்டிய புதிய ஆர்டர்கள் இல்லை')).toBeTruthy();
    } finally {
      await act(() => initI18n('en'));
    }
  });
});

describe('TodayPanel alterations (docs/product.md#free-alterations)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const open = {
    id: '00000000-0000-4000-8000-0000000000a1',
    productId: '00000000-0000-4000-8000-0000000000b1',
    problem: 'tight' as const,
    where: 'left sleeve',
    note: 'Tight at the arm',
    status: 'requested' as const,
    requestedAt: '2026-11-04T06:00:00.000Z',
    pickedUpAt: null,
    doneAt: null,
    pictures: ['/uploads/references/abc-640.webp'],
    orderId: 'TH-ALTER1',
    garment: { name: 'Silk Blouse', nameTa: '', image: '/b.webp' },
    customer: { name: 'Meena', phone: '9843012345' },
  };

  it('lists the open alterations with the garment, problem, note, picture and customer, and marks one picked up', async () => {
    const calls = mockApi({
      ...EMPTY,
      [ALTERATIONS]: () => ({ status: 200, body: { alterations: [open] } }),
      'PUT /admin/alterations/*': () => ({
        status: 200,
        body: { message: 'Alteration updated', alteration: { ...open, status: 'picked-up' } },
      }),
    });
    renderForAdmin(<TodayPanel />);
    const section = screen.getByTestId('today-alterations');
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe('Alterations');
    const card = await within(section).findByTestId('today-alteration');
    expect(card.textContent).toContain('Silk Blouse · Order TH-ALTER1');
    expect(card.textContent).toContain('Alteration requested: Too tight (left sleeve)');
    expect(card.textContent).toContain('Tight at the arm');
    // Her one picture, drawn by the private-picture loader.
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
    expect(within(card).getByRole('link', { name: '9843012345' }).getAttribute('href')).toBe('tel:9843012345');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark picked up' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/admin/alterations/${open.id}`,
      body: { status: 'picked-up' },
    });
  });

  it('says when none wait, and offers Mark done once picked up', async () => {
    mockApi(EMPTY);
    const first = renderForAdmin(<TodayPanel />);
    expect(await within(screen.getByTestId('today-alterations')).findByText('No alterations waiting.')).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();
    mockApi({ ...EMPTY, [ALTERATIONS]: () => ({ status: 200, body: { alterations: [{ ...open, status: 'picked-up' }] } }) });
    renderForAdmin(<TodayPanel />);
    expect(await within(screen.getByTestId('today-alterations')).findByRole('button', { name: 'Mark done' })).toBeTruthy();
  });
});
