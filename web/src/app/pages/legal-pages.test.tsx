import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopInfoQuery } from '../../features/contact/api/shop-info';
import { initI18n } from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { makeShopInfo, renderWithApp, testQueryClient } from '../../test/render';
import { InfoPage } from './info-pages';

/** An information page with the shop's details as the server puts them into every page. */
function renderPage(infoKey: 'terms' | 'returns' | 'faq' | 'delivery') {
  mockApi({});
  const queryClient = testQueryClient();
  queryClient.setQueryData(shopInfoQuery.queryKey, makeShopInfo({ legalName: 'Meena Tailors Private Limited' }));
  renderWithApp(<InfoPage infoKey={infoKey} />, { queryClient });
}

describe('terms, returns and FAQ name the seller (docs/product.md#terms-returns-and-faq)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await initI18n('en');
  });

  it.each([
    ['terms', 'Terms of Sale', 'Payment'],
    ['returns', 'Returns, Refunds and Alterations', 'Free alterations for 7 days'],
    ['faq', 'Frequently Asked Questions', 'Can the price change after measuring?'],
  ] as const)('%s: its heading, its parts and the seller, customer care and grievance officer', (infoKey, title, part) => {
    renderPage(infoKey);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByRole('heading', { level: 2, name: part })).toBeTruthy();
    const seller = screen.getByRole('region', { name: 'Seller details' });
    expect(within(seller).getByText('Meena Tailors Private Limited')).toBeTruthy();
    expect(within(seller).getByText('12 Kovai Road, Pollachi, Coimbatore district, Tamil Nadu 642001')).toBeTruthy();
    expect(within(seller).getByRole('link', { name: 'grievance@thaiyal.in' }).getAttribute('href')).toBe('mailto:grievance@thaiyal.in');
    expect(
      within(seller)
        .getAllByRole('link', { name: '+91 98765 43210' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['tel:+919876543210', 'tel:+919876543210']);
  });

  it('keeps the seller off the other information pages', () => {
    renderPage('delivery');
    expect(screen.queryByRole('region', { name: 'Seller details' })).toBeNull();
  });

  it('reads in Tamil on a Tamil page', async () => {
    await initI18n('ta');
    renderPage('returns');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('திருப்பி அனுப்புதல், பணம் திரும்பப் பெறுதல், ஆல்டரேஷன்'),
    );
    expect(screen.getByRole('heading', { level: 2, name: '7 நாட்களுக்கு இலவச ஆல்டரேஷன்' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'விற்பனையாளர் விவரங்கள்' })).toBeTruthy();
  });
});
