import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProductListResponseSchema } from '@thaiyal/contract';
import { buildApp } from '../app.js';
import { createTestContext, seedProducts, type TestContext } from '../../test/harness.js';
import { createImageStore } from './image-store.js';
import { createFileObjectStore } from './object-store.js';
import { COMPRESSION_THRESHOLD_BYTES, isCompressibleType, PRECOMPRESSED_BROTLI_QUALITY } from './compression.js';

/**
 * Compression of JSON and the web app's files (docs/performance.md#images-and-caching), through HTTP on the real app: a
 * stand-in web build (the harness serves none) and a real WebP under `/uploads`.
 */
let context: TestContext;
let app: FastifyInstance;
let script: Buffer;
let picture: Buffer;

const SCRIPT_URL = '/assets/index-Ab12Cd34.js';
const PREBUILT_URL = '/assets/vendor-Zz99Yy88.js';
let prebuilt: Buffer;
let prebuiltEncoded: { br: Buffer; gzip: Buffer };
const PICTURE_URL = '/uploads/products/noise-640.webp';
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Thaiyal</title>' +
  '<meta name="description" content="Women\'s and girls\' garments stitched to your measurements.">' +
  `<script type="module" crossorigin src="${SCRIPT_URL}"></script>` +
  `<style>${'.card{display:flex;gap:.5rem;padding:1rem}'.repeat(40)}</style>` +
  '</head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  context = await createTestContext();
  await seedProducts(
    context,
    Array.from({ length: 12 }, (_, index) => ({ name: `Kanchi Silk Blouse ${index + 1}`, isFeatured: index % 4 === 0 })),
  );
  const webDist = join(context.dataDir, 'web-dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  // Larger than the plugin's synchronous limit (8 KiB on two cores), so the file is streamed.
  script = Buffer.from(
    Array.from({ length: 600 }, (_, index) => `export function line${index}(value) { return value * ${index}; }\n`).join(''),
  );
  writeFileSync(join(webDist, SCRIPT_URL), script);
  // A script the build compressed beforehand (web/vite.config.ts): brotli 11 and gzip 9 beside it.
  prebuilt = Buffer.from(Array.from({ length: 500 }, (_, index) => `export const value${index} = ${index * 7};\n`).join(''));
  prebuiltEncoded = {
    br: brotliCompressSync(prebuilt, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(prebuilt, { level: 9 }),
  };
  writeFileSync(join(webDist, PREBUILT_URL), prebuilt);
  writeFileSync(join(webDist, `${PREBUILT_URL}.br`), prebuiltEncoded.br);
  writeFileSync(join(webDist, `${PREBUILT_URL}.gz`), prebuiltEncoded.gzip);
  // Noise does not compress: a WebP of it is tens of KiB, well over the threshold.
  picture = await sharp(randomBytes(128 * 128 * 3), { raw: { width: 128, height: 128, channels: 3 } })
    .webp()
    .toBuffer();
  mkdirSync(join(context.dataDir, 'uploads', 'products'), { recursive: true });
  writeFileSync(join(context.dataDir, PICTURE_URL), picture);
  app = await buildApp({
    config: context.config,
    database: context.database,
    images: createImageStore(createFileObjectStore(join(context.dataDir, 'uploads'))),
    webDistDir: webDist,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await context?.close();
});

function get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers });
}

