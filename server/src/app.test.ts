import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_REDIRECTS } from '@thaiyal/contract';
import { buildApp } from './app.js';
import { createImageStore } from './platform/image-store.js';
import { createFileObjectStore } from './platform/object-store.js';
import { createTestContext, type TestContext } from '../test/harness.js';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context?.close();
});

describe("GET /opportunities (docs/architecture.md#http-api: the product's /oppurtunities stays, the correct spelling redirects)", () => {
  it('answers a plain GET with a permanent redirect to /oppurtunities', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/opportunities' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/oppurtunities');
    expect(PAGE_REDIRECTS).toEqual({ '/opportunities': '/oppurtunities' });
  });

  it('keeps the query string (a campaign link still counts)', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/opportunities?utm_source=whatsapp&ref=a%20b' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/oppurtunities?utm_source=whatsapp&ref=a%20b');
  });

  it('redirects before the web app takes every other path, and the target is the web app', async () => {
    // A built web app registers `GET /*`, which must not swallow the alias.
    const webDistDir = join(context.dataDir, 'web');
    mkdirSync(webDistDir, { recursive: true });
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><html><head><title>Thaiyal</title></head><body></body></html>');
    const app = await buildApp({
      config: context.config,
      database: context.database,
      images: createImageStore(createFileObjectStore(join(context.dataDir, 'uploads'))),
      webDistDir,
    });
    try {
      const alias = await app.inject({ method: 'GET', url: '/opportunities' });
      expect(alias.statusCode).toBe(301);
      expect(alias.headers.location).toBe('/oppurtunities');
      const target = await app.inject({ method: 'GET', url: '/oppurtunities' });
      expect(target.statusCode).toBe(200);
      expect(target.headers['content-type']).toContain('text/html');
    } finally {
      await app.close();
    }
  });
});

describe('request logs (ASVS 7.1.1: no secrets in logs)', () => {
  it('never write a password-reset token, from the mailed link or the reset call', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...context.config, logLevel: 'info' },
      database: context.database,
      images: createImageStore(createFileObjectStore(join(context.dataDir, 'uploads'))),
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const token = 'Zx9SecretResetToken0123456789abcdef';
      await app.inject({ method: 'GET', url: `/api/reset/${token}?from=mail` });
      await app.inject({ method: 'PUT', url: `/api/auth/reset/${token}`, payload: { password: 'new password' } });
      await app.inject({ method: 'GET', url: '/api/product/category/saree-blouse' });
      const urls = lines
        .map((line) => JSON.parse(line) as { req?: { url?: string } })
        .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
      expect(urls).toEqual(['/api/reset/[redacted]?from=mail', '/api/auth/reset/[redacted]', '/api/product/category/saree-blouse']);
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});

describe('pictures still being drawn (docs/product.md#demo-catalog: a first start serves before its pictures exist)', () => {
  it('answers a placeholder of the picture’s shape, not cached, until the file exists; then the file, and other misses stay 404', async () => {
    const inProgress = new Set(['products/demo-saree-blouse-0-0', 'banners/demo-banner-0-custom']);
    const uploads = join(context.dataDir, 'uploads-drawing');
    const app = await buildApp({
      config: context.config,
      database: context.database,
      images: createImageStore(createFileObjectStore(uploads)),
      picturesInProgress: inProgress,
    });
    try {
      for (const url of ['/uploads/products/demo-saree-blouse-0-0-320.webp', '/uploads/products/demo-saree-blouse-0-0-640.jpg']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).toContain('viewBox="0 0 3 4"');
      }
      const banner = await app.inject({ method: 'GET', url: '/uploads/banners/demo-banner-0-custom-1280.webp' });
      expect(banner.body).toContain('viewBox="0 0 16 7"');
      // Not being drawn: the usual JSON 404.
      const other = await app.inject({ method: 'GET', url: '/uploads/products/demo-saree-blouse-0-1-320.webp' });
      expect([other.statusCode, other.json().code]).toEqual([404, 'not_found']);

      // Written: the picture itself, with its long-lived caching.
      mkdirSync(join(uploads, 'products'), { recursive: true });
      writeFileSync(join(uploads, 'products', 'demo-saree-blouse-0-0-320.webp'), 'RIFF-picture');
      inProgress.delete('products/demo-saree-blouse-0-0');
      const real = await app.inject({ method: 'GET', url: '/uploads/products/demo-saree-blouse-0-0-320.webp' });
      expect(real.statusCode).toBe(200);
      expect(real.body).toBe('RIFF-picture');
      expect(real.headers['cache-control']).toMatch(/immutable/);
      const gone = await app.inject({ method: 'GET', url: '/uploads/products/demo-saree-blouse-0-0-640.webp' });
      expect(gone.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
