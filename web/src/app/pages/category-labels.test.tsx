import { HOME_SECTIONS, PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS, categoryTitle } from '@thaiyal/contract/catalog';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { CategoryTiles } from '../../features/catalog/components/category-tiles';
import { initI18n } from '../../i18n';
import en from '../../i18n/en.json';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { CategoryPage } from './category-page';

const chudithar = HOME_SECTIONS.find((section) => section.key === 'chudithar')!;

function tileText(slug: string): string | null | undefined {
  return screen.getAllByRole('link').find((link) => link.getAttribute('href') === `/category/${slug}`)?.textContent;
}

function renderCategoryPage(slug: string) {
  mockApi({ [`GET /product/category/${slug}`]: () => ({ status: 200, body: { products: [] } }) });
  renderWithApp(
    <Routes>
      <Route path="/category/:category" element={<CategoryPage />} />
    </Routes>,
    { path: `/category/${slug}` },
  );
}

describe('category labels: home tiles follow PRODUCT_CATEGORY_LABELS, the category page the slug (docs/product.md#screens, docs/product.md#limits)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await initI18n('en');
  });

  it.each(PRODUCT_CATEGORIES.map((slug) => [slug]))('labels %s in English as its contract label, title-cased', (slug) => {
    expect(en.categories[slug]).toBe(categoryTitle(PRODUCT_CATEGORY_LABELS[slug]));
  });

  it("shows the party-wear-chudithar tile as 'Gather Chudithar', and in Tamil too", async () => {
    renderWithApp(<CategoryTiles section={chudithar} pictureOf={() => undefined} />);
    expect(tileText('party-wear-chudithar')).toBe('Gather Chudithar');
    expect(tileText('umbrella-chudithar')).toBe('Umbrella Chudithar');
    await initI18n('ta');
    await waitFor(() => expect(tileText('party-wear-chudithar')).toBe('கேதர் சுடிதார்'));
  });

  it("keeps the slug, title-cased, as that category page's heading, and its Tamil translation", async () => {
    renderCategoryPage('party-wear-chudithar');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Party Wear Chudithar');
    expect(await screen.findByText('No products found')).toBeTruthy();
  });

  it('heads the page in Tamil with the translated slug', async () => {
    await initI18n('ta');
    renderCategoryPage('party-wear-chudithar');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('பார்ட்டி வேர் சுடிதார்');
  });

  it('heads a category whose label equals its slug with the slug, title-cased', async () => {
    renderCategoryPage('gather-frock');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Gather Frock');
  });

  it('shows the not-found page for a category that does not exist, without asking the API', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(
      <Routes>
        <Route path="/category/:category" element={<CategoryPage />} />
      </Routes>,
      { path: '/category/silk-shawl' },
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
