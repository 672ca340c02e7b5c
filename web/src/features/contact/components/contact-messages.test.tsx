import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { makeUser, renderWithApp } from '../../../test/render';
import { ContactMessages } from './contact-messages';

const admin = makeUser({ role: 'admin' });

describe('ContactMessages (docs/product.md#contact: the admin Messages tab)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the messages in the order the server gives (newest first) with ways to answer', async () => {
    mockApi({
      'GET /contact': () => ({
        status: 200,
        body: {
          messages: [
            {
              _id: 'b',
              name: 'Newer',
              email: 'new@example.com',
              phone: '+91 90000 11111',
              message: 'Second\nline two',
              createdAt: '2026-11-02T10:00:00.000Z',
            },
            { _id: 'a', name: 'Older', email: 'old@example.com', phone: '98765', message: 'First', createdAt: '2026-11-01T10:00:00.000Z' },
          ],
          nextCursor: null,
        },
      }),
    });
    renderWithApp(<ContactMessages />, { user: admin });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Newer', 'Older']);
    const newer = cards[0]!;
    expect(within(newer).getByRole('link', { name: 'new@example.com' }).getAttribute('href')).toBe('mailto:new@example.com');
    expect(within(newer).getByRole('link', { name: '+91 90000 11111' }).getAttribute('href')).toBe('tel:+919000011111');
    expect(newer.textContent).toContain('Second\nline two');
    expect(newer.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-02T10:00:00.000Z');
  });

  it("says 'No messages yet' when there are none", async () => {
    mockApi({ 'GET /contact': () => ({ status: 200, body: { messages: [], nextCursor: null } }) });
    renderWithApp(<ContactMessages />, { user: admin });
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    mockApi({ 'GET /contact': () => ({ status: 403, body: { message: 'Admins only', code: 'forbidden' } }) });
    renderWithApp(<ContactMessages />, { user: admin });
    expect(await screen.findByText('The messages could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('reaches older messages with Load more and finds one by its words (docs/product.md#lists-by-page)', async () => {
    const message = (id: string, name: string) => ({
      _id: id,
      name,
      email: `${id}@example.com`,
      phone: '98765',
      message: 'Blouse by Friday?',
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    const calls = mockApi({
      'GET /contact': () => ({ status: 200, body: { messages: [message('m2', 'Newer')], nextCursor: 'older' } }),
      'GET /contact?cursor=older': () => ({ status: 200, body: { messages: [message('m1', 'Oldest')], nextCursor: null } }),
      'GET /contact?q=Friday': () => ({ status: 200, body: { messages: [], nextCursor: null } }),
    });
    renderWithApp(<ContactMessages />, { user: admin });
    await screen.findByRole('article', { name: 'Newer' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Oldest' })).toBeTruthy();
    expect(screen.getByText('That is all: 2 shown')).toBeTruthy();

    const search = screen.getByRole('search', { name: 'Find a message' });
    fireEvent.change(within(search).getByRole('searchbox'), { target: { value: 'Friday' } });
    fireEvent.submit(search);
    expect(await screen.findByText('Nothing matches “Friday”.')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/contact', '/contact?cursor=older', '/contact?q=Friday']);
  });
});
