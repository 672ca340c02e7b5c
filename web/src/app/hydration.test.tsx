import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Language, RenderPage, ShopInfo } from '@thaiyal/contract';
import { PAGE_DATA_ELEMENT_ID } from '@thaiyal/contract/pages';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { makeBanner, makeProduct, makeShopInfo } from '../test/render';
import { buildServerRender } from '../test/server-build';
import { startApp } from './start';

/**
 * Every kind of page rendered by the server's entry (entry-server.tsx) and hydrated by the
 * browser's start (start.tsx), as in production but on React's development build, which
 * reports what its production build keeps quiet: a mismatch of text or attributes between the
 * server's HTML and the browser's first render, or any other warning (docs/architecture.md#rendering).
 */

const silk = makeProduct({ _id: '0b7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e10', name: 'Kanchi Silk Blouse', price: 1250.5, isFeatured: true });
const cotton = makeProduct({
  _id: '1c8d7b63-4f1f-4b9f-8b64-3a5a4d2e0f21',
  name: 'Cotton Blouse',
  price: 600,
  images: [],
  isFeatured: true,
});
const banner = makeBanner();
const shop: ShopInfo = makeShopInfo();

/** Pages of every kind, each drawn from the answers the server puts into it ({@link serverData}). */
const PAGES: Array<{ url: string; signedIn?: boolean; heading: RegExp }> = [
  { url: '/', heading: /.+/ },
  { url: '/category/saree-blouse', heading: /Saree Blouse|புடவை பிளவுஸ்/ },
  { url: `/view/${silk._id}/saree-blouse`, heading: /Kanchi Silk Blouse|காஞ்சி பட்டு புடவை பிளவுஸ்/ },
  { url: '/view/00000000-0000-4000-8000-000000000000/saree-blouse', heading: /.+/ },
  { url: '/featured', heading: /.+/ },
  // A sorted and narrowed list, and search results, as the server puts them into the page.
  { url: '/category/saree-blouse?sort=price-asc&max=2000', heading: /Saree Blouse|புடவை பிளவுஸ்/ },
  { url: '/featured?sort=price-desc', heading: /.+/ },
  { url: '/search?q=silk&sort=price-asc', heading: /.+/ },
  { url: '/search', heading: /.+/ },
  { url: '/contact', heading: /.+/ },
  { url: '/our/story', heading: /.+/ },
  { url: '/signin', heading: /.+/ },
  { url: '/no/such/page', heading: /.+/ },
  { url: '/category/silk-shawl', heading: /.+/ },
  { url: '/cartpage', signedIn: true, heading: /Please wait|.+/ },
  { url: '/admin-only', signedIn: true, heading: /.+/ },
  { url: '/myOrders', signedIn: true, heading: /.+/ },
  { url: '/', signedIn: true, heading: /.+/ },
];

/**
 * The API answers the server puts into each page of {@link PAGES} (server/src/modules/pages
 * `pageData`, from the contract's page table), as the server parses them before it renders: the
 * shop's contact points on every page; a search finds both blouses. Worked out by the server's own
 * code from these fixtures, in Node (server/test/page-data-cli.ts): the catalog is the server's
 * in-memory snapshot of both blouses (newest first) and the banner.
 */
let serverPages: Record<string, Record<string, unknown>>;

/** {@link serverPages} of one page. */
async function serverData(url: string): Promise<Record<string, unknown>> {
  const data = serverPages[url];
  if (!data) throw new Error(`No server page data for ${url}: add it to PAGES`);
  return data;
}

/** Run the server's page data for these fixtures (server/test/page-data-cli.ts). */
function loadServerPages(): Record<string, Record<string, unknown>> {
  // import.meta.dirname: under jsdom, `URL` is jsdom's, which Node's fileURLToPath refuses.
  const root = resolve(import.meta.dirname, '..', '..', '..');
  const input = {
    products: [silk, cotton],
    banners: [banner],
    shop,
    // Home's who-is-behind-the-shop, as the database would answer it: a named tailor with a photo.
    trust: { tailorName: 'S. Meenakshi', tailorPhoto: '/uploads/products/tailor1-640.webp', reviewCount: 3, deliveredCount: 12 },
    search: [silk, cotton],
    urls: [...new Set(PAGES.map((page) => page.url))],
  };
  const output = execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--conditions=development', 'server/test/page-data-cli.ts'],
    { cwd: root, input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output) as Record<string, Record<string, unknown>>;
}

