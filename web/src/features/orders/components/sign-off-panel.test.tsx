import type { Order } from '@thaiyal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { mockApi } from '../../../test/mock-api';
import { makeOrder, renderWithApp } from '../../../test/render';
import { SignOffPanel } from './sign-off-panel';

// docs/product.md#sign-off-before-cutting: before cutting, she sees what the shop will make and
// approves it or asks for a call.

const ASKED = '2026-11-28T04:30:00.000Z';

/** Her order waiting for her approval: a blouse measured at the visit, with notes and a picture, and a frock with her typed profile. */
function pendingOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    status: 'visited',
    totalPrice: 2900,
    items: [
      {
        productId: 'p1',
        name: 'Silk Blouse',
        image: '/uploads/p/a-640.webp',
        quantity: 1,
        price: 1250,
        finalPrice: 1400,
        stitching: {
          profile: null,
          fabric: 'own',
          lining: true,
          notes: 'Boat neck, back hooks',
          pictures: ['/uploads/references/r1.webp'],
        },
        measured: { measurements: { bust: 864 }, unit: 'in', note: 'Keep 1 inch margin', at: '2026-11-27T06:00:00.000Z' },
      },
      {
        productId: 'p2',
        name: 'Girls Frock',
        image: '/uploads/p/b-640.webp',
        quantity: 1,
        price: 1500,
        stitching: {
          profile: { name: 'Priya', unit: 'cm', measurements: { waist: 600 } },
          fabric: 'shop',
          lining: false,
          notes: '',
          pictures: [],
        },
        measured: null,
      },
    ],
    signOff: { state: 'pending', at: ASKED, steps: [{ action: 'asked', at: ASKED, reason: 'owner' }] },
    ...overrides,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignOffPanel', () => {
  it('shows nothing before the shop asks', () => {
    renderWithApp(<SignOffPanel order={makeOrder()} />);
    expect(screen.queryByTestId('sign-off-panel')).toBeNull();
    expect(screen.queryByTestId('sign-off-answer')).toBeNull();
  });

  it('shows the measurements used (measured, else typed), the design notes and pictures and the final price', async () => {
    renderWithApp(<SignOffPanel order={pendingOrder()} />);
    const panel = await screen.findByRole('region', { name: 'Please approve before we cut' });
    // The blouse: measured at the visit (34 in), her notes and her reference picture.
    expect(within(panel).getByText(/Measured by Thaiyal on/)).toBeTruthy();
    expect(within(panel).getByText(/Bust.*34 in/)).toBeTruthy();
    expect(within(panel).getByText(/Boat neck, back hooks/)).toBeTruthy();
    expect(within(panel).getByRole('img', { name: /1/ })).toBeTruthy();
    expect(within(panel).getByText('Silk Blouse × 1: ₹1,400.00 each')).toBeTruthy();
    // The frock: not measured, so what she typed (60 cm).
    expect(within(panel).getByText(/Waist.*60 cm/)).toBeTruthy();
    expect(within(panel).getByText('Final price: ₹2,900.00')).toBeTruthy();
  });

  it('Approve sends her decision', async () => {
    const answered = pendingOrder({ signOff: { state: 'approved', at: ASKED, via: 'online', steps: [] } });
    const calls = mockApi({ 'POST /orders/TH-4K7Q2M/sign-off': () => ({ status: 200, body: { message: 'ok', order: answered } }) });
    renderWithApp(<SignOffPanel order={pendingOrder()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ decision: 'approve' });
  });

  it('Please call me sends her comment, and a refusal is shown in its words with the comment kept', async () => {
    const calls = mockApi({
      'POST /orders/TH-4K7Q2M/sign-off': () => ({
        status: 409,
        body: { code: 'conflict', message: 'The shop has not asked for your approval on this order.', reason: 'signOff.notAsked' },
      }),
    });
    renderWithApp(<SignOffPanel order={pendingOrder()} />);
    fireEvent.change(await screen.findByLabelText('Anything to change? (optional)'), { target: { value: ' Deeper neck please ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Please call me' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ decision: 'call-me', comment: 'Deeper neck please' });
    expect((await screen.findByRole('alert')).textContent).toBe('The shop has not asked for your approval on this order.');
    expect((screen.getByLabelText('Anything to change? (optional)') as HTMLTextAreaElement).value).toBe(' Deeper neck please ');
  });

  it('after she answers: her answer with its time and her comment, no buttons', async () => {
    renderWithApp(
      <SignOffPanel
        order={pendingOrder({ signOff: { state: 'call-requested', at: ASKED, via: 'online', comment: 'Deeper neck', steps: [] } })}
      />,
    );
    const answer = await screen.findByTestId('sign-off-answer');
    expect(answer.textContent).toMatch(/You asked us to call you on 28 Nov 2026, 10:00\s?am/i);
    expect(answer.textContent).toContain('Your comment: Deeper neck');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('speaks Tamil on a Tamil page', async () => {
    await initI18n('ta');
    try {
      renderWithApp(<SignOffPanel order={pendingOrder()} />);
      expect(await screen.findByRole('region', { name: 'வெட்டும் முன் ஒப்புதல் தாருங்கள்' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'என்னை அழையுங்கள்' })).toBeTruthy();
    } finally {
      await initI18n('en');
    }
  });
});
