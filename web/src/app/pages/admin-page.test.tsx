import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { makeUser, renderWithApp } from '../../test/render';
import { AdminPage } from './admin-page';

describe('AdminPage composes the dashboard with the contact feature (docs/product.md#contact; docs/architecture.md#code-shape)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the contact-form messages in the dashboard's Messages tab", async () => {
    const calls = mockApi({
      'GET /contact': () => ({
        status: 200,
        body: {
          messages: [
            {
              _id: 'a',
              name: 'Meena',
              email: 'meena@example.com',
              phone: '9876543210',
              message: 'Blouse by Friday?',
              createdAt: '2026-11-01T10:00:00.000Z',
            },
          ],
          nextCursor: null,
        },
      }),
    });
    renderWithApp(<AdminPage />, { user: makeUser({ role: 'admin' }), path: '/admin-only?tab=messages' });
    expect(screen.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Messages' });
    const card = await within(panel).findByRole('article');
    expect(within(card).getByRole('heading').textContent).toBe('Meena');
    expect(card.textContent).toContain('Blouse by Friday?');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /contact']);
  });
});
