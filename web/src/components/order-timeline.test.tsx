import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { renderWithApp } from '../test/render';
import { OrderTimeline } from './order-timeline';

// docs/product.md#my-orders: each step with its date and time in the shop's time zone, named as a customer understands it.
const timeline = [
  { status: 'call', at: '2025-03-05T10:00:00.000Z' },
  { status: 'visited', at: '2025-03-07T04:45:00.000Z' },
  { status: 'delivered', at: '2025-03-20T12:05:00.000Z' },
] as const;

describe('OrderTimeline', () => {
  it('lists every step oldest first with its customer name and its India time', async () => {
    renderWithApp(<OrderTimeline timeline={timeline} />);
    const list = await screen.findByRole('list', { name: 'Order timeline' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Order received - we will call you5 Mar 2025, 3:30\s?pm$/i),
      expect.stringMatching(/^Home visit done7 Mar 2025, 10:15\s?am$/i),
      expect.stringMatching(/^Delivered20 Mar 2025, 5:35\s?pm$/i),
    ]);
    expect(steps[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-05T10:00:00.000Z');
  });

  it('names the steps in Tamil on a Tamil page', async () => {
    await initI18n('ta');
    try {
      renderWithApp(<OrderTimeline timeline={timeline} />);
      const list = await screen.findByRole('list', { name: 'ஆர்டரின் நிலைகள்' });
      expect(within(list).getByText('டெலிவரி ஆனது')).toBeTruthy();
      expect(within(list).getByText('வீட்டு வருகை முடிந்தது')).toBeTruthy();
      // The time is written for a Tamil page, still in India's time: 10:00 UTC is 3:30 pm in
      // Asia/Kolkata (UTC+5:30). Written out here rather than recomputed with Intl, so a change
      // of zone, locale or options in formatShopTime fails this test; `\s` takes either space
      // ICU puts before the day period.
      expect(within(list).getAllByRole('listitem')[0]!.querySelector('time')?.textContent).toMatch(/^5 மார்\., 2025, 3:30\sPM$/);
    } finally {
      await initI18n('en');
    }
  });

  it('shows her approval steps to both, and the owner’s “designed without approval” record only on the owner’s card (docs/product.md#sign-off-before-cutting)', () => {
    const signOff = {
      state: 'approved' as const,
      at: '2025-03-08T06:00:00.000Z',
      designedWithoutApproval: true,
      steps: [
        { action: 'designed-without-approval' as const, at: '2025-03-07T06:00:00.000Z' },
        { action: 'asked' as const, at: '2025-03-07T08:00:00.000Z', reason: 'owner' as const },
        { action: 'approved' as const, at: '2025-03-08T06:00:00.000Z', via: 'online' as const },
      ],
    };
    const texts = () => screen.getAllByRole('listitem').map((step) => step.querySelector('span.block')?.textContent);
    const { unmount } = renderWithApp(<OrderTimeline timeline={timeline} signOff={signOff} />);
    expect(texts()).not.toContain('Set to designed without approval');
    expect(texts()).toContain('Approved by the customer');
    unmount();
    renderWithApp(<OrderTimeline timeline={timeline} signOff={signOff} forOwner />);
    expect(texts()).toContain('Set to designed without approval');
  });

  it('shows nothing for an empty timeline', () => {
    const { container } = renderWithApp(<OrderTimeline timeline={[]} />);
    expect(container.querySelector('ol')).toBeNull();
  });
});
