import { describe, expect, it } from 'vitest';
import { isLanguage, matchPage, PAGE_REDIRECTS, PAGES, pagePath, pageUrl, type PageId, type PageRoute } from './pages.js';

describe('matchPage: the page that draws a path, as React Router matches it', () => {
  it.each([
    ['/', 'home', {}],
    ['', 'home', {}],
    ['/category/saree-blouse', 'category', { category: 'saree-blouse' }],
    ['/category/saree-blouse/', 'category', { category: 'saree-blouse' }],
    ['/Category/saree-blouse', 'category', { category: 'saree-blouse' }],
    ['/category/%E0%AE%A4', 'category', { category: 'த' }],
    ['/view/abc/nightwear', 'product', { viewID: 'abc', category: 'nightwear' }],
    ['/api/reset/t0k3n', 'reset', { token: 't0k3n' }],
    ['/myOrders', 'myOrders', {}],
    ['/myorders', 'myOrders', {}],
    ['/oppurtunities', 'opportunities', {}],
    ['/confirm/address', 'confirmAddress', {}],
    ['/admin-only', 'admin', {}],
  ])('%s → %s %j', (path, id, params) => {
    expect(matchPage(path)).toEqual({ id, params });
  });

  it.each([
    '/no/such/page',
    '/category',
    '/category/a/b',
    '/view/only-id',
    '/view/a/b/c',
    '/api/reset',
    '/category/%E0%A4%A',
    '/opportunities',
  ])('%s is not found', (path) => {
    expect(matchPage(path)).toEqual({ id: 'notFound', params: {} });
  });

  it('matches every page of the table by its own path', () => {
    for (const [id, page] of Object.entries(PAGES) as Array<[PageId, { path: string }]>) {
      const path = page.path.replace(/:\w+/g, 'x').replace('*', 'no/such/page');
      expect(matchPage(path).id, path).toBe(id);
    }
  });

  it('has no two pages with the same path, and redirects only to pages of the table', () => {
    const paths = Object.values(PAGES).map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [from, to] of Object.entries(PAGE_REDIRECTS)) {
      expect(matchPage(from).id).toBe('notFound');
      expect(matchPage(to).id).not.toBe('notFound');
    }
  });
});

describe("the page table's data (docs/performance.md#what-a-page-carries)", () => {
  it("never puts the whole catalog into a page: home carries its tiles' pictures instead", () => {
    for (const [id, page] of Object.entries(PAGES) as Array<[PageId, PageRoute]>) expect(page.data ?? [], id).not.toContain('/product');
    expect(PAGES.home.data).toEqual(['/banner', '/product/tiles', '/product/featured', '/product/recommend']);
  });
});

describe('pagePath and pageUrl', () => {
  it('fill in and encode the parameters', () => {
    expect(pagePath('home')).toBe('/');
    expect(pagePath('product', { viewID: 'a b', category: 'saree-blouse' })).toBe('/view/a%20b/saree-blouse');
    expect(pagePath('reset', { token: 'x/y' })).toBe('/api/reset/x%2Fy');
    expect(pageUrl('https://thaiyal.in', 'myOrders')).toBe('https://thaiyal.in/myOrders');
    expect(pageUrl('https://thaiyal.in', 'reset', { token: 'abc' })).toBe('https://thaiyal.in/api/reset/abc');
  });

  it('refuses a missing parameter', () => {
    expect(() => pagePath('category', {} as { category: string })).toThrow(/lacks :category/);
  });
});

describe('isLanguage', () => {
  it.each([
    ['en', true],
    ['ta', true],
    ['fr', false],
    ['', false],
    [undefined, false],
    ['EN', false],
  ])('%j → %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});
