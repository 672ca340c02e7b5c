import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_NAMES } from '@thaiyal/contract';
import { buildApp } from '../../app.js';
import { createImageStore } from '../../platform/image-store.js';
import { createFileObjectStore } from '../../platform/object-store.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

/**
 * The installable shop's server side (docs/product.md#installing-the-shop,
 * docs/decisions/022-installable-app.md): the manifest in the page's language, the service
 * worker's headers, and every page's link to its manifest.
 */

let context: TestContext;
/** An app serving a small web build: index.html, the service worker, an offline page. */
let web: FastifyInstance;

beforeAll(async () => {
  context = await createTestContext();
  const dist = join(context.dataDir, 'web-dist');
  mkdirSync(join(dist, 'offline'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Thaiyal</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'offline', 'en.html'), '<!doctype html><title>You are offline</title>');
  web = await buildApp({
    config: context.config,
    database: context.database,
    images: createImageStore(createFileObjectStore(join(context.dataDir, 'uploads'))),
    webDistDir: dist,
  });
  await web.ready();
});

afterAll(async () => {
  await web?.close();
  await context?.close();
});

/** The manifest as `app` answers `url`, after checking the answer's headers. */
async function manifest(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  return response.json<Record<string, unknown>>();
}

describe('GET /manifest.webmanifest', () => {
  it('describes an installable app: name, start URL, scope, standalone, colours, 192 and 512 px icons also maskable', async () => {
    const body = await manifest(context.app, '/manifest.webmanifest?lang=en');
    expect(body).toMatchObject({
      id: '/',
      name: APP_NAMES.en.name,
      short_name: 'Thaiyal',
      description: APP_NAMES.en.description,
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#7a1f3d',
      background_color: '#fffbeb',
    });
    expect(body.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('is in Tamil for a Tamil page (?lang=ta), the app keeping one identity in both languages', async () => {
    const body = await manifest(context.app, '/manifest.webmanifest?lang=ta');
    expect(body).toMatchObject({ id: '/', lang: 'ta', name: APP_NAMES.ta.name, short_name: 'தையல்', description: APP_NAMES.ta.description });
    expect(String(body.description)).toMatch(/[\u0B80-\u0BFF]/);
  });

  it.each([
    ['the language cookie', '/manifest.webmanifest', { cookie: 'lang=ta' }, 'ta'],
    ['Accept-Language', '/manifest.webmanifest', { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.5' }, 'ta'],
    ['nothing (English)', '/manifest.webmanifest', {}, 'en'],
    ['an unknown ?lang, ignored', '/manifest.webmanifest?lang=fr', { cookie: 'lang=ta' }, 'ta'],
    ['?lang before the cookie', '/manifest.webmanifest?lang=en', { cookie: 'lang=ta' }, 'en'],
  ])('without a usable ?lang follows the page rule: %s', async (_case, url, headers, language) => {
    const body = await manifest(context.app, url, headers);
    expect(body.lang).toBe(language);
  });
});

describe('the web build served for installing', () => {
  it('sends /sw.js as JavaScript, no-cache (a new version is found at once) and under the shop CSP', async () => {
    const response = await web.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers['content-security-policy'])).toContain("worker-src 'self'");
    expect(String(response.headers['content-security-policy'])).toContain("manifest-src 'self'");
  });

  it('serves the offline page as a file of the build', async () => {
    const response = await web.inject({ method: 'GET', url: '/offline/en.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each([
    ['en', {}],
    ['ta', { cookie: 'lang=ta' }],
  ])('links each page to its manifest in the page language (%s)', async (language, headers) => {
    const response = await web.inject({ method: 'GET', url: '/', headers });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<html lang="${language}"`);
    expect(response.body).toContain(`<link rel="manifest" href="/manifest.webmanifest?lang=${language}" />`);
  });
});
