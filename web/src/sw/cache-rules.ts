import { isLanguage, matchPage, PAGES, type Language, type PageRoute } from '@thaiyal/contract/pages';

/**
 * What the service worker keeps and what it never keeps (docs/architecture.md#the-service-worker,
 * docs/security.md#what-the-service-worker-never-keeps, docs/decisions/022-installable-app.md):
 * plain functions of a URL, so a test can hold every rule without a service worker.
 */

/**
 * How a navigation (a page asked for by the address bar, a link, a reload) is answered:
 * - `public-page`: a page the page table lists for search engines (home, a category, a product,
 *   the featured row, the information pages): the same for every visitor, so its HTML is kept
 *   (stale-while-revalidate) and opens offline;
 * - `admin-page`: the dashboard (`/admin-only`), network first, kept for the owner's day offline;
 * - `network-only`: every other page (sign-in, sign-up, the reset link under `/api/reset/`, the
 *   cart, checkout, orders, measurements, search, the shared tracking page `/track/…`): never
 *   kept; offline it is the offline page.
 */
export type NavigationCaching = 'public-page' | 'admin-page' | 'network-only';

/** How the navigation to `url` is answered ({@link NavigationCaching}); the query string does not change it. */
export function navigationCaching(url: URL): NavigationCaching {
  const match = matchPage(url.pathname);
  if (match.id === 'admin') return 'admin-page';
  // The tracking page is the server's own (modules/orders); the page table only knows its path as not found.
  if (match.id === 'notFound') return 'network-only';
  const page = PAGES[match.id] as PageRoute;
  return page.access === 'public' && page.listed ? 'public-page' : 'network-only';
}

/**
 * The catalog's public answers, the same for everyone (no session read): the products, a
 * category's, the featured row, home's tiles, one product, the banners, the shop's contact
 * details and its trust counts. Not `/api/product/recommend` (a signed-in shopper's own), not
 * `/api/product/search`, and nothing with a query string (sorted or narrowed lists).
 */
const PUBLIC_CATALOG_API =
  /^\/api\/(?:banner|shop-info|shop\/trust|product(?:\/(?:featured|tiles|category\/[a-z0-9-]+|(?!recommend$|search$)[A-Za-z0-9_-]+))?)$/;

/**
 * Whether `url` is a public catalog answer the worker may keep, so that moving between catalog
 * pages already seen works offline. Every other `/api/` answer (session, cart, wishlist,
 * orders, measurements, the dashboard's, push keys) is never kept: it is personal.
 */
export function isPublicCatalogApi(url: URL): boolean {
  return url.search === '' && PUBLIC_CATALOG_API.test(url.pathname);
}

/** The shop's own pictures (products, banners): never `/uploads/references/`, a customer's own. */
const SHOP_PICTURE = /^\/uploads\/(?:products|banners)\/[^/]+$/;

/** Whether `url` is one of the shop's pictures (kept stale-while-revalidate, a capped number). */
export function isShopPicture(url: URL): boolean {
  return SHOP_PICTURE.test(url.pathname);
}

/** Whether `url` is a file of the web build named by its content (`/assets/…`, kept cache-first). */
export function isBuildAsset(url: URL): boolean {
  return url.pathname.startsWith('/assets/');
}

/**
 * The language of the offline page, by the server's rule for pages (docs/product.md#languages,
 * server/src/platform/request-language.ts): the language cookie when it names one, else Tamil
 * when the browser ranks Tamil above English (or lists Tamil and not English), else English.
 * @param cookie the language cookie's value, if the worker could read it.
 * @param languages the browser's languages, most preferred first (`navigator.languages`).
 */
export function offlineLanguage(cookie: string | undefined, languages: readonly string[]): Language {
  if (isLanguage(cookie)) return cookie;
  const rank = (code: string) => languages.findIndex((language) => language.toLowerCase().split('-')[0] === code);
  const tamil = rank('ta');
  const english = rank('en');
  return tamil >= 0 && (english < 0 || tamil < english) ? 'ta' : 'en';
}

/** What a page's HTML depends on besides its URL: the language and whether the session hint is there. */
export interface PageVariant {
  language: Language;
  signedIn: boolean;
}

/**
 * The key a page's HTML is kept under: its URL with the variant added, so that a page drawn in
 * English, or for a visitor, is never served after she picks Tamil or signs in (React would find
 * the server's HTML unlike its own first render).
 */
export function pageCacheKey(url: string, variant: PageVariant): string {
  const key = new URL(url);
  key.searchParams.set('sw-variant', `${variant.language}.${variant.signedIn ? 1 : 0}`);
  return key.href;
}

/**
 * The key the dashboard's HTML is kept under: `/admin-only` without its query, with the variant
 * when known. The tab she was on (`?tab=dayVisits`) is chosen in the browser from the address, and
 * the server draws the same page for every tab, so one kept page opens every tab offline
 * (docs/decisions/024-owners-day-offline.md#what-is-loaded-before-she-leaves).
 */
export function dashboardCacheKey(url: string, variant: PageVariant | undefined): string {
  const page = new URL(url);
  page.search = '';
  page.hash = '';
  return variant ? pageCacheKey(page.href, variant) : page.href;
}

/**
 * The message a page of the dashboard posts to the worker when it was loaded before the worker
 * controlled it (her first visit): `{type: KEEP_LOADED, urls}` with the page's own URL and the
 * files it loaded, and a port the worker answers on (`{type: KEEP_LOADED}`) once they are kept
 * (docs/decisions/024-owners-day-offline.md#what-is-loaded-before-she-leaves).
 */
export const KEEP_LOADED = 'KEEP_LOADED';

/** What {@link loadedToKeep} keeps: build files (cache-first) and dashboard pages (network first), as absolute URLs. */
export interface LoadedToKeep {
  assets: string[];
  pages: string[];
}

/** At most this many URLs are taken from one message: a page loads a few dozen files. */
const MAX_LOADED = 200;

/** `value` as a URL, or undefined (`URL.canParse` is too new for the phones the shop serves). */
function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * Of the URLs a page says it loaded, those the worker may keep by its own rules: the shop's build
 * files (`/assets/…`) and the dashboard page, on the worker's origin. Anything else (another
 * origin, an API answer, a customer's picture, a page never kept, something not a URL) is left
 * out, so a message can never make the worker keep what it would not keep when fetched through it
 * (docs/security.md#what-the-service-worker-never-keeps).
 * @param urls the message's `urls` (unchecked: a page's message).
 * @param origin the worker's origin (`self.location.origin`).
 */
export function loadedToKeep(urls: unknown, origin: string): LoadedToKeep {
  const keep: LoadedToKeep = { assets: [], pages: [] };
  if (!Array.isArray(urls)) return keep;
  for (const value of urls.slice(0, MAX_LOADED)) {
    const url = typeof value === 'string' ? parsedUrl(value) : undefined;
    if (url?.origin !== origin) continue;
    if (isBuildAsset(url)) keep.assets.push(url.href);
    else if (navigationCaching(url) === 'admin-page') keep.pages.push(url.href);
  }
  return { assets: [...new Set(keep.assets)], pages: [...new Set(keep.pages)] };
}
