import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CART_KEY } from '../../features/cart/api/cart';
import { makeUser, renderWithApp, testQueryClient } from '../../test/render';
import { Header } from './header';

const noop = () => {};

describe('Header (docs/product.md#header)', () => {
  it('cuts a long username to 6 characters plus ".." and keeps the full name as a title', () => {
    renderWithApp(<Header menuOpen={false} onMenuToggle={noop} />, { user: makeUser({ username: 'Meenakshi Sundaram' }) });
    const name = screen.getByText('Meenak..');
    expect(name.getAttribute('title')).toBe('Meenakshi Sundaram');
    expect(screen.queryByRole('link', { name: 'signin' })).toBeNull();
  });

  it('shows a short username whole', () => {
    renderWithApp(<Header menuOpen={false} onMenuToggle={noop} />, { user: makeUser({ username: 'Kavya' }) });
    expect(screen.getByText('Kavya')).toBeTruthy();
  });

  it("offers 'signin' to a visitor, with no badge and no Dashboard", () => {
    renderWithApp(<Header menuOpen={false} onMenuToggle={noop} />, { user: null });
    expect(screen.getByRole('link', { name: 'signin' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    expect(screen.queryByRole('link', { name: /Dashboard/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Thaiyal' }).getAttribute('href')).toBe('/');
  });

  it('counts cart lines in the badge and shows Dashboard to an admin only', () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(CART_KEY, {
      items: [
        { _id: 'a', name: 'A', description: '', images: [], price: 100, quantity: 2, category: 'nightwear' },
        { _id: 'b', name: 'B', description: '', images: [], price: 200, quantity: 1, category: 'nightwear' },
      ],
      total: 400,
    });
    renderWithApp(<Header menuOpen={false} onMenuToggle={noop} />, { user: makeUser({ role: 'admin' }), queryClient });
    expect(screen.getByTestId('cart-badge').textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Dashboard/ }).getAttribute('href')).toBe('/admin-only');
  });
});
