import { DEFAULT_STITCHING, type DayVisitsResponse } from '@thaiyal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopToday } from '../api/day-visits';
import { mockApi } from '../../../test/mock-api';
import { makeAdminOrder, renderForAdmin } from '../test/admin-fixtures';
import { DayVisitsPanel } from './day-visits-panel';

const today = shopToday();
const order = makeAdminOrder({
  orderId: 'TH-4K7Q2M',
  items: [
    {
      productId: null,
      name: 'Aari Blouse',
      image: '/uploads/p/a-640.webp',
      quantity: 1,
      price: 900,
      stitching: { ...DEFAULT_STITCHING, profile: { name: 'Amma', measurements: { bust: 889 } } },
    },
  ],
});
const day: DayVisitsResponse = {
  date: today,
  slots: [{ slotId: '00000000-0000-4000-8000-000000000001', label: 'Morning', start: '10:00', end: '13:00', orders: [order] }],
};

describe('DayVisitsPanel (docs/product.md#the-days-visits)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks for today's visits in Asia/Kolkata and lists them by slot with call, WhatsApp and map links", async () => {
    const calls = mockApi({ [`GET /admin/visits?date=${today}`]: () => ({ status: 200, body: day }) });
    renderForAdmin(<DayVisitsPanel />);
    const card = await screen.findByTestId('day-visit');
    expect(calls).toHaveLength(1);
    expect(screen.getByText('Morning (10:00-13:00)')).toBeTruthy();
    expect(within(card).getByText('TH-4K7Q2M')).toBeTruthy();
    const phone = order.address.phoneNumber;
    expect(within(card).getByTestId('visit-tel').getAttribute('href')).toBe(`tel:+91${phone}`);
    const whatsapp = new URL(within(card).getByTestId('visit-whatsapp').getAttribute('href')!);
    expect(whatsapp.origin + whatsapp.pathname).toBe(`https://wa.me/91${phone}`);
    expect(whatsapp.searchParams.get('text')).toContain('TH-4K7Q2M');
    expect(whatsapp.searchParams.get('text')).toContain('Morning (10:00-13:00)');
    expect(within(card).getByTestId('visit-map').getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(within(card).getByText(/88\.9 cm/)).toBeTruthy();
  });

  it("shows each slot with its number of visits and each visit as a card: the customer's name as its heading, the order's status in colour", async () => {
    const second = makeAdminOrder({ orderId: 'TH-SECOND', status: 'visited', address: { ...order.address, name: 'Kavitha R' } });
    const two: DayVisitsResponse = { ...day, slots: [{ ...day.slots[0]!, orders: [order, second] }] };
    mockApi({ [`GET /admin/visits?date=${today}`]: () => ({ status: 200, body: two }) });
    renderForAdmin(<DayVisitsPanel />);
    const cards = await screen.findAllByTestId('day-visit');
    const slot = screen.getByTestId('day-visits-slot');
    expect(within(slot).getByText('2 visits')).toBeTruthy();
    expect(cards.map((card) => within(card).getByRole('heading', { level: 4 }).textContent)).toEqual(['Meenakshi S', 'Kavitha R']);
    expect(cards.map((card) => card.querySelector('[data-status]')?.textContent)).toEqual(['Call', 'Visited']);
  });

  it('opens the order sheet with the measurements in inches and cm, and prints it', async () => {
    mockApi({ [`GET /admin/visits?date=${today}`]: () => ({ status: 200, body: day }) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderForAdmin(<DayVisitsPanel />);
    fireEvent.click(await screen.findByTestId('visit-sheet-toggle'));
    const sheet = screen.getByTestId('order-sheet');
    expect(within(sheet).getByText('Order TH-4K7Q2M')).toBeTruthy();
    expect(within(sheet).getByText('35.0')).toBeTruthy();
    expect(within(sheet).getByText('88.9')).toBeTruthy();
    fireEvent.click(within(sheet).getByTestId('sheet-print'));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('clips what the customer wrote to its card and its sheet, stacked accents included (docs/security.md#findings-of-the-outside-probe)', async () => {
    const stacked = `Meena${'\u0301'.repeat(4)}`;
    const marked = { ...order, address: { ...order.address, name: stacked, street: stacked, landmark: stacked } };
    const body = { ...day, slots: [{ ...day.slots[0]!, orders: [marked] }] };
    mockApi({ [`GET /admin/visits?date=${today}`]: () => ({ status: 200, body }) });
    renderForAdmin(<DayVisitsPanel />);
    const card = await screen.findByTestId('day-visit');
    expect(within(card).getAllByText(stacked, { exact: false }).length).toBeGreaterThan(0);
    expect(card.classList).toContain('user-text');
    fireEvent.click(within(card).getByTestId('visit-sheet-toggle'));
    expect(screen.getByTestId('order-sheet').classList).toContain('user-text');
  });

  it('says so when the day has no visits, and asks again for another date', async () => {
    const calls = mockApi({
      [`GET /admin/visits?date=${today}`]: () => ({ status: 200, body: { date: today, slots: [] } }),
      'GET /admin/visits?date=2030-01-02': () => ({ status: 200, body: day }),
    });
    renderForAdmin(<DayVisitsPanel />);
    expect(await screen.findByText('No home visits on this day.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('day-visits-date'), { target: { value: '2030-01-02' } });
    expect(await screen.findByTestId('day-visit')).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  describe("the customer's message says the day and the slot once, in her language", () => {
    const saturday = '2026-11-28';
    // The panel opens on the shop's today, which must not be that Saturday (on which its empty
    // day would be the Saturday's own answer): the clock stands on a Friday a week before.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-20T06:30:00Z'));
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const timesSlot = { ...day.slots[0]!, label: '10:00-13:00' };
    const dayOf = (language: 'en' | 'ta' | null): DayVisitsResponse => ({
      date: saturday,
      slots: [{ ...timesSlot, orders: [{ ...order, language }] }],
    });
    async function openDay(language: 'en' | 'ta' | null) {
      mockApi({
        [`GET /admin/visits?date=${shopToday()}`]: () => ({ status: 200, body: { date: shopToday(), slots: [] } }),
        [`GET /admin/visits?date=${saturday}`]: () => ({ status: 200, body: dayOf(language) }),
      });
      renderForAdmin(<DayVisitsPanel />);
      await screen.findByText('No home visits on this day.');
      fireEvent.change(screen.getByTestId('day-visits-date'), { target: { value: saturday } });
      return screen.findByTestId('day-visit');
    }
    const text = (card: HTMLElement) => new URL(within(card).getByTestId('visit-whatsapp').getAttribute('href')!).searchParams.get('text');

    it('writes to an English customer in English, the slot named by its times said once', async () => {
      const card = await openDay('en');
      expect(text(card)).toBe('Hello from Thaiyal. About your order TH-4K7Q2M: our tailor will visit on Sat 28 Nov, 10:00-13:00.');
      expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('10:00-13:00');
      fireEvent.click(within(card).getByTestId('visit-sheet-toggle'));
      expect(within(screen.getByTestId('order-sheet')).getByText('Visit: Sat 28 Nov, 10:00-13:00')).toBeTruthy();
    });

    it('writes to a Tamil customer in Tamil alone, from the English dashboard', async () => {
      const card = await openDay('ta');
      await waitFor(() => expect(text(card)).toContain('28 நவ., சனி'));
      expect(text(card)).toBe('தையல் கடையிலிருந்து வணக்கம். உங்கள் ஆர்டர் TH-4K7Q2M: எங்கள் தையல்காரர் 28 நவ., சனி அன்று 10:00-13:00 நேரத்தில் வருவார்.');
    });

    it('writes in both languages for an order placed before its language was kept', async () => {
      const card = await openDay(null);
      await waitFor(() => expect(text(card)).toContain('28 நவ., சனி'));
      expect(text(card)).toMatch(/^Hello from Thaiyal\. .*Sat 28 Nov, 10:00-13:00\.\nதையல் கடையிலிருந்து/);
    });
  });
});

describe('DayVisitsPanel: each visit’s kind (docs/product.md#trial-and-delivery-visits)', () => {
  const saturday = '2026-11-28';
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T06:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const timesSlot = { ...day.slots[0]!, label: '10:00-13:00' };
  const text = (card: HTMLElement) => new URL(within(card).getByTestId('visit-whatsapp').getAttribute('href')!).searchParams.get('text');

  it('badges each visit with its kind and words the message for a trial or a delivery, in her language', async () => {
    // docs/product.md#trial-and-delivery-visits
    const kinds: DayVisitsResponse = {
      date: saturday,
      slots: [
        {
          ...timesSlot,
          orders: [
            { ...order, language: 'en', kind: 'measure' },
            { ...order, orderId: 'TH-TRIAL1', language: 'en', kind: 'trial' },
            { ...order, orderId: 'TH-DELIV1', language: 'ta', kind: 'delivery' },
          ],
        },
      ],
    };
    mockApi({
      [`GET /admin/visits?date=${shopToday()}`]: () => ({ status: 200, body: { date: shopToday(), slots: [] } }),
      [`GET /admin/visits?date=${saturday}`]: () => ({ status: 200, body: kinds }),
    });
    renderForAdmin(<DayVisitsPanel />);
    await screen.findByText('No home visits on this day.');
    fireEvent.change(screen.getByTestId('day-visits-date'), { target: { value: saturday } });
    await screen.findAllByTestId('day-visit');
    const cards = screen.getAllByTestId('day-visit');
    expect(cards.map((card) => within(card).getByTestId('visit-kind').textContent)).toEqual(['Measuring', 'Trial', 'Delivery']);
    expect(text(cards[0]!)).toContain('our tailor will visit on Sat 28 Nov, 10:00-13:00.');
    expect(text(cards[1]!)).toBe(
      'Hello from Thaiyal. About your order TH-TRIAL1: we will come for your trial fitting on Sat 28 Nov, 10:00-13:00.',
    );
    await waitFor(() => expect(text(cards[2]!)).toContain('28 நவ., சனி'));
    expect(text(cards[2]!)).toBe(
      'தையல் கடையிலிருந்து வணக்கம். உங்கள் ஆர்டர் TH-DELIV1: உங்கள் ஆடையை 28 நவ., சனி அன்று 10:00-13:00 நேரத்தில் டெலிவரி செய்வோம்.',
    );
  });
});

describe('DayVisitsPanel: the order sheet and the measurement book', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('prints what was measured at the visit beside what the customer typed, with the note (docs/product.md#the-measurement-book)', async () => {
    const measured = {
      ...order,
      items: [
        {
          ...order.items[0]!,
          measured: { measurements: { bust: 864 }, unit: 'in' as const, note: 'keep 1 inch margin', at: '2026-11-28T06:30:00.000Z' },
        },
      ],
    };
    mockApi({
      [`GET /admin/visits?date=${today}`]: () => ({ status: 200, body: { ...day, slots: [{ ...day.slots[0]!, orders: [measured] }] } }),
    });
    renderForAdmin(<DayVisitsPanel />);
    fireEvent.click(await screen.findByTestId('visit-sheet-toggle'));
    const sheet = screen.getByTestId('order-sheet');
    // What she typed (Amma's 88.9 cm) stays; what was measured (86.4 cm) is printed under it.
    expect(within(within(sheet).getByTestId('sheet-measurements')).getByText('88.9')).toBeTruthy();
    const taken = within(sheet).getByTestId('sheet-measured');
    expect(taken.querySelector('caption')?.textContent).toBe('Measured at the visit on 28 Nov 2026 · Note: keep 1 inch margin');
    expect([...taken.querySelectorAll('tbody td')].map((cell) => cell.textContent)).toEqual(['Bust', '34.0', '86.4']);
  });
});
