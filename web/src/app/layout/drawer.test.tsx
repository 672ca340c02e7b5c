import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { HOME_SECTIONS } from '@thaiyal/contract/catalog';
import { initI18n } from '../../i18n';
import { mockApi, SHOP_INFO_ROUTE } from '../../test/mock-api';
import { LocationProbe, makeUser, renderWithApp } from '../../test/render';
import Drawer from './drawer';
import { RootLayout } from './root-layout';

afterEach(() => {
  vi.unstubAllGlobals();
});

function drawer() {
  return within(screen.getByRole('dialog', { name: 'Menu' }));
}

describe('Drawer contents (docs/product.md#drawer, docs/product.md#limits username cut)', () => {
  it("cuts a long username to 13 characters plus '..' and keeps the full name as a title", () => {
    mockApi(SHOP_INFO_ROUTE);
    renderWithApp(<Drawer open onClose={() => {}} />, { user: makeUser({ username: 'Meenakshi Sundaram' }) });
    const name = drawer().getByText('Meenakshi Sun..');
    expect(name.getAttribute('title')).toBe('Meenakshi Sundaram');
  });

  it('shows a username of exactly 13 characters whole', () => {
    mockApi(SHOP_INFO_ROUTE);
    renderWithApp(<Drawer open onClose={() => {}} />, { user: makeUser({ username: 'Thenmozhi Raj' }) });
    expect(drawer().getByText('Thenmozhi Raj')).toBeTruthy();
    expect(drawer().queryByText(/\.\.$/)).toBeNull();
  });

  it("offers a signed-in shopper My Wishlist and Logout, not 'signin' or Signin", () => {
    mockApi(SHOP_INFO_ROUTE);
    renderWithApp(<Drawer open onClose={() => {}} />, { user: makeUser({ username: 'Kavya' }) });
    expect(drawer().getByRole('link', { name: 'My Wishlist' }).getAttribute('href')).toBe('/wishlist');
    expect(drawer().getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(drawer().queryByRole('link', { name: 'signin' })).toBeNull();
    expect(drawer().queryByRole('link', { name: 'Signin' })).toBeNull();
  });

  it("shows a visitor 'signin' in place of the name and Signin in place of Logout, without My Wishlist", () => {
    mockApi(SHOP_INFO_ROUTE);
    renderWithApp(<Drawer open onClose={() => {}} />, { user: null });
    expect(drawer().getByRole('link', { name: 'signin' }).getAttribute('href')).toBe('/signin');
    expect(drawer().getByRole('link', { name: 'Signin' }).getAttribute('href')).toBe('/signin');
    expect(drawer().queryByRole('link', { name: 'My Wishlist' })).toBeNull();
    expect(drawer().queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('asks to close on a click outside the panel and on a page scroll, not on a click inside', () => {
    mockApi(SHOP_INFO_ROUTE);
    const onClose = vi.fn();
    renderWithApp(<Drawer open onClose={onClose} />, { user: null });
    fireEvent.click(screen.getByRole('dialog', { name: 'Menu' }));
    fireEvent.click(drawer().getByText('Service available only in Pollachi'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('drawer-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.scroll(window);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stops listening for scrolls once closed', () => {
    mockApi(SHOP_INFO_ROUTE);
    const onClose = vi.fn();
    function Closable() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(false)}>
            Shut
          </button>
          <Drawer open={open} onClose={onClose} />
        </>
      );
    }
    renderWithApp(<Closable />, { user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Shut', hidden: true }));
    fireEvent.scroll(window);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Drawer in the layout: opened from the menu toggle, closed on outside click, scroll and route change (docs/product.md#screens, docs/product.md#states-and-transitions)', () => {
  function renderLayout(path = '/') {
    // The header shows a signed-in shopper's cart and wishlist counts.
    mockApi({
      ...SHOP_INFO_ROUTE,
      'GET /cart': () => ({ status: 200, body: { items: [], total: 0 } }),
      'GET /wishlist': () => ({ status: 200, body: { products: [] } }),
    });
    return renderWithApp(
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="/" element={<Link to="/featured">Go to featured</Link>} />
          <Route path="*" element={<p>Another page</p>} />
        </Route>
      </Routes>,
      { user: makeUser({ username: 'Kavya' }), path },
    );
  }

  async function openDrawer() {
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    return screen.findByRole('dialog', { name: 'Menu' });
  }

  /** The header's menu toggle (the drawer's own close button is also named 'Close menu'). */
  function toggle(): HTMLElement {
    return screen.getAllByRole('button', { name: /menu/ }).find((button) => button.getAttribute('aria-controls') === 'site-drawer')!;
  }

  async function expectClosed() {
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-label')).toBe('Open menu');
  }

  it('closes on a click outside the panel and gives focus back to the toggle', async () => {
    renderLayout();
    await openDrawer();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByTestId('drawer-backdrop'));
    await expectClosed();
    expect(document.activeElement).toBe(toggle());
  });

  it('closes when the page scrolls', async () => {
    renderLayout();
    await openDrawer();
    fireEvent.scroll(window);
    await expectClosed();
  });

  it("closes on a route change made from inside the drawer (its 'more info' button)", async () => {
    renderLayout();
    const panel = await openDrawer();
    fireEvent.click(within(panel).getByRole('button', { name: 'more info' }));
    await expectClosed();
  });

  it('closes when its link to the page already shown is followed (Home on home)', async () => {
    renderLayout('/');
    const panel = await openDrawer();
    act(() => {
      within(panel).getByRole('link', { name: 'Home' }).click();
    });
    await expectClosed();
  });

  it('closes on a route change made outside the drawer (a link on the page)', async () => {
    mockApi(SHOP_INFO_ROUTE);
    renderWithApp(
      <>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/" element={<Link to="/featured">Go to featured</Link>} />
            <Route path="*" element={<p>Another page</p>} />
          </Route>
        </Routes>
        <LocationProbe />
      </>,
      { user: null },
    );
    await openDrawer();
    // The overlay covers the page for a pointer; a keyboard or script can still follow a link.
    act(() => {
      screen.getByRole('link', { name: 'Go to featured' }).click();
    });
    expect(screen.getByTestId('location').textContent).toBe('/featured');
    await expectClosed();
  });
});

describe("Drawer's category menu: the home page's five groups with their categories (docs/product.md#drawer)", () => {
  /** The disclosures under `Shop by category`, by their summary's text. */
  function groups(): HTMLDetailsElement[] {
    return [...screen.getByRole('dialog').querySelectorAll('details')];
  }

  it('lists the five groups closed, each holding a link to every category of its home section', () => {
    mockApi(SHOP_INFO_ROUTE);
    const onClose = vi.fn();
    renderWithApp(<Drawer open onClose={onClose} />, { user: null });
    expect(drawer().getByRole('heading', { name: 'Shop by category' })).toBeTruthy();
    const details = groups();
    expect(details.map((group) => group.querySelector('summary')?.textContent)).toEqual([
      'Blouse',
      'Chudithar',
      'Frock',
      'Pattupavadai',
      'Pant',
    ]);
    expect(details.every((group) => !group.open)).toBe(true);
    HOME_SECTIONS.forEach((section, index) => {
      const hrefs = within(details[index]!)
        .getAllByRole('link', { hidden: true })
        .map((link) => link.getAttribute('href'));
      expect(hrefs).toEqual(section.categories.map((slug) => `/category/${slug}`));
    });
    expect(within(details[2]!).getByRole('link', { name: 'Ball Frock', hidden: true }).getAttribute('href')).toBe('/category/ball-frock');
  });

  it('closes the drawer when a category is followed', () => {
    mockApi(SHOP_INFO_ROUTE);
    const onClose = vi.fn();
    renderWithApp(<Drawer open onClose={onClose} />, { user: null });
    const frock = groups()[2]!;
    fireEvent.click(frock.querySelector('summary')!);
    fireEvent.click(within(frock).getByRole('link', { name: 'Gather Frock', hidden: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('names the groups and categories in Tamil on a Tamil page', async () => {
    await initI18n('ta');
    try {
      mockApi(SHOP_INFO_ROUTE);
      renderWithApp(<Drawer open onClose={() => {}} />, { user: null });
      expect(within(screen.getByRole('dialog')).getByRole('heading', { name: 'வகை வாரியாகப் பாருங்கள்' })).toBeTruthy();
      expect(groups().map((group) => group.querySelector('summary')?.textContent)).toEqual([
        'பிளவுஸ்',
        'சுடிதார்',
        'ஃபிராக்',
        'பட்டுப்பாவாடை',
        'பேண்ட்',
      ]);
      expect(within(groups()[2]!).getByRole('link', { name: 'பால் ஃபிராக்', hidden: true }).getAttribute('href')).toBe(
        '/category/ball-frock',
      );
    } finally {
      await initI18n('en');
    }
  });
});
