import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
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

/** The address the app is at, with its query string. */
function AddressProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{pathname + search}</p>;
}

describe("Header's search (docs/product.md#header, docs/product.md#search)", () => {
  it('is a labelled search form whose words open the search page, trimmed, beside a link to it for a phone', () => {
    renderWithApp(
      <>
        <Header menuOpen={false} onMenuToggle={noop} />
        <AddressProbe />
      </>,
      { user: null, path: '/category/saree-blouse' },
    );
    const form = screen.getByRole('search');
    expect(form.getAttribute('action')).toBe('/search');
    const field = within(form).getByRole('searchbox', { name: 'Search our designs' });
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
    fireEvent.change(field, { target: { value: '  pattu pavadai ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('address').textContent).toBe('/search?q=pattu+pavadai');
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('opens the search page with its suggestions when no words are given', () => {
    renderWithApp(
      <>
        <Header menuOpen={false} onMenuToggle={noop} />
        <AddressProbe />
      </>,
      { user: null, path: '/' },
    );
    const form = screen.getByRole('search');
    fireEvent.change(within(form).getByRole('searchbox'), { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(screen.getByTestId('address').textContent).toBe('/search');
  });

  it('steps aside on the search page, which has its own field', () => {
    renderWithApp(<Header menuOpen={false} onMenuToggle={noop} />, { user: null, path: '/search?q=aari' });
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Search' })).toBeNull();
  });

  it('is named in Tamil on a Tamil page', async () => {
    await initI18n('ta');
    try {
      renderWithApp(<Header menuOpen={false} onMenuToggle={noop} />, { user: null });
      expect(within(screen.getByRole('search')).getByRole('searchbox', { name: 'ஆடைகளைத் தேடுங்கள்' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'தேடுங்கள்' }).getAttribute('href')).toBe('/search');
    } finally {
      await initI18n('en');
    }
  });
});
