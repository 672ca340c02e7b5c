import type { Alteration, Order } from '@thaiyal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { makeOrder, makeUser, renderWithApp } from '../../../test/render';
import { GarmentAlteration, withinAlterationWindow } from './alteration-request';

// docs/product.md#free-alterations: within ALTERATION_DAYS of delivery My Orders offers "Ask for an
// alteration" per garment; after it, the window is explained with a WhatsApp link.

const PRODUCT = '00000000-0000-4000-8000-0000000000b1';
// Delivered Monday 2 November 2026, 09:30 in Pollachi.
const delivered: Order = makeOrder({
  status: 'delivered',
  items: [{ productId: PRODUCT, name: 'Blouse', image: '/b.webp', quantity: 1, price: 500, stitching: makeOrder().items[0]!.stitching }],
  timeline: [
    { status: 'call', at: '2026-10-25T04:00:00.000Z' },
    { status: 'delivered', at: '2026-11-02T04:00:00.000Z' },
  ],
  alterations: [],
});
const ON_DAY_7 = new Date('2026-11-09T18:29:00Z');
const ON_DAY_8 = new Date('2026-11-09T18:31:00Z');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('withinAlterationWindow', () => {
  it('is open through the 7th shop day after delivery, closed on the 8th and before delivery', () => {
    expect(withinAlterationWindow(delivered, 7, ON_DAY_7)).toBe(true);
    expect(withinAlterationWindow(delivered, 7, ON_DAY_8)).toBe(false);
    expect(withinAlterationWindow({ ...delivered, status: 'designed' }, 7, ON_DAY_7)).toBe(false);
  });
});

describe('GarmentAlteration', () => {
  it('asks for an alteration: what is wrong, where, a note, then Send; the new alteration is posted', async () => {
    const made: Alteration = {
      id: '00000000-0000-4000-8000-0000000000a1',
      productId: PRODUCT,
      problem: 'tight',
      where: 'left sleeve',
      note: 'Tight at the arm',
      status: 'requested',
      requestedAt: '2026-11-04T06:00:00.000Z',
      pickedUpAt: null,
      doneAt: null,
      pictures: [],
    };
    const calls = mockApi({ 'POST /orders/*': () => ({ status: 201, body: { message: 'Alteration requested', alteration: made } }) });
    renderWithApp(<GarmentAlteration order={delivered} productId={PRODUCT} days={7} now={ON_DAY_7} />, { user: makeUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for an alteration' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose what is wrong: tight, loose, length or other');
    fireEvent.click(screen.getByRole('radio', { name: 'Too tight' }));
    fireEvent.change(screen.getByLabelText(/Where/), { target: { value: 'left sleeve' } });
    fireEvent.change(screen.getByLabelText('What should we change?'), { target: { value: 'Tight at the arm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `/orders/${delivered.orderId}/alterations`,
      body: { productId: PRODUCT, problem: 'tight', where: 'left sleeve', note: 'Tight at the arm', pictureIds: [] },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send' })).toBeNull());
  });

  it('shows an open alteration’s step instead of the button', () => {
    const order = {
      ...delivered,
      alterations: [
        {
          id: 'a1',
          productId: PRODUCT,
          problem: 'length' as const,
          where: '',
          note: 'Shorten',
          status: 'picked-up' as const,
          requestedAt: '2026-11-03T06:00:00.000Z',
          pickedUpAt: '2026-11-04T06:00:00.000Z',
          doneAt: null,
          pictures: [],
        },
      ],
    };
    renderWithApp(<GarmentAlteration order={order} productId={PRODUCT} days={7} now={ON_DAY_7} />);
    expect(screen.getByTestId('alteration-status').textContent).toBe('Picked up for alteration: Length');
    expect(screen.queryByRole('button', { name: 'Ask for an alteration' })).toBeNull();
  });

  it('after the window explains it and offers WhatsApp', () => {
    renderWithApp(
      <GarmentAlteration order={delivered} productId={PRODUCT} days={7} now={ON_DAY_8} whatsappHref="https://wa.me/919876543210" />,
    );
    expect(screen.queryByRole('button', { name: 'Ask for an alteration' })).toBeNull();
    expect(screen.getByTestId('alteration-window').textContent).toContain('Free alterations are for 7 days after delivery.');
    const link = screen.getByRole('link', { name: 'Message us on WhatsApp' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
  });

  it('offers nothing on an order not delivered', () => {
    const { container } = renderWithApp(
      <GarmentAlteration order={{ ...delivered, status: 'designed' }} productId={PRODUCT} days={7} now={ON_DAY_7} />,
    );
    expect(container.textContent).toBe('');
  });
});