/** The body as the client reads it after undoing the response's Content-Encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  if (encoding === undefined) return response.rawPayload;
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

function varies(response: LightMyRequestResponse): string[] {
  return String(response.headers.vary ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase());
}

describe('JSON answers', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate, gzip;q=0.5', 'gzip'],
    ['*', 'gzip'],
  ])('Accept-Encoding %s: the product list comes back %s-encoded and decodes to the same JSON', async (accept, expected) => {
    const plain = await get('/api/product');
    const response = await get('/api/product', { 'accept-encoding': accept });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(decoded(response).equals(plain.rawPayload)).toBe(true);
    expect(ProductListResponseSchema.parse(JSON.parse(decoded(response).toString('utf8'))).products).toHaveLength(12);
    expect(varies(response)).toContain('accept-encoding');
    // A re-encoded body carries the weak form of the catalog's tag (RFC 9110 §8.8.1).
    expect(response.headers.etag).toBe(`W/${String(plain.headers.etag)}`);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['no Accept-Encoding', {}],
    ['Accept-Encoding: identity', { 'accept-encoding': 'identity' }],
    ['only an encoding the server lacks', { 'accept-encoding': 'compress' }],
    ['x-no-compression', { 'accept-encoding': 'br', 'x-no-compression': '1' }],
  ])('%s: the list is sent as it is, still naming Accept-Encoding in Vary', async (_label, headers) => {
    const response = await get('/api/product', headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(ProductListResponseSchema.parse(response.json()).products).toHaveLength(12);
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(varies(response)).toContain('accept-encoding');
  });

  it.each(['br', 'gzip'] as const)(
    'compresses a catalog answer once for all (%s, best level, off the main thread) and then sends those bytes',
    async (encoding) => {
      const plain = await get('/api/product');
      const best =
        encoding === 'br'
          ? brotliCompressSync(plain.rawPayload, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: PRECOMPRESSED_BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: plain.rawPayload.length,
              },
            })
          : gzipSync(plain.rawPayload, { level: 9 });
      await vi.waitFor(async () => {
        const response = await get('/api/product', { 'accept-encoding': encoding });
        expect(response.rawPayload.equals(best)).toBe(true);
      });
      const response = await get('/api/product', { 'accept-encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(decoded(response).equals(plain.rawPayload)).toBe(true);
      expect(response.headers.etag).toBe(`W/${String(plain.headers.etag)}`);
      expect(varies(response)).toContain('accept-encoding');
      // x-no-compression still gets the plain body.
      const refused = await get('/api/product', { 'accept-encoding': encoding, 'x-no-compression': '1' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
    },
  );

  it('leaves a body under the threshold as it is', async () => {
    const response = await get('/api/product/category/ball-frock', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ products: [] });
    expect(varies(response)).toContain('accept-encoding');
  });

  it('keeps Vary: cookie of the recommendations beside Accept-Encoding', async () => {
    const response = await get('/api/product/recommend', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varies(response).sort()).toEqual(['accept-encoding', 'cookie']);
  });

  it('compresses errors and misses like any JSON (a 404 is small and stays plain)', async () => {
    const response = await get('/api/nothing-here', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('ETag revalidation with compression (docs/performance.md#how-it-measures, docs/performance.md#images-and-caching)', () => {
  it.each([
    ['the weak tag of a brotli answer', 'br', 'br'],
    ['the weak tag of a gzip answer, asking for brotli now', 'gzip', 'br'],
    ['the strong tag of a plain answer, asking for brotli now', undefined, 'br'],
    ['the weak tag of a brotli answer, asking for no encoding now', 'br', undefined],
  ])('%s answers 304 with no body and no Content-Encoding', async (_label, firstEncoding, secondEncoding) => {
    const first = await get('/api/product', firstEncoding ? { 'accept-encoding': firstEncoding } : {});
    const etag = String(first.headers.etag);
    const revalidated = await get('/api/product', {
      'if-none-match': etag,
      ...(secondEncoding ? { 'accept-encoding': secondEncoding } : {}),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    // The 304 carries the tag in the form the client holds and the Vary its 200 would.
    expect(revalidated.headers.etag).toBe(etag);
    expect(varies(revalidated)).toContain('accept-encoding');
  });

  it('answers 200 with the new list once the catalog changed', async () => {
    const first = await get('/api/product', { 'accept-encoding': 'br' });
    await seedProducts(context, [{ name: 'Cotton Nightie', category: 'nightwear' }]);
    app.catalog.invalidate();
    const response = await get('/api/product', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(ProductListResponseSchema.parse(JSON.parse(decoded(response).toString('utf8'))).products).toHaveLength(13);
  });
});

describe('the web app', () => {
  it.each(['br', 'gzip'])('sends a hashed script %s-encoded, immutable for a year', async (encoding) => {
    const response = await get(SCRIPT_URL, { 'accept-encoding': encoding });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(response)).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(script.length / 4);
    expect(decoded(response).equals(script)).toBe(true);
  });

  it.each(['br', 'gzip'] as const)("sends the build's own %s file of a script byte for byte, not compressed again", async (encoding) => {
    const response = await get(PREBUILT_URL, { 'accept-encoding': `${encoding}, deflate` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(response)).toContain('accept-encoding');
    expect(response.rawPayload.equals(prebuiltEncoded[encoding])).toBe(true);
    expect(decoded(response).equals(prebuilt)).toBe(true);
    const plain = await get(PREBUILT_URL);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(prebuilt)).toBe(true);
  });

  it('sends the script as it is to a client without compression', async () => {
    const response = await get(SCRIPT_URL);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(script)).toBe(true);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates a file with 304 and no Content-Encoding', async () => {
    const first = await get(SCRIPT_URL, { 'accept-encoding': 'br' });
    const response = await get(SCRIPT_URL, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(response.statusCode).toBe(304);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(0);
  });

  it.each(['/', '/our/story', '/api/reset/some-token'])('sends the page %s compressed and revalidated on every visit', async (url) => {
    const response = await get(url, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(varies(response)).toContain('accept-encoding');
    expect(decoded(response).toString('utf8')).toContain('<div id="root"></div>');
  });

  it('sends index.html itself gzip-encoded with no-cache', async () => {
    const response = await get('/index.html', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response).toString('utf8')).toBe(INDEX_HTML);
  });

  it('keeps misses of files and of other methods as JSON 404s', async () => {
    for (const request of [
      { method: 'GET', url: '/uploads/products/nothing-640.webp' },
      { method: 'POST', url: '/somewhere' },
    ] as const) {
      const response = await app.inject({ ...request, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });
});

describe('uploaded images', () => {
  it('are sent byte for byte, never recompressed, whatever the client accepts', async () => {
    expect(picture.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    for (const accept of ['br', 'gzip', 'gzip, deflate, br']) {
      const response = await get(PICTURE_URL, { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBeUndefined();
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(readFileSync(join(context.dataDir, PICTURE_URL)))).toBe(true);
    }
  });

  it('revalidate with a 304 that names no encoding', async () => {
    const first = await get(PICTURE_URL, { 'accept-encoding': 'br' });
    const response = await get(PICTURE_URL, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(response.statusCode).toBe(304);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('request bodies', () => {
  it('are never inflated: a gzip-encoded body is refused as bad input, not a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('isCompressibleType', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['text/javascript; charset=utf-8', true],
    ['application/javascript', true],
    ['text/css', true],
    ['image/svg+xml', true],
    ['application/manifest+json', true],
    ['application/xml; charset=utf-8', true],
    ['text/event-stream', false],
    ['image/webp', false],
    ['font/woff2', false],
    ['application/octet-stream', false],
    ['application/jsonp', false],
  ])('%s → %s', (type, expected) => {
    expect(isCompressibleType(type)).toBe(expected);
  });
});
