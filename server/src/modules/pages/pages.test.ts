import { existsSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPage, PAGES, type PageRoute } from '@thaiyal/contract';
import { createUser, seedProducts, type TestContext } from '../../../test/harness.js';
import { insertOrder } from '../../../test/admin-support.js';
import { createWebTestApp, fetchPage, INDEX_HTML, MANIFEST, type WebTestApp } from '../../../test/web-app.js';
import { requestLanguage } from '../../platform/request-language.js';
import { CATEGORY_PRELOADS, modulePreloads } from './preloads.js';

/**
 * The web app's pages rendered on the server (docs/architecture.md#rendering): what each page
 * carries (its first picture preloaded, its code, the answers it is drawn from), the markup the
 * web app's components draw, the language, redirects and statuses, and the caching of the
 * catalog's pages.
 */

let fixture: WebTestApp;
let context: TestContext;
/** An app on the same database that serves a built web app (the harness's serves none). */
let web: FastifyInstance;
let indexPath: string;
let silkId: string;
let oddId: string;
let plainId: string;

beforeAll(async () => {
  fixture = await createWebTestApp();
  ({ context, web, indexPath, silkId, oddId, plainId } = fixture);
});

afterAll(async () => {
  await fixture.close();
});

/** The page at `url` as a browser asks for it, which must answer `status`. */
function page(url: string, status = 200, headers: Record<string, string> = {}): Promise<string> {
  return fetchPage(web, url, status, headers);
}

/** The module the page at `path` is drawn by when loaded on demand, as the renderer finds it: the page table's `module` of `matchPage`. */
function pageModule(path: string): string | undefined {
  return (PAGES[matchPage(path).id] as PageRoute).module;
}

