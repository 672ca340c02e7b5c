import { OFFLINE_PAGES } from '@thaiyal/contract/installable';
import { LANGUAGE_COOKIE, SESSION_HINT_COOKIE, type Language } from '@thaiyal/contract/pages';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type RouteHandlerCallbackOptions, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { warmStrategyCache } from 'workbox-recipes';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import {
  dashboardCacheKey,
  isBuildAsset,
  isPublicCatalogApi,
  isShopPicture,
  KEEP_LOADED,
  loadedToKeep,
  navigationCaching,
  offlineLanguage,
  pageCacheKey,
  type PageVariant,
} from './cache-rules';
import { installPushHandlers } from './push';

/**
 * The shop's service worker, served at `/sw.js` (docs/architecture.md#the-service-worker,
 * docs/decisions/022-installable-app.md), built by vite-plugin-pwa from this file with Workbox:
 * - at install, the offline pages are precached and the first load's script and stylesheet (the
 *   app shell) fetched into the build files' cache;
 * - `/assets/…` (named by their content) cache-first; the shop's pictures, public pages' HTML
 *   stale-while-revalidate; the dashboard's HTML and the public catalog answers network first;
 * - every other request goes to the network untouched: personal `/api/` answers, `/track/…`,
 *   `/uploads/references/…`, the sign-in pages are never kept (docs/security.md#what-the-service-worker-never-keeps);
 * - a navigation with no network and nothing kept gets the offline page in her language;
 * - a new version waits until the page asks it to take over (web/src/lib/service-worker.ts),
 *   then every open page reloads, so no page runs half old and half new code.
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The worker's caches; a change of what one holds gets a new name (the old one is then deleted). */
const CACHES = {
  assets: 'thaiyal-assets-v1',
  pictures: 'thaiyal-pictures-v1',
  pages: 'thaiyal-pages-v1',
  admin: 'thaiyal-admin-v1',
  catalog: 'thaiyal-catalog-api-v1',
} as const;

/** How long the network has before a kept answer is shown instead: a phone on a weak signal. Seconds. */
const NETWORK_TIMEOUT_S = 4;

const DAY_S = 24 * 60 * 60;

/** Only whole, successful answers are kept: never a 404 page, a redirect or an error. */
const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

/** The cookies the worker can read (CookieStore: Chromium, Safari; undefined where the browser has none). */
async function readCookie(name: string): Promise<string | undefined> {
  if (!('cookieStore' in self)) return undefined;
  return (await self.cookieStore.get(name).catch(() => null))?.value;
}

/** The language and session hint a page is drawn for, or undefined where cookies cannot be read. */
async function pageVariant(): Promise<PageVariant | undefined> {
  if (!('cookieStore' in self)) return undefined;
  const [language, hint] = await Promise.all([readCookie(LANGUAGE_COOKIE), readCookie(SESSION_HINT_COOKIE)]);
  return { language: offlineLanguage(language, self.navigator.languages), signedIn: hint !== undefined };
}

/** Keeps each page's HTML under its URL and {@link pageVariant} (cache-rules.ts `pageCacheKey`). */
const byVariant: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const variant = await pageVariant();
    return variant ? pageCacheKey(request.url, variant) : request;
  },
};

/** Keeps the dashboard's HTML once for all its tabs (cache-rules.ts `dashboardCacheKey`). */
const dashboardByVariant: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => dashboardCacheKey(request.url, await pageVariant()),
};

/** The offline page in her language (the page's cookie, else her browser's languages). */
async function offlinePage(): Promise<Response> {
  const language: Language = offlineLanguage(await readCookie(LANGUAGE_COOKIE), self.navigator.languages);
  return (await matchPrecache(OFFLINE_PAGES[language])) ?? Response.error();
}

