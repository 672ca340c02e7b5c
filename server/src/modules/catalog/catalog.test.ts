import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES, ProductListResponseSchema, ProductResponseSchema, ProductTilesResponseSchema } from '@thaiyal/contract';
import { banners } from '../../db/schema/index.js';
import { createTestContext, seedProducts, type TestContext } from '../../../test/harness.js';
import { RECOMMENDED_COUNT } from './catalog.service.js';

let context: TestContext;
let ids: string[];

beforeAll(async () => {
  context = await createTestContext();
  ids = await seedProducts(context, [
    {
      name: 'Kanchi Silk Blouse',
      category: 'saree-blouse',
      pricePaise: 125_050,
      isFeatured: true,
      images: ['/uploads/products/a-640.webp', '/uploads/products/b-640.webp'],
    },
    { name: 'Cotton Nightie', category: 'nightwear', pricePaise: 45_000 },
    { name: 'Palazzo', category: 'palazzo-pant', pricePaise: 60_000, createdAt: new Date('2026-01-01T00:00:00Z') },
    { name: 'Second Blouse', category: 'saree-blouse', pricePaise: 80_000 },
  ]);
  await context.database.db.insert(banners).values([{ category: 'aari', image: '/uploads/banners/x-640.webp' }]);
  context.app.catalog.invalidate();
});

afterAll(async () => {
  await context.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return context.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/product', () => {
  it('lists every product in the API shape with rupee prices and ordered images', async () => {
    const response = await get('/api/product');
    expect(response.statusCode).toBe(200);
    const { products } = ProductListResponseSchema.parse(response.json());
    expect(products).toHaveLength(4);
    const silk = products.find((product) => product.name === 'Kanchi Silk Blouse');
    expect(silk).toMatchObject({
      _id: ids[0],
      price: 1250.5,
      category: 'saree-blouse',
      isFeatured: true,
      images: ['/uploads/products/a-640.webp', '/uploads/products/b-640.webp'],
      reviews: [],
    });
    // Oldest product last: lists are newest first.
    expect(products.at(-1)?.name).toBe('Palazzo');
  });
});

describe('GET /api/product/category/:category', () => {
  it('answers only that category', async () => {
    const response = await get('/api/product/category/saree-blouse');
    expect(response.statusCode).toBe(200);
    const names = ProductListResponseSchema.parse(response.json()).products.map((product) => product.name);
    expect(names.sort()).toEqual(['Kanchi Silk Blouse', 'Second Blouse']);
  });

  it('answers an empty list for a known category without products', async () => {
    const response = await get('/api/product/category/ball-frock');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ products: [] });
  });

  it.each(['unknown-thing', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'SAREE-BLOUSE'])(
    'is a 404 with a message for the unknown category %s',
    async (category) => {
      const response = await get(`/api/product/category/${category}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Unknown category', code: 'not_found', reason: 'catalog.unknownCategory' });
    },
  );

  it('answers every one of the 28 categories', async () => {
    for (const category of PRODUCT_CATEGORIES) {
      expect((await get(`/api/product/category/${category}`)).statusCode).toBe(200);
    }
  });
});

describe('GET /api/product/:id', () => {
  it('answers one product', async () => {
    const response = await get(`/api/product/${ids[1]}`);
    expect(response.statusCode).toBe(200);
    expect(ProductResponseSchema.parse(response.json()).product.name).toBe('Cotton Nightie');
  });

  it('is a 404 for an unknown id', async () => {
    const response = await get('/api/product/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found', code: 'not_found', reason: 'order.productNotFound' });
  });

  it.each(['not-an-id', '1%20OR%201=1', '..%2F..%2Fetc%2Fpasswd'])('is a 400 JSON error for the malformed id %s', async (id) => {
    const response = await get(`/api/product/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request' });
  });
});

