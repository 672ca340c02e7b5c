import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { banners } from '../src/db/schema/index.js';
import type { BuildManifest } from '../src/modules/pages/index.js';
import { createImageStore } from '../src/platform/image-store.js';
import { createFileObjectStore } from '../src/platform/object-store.js';
import { createTestContext, seedProducts, type TestContext } from './harness.js';
import { buildServerRendering } from './web-build.js';

/**
 * A shop that serves pages rendered on the server by the web app's real components, for the
 * tests of the pages and SEO modules (docs/architecture.md#rendering): a web build of its own
 * (an index.html, a build manifest and the server rendering), a catalog of three products and
 * a banner, on PUBLIC_URL https://shop.example.
 */

/** A build manifest as `vite build` writes it: the entry, lazily loaded pages and shared chunks. */
export const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shared-in-entry.js'] },
  '_shared-in-entry.js': { file: 'assets/shared-in-entry.js' },
  '_carousel.js': { file: 'assets/carousel.js' },
  '_forms.js': { file: 'assets/forms.js', imports: ['index.html', '_zod.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  'src/app/pages/product-page.tsx': { file: 'assets/product-page.js', imports: ['index.html', '_carousel.js', '_shared-in-entry.js'] },
  'src/app/pages/category-page.tsx': {
    file: 'assets/category-page.js',
    imports: ['index.html', '_list-controls.js', '_shared-in-entry.js'],
  },
  '_list-controls.js': { file: 'assets/list-controls.js', imports: ['index.html'] },
  'src/app/pages/auth-pages.tsx': { file: 'assets/auth-pages.js', imports: ['index.html', '_forms.js'] },
  'src/app/pages/info-pages.tsx': { file: 'assets/info-pages.js', imports: ['index.html', '_forms.js'] },
};

/** The web build's index.html: its own title and description, the entry script, an empty root. */
export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The build's own description." />
    <title>Thaiyal</title>
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** A shop serving a web build, with its catalog. */
export interface WebTestApp {
  /** The harness's context; its own app serves no web build. */
  context: TestContext;
  /** An app on the same database that serves a built web app (the harness's serves none). */
  web: FastifyInstance;
  /** The web build's index.html, which a test may rewrite (and must put back). */
  indexPath: string;
  /** 'Kanchi Silk Blouse' (saree-blouse, ₹1,250.50, Tamil name and description, two pictures, added 2026-03-01). */
  silkId: string;
  /** A ball frock whose name and description hold quotes, markup and a long text. */
  oddId: string;
  /** 'Plain Nightie' (nightwear, ₹450), without pictures. */
  plainId: string;
  close(): Promise<void>;
}

/**
 * Seed the catalog, write the web build and build its server rendering (about 5 s), and build
 * an app that serves it, ready for `inject`.
 * @throws when the server rendering cannot be built.
 */
export async function createWebTestApp(): Promise<WebTestApp> {
  const context = await createTestContext({ PUBLIC_URL: 'https://shop.example' });
  const [silkId, oddId, plainId] = (await seedProducts(context, [
    {
      name: 'Kanchi Silk Blouse',
      nameTa: 'காஞ்சி பட்டு பிளவுஸ்',
      description: 'A silk blouse with gold zari piping.',
      descriptionTa: 'தங்க ஜரி பைப்பிங் வைத்த பட்டு பிளவுஸ்.',
      category: 'saree-blouse',
      pricePaise: 125_050,
      images: ['/uploads/products/silk-640.webp', '/uploads/products/silk2-640.webp'],
      createdAt: new Date('2026-03-01T00:00:00Z'),
    },
    {
      name: 'Frock "Rose" <script>alert(1)</script> & co',
      description: `Says "hi" & <b>bold</b> ${'long words '.repeat(40)}`,
      category: 'ball-frock',
      pricePaise: 99_900,
      images: ['/uploads/products/rose-640.webp'],
    },
    { name: 'Plain Nightie', category: 'nightwear', pricePaise: 45_000, images: [] },
  ])) as [string, string, string];
  await context.database.db.insert(banners).values([{ category: 'aari', image: '/uploads/banners/aari-640.webp' }]);
  context.app.catalog.invalidate();

  const dist = join(context.dataDir, 'web-dist');
  mkdirSync(dist, { recursive: true });
  const indexPath = join(dist, 'index.html');
  writeFileSync(indexPath, INDEX_HTML);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  // The real components, rendered on the server from a build of the web app's own.
  await buildServerRendering(dist);
  const web = await buildApp({
    config: context.config,
    database: context.database,
    images: createImageStore(createFileObjectStore(join(context.dataDir, 'uploads'))),
    webDistDir: dist,
  });
  await web.ready();
  return {
    context,
    web,
    indexPath,
    silkId,
    oddId,
    plainId,
    async close() {
      await web.close();
      await context.close();
    },
  };
}

/** The page at `url` as a browser asks `web` for it, which must answer `status` with HTML. */
export async function fetchPage(web: FastifyInstance, url: string, status = 200, headers: Record<string, string> = {}): Promise<string> {
  const response = await web.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
}
