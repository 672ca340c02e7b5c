import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '@thaiyal/contract';
import { seedProducts, type TestContext } from '../../../test/harness.js';
import { createWebTestApp, fetchPage, type WebTestApp } from '../../../test/web-app.js';
import { MAX_DESCRIPTION_CHARS, PUBLIC_PAGES, shortDescription } from './seo.service.js';

/**
 * What search engines and share previews read (docs/product.md#share-previews): each page's
 * share-preview tags, as the pages module writes them into the page, and the crawler files.
 */

let fixture: WebTestApp;
let context: TestContext;
/** An app on the same database that serves a built web app (the harness's serves none). */
let web: FastifyInstance;
let silkId: string;
let oddId: string;
let plainId: string;

beforeAll(async () => {
  fixture = await createWebTestApp();
  ({ context, web, silkId, oddId, plainId } = fixture);
});

afterAll(async () => {
  await fixture.close();
});

/** The page at `url` as a browser asks for it, which must answer `status`. */
function page(url: string, status = 200, headers: Record<string, string> = {}): Promise<string> {
  return fetchPage(web, url, status, headers);
}

/** The content of `<meta {attribute}="{key}" content="…">`, or undefined. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

function count(html: string, pattern: RegExp): number {
  return html.match(new RegExp(pattern, 'g'))?.length ?? 0;
}

describe('share previews of product pages (GET /view/{id}/{category})', () => {
  it("carries the product's title, description, absolute og:image and twitter tags", async () => {
    const html = await page(`/view/${silkId}/saree-blouse`);
    expect(meta(html, 'og:image')).toBe('https://shop.example/uploads/products/silk-640.jpg');
    expect(meta(html, 'og:title')).toBe('Kanchi Silk Blouse · Thaiyal');
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(`https://shop.example/view/${silkId}/saree-blouse`);
    expect(meta(html, 'og:description')).toBe(
      '₹1,250.50. A silk blouse with gold zari piping. Stitched to your measurements in Pollachi; cash on delivery.',
    );
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe('Kanchi Silk Blouse · Thaiyal');
    expect(meta(html, 'twitter:image')).toBe('https://shop.example/uploads/products/silk-640.jpg');
    // The build's own title and description are replaced, not repeated; the rest of index.html stays.
    expect(count(html, /<title>/)).toBe(1);
    expect(html).toContain('<title>Kanchi Silk Blouse · Thaiyal</title>');
    expect(count(html, /<meta name="description"/)).toBe(1);
    expect(html).not.toContain("The build's own description.");
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    // The page itself, drawn by the web app's components: name, price, description, first picture.
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="page-data"'));
    expect(root).toContain('<h1 class="font-serif text-2xl font-semibold text-rose-950 sm:text-3xl">Kanchi Silk Blouse</h1>');
    expect(root).toContain('₹1,250.50');
    expect(root).toContain('A silk blouse with gold zari piping.');
    expect(root).toMatch(/<img src="\/uploads\/products\/silk-640.webp" srcSet="[^"]*silk-1280.webp 1280w"/);
    expect(html.indexOf('og:image')).toBeLessThan(html.indexOf('</head>'));
  });

  it.each([
    [
      'English (no cookie)',
      {},
      'Kanchi Silk Blouse',
      '₹1,250.50. A silk blouse with gold zari piping. Stitched to your measurements in Pollachi; cash on delivery.',
      'en_IN',
      'ta_IN',
    ],
    [
      'Tamil by the language cookie',
      { cookie: 'lang=ta' },
      'காஞ்சி பட்டு பிளவுஸ்',
      '₹1,250.50. தங்க ஜரி பைப்பிங் வைத்த பட்டு பிளவுஸ். பொள்ளாச்சியில் உங்கள் அளவுக்கே தைத்துத் தருகிறோம்; ஆடை கிடைத்ததும் பணம்.',
      'ta_IN',
      'en_IN',
    ],
    [
      'Tamil by Accept-Language',
      { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.5' },
      'காஞ்சி பட்டு பிளவுஸ்',
      '₹1,250.50. தங்க ஜரி பைப்பிங் வைத்த பட்டு பிளவுஸ். பொள்ளாச்சியில் உங்கள் அளவுக்கே தைத்துத் தருகிறோம்; ஆடை கிடைத்ததும் பணம்.',
      'ta_IN',
      'en_IN',
    ],
    [
      'English by the cookie over a Tamil browser',
      { cookie: 'lang=en', 'accept-language': 'ta' },
      'Kanchi Silk Blouse',
      undefined,
      'en_IN',
      'ta_IN',
    ],
  ])("follows the page's language, %s (docs/product.md#share-previews)", async (_case, headers, name, description, locale, alternate) => {
    const html = await page(`/view/${silkId}/saree-blouse`, 200, headers);
    expect(meta(html, 'og:title')).toBe(`${name} · Thaiyal`);
    expect(meta(html, 'twitter:title')).toBe(`${name} · Thaiyal`);
    expect(meta(html, 'og:image:alt')).toBe(name);
    if (description) expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'og:locale')).toBe(locale);
    expect(meta(html, 'og:locale:alternate')).toBe(alternate);
    expect(html).toContain(`<title>${name} · Thaiyal</title>`);
  });

  it('on a Tamil page keeps the English name of a product the shop wrote no Tamil for', async () => {
    const html = await page(`/view/${plainId}/nightwear`, 200, { cookie: 'lang=ta' });
    expect(meta(html, 'og:title')).toBe('Plain Nightie · Thaiyal');
    expect(meta(html, 'og:locale')).toBe('ta_IN');
  });

  it('names the real category in og:url whatever category the link carried, and keeps the query out', async () => {
    const html = await page(`/view/${silkId}/nightwear?ref=whatsapp`);
    expect(meta(html, 'og:url')).toBe(`https://shop.example/view/${silkId}/saree-blouse`);
    expect(meta(html, 'og:image')).toBe('https://shop.example/uploads/products/silk-640.jpg');
  });

  it('escapes every value it puts in the page', async () => {
    const html = await page(`/view/${oddId}/ball-frock`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>bold</b>');
    expect(meta(html, 'og:title')).toBe('Frock &#34;Rose&#34; &#60;script&#62;alert(1)&#60;/script&#62; &#38; co · Thaiyal');
    const description = meta(html, 'og:description')!;
    expect(description.startsWith('₹999.00. Says &#34;hi&#34; &#38; &#60;b&#62;bold&#60;/b&#62;')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
  });

  it('gives a product without pictures the summary card and no og:image', async () => {
    const html = await page(`/view/${plainId}/nightwear`);
    expect(meta(html, 'og:title')).toBe('Plain Nightie · Thaiyal');
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it.each([
    ['an unknown id', '/view/00000000-0000-4000-8000-000000000000/saree-blouse'],
    ['a malformed id', '/view/not-an-id/saree-blouse'],
    ['a path with too many parts', `/view/${'x'}/saree-blouse/extra`],
  ])('answers %s with 404, the not-found page and the shop’s default tags', async (_label, url) => {
    const html = await page(url, 404);
    expect(html).toMatch(url.endsWith('extra') ? /<h1[^>]*>Page not found<\/h1>/ : /<h1[^>]*>Product not found<\/h1>/);
    expect(meta(html, 'og:title')).toBe('Thaiyal');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:image')).toBe('https://shop.example/uploads/banners/aari-640.jpg');
    expect(meta(html, 'description')).toMatch(/home visit for measuring in Pollachi/);
  });
});

describe('share previews of category pages (GET /category/{slug})', () => {
  it('answers a URL that cannot be decoded with a 4xx, never a 500', async () => {
    const response = await web.inject({ method: 'GET', url: '/view/%E0%A4%A/saree-blouse' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it("carries the category's title, its design count and lowest price, and its newest picture", async () => {
    await seedProducts(context, [
      { name: 'Cotton Blouse', category: 'saree-blouse', pricePaise: 60_000, images: ['/uploads/products/cotton-640.webp'] },
    ]);
    // seedProducts marks the harness app's catalog stale; this second app has its own.
    web.catalog.invalidate();
    const html = await page('/category/saree-blouse');
    expect(meta(html, 'og:title')).toBe('Saree Blouse · Thaiyal');
    expect(meta(html, 'og:description')).toBe(
      'Saree Blouse stitched to your measurements by Thaiyal in Pollachi. 2 designs from ₹600.00. Home visit for measuring; cash on delivery.',
    );
    expect(meta(html, 'og:image')).toBe('https://shop.example/uploads/products/cotton-640.jpg');
    expect(meta(html, 'og:url')).toBe('https://shop.example/category/saree-blouse');
  });

  it('falls back to the banner for a category without products', async () => {
    const html = await page('/category/maxi-frock');
    expect(meta(html, 'og:title')).toBe('Maxi Frock · Thaiyal');
    expect(meta(html, 'og:description')).toContain('New designs are on their way.');
    expect(meta(html, 'og:image')).toBe('https://shop.example/uploads/banners/aari-640.jpg');
  });

  it('answers an unknown category with 404, the not-found page and the default tags', async () => {
    const html = await page('/category/%3Cscript%3E', 404);
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(meta(html, 'og:title')).toBe('Thaiyal');
    expect(html).not.toContain('<script>');
  });
});

describe('other client routes', () => {
  it.each(['/', '/contact', '/data/privacy', '/api/reset/some-token'])('serve index.html with the default tags: %s', async (url) => {
    const html = await page(url);
    expect(meta(html, 'og:title')).toBe('Thaiyal');
    expect(meta(html, 'og:url')).toBe(`https://shop.example${url}`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists home, the public pages, every category and every product as absolute URLs', async () => {
    const response = await web.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain('https://shop.example/');
    for (const path of PUBLIC_PAGES) expect(locs).toContain(`https://shop.example${path}`);
    for (const slug of PRODUCT_CATEGORIES) expect(locs).toContain(`https://shop.example/category/${slug}`);
    expect(xml).toContain(`<url><loc>https://shop.example/view/${silkId}/saree-blouse</loc><lastmod>2026-03-01</lastmod></url>`);
    expect(locs).toContain(`https://shop.example/view/${oddId}/ball-frock`);
    expect(locs.every((loc) => loc!.startsWith('https://shop.example/'))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('is served by the API-only app too (no web build needed)', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(200);
  });
});

describe('GET /robots.txt', () => {
  it('allows everything but the API and private screens, and names the sitemap', async () => {
    const response = await web.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/admin-only', '/cartpage', '/wishlist', '/placeorder', '/myOrders']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(lines).not.toContain('Disallow: /');
  });
});

describe('shortDescription', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(shortDescription('  A   blouse\nwith piping ')).toBe('A blouse with piping');
    const long = shortDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(MAX_DESCRIPTION_CHARS);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('PUBLIC_PAGES', () => {
  it("lists the information pages at the page table's spelling", () => {
    expect(PUBLIC_PAGES).toContain('/oppurtunities');
  });
});