describe('featured, recommend and banners', () => {
  it('lists only featured products', async () => {
    const { products } = ProductListResponseSchema.parse((await get('/api/product/featured')).json());
    expect(products.map((product) => product.name)).toEqual(['Kanchi Silk Blouse']);
  });

  it('gives a visitor a stable selection spread across categories', async () => {
    const first = ProductListResponseSchema.parse((await get('/api/product/recommend')).json()).products;
    const second = ProductListResponseSchema.parse((await get('/api/product/recommend')).json()).products;
    expect(second.map((product) => product._id)).toEqual(first.map((product) => product._id));
    expect(first.length).toBeLessThanOrEqual(RECOMMENDED_COUNT);
    // Every category with products appears before any category appears twice.
    expect(new Set(first.slice(0, 3).map((product) => product.category)).size).toBe(3);
    expect(first).toHaveLength(4);
  });

  it('lists banners', async () => {
    const response = await get('/api/banner');
    expect(response.statusCode).toBe(200);
    expect(response.json().banners).toEqual([expect.objectContaining({ category: 'aari', image: '/uploads/banners/x-640.webp' })]);
  });
});

describe('revalidation', () => {
  it('answers 304 to a matching If-None-Match and a new ETag after a change', async () => {
    const first = await get('/api/product/category/nightwear');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/api/product/category/nightwear', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await seedProducts(context, [{ name: 'Flannel Nightie', category: 'nightwear' }]);
    const changed = await get('/api/product/category/nightwear', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().products.map((product: { name: string }) => product.name)).toContain('Flannel Nightie');
  });
});

describe('GET /api/product/tiles (docs/product.md#home)', () => {
  it("answers each home tile's picture: the first picture of its category's newest product that has one, as home picked them from the whole catalog", async () => {
    // Newest of its category but without a picture: the tile shows the next one's.
    await seedProducts(context, [
      { name: 'Plain Blouse', category: 'saree-blouse', images: [], createdAt: new Date(Date.now() + 3_600_000) },
    ]);
    const response = await get('/api/product/tiles');
    expect(response.statusCode).toBe(200);
    const { tiles } = ProductTilesResponseSchema.parse(response.json());
    expect(tiles['saree-blouse']).toBe('/uploads/products/a-640.webp');
    // A category without products has no picture: its tile is the plain fabric panel.
    expect(tiles).not.toHaveProperty('ball-frock');
    // What the home page drew from `GET /api/product` before: each category's first product with a picture.
    const { products } = ProductListResponseSchema.parse((await get('/api/product')).json());
    const fromCatalog: Record<string, string> = {};
    for (const product of products) {
      const first = product.images[0];
      if (first && !(product.category in fromCatalog)) fromCatalog[product.category] = first;
    }
    expect(Object.keys(fromCatalog).sort()).toEqual(['nightwear', 'palazzo-pant', 'saree-blouse']);
    expect(tiles).toEqual(fromCatalog);
  });

  it('answers 304 to a matching If-None-Match, and the newest picture after a change', async () => {
    const first = await get('/api/product/tiles');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await get('/api/product/tiles', { 'if-none-match': etag })).statusCode).toBe(304);

    await seedProducts(context, [{ name: 'Wide Palazzo', category: 'palazzo-pant', images: ['/uploads/products/wide-640.webp'] }]);
    const changed = await get('/api/product/tiles', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().tiles['palazzo-pant']).toBe('/uploads/products/wide-640.webp');
  });
});

describe('/uploads', () => {
  it('serves stored images with long-lived immutable caching', async () => {
    const dir = join(context.dataDir, 'uploads', 'products');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'pic-320.webp'), Buffer.from('RIFF0000WEBP'));
    const response = await get('/uploads/products/pic-320.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it.each(['/uploads/../secret', '/uploads/%2e%2e/secret', '/uploads/products/..%2F..%2Fsecret', '/uploads/missing.webp'])(
    'never serves a file outside the uploads directory: %s',
    async (url) => {
      writeFileSync(join(context.dataDir, 'secret'), 'top secret');
      const response = await get(url);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('top secret');
    },
  );
});

describe('GET /api/health', () => {
  it('answers ok after a database round trip', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});