describe('other client routes', () => {
  it('keeps API and upload misses as JSON 404s', async () => {
    for (const url of ['/api/nothing-here', '/uploads/nothing.webp']) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  it('reads index.html once: a later change on disk is not seen', async () => {
    await page('/');
    writeFileSync(indexPath, INDEX_HTML.replace('index-abc.js', 'index-changed.js'));
    try {
      expect(await page('/our/story')).toContain('index-abc.js');
    } finally {
      writeFileSync(indexPath, INDEX_HTML);
    }
  });
});

/** The `<link rel="preload" as="image">` tags of a page. */
function imagePreloads(html: string): string[] {
  return html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
}

/** The parsed page data (`<script type="application/json" id="page-data">`), or undefined. */
function allPageData(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

/** The page's own data: {@link allPageData} without what every page carries (`/shop-info`), or undefined when none. */
function pageData(html: string): Record<string, unknown> | undefined {
  const { '/shop-info': _everyPage, ...own } = allPageData(html) ?? {};
  return Object.keys(own).length > 0 ? own : undefined;
}

async function apiBody(url: string): Promise<unknown> {
  const response = await web.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('page boot: the first picture preloaded and the first answers in the page (docs/decisions/013-first-load.md)', () => {
  it("home preloads the first banner at the carousel's sizes, before any script or style, and carries the home answers", async () => {
    const html = await page('/');
    const [preload, ...others] = imagePreloads(html);
    expect(others).toEqual([]);
    expect(preload).toBe(
      '<link rel="preload" as="image" href="/uploads/banners/aari-640.webp" imagesrcset="/uploads/banners/aari-320.webp 320w, /uploads/banners/aari-640.webp 640w, /uploads/banners/aari-1280.webp 1280w" imagesizes="(min-width: 1152px) 1120px, 100vw" fetchpriority="high" />',
    );
    expect(html.indexOf(preload!)).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html.indexOf(preload!)).toBeGreaterThan(html.indexOf('<meta charset="UTF-8" />'));
    expect(pageData(html)).toEqual({
      '/banner': await apiBody('/api/banner'),
      '/product/tiles': await apiBody('/api/product/tiles'),
      '/product/featured': await apiBody('/api/product/featured'),
      '/product/recommend': await apiBody('/api/product/recommend'),
      '/shop/trust': await apiBody('/api/shop/trust'),
    });
    expect(html.indexOf('id="page-data"')).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
    expect(html.indexOf('id="page-data"')).toBeLessThan(html.indexOf('</body>'));
  });

  it('home carries the delivered orders counted at each request, though the catalog has not changed (docs/product.md#home)', async () => {
    const before = pageData(await page('/'))?.['/shop/trust'] as { deliveredCount: number };
    await insertOrder(context, (await createUser(context)).id, { status: 'delivered' });
    const after = pageData(await page('/'))?.['/shop/trust'] as { deliveredCount: number };
    expect(after.deliveredCount).toBe(before.deliveredCount + 1);
  });

  it("a product page preloads its first picture at the gallery's sizes and carries the product", async () => {
    const html = await page(`/view/${silkId}/nightwear`);
    expect(imagePreloads(html)).toEqual([
      '<link rel="preload" as="image" href="/uploads/products/silk-640.webp" imagesrcset="/uploads/products/silk-320.webp 320w, /uploads/products/silk-640.webp 640w, /uploads/products/silk-1280.webp 1280w" imagesizes="(min-width: 768px) 50vw, 100vw" fetchpriority="high" />',
    ]);
    expect(pageData(html)).toEqual({
      [`/product/${silkId}`]: await apiBody(`/api/product/${silkId}`),
      '/product/category/saree-blouse': await apiBody('/api/product/category/saree-blouse'),
      '/product/recommend': await apiBody('/api/product/recommend'),
    });
  });

  it("a category page preloads its first cards' pictures at the grid's sizes, the first at high priority, and carries its list", async () => {
    await seedProducts(context, [
      { name: 'Boat Neck Blouse', category: 'saree-blouse', pricePaise: 95_000, images: ['/uploads/products/boat-640.webp'] },
      { name: 'Padded Blouse', category: 'saree-blouse', pricePaise: 120_000, images: ['/uploads/products/padded-640.webp'] },
      { name: 'Puff Sleeve Blouse', category: 'saree-blouse', pricePaise: 70_000, images: ['/uploads/products/puff-640.webp'] },
      { name: 'Plain Blouse', category: 'saree-blouse', pricePaise: 40_000, images: [] },
    ]);
    web.catalog.invalidate();
    const html = await page('/category/saree-blouse');
    const list = (await apiBody('/api/product/category/saree-blouse')) as { products: Array<{ images: string[] }> };
    expect(list.products.length).toBeGreaterThan(CATEGORY_PRELOADS);
    const expected = list.products
      .slice(0, CATEGORY_PRELOADS)
      .flatMap((product) => product.images.slice(0, 1))
      .map(
        (url, index) =>
          `<link rel="preload" as="image" href="${url.replace('-640.webp', '-320.webp')}" imagesrcset="${url.replace('-640.webp', '-320.webp')} 320w, ${url} 640w, ${url.replace('-640.webp', '-1280.webp')} 1280w" imagesizes="(min-width: 768px) 25vw, 50vw"${index === 0 ? ' fetchpriority="high"' : ''} />`,
      );
    expect(expected.length).toBeGreaterThan(1);
    expect(imagePreloads(html)).toEqual(expected);
    expect(pageData(html)).toEqual({ '/product/category/saree-blouse': list });
  });

  it("keeps the catalog's text from closing the data element or starting markup", async () => {
    const html = await page(`/view/${oddId}/ball-frock`);
    const raw = /id="page-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(raw).not.toMatch(/[<>&]/);
    expect(raw).toContain('\\u003cscript\\u003e');
    expect(pageData(html)?.[`/product/${oddId}`]).toEqual(await apiBody(`/api/product/${oddId}`));
  });

  it('preloads nothing for a product without pictures, and says an unknown product is not there', async () => {
    const plain = await page(`/view/${plainId}/nightwear`);
    expect(imagePreloads(plain)).toEqual([]);
    expect(Object.keys(pageData(plain) ?? {})).toEqual([`/product/${plainId}`, '/product/category/nightwear', '/product/recommend']);
    const unknown = await page('/view/00000000-0000-4000-8000-000000000000/saree-blouse', 404);
    expect(imagePreloads(unknown)).toEqual([]);
    expect(pageData(unknown)).toEqual({ '/product/00000000-0000-4000-8000-000000000000': { product: null } });
    expect(pageData(await page('/view/not-an-id/saree-blouse', 404))).toEqual({ '/product/not-an-id': { product: null } });
  });

  it('says a hidden product is not available now, with 404 (docs/product.md#hidden-products)', async () => {
    const [hiddenId] = await seedProducts(context, [{ name: 'Hidden Blouse', category: 'saree-blouse', hidden: true }]);
    web.catalog.invalidate();
    const html = await page(`/view/${hiddenId}/saree-blouse`, 404);
    expect(html).toMatch(/<h1[^>]*>This design is not available now<\/h1>/);
    expect(html).not.toContain('Hidden Blouse');
    expect(pageData(html)).toEqual({ [`/product/${hiddenId}`]: { product: null, unavailable: true } });
  });

  it("carries an empty category's empty list (its page says so at once) and preloads nothing", async () => {
    const html = await page('/category/maxi-frock');
    expect(imagePreloads(html)).toEqual([]);
    expect(pageData(html)).toEqual({ '/product/category/maxi-frock': { products: [] } });
  });
});

describe('page boot: a sorted or narrowed list, a search, and what every page carries (docs/decisions/013-first-load.md)', () => {
  it('carries a sorted, narrowed category list under its query, as the API answers it, and draws it in that order (docs/product.md#category-listing)', async () => {
    const html = await page('/category/saree-blouse?max=1000&sort=price-desc&utm_source=x');
    const list = (await apiBody('/api/product/category/saree-blouse?sort=price-desc&max=1000')) as {
      products: Array<{ name: string; price: number }>;
    };
    expect(list.products.length).toBeGreaterThan(1);
    expect(list.products.every((product) => product.price <= 1000)).toBe(true);
    expect(pageData(html)).toEqual({ '/product/category/saree-blouse?sort=price-desc&max=1000': list });
    const names = list.products.map((product) => html.indexOf(`>${product.name}<`));
    expect(names.every((at) => at > 0)).toBe(true);
    expect(names).toEqual([...names].sort((a, b) => a - b));
    // A link with a different query is rendered for itself, not served the first one's page.
    expect(pageData(await page('/category/saree-blouse?sort=price-asc'))).toEqual({
      '/product/category/saree-blouse?sort=price-asc': await apiBody('/api/product/category/saree-blouse?sort=price-asc'),
    });
  });

  it('renders a sorted link for itself after the plain list was rendered and kept for its path', async () => {
    const plain = await page('/category/gather-frock');
    expect(Object.keys(pageData(plain) ?? {})).toEqual(['/product/category/gather-frock']);
    expect(await page('/category/gather-frock')).toBe(plain);
    const sorted = await page('/category/gather-frock?sort=price-desc');
    expect(pageData(sorted)).toEqual({
      '/product/category/gather-frock?sort=price-desc': await apiBody('/api/product/category/gather-frock?sort=price-desc'),
    });
    expect(sorted).toMatch(/<option value="price-desc" selected=""/);
    const featured = await page('/featured');
    expect(Object.keys(pageData(await page('/featured?min=500')) ?? {})).toEqual(['/product/featured?min=500']);
    expect(await page('/featured')).toBe(featured);
  });

  it('drops what the API would refuse from a hand-edited address instead of failing the page', async () => {
    const html = await page('/category/saree-blouse?sort=cheapest&min=abc&max=-5');
    expect(pageData(html)).toEqual({ '/product/category/saree-blouse': await apiBody('/api/product/category/saree-blouse') });
    const reversed = await page('/featured?min=900&max=100');
    expect(Object.keys(pageData(reversed) ?? {})).toEqual(['/product/featured?min=900']);
  });

  it('renders the search page with what the search finds, not to be listed by search engines (docs/product.md#search)', async () => {
    const html = await page('/search?q=%20silk%20blouse%20');
    const found = (await apiBody('/api/product/search?q=silk%20blouse')) as { products: Array<{ name: string }> };
    expect(found.products.map((product) => product.name)).toContain('Kanchi Silk Blouse');
    expect(pageData(html)).toEqual({ '/product/search?q=silk+blouse': found });
    expect(html).toContain('>Kanchi Silk Blouse<');
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(html).toMatch(/<input[^>]+name="q"[^>]+value="silk blouse"/);
    // No words: the field and the categories, nothing asked of the search.
    const empty = await page('/search');
    expect(pageData(empty)).toBeUndefined();
    expect(empty).toContain('role="search"');
  });

  it.each(['/', '/contact', `/view/${'00000000-0000-4000-8000-000000000000'}/saree-blouse`, '/signin', '/api/reset/some-token'])(
    "every page carries the shop's contact points as GET /api/shop-info answers them (the footer's, no request): %s",
    async (url) => {
      const response = await web.inject({ method: 'GET', url });
      expect(allPageData(response.body)?.['/shop-info']).toEqual(await apiBody('/api/shop-info'));
    },
  );

  it.each([
    ['/contact', 200],
    ['/category/%3Cscript%3E', 404],
    ['/signin', 200],
  ])('preloads and carries nothing the page does not show first: %s', async (url, status) => {
    const html = await page(url, status);
    expect(imagePreloads(html)).toEqual([]);
    expect(pageData(html)).toBeUndefined();
  });
});

describe("the catalog's pages are rendered and compressed once per catalog change (docs/performance.md#images-and-caching)", () => {
  it('answers a category page brotli-compressed as its plain form, and a changed catalog at once', async () => {
    const url = '/category/saree-blouse';
    const plain = await page(url);
    const askBrotli = () => web.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    // The first answers are compressed as they go; the page's own brotli is made off the main thread.
    await expect.poll(async () => (await askBrotli()).headers['content-encoding'], { timeout: 5000 }).toBe('br');
    const compressed = await askBrotli();
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain);

    const [addedId] = await seedProducts(context, [
      { name: 'Puff Sleeve Festive Blouse', description: 'Puff sleeves.', category: 'saree-blouse', pricePaise: 99_000, images: [] },
    ]);
    web.catalog.invalidate();
    const changed = await page(url);
    expect(changed).toContain('Puff Sleeve Festive Blouse');
    expect(brotliDecompressSync((await askBrotli()).rawPayload).toString()).toBe(changed);
    await expect(page(`/view/${addedId}/saree-blouse`)).resolves.toContain('Puff Sleeve Festive Blouse');
  });
});

describe('pages rendered on the server by the web app (docs/architecture.md#rendering)', () => {
  /** The markup React drew inside `<div id="root">`. */
  function rootOf(html: string): string {
    return html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</div>'));
  }

  it('draws a category page whole: every card with its name, price, picture and link, and no script but the page data', async () => {
    const html = await page('/category/ball-frock');
    const root = rootOf(html);
    expect(root).toMatch(/<h1[^>]*>Ball Frock<\/h1>/);
    expect(root).toContain(`href="/view/${oddId}/ball-frock"`);
    expect(root).toContain('Frock &quot;Rose&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(root).toContain('₹999');
    expect(root).toContain('src="/uploads/products/rose-320.webp"');
    // Nothing streamed in later by an inline script: the page reads whole without JavaScript.
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="module" src="/assets/index-abc.js">',
      '<script type="application/json" id="page-data">',
    ]);
  });

  it('renders in Tamil for the language cookie or an Accept-Language that prefers Tamil, with <html lang> and the Tamil strings preloaded', async () => {
    const byCookie = await page('/our/story', 200, { cookie: 'lang=ta' });
    expect(byCookie).toContain('<html lang="ta">');
    expect(byCookie).toMatch(/<title>எங்கள் கதை · Thaiyal<\/title>/);
    expect(byCookie).toMatch(/<h1[^>]*>எங்கள் கதை<\/h1>/);
    const byHeader = await page('/our/story', 200, { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.8' });
    expect(byHeader).toContain('<html lang="ta">');
    // The cookie, the shopper's own pick, wins over the browser's languages.
    const picked = await page('/our/story', 200, { cookie: 'lang=en', 'accept-language': 'ta' });
    expect(picked).toContain('<html lang="en">');
    expect(picked).toMatch(/<h1[^>]*>Our Story<\/h1>/);
  });

  it.each([
    [undefined, undefined, 'en'],
    ['ta', 'en-US,en;q=0.9', 'ta'],
    ['en', 'ta', 'en'],
    ['fr', 'ta-IN,ta;q=0.9', 'ta'],
    [undefined, 'en-IN,en;q=0.9,ta;q=0.8', 'en'],
    [undefined, 'hi-IN,hi;q=0.9,ta;q=0.8', 'ta'],
    [undefined, 'fr-FR', 'en'],
    [undefined, '*', 'en'],
  ])('picks the language from cookie %j and Accept-Language %j: %s', (cookie, acceptLanguage, language) => {
    expect(requestLanguage(cookie, acceptLanguage)).toBe(language);
  });

  it('keeps one rendering of a catalog page per language and session hint, and says the page varies by cookie and Accept-Language', async () => {
    const english = await web.inject({ method: 'GET', url: '/category/nightwear' });
    expect(english.headers.vary).toMatch(/cookie/i);
    expect(english.headers.vary).toMatch(/accept-language/i);
    const tamil = (await web.inject({ method: 'GET', url: '/category/nightwear', headers: { cookie: 'lang=ta' } })).body;
    expect(tamil).toMatch(/<h1[^>]*>நைட்வேர்<\/h1>|<html lang="ta">/);
    expect(tamil).toContain('<html lang="ta">');
    expect((await web.inject({ method: 'GET', url: '/category/nightwear' })).body).toBe(english.body);
    expect((await web.inject({ method: 'GET', url: '/category/nightwear', headers: { cookie: 'lang=ta' } })).body).toBe(tamil);
    // With the session hint, the page is drawn with the auth check pending (Sign in offered meanwhile), kept apart.
    const hinted = (await web.inject({ method: 'GET', url: '/category/nightwear', headers: { cookie: 'signed_in=1' } })).body;
    expect(hinted).toContain('href="/signin"');
  });

  it.each(['/cartpage', '/wishlist', '/myOrders', '/address'])(
    'redirects a visitor from %s to /signin before any script runs',
    async (url) => {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/signin');
    },
  );

  it.each([
    ['/admin-only', '/'],
    ['/placeorder', '/'],
  ])('redirects a visitor from %s to %s', async (url, location) => {
    const response = await web.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it('renders a signed-in page with its loading state when the session hint is there (the browser asks who is signed in)', async () => {
    const html = await page('/cartpage', 200, { cookie: 'signed_in=1' });
    expect(rootOf(html)).toContain('Please wait...');
  });

  it("answers 404 for an unknown path, with the not-found page in the shopper's language", async () => {
    expect(await page('/no/such/page', 404)).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(await page('/no/such/page', 404, { cookie: 'lang=ta' })).toMatch(/<h1[^>]*>பக்கம் கிடைக்கவில்லை<\/h1>/);
  });

  it('keeps the server rendering to itself', async () => {
    const response = await web.inject({ method: 'GET', url: '/server/entry-server.js' });
    expect(response.headers['content-type']).not.toMatch(/javascript/);
    expect(response.body).not.toContain('renderToPipeableStream');
  });
});

describe("a lazily loaded page's code is fetched with the entry (docs/decisions/013-first-load.md)", () => {
  /** The `<link rel="modulepreload">` hrefs of a page. */
  function modulePreloadLinks(html: string): string[] {
    return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((match) => match[1]!);
  }

  it("preloads a lazily loaded page's chunk and what it imports, but nothing the entry holds, in the head", async () => {
    const html = await page('/our/story');
    expect(modulePreloadLinks(html)).toEqual(['/assets/info-pages.js', '/assets/forms.js', '/assets/zod.js']);
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('</head>'));
    expect(
      modulePreloads(
        {
          ...MANIFEST,
          'src/app/pages/info-pages.tsx': { file: 'assets/info-pages.js', imports: ['index.html', '_shared-in-entry.js', '_carousel.js'] },
        },
        pageModule('/contact'),
      ),
    ).toEqual(['/assets/info-pages.js', '/assets/carousel.js']);
  });

  it.each([
    ['/signin', ['/assets/auth-pages.js', '/assets/forms.js', '/assets/zod.js']],
    ['/api/reset/some-token', ['/assets/auth-pages.js', '/assets/forms.js', '/assets/zod.js']],
    ['/contact', ['/assets/info-pages.js', '/assets/forms.js', '/assets/zod.js']],
    ['/', []],
    // A category's listing and its sort and price range are loaded on demand too.
    ['/category/saree-blouse', ['/assets/category-page.js', '/assets/list-controls.js']],
    // The product page is loaded on demand: a shared link fetches its chunk and the carousel with the entry.
    [`/view/${'00000000-0000-4000-8000-000000000000'}/saree-blouse`, ['/assets/product-page.js', '/assets/carousel.js']],
    ['/no/such/page', []],
    // The manifest names no shop-pages chunk: nothing to preload, nothing broken.
    ['/cartpage', []],
  ])('%s preloads %j', async (url, expected) => {
    // A signed-in page is rendered (not redirected) for a browser with the session hint.
    const response = await web.inject({ method: 'GET', url, headers: { cookie: 'signed_in=1' } });
    expect(modulePreloadLinks(response.body)).toEqual(expected);
  });

  it('names, for every page of the page table, the module of web/src that draws it, or none for the first load', () => {
    const webDir = fileURLToPath(new URL('../../../../web/', import.meta.url));
    for (const [id, route] of Object.entries(PAGES) as Array<[string, PageRoute]>) {
      const path = route.path.replace(/:\w+/g, 'x').replace('*', 'no/such/page');
      expect(pageModule(path), id).toBe(route.module);
      if (route.module) expect(existsSync(join(webDir, route.module)), `${id} → ${route.module}`).toBe(true);
    }
    expect(pageModule('/')).toBeUndefined();
    expect(pageModule('/category/saree-blouse')).toBe('src/app/pages/category-page.tsx');
    expect(pageModule('/view/x/y')).toBe('src/app/pages/product-page.tsx');
  });

  it('keeps the build manifest to itself', async () => {
    // Not a file the static server hands out: at most the web app's page for an unknown path.
    const response = await web.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).not.toMatch(/json/);
    expect(response.body).not.toContain('"isEntry"');
  });

  it('preloads nothing without a manifest entry for the page', () => {
    expect(modulePreloads({}, pageModule('/signin'))).toEqual([]);
    expect(modulePreloads(MANIFEST, pageModule('/myOrders'))).toEqual([]);
  });
});