let root: Root | undefined;
let render: RenderPage;

beforeAll(async () => {
  serverPages = loadServerPages();
  render = await buildServerRender();
  // React's act() flushes the hydration before the checks below.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
}, 120_000);

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  document.cookie = 'signed_in=; Max-Age=0; Path=/';
  document.cookie = 'lang=; Max-Age=0; Path=/';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await initI18n('en');
});

describe('pages rendered on the server hydrate without a warning', () => {
  it.each(
    (['en', 'ta'] as Language[]).flatMap((language) => PAGES.map((page) => [language, page.url, page.signedIn ?? false, page] as const)),
  )('%s %s (signed in: %s)', async (language, url, signedIn, page) => {
    const data = await serverData(url);
    const rendered = await render({ url, language, signedIn, data });
    expect(rendered.redirect).toBeUndefined();

    // The document as the server sends it.
    window.history.replaceState(null, '', url);
    document.documentElement.lang = language;
    if (signedIn) document.cookie = 'signed_in=1; Path=/';
    document.body.innerHTML = `<div id="root">${rendered.html}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}"></script>`;
    document.getElementById(PAGE_DATA_ELEMENT_ID)!.textContent = JSON.stringify(data);
    const serverHeading = document.querySelector('main h1, main h2, main [role="status"]');
    expect(serverHeading?.textContent).toMatch(page.heading);

    // Nothing the page was drawn from is asked again; the auth check (signed in) is left
    // unanswered, so the page stays as it was hydrated.
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const uncaught: unknown[] = [];
    const onError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message);
    window.addEventListener('error', onError);
    try {
      await act(async () => {
        root = await startApp(document);
      });
    } finally {
      window.removeEventListener('error', onError);
    }

    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    expect(warnings.mock.calls.map((call) => String(call[0]))).toEqual([]);
    expect(uncaught).toEqual([]);
    // Hydrated, not drawn again: the server's elements are the ones on screen.
    expect(document.querySelector('main h1, main h2, main [role="status"]')).toBe(serverHeading);
    if (!signedIn) expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the auth check of a page rendered with it pending', () => {
  it('waits until the whole page, its Suspense boundary included, is hydrated, so its answer cannot change what the page first draws', async () => {
    const shopper = {
      _id: '5d1f9a0e-7b2c-4c1d-8e3f-9a0b1c2d3e4f',
      username: 'Meena',
      email: 'meena@example.com',
      role: 'customer',
      address: null,
    };
    const data = await serverData('/');
    const rendered = await render({ url: '/', language: 'en', signedIn: true, data });
    window.history.replaceState(null, '', '/');
    document.documentElement.lang = 'en';
    document.cookie = 'signed_in=1; Path=/';
    document.body.innerHTML = `<div id="root">${rendered.html}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}"></script>`;
    document.getElementById(PAGE_DATA_ELEMENT_ID)!.textContent = JSON.stringify(data);
    // The check answers at once (the signed-in shopper's own recommendations never come).
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/auth/check')
          ? new Response(JSON.stringify({ user: shopper }), { status: 200, headers: { 'Content-Type': 'application/json' } })
          : new Promise<Response>(() => {}),
      ),
    );
    const errors = vi.spyOn(console, 'error');
    const uncaught: unknown[] = [];
    const onError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message);
    window.addEventListener('error', onError);
    try {
      // No act(): React hydrates as a browser would, the page's boundary in a later task.
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
      root = await startApp(document);
      await vi.waitFor(() => expect(document.querySelector('header')?.textContent).toContain('Meena'));
    } finally {
      window.removeEventListener('error', onError);
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    expect(uncaught).toEqual([]);
  });
});
