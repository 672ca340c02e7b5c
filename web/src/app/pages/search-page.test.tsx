import { readListQuery } from '@thaiyal/contract/catalog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedCatalog } from '../../features/catalog/api/page-data';
import { searchProductsQuery } from '../../features/catalog/api/search-products';
import { categoryProductsQuery } from '../../features/catalog/api/category-products';
import { initI18n } from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { LocationProbe, makeProduct, renderWithApp, testQueryClient } from '../../test/render';
import { CategoryPage } from './category-page';
import { SearchPage } from './search-page';

function renderAt(path: string) {
  renderWithApp(
    <>
      <Routes>
        <Route path="/search" element={<SearchPage />} />
        <Route path="/category/:category" element={<CategoryPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { path },
  );
}

const silk = makeProduct({
  _id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Silk Pattu Pavadai',
  price: 1500,
  category: 'trending-pattupavadai',
});
const cotton = makeProduct({
  _id: 'a0000000-0000-4000-8000-000000000002',
  name: 'Cotton Pavadai',
  price: 900,
  category: 'trending-pattupavadai',
});

describe('the search page (docs/product.md#search)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await initI18n('en');
  });

  it('asks the API for the words in the address and shows what it finds, with the count', async () => {
    const calls = mockApi({ 'GET /product/search*': () => ({ status: 200, body: { products: [silk, cotton] } }) });
    renderAt('/search?q=pattu%20pavadai');
    expect(await screen.findByText('Silk Pattu Pavadai')).toBeTruthy();
    expect(screen.getByText('2 designs found for “pattu pavadai”')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/product/search?q=pattu+pavadai']);
    expect((screen.getByRole('searchbox', { name: 'Search our designs' }) as HTMLInputElement).value).toBe('pattu pavadai');
  });

  it('says No products found and offers the categories when nothing matches', async () => {
    mockApi({ 'GET /product/search*': () => ({ status: 200, body: { products: [] } }) });
    renderAt('/search?q=zzqxv');
    expect(await screen.findByText('No products found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Look through our categories' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Trending Pattupavadai' }).getAttribute('href')).toBe('/category/trending-pattupavadai');
  });

  it('offers no “Search the shop” link on the search page itself, only the ways elsewhere', async () => {
    mockApi({ 'GET /product/search*': () => ({ status: 200, body: { products: [] } }) });
    renderAt('/search?q=zzqxv');
    const box = (await screen.findByText('No products found', { selector: '[role="status"]' })).parentElement!;
    expect(
      within(box)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/featured']);
    expect(screen.queryByRole('link', { name: 'Search the shop' })).toBeNull();
  });

  it('asks nothing before a search, and a typed search goes into the address', async () => {
    const calls = mockApi({ 'GET /product/search*': () => ({ status: 200, body: { products: [silk] } }) });
    renderAt('/search');
    const field = screen.getByRole('searchbox', { name: 'Search our designs' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(calls).toEqual([]);
    fireEvent.change(field, { target: { value: '  aari  ' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText('Silk Pattu Pavadai')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/product/search?q=aari']);
  });

  it('shows what went wrong with a retry when the search fails, and the retry asks again', async () => {
    let answers = 0;
    mockApi({
      'GET /product/search*': () =>
        ++answers === 1 ? { status: 503, body: { message: 'Busy', code: 'http_503' } } : { status: 200, body: { products: [silk] } },
    });
    renderAt('/search?q=silk');
    expect(await screen.findByText('Search did not work just now. Please try again in a moment.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search again' }));
    expect(await screen.findByText('Silk Pattu Pavadai')).toBeTruthy();
  });
});

describe("a list's sort and price range in the address (docs/product.md#category-listing)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sorts at once when the sort changes, and keeps the search words', async () => {
    const calls = mockApi({ 'GET /product/search*': () => ({ status: 200, body: { products: [cotton, silk] } }) });
    renderAt('/search?q=pavadai');
    await screen.findByText('Cotton Pavadai');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price-asc' } });
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/product/search?q=pavadai&sort=price-asc'));
  });

  it('refuses a lowest price above the highest with a message and asks nothing', async () => {
    const calls = mockApi({ 'GET /product/category/*': () => ({ status: 200, body: { products: [silk] } }) });
    renderAt('/category/trending-pattupavadai');
    await screen.findByText('Silk Pattu Pavadai');
    fireEvent.change(screen.getByLabelText('Min ₹'), { target: { value: '2000' } });
    fireEvent.change(screen.getByLabelText('Max ₹'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/product/category/trending-pattupavadai']);
    fireEvent.change(screen.getByLabelText('Max ₹'), { target: { value: '2500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toEqual([
        '/product/category/trending-pattupavadai',
        '/product/category/trending-pattupavadai?min=2000&max=2500',
      ]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on a phone, opens the same sort and price range from one Sort & filter button and applies both together', async () => {
    const calls = mockApi({ 'GET /product/category/*': () => ({ status: 200, body: { products: [silk, cotton] } }) });
    renderAt('/category/trending-pattupavadai');
    await screen.findByText('Silk Pattu Pavadai');
    // The inline form is hidden below the sm width, the button hidden from it up (CSS; jsdom shows both).
    const inline = screen.getByRole('form', { name: 'Sort and price range' });
    expect(inline.className).toContain('hidden');
    expect(inline.className).toContain('sm:flex');
    const button = screen.getByRole('button', { name: 'Sort & filter' });
    expect(button.className).toContain('sm:hidden');
    fireEvent.click(button);
    const sheet = screen.getByRole('dialog', { name: 'Sort & filter' });
    // In the sheet a sort waits for Apply, so she can set the price range with it.
    fireEvent.change(within(sheet).getByLabelText('Sort by'), { target: { value: 'price-desc' } });
    fireEvent.change(within(sheet).getByLabelText('Max ₹'), { target: { value: '1600' } });
    expect(calls).toHaveLength(1);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/category/trending-pattupavadai'));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/product/category/trending-pattupavadai?sort=price-desc&max=1600'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // The button says how many choices narrow the list.
    expect(screen.getByRole('button', { name: 'Sort & filter (2)' })).toBeTruthy();
  });

  it('names the Sort & filter button and its sheet in Tamil', async () => {
    await initI18n('ta');
    try {
      mockApi({ 'GET /product/category/*': () => ({ status: 200, body: { products: [silk] } }) });
      renderAt('/category/trending-pattupavadai');
      fireEvent.click(await screen.findByRole('button', { name: 'வரிசை & வடிகட்டி' }));
      expect(screen.getByRole('dialog', { name: 'வரிசைப்படுத்து & வடிகட்டு' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'மூடு' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      await initI18n('en');
    }
  });

  it('reads a hand-edited address as the API would take it, dropping what it would refuse', () => {
    expect(readListQuery(new URLSearchParams('q=%20silk%20&sort=cheapest&min=abc&max=500'))).toEqual({ q: 'silk', max: 500 });
    expect(readListQuery(new URLSearchParams('sort=price-desc&min=900&max=100'))).toEqual({ sort: 'price-desc', min: 900 });
    expect(readListQuery(new URLSearchParams(`q=${'a'.repeat(101)}&min=12.5`))).toEqual({ min: 12.5 });
  });

  it("seeds the server's sorted and searched answers under the queries the pages ask", () => {
    const client = testQueryClient();
    seedCatalog(client, {
      '/product/category/trending-pattupavadai?sort=price-asc&max=2000': { products: [cotton, silk] },
      '/product/search?q=pattu+pavadai': { products: [silk] },
    });
    expect(client.getQueryData(categoryProductsQuery('trending-pattupavadai', { sort: 'price-asc', max: 2000 }).queryKey)).toEqual([
      cotton,
      silk,
    ]);
    expect(client.getQueryData(categoryProductsQuery('trending-pattupavadai').queryKey)).toBeUndefined();
    expect(client.getQueryData(searchProductsQuery({ q: 'pattu pavadai' }).queryKey)).toEqual([silk]);
  });
});
