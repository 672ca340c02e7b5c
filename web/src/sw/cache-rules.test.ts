import { describe, expect, it } from 'vitest';
import {
  dashboardCacheKey,
  isBuildAsset,
  isPublicCatalogApi,
  isShopPicture,
  loadedToKeep,
  navigationCaching,
  offlineLanguage,
  pageCacheKey,
} from './cache-rules';

/**
 * What the service worker keeps and never keeps (docs/security.md#what-the-service-worker-never-keeps,
 * docs/architecture.md#the-service-worker): each rule on the URLs it must take and must leave.
 */

const at = (path: string) => new URL(path, 'https://shop.example');

describe('navigations', () => {
  it.each(['/', '/category/saree-blouse', '/view/abc123/saree-blouse', '/featured', '/faq', '/our/story', '/terms', '/contact'])(
    'keeps the public page %s (stale-while-revalidate)',
    (path) => expect(navigationCaching(at(path))).toBe('public-page'),
  );

  it('keeps the dashboard network first, for the owner’s day offline', () => {
    expect(navigationCaching(at('/admin-only'))).toBe('admin-page');
  });

  it.each([
    '/signin',
    '/signup',
    '/otp',
    '/forgot',
    '/api/reset/secret-token',
    '/cartpage',
    '/wishlist',
    '/address',
    '/placeorder',
    '/order-placed/42',
    '/myOrders',
    '/measurements',
    '/search?q=silk',
    '/track/unguessable-token',
    '/no-such-page',
  ])('never keeps %s', (path) => expect(navigationCaching(at(path))).toBe('network-only'));
});

describe('API answers', () => {
  it.each([
    '/api/product',
    '/api/product/featured',
    '/api/product/tiles',
    '/api/product/category/saree-blouse',
    '/api/product/abc123',
    '/api/banner',
    '/api/shop-info',
    '/api/shop/trust',
  ])('keeps the public catalog answer %s', (path) => expect(isPublicCatalogApi(at(path))).toBe(true));

  it.each([
    '/api/product/recommend',
    '/api/product/search',
    '/api/product/category/saree-blouse?sort=price-asc',
    '/api/product/admin/list',
    '/api/auth/check',
    '/api/cart',
    '/api/wishlist',
    '/api/orders',
    '/api/orders/bill/42',
    '/api/measurements',
    '/api/admin/reports',
    '/api/reset/secret-token',
    '/api/push/key',
    '/track/token',
  ])('never keeps the personal or changing answer %s', (path) => expect(isPublicCatalogApi(at(path))).toBe(false));
});

describe('files', () => {
  it('keeps the shop’s pictures, never a customer’s own', () => {
    expect(isShopPicture(at('/uploads/products/silk-640.webp'))).toBe(true);
    expect(isShopPicture(at('/uploads/banners/aari-1280.webp'))).toBe(true);
    expect(isShopPicture(at('/uploads/references/her-photo-640.webp'))).toBe(false);
    expect(isShopPicture(at('/uploads/products/../references/her-photo-640.webp'))).toBe(false);
  });

  it('knows the build’s hashed files', () => {
    expect(isBuildAsset(at('/assets/index-abc.js'))).toBe(true);
    expect(isBuildAsset(at('/sw.js'))).toBe(false);
  });
});

describe('the page’s language and variant', () => {
  it.each([
    ['ta', ['en-US'], 'ta'],
    ['en', ['ta-IN'], 'en'],
    [undefined, ['ta-IN', 'en'], 'ta'],
    [undefined, ['en-IN', 'ta'], 'en'],
    [undefined, ['ta'], 'ta'],
    [undefined, ['fr'], 'en'],
    ['xx', [], 'en'],
  ] as const)('cookie %s, languages %j: %s', (cookie, languages, language) => {
    expect(offlineLanguage(cookie, languages)).toBe(language);
  });

  it('keeps a page once per language and signed-in-or-not', () => {
    const url = 'https://shop.example/category/aari?x=1';
    const keys = new Set([
      pageCacheKey(url, { language: 'en', signedIn: false }),
      pageCacheKey(url, { language: 'ta', signedIn: false }),
      pageCacheKey(url, { language: 'en', signedIn: true }),
    ]);
    expect(keys.size).toBe(3);
    expect(pageCacheKey(url, { language: 'ta', signedIn: true })).toBe('https://shop.example/category/aari?x=1&sw-variant=ta.1');
  });

  it('keeps the dashboard once for every tab, still per language and signed-in-or-not', () => {
    const owner = { language: 'ta', signedIn: true } as const;
    const tabs = ['/admin-only', '/admin-only?tab=dayVisits', '/admin-only?tab=orders#order-TH-4K7Q2M'].map((path) =>
      dashboardCacheKey(`https://shop.example${path}`, owner),
    );
    expect(new Set(tabs)).toEqual(new Set(['https://shop.example/admin-only?sw-variant=ta.1']));
    expect(dashboardCacheKey('https://shop.example/admin-only?tab=dayVisits', { language: 'en', signedIn: true })).not.toBe(tabs[0]);
    expect(dashboardCacheKey('https://shop.example/admin-only?tab=dayVisits', undefined)).toBe('https://shop.example/admin-only');
  });
});

describe('what a dashboard page asks the worker to keep on her first visit', () => {
  const origin = 'https://shop.example';

  it('keeps the build files and the dashboard page it loaded, once each', () => {
    const urls = [
      `${origin}/admin-only?tab=dayVisits`,
      `${origin}/assets/admin-page-abc.js`,
      `${origin}/assets/index-def.css`,
      `${origin}/assets/admin-page-abc.js`,
    ];
    expect(loadedToKeep(urls, origin)).toEqual({
      assets: [`${origin}/assets/admin-page-abc.js`, `${origin}/assets/index-def.css`],
      pages: [`${origin}/admin-only?tab=dayVisits`],
    });
  });

  it('never keeps what the worker would not keep when fetched through it', () => {
    const urls = [
      `${origin}/api/admin/visits?date=2026-11-28`,
      `${origin}/api/auth/check`,
      `${origin}/uploads/references/a.webp`,
      `${origin}/myOrders`,
      `${origin}/track/unguessable-token`,
      `${origin}/signin`,
      'https://elsewhere.example/assets/x.js',
      'https://elsewhere.example/admin-only',
      'not a url',
      42,
      null,
    ];
    expect(loadedToKeep(urls, origin)).toEqual({ assets: [], pages: [] });
  });

  it('takes nothing from a message without a list', () => {
    expect(loadedToKeep(undefined, origin)).toEqual({ assets: [], pages: [] });
    expect(loadedToKeep(`${origin}/assets/a.js`, origin)).toEqual({ assets: [], pages: [] });
  });
});
