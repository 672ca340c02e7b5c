import { screen, within } from '@testing-library/react';
import type { ShopTrust } from '@thaiyal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { makeShopInfo, renderWithApp, testQueryClient } from '../../test/render';
import { seedPageData } from '../page-data';
import { HomePage } from './home-page';

const trust: ShopTrust = {
  tailorName: 'S. Meenakshi',
  tailorPhoto: '/uploads/products/tailor1-640.webp',
  reviewCount: 48,
  deliveredCount: 1,
};

/** Home as the server's page data seeds it: no banners, tiles or rows, the shop's contact points and who is behind it. */
function renderHome(shopTrust: ShopTrust = trust) {
  const queryClient = testQueryClient();
  seedPageData(queryClient, {
    '/banner': { banners: [] },
    '/product/tiles': { tiles: {} },
    '/product/featured': { products: [] },
    '/product/recommend': { products: [] },
    '/shop-info': makeShopInfo({ address: '12 Kovai Road, Pollachi 642001' }),
    '/shop/trust': shopTrust,
  });
  return renderWithApp(<HomePage />, { queryClient });
}

describe('home: how it works and who is behind the shop (docs/product.md#home)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the five steps after ordering, in order, from the page data alone', () => {
    // Every answer is in the page: home asks the API nothing.
    const calls = mockApi({});
    renderHome();
    const steps = within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.font-semibold')?.textContent)).toEqual([
      'You order',
      'We call you',
      'Home visit',
      'Stitched for you',
      'Pay on delivery',
    ]);
    expect(steps[4]!.textContent).toContain('Pay in cash when it arrives.');
    expect(calls).toEqual([]);
  });

  it("names the tailor beside her photo, with the shop's address and the counts", () => {
    mockApi({});
    renderHome();
    const card = screen.getByRole('region', { name: 'Who is behind the shop' });
    const photo = within(card).getByRole('img', { name: 'S. Meenakshi, our tailor' });
    expect(photo.getAttribute('src')).toBe('/uploads/products/tailor1-320.webp');
    expect(within(card).getByText('Stitched by S. Meenakshi')).toBeTruthy();
    expect(within(card).getByText('Our shop: 12 Kovai Road, Pollachi 642001')).toBeTruthy();
    const counts = within(card).getByRole('list', { name: 'Our record' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['48 reviews', '1 order delivered']);
  });

  it('leaves out the name, the photo and a count of zero when the shop has none', () => {
    mockApi({});
    renderHome({ tailorName: null, tailorPhoto: null, reviewCount: 0, deliveredCount: 3 });
    const card = screen.getByRole('region', { name: 'Who is behind the shop' });
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).queryByText(/Stitched by/)).toBeNull();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3 orders delivered']);
  });

  it('says it all in Tamil on a Tamil page', async () => {
    await initI18n('ta');
    try {
      mockApi({});
      renderHome();
      expect(screen.getByRole('region', { name: 'எப்படிச் செயல்படுகிறது' })).toBeTruthy();
      const card = screen.getByRole('region', { name: 'இந்தக் கடைக்குப் பின்னால் இருப்பவர்கள்' });
      expect(within(card).getByText('தைப்பவர்: S. Meenakshi')).toBeTruthy();
      expect(within(card).getByText('48 மதிப்புரைகள்')).toBeTruthy();
      expect(within(card).getByText('1 ஆர்டர் டெலிவரி ஆனது')).toBeTruthy();
    } finally {
      await initI18n('en');
    }
  });
});