/** The precache's entries split: the offline pages stay in Workbox's precache; the build's files go to the assets cache. */
function installShell(): CacheFirst {
  const entries = self.__WB_MANIFEST;
  const url = (entry: PrecacheEntry | string) => (typeof entry === 'string' ? entry : entry.url);
  precacheAndRoute(entries.filter((entry) => !isBuildAsset(new URL(url(entry), self.location.href))));
  cleanupOutdatedCaches();
  // In the assets cache rather than the precache: a page kept from an earlier version still finds
  // its own version's code there after an update (docs/decisions/022-installable-app.md).
  const assets = new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 90 * DAY_S, purgeOnQuotaError: true })],
  });
  const shell = entries.map(url).filter((path) => isBuildAsset(new URL(path, self.location.href)));
  warmStrategyCache({ urls: shell.map((path) => new URL(path, self.location.href).pathname), strategy: assets });
  return assets;
}

/** The dashboard's HTML, network first, kept for the owner's day offline (docs/decisions/024-owners-day-offline.md). */
function adminPagesStrategy(): NetworkFirst {
  return new NetworkFirst({
    cacheName: CACHES.admin,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    matchOptions: { ignoreVary: true },
    plugins: [onlyOk, dashboardByVariant, new ExpirationPlugin({ maxEntries: 4, purgeOnQuotaError: true })],
  });
}

/** Each kind of request and how it is answered (the module's comment lists them). */
function installRoutes(assets: CacheFirst, adminPages: NetworkFirst): void {
  registerRoute(({ url, sameOrigin }) => sameOrigin && isBuildAsset(url), assets);
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && isShopPicture(url),
    new StaleWhileRevalidate({
      cacheName: CACHES.pictures,
      plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true })],
    }),
  );
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && isPublicCatalogApi(url),
    new NetworkFirst({
      cacheName: CACHES.catalog,
      networkTimeoutSeconds: NETWORK_TIMEOUT_S,
      plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true })],
    }),
  );
  const pageOptions = {
    cacheName: CACHES.pages,
    // The variant is in the key; the server's `Vary: cookie` cannot be matched inside a worker.
    matchOptions: { ignoreVary: true },
    plugins: [onlyOk, byVariant, new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true })],
  };
  const staleWhileRevalidate = new StaleWhileRevalidate(pageOptions);
  // Without cookies to key by, a kept page could be another language's: the network decides while there is one.
  const networkFirst = new NetworkFirst({ ...pageOptions, networkTimeoutSeconds: NETWORK_TIMEOUT_S });
  registerRoute(
    ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && navigationCaching(url) === 'public-page',
    (options: RouteHandlerCallbackOptions) => ('cookieStore' in self ? staleWhileRevalidate : networkFirst).handle(options),
  );
  registerRoute(
    ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && navigationCaching(url) === 'admin-page',
    adminPages,
  );
  // Every other page straight from the network, never kept; a failure is the offline page below.
  registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());
  setCatchHandler(async ({ request }) => (request.destination === 'document' ? offlinePage() : Response.error()));
}

/**
 * Keeps what a dashboard page loaded before the worker controlled it (cache-rules.ts
 * `KEEP_LOADED`): on her first visit the worker installs after the page's `load`, so the
 * dashboard's chunks and its HTML never went through it, and a reload offline that day would find
 * none of them. Each is kept through the same strategy as a request through the worker would be
 * (the build files cache-first, the page network first), then the page's port is answered.
 */
function keepLoaded(event: ExtendableMessageEvent, urls: unknown, assets: CacheFirst, adminPages: NetworkFirst): void {
  const keep = loadedToKeep(urls, self.location.origin);
  const done = [
    ...keep.assets.map((url) => assets.handleAll({ event, request: new Request(url) })[1]),
    ...keep.pages.map((url) => adminPages.handleAll({ event, request: new Request(url) })[1]),
  ];
  event.waitUntil(Promise.allSettled(done).then(() => event.ports[0]?.postMessage({ type: KEEP_LOADED })));
}

const assets = installShell();
const adminPages = adminPagesStrategy();
installRoutes(assets, adminPages);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  // The page's "Reload" on the new-version notice (web/src/lib/service-worker.ts).
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The dashboard's first visit (web/src/features/admin/offline/keep-loaded.ts).
  if (data?.type === KEEP_LOADED) keepLoaded(event, data.urls, assets, adminPages);
});
// A first install controls the open page at once (its visits are kept from the start); an update
// only activates after the page asked, or once no page of the old version is open.
clientsClaim();

installPushHandlers(self);
