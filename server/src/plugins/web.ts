import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.js';
import { searchProducts } from '../modules/catalog/index.js';
import { mayViewPrivatePicture, privatePictureUrl, trackPageRoutes } from '../modules/orders/index.js';
import { shopInfo, shopTrust } from '../modules/contact/index.js';
import { installableRoutes } from '../modules/installable/index.js';
import { createPageRenderer, pageRedirectRoutes, pagesRoutes, sendNotFound } from '../modules/pages/index.js';
import { seoRoutes } from '../modules/seo/index.js';
import { IMAGE_FOLDERS } from '../platform/image-store.js';
import { redactUrl } from '../platform/log-redaction.js';
import { isObjectKey } from '../platform/object-store.js';

/** Where `vite build` puts the web app. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * What a picture still being drawn shows (docs/product.md#demo-catalog): a plain panel in the
 * shop's paper colour at the picture's shape (portrait 3:4 for products, 16:7 for banners),
 * sent `no-store` so the browser asks again for the real picture on the next page.
 */
const PICTURE_PLACEHOLDER_SVG = {
  products:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 4" width="640" height="853"><rect width="3" height="4" fill="#f3ece4"/></svg>',
  banners:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 7" width="640" height="280"><rect width="16" height="7" fill="#f3ece4"/></svg>',
} as const;

/** What the {@link web} plugin is given. */
export interface WebOptions {
  database: Database;
  /** Built web app to serve; default `web/dist`. Missing directory: the API still runs. */
  webDistDir?: string | undefined;
  /**
   * Pictures not written yet (`{folder}/{id}`, main.ts: the demo catalog's, drawn after the
   * shop listens); their URLs answer {@link PICTURE_PLACEHOLDER_SVG} until they exist.
   */
  picturesInProgress?: ReadonlySet<string> | undefined;
}

/** `{folder}/{id}` of a stored picture's URL (any width, or the share JPEG), or undefined. */
function pictureOf(url: string): { folder: 'products' | 'banners'; key: string } | undefined {
  const match = /^\/uploads\/(products|banners)\/([a-z0-9-]+)-\d+\.(?:webp|jpg)(?:\?.*)?$/.exec(url);
  return match ? { folder: match[1] as 'products' | 'banners', key: `${match[1]}/${match[2]}` } : undefined;
}

/**
 * How the browser may keep a customer's picture (docs/security.md#private-pictures): in its own
 * cache only, asking again each time (a 304 while it still may see it), so a shared or proxy cache
 * never holds it and a signed-out browser or a deleted order no longer shows it.
 */
const PRIVATE_PICTURE_CACHE = 'private, no-cache';

/** The cache header of the shop's pictures: its URL names one content forever (a new picture gets a new id). */
const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A customer's own pictures' folder, answered only by {@link registerPrivatePictures}. */
const PRIVATE_FOLDER = /^\/*references(?:\/|$)/i;

/**
 * `/uploads/`: the shop's pictures (products, banners), with long-lived immutable caching, never
 * recompressed (docs/performance.md#images-and-caching); the customers' own pictures under
 * `/uploads/references/` only through {@link registerPrivatePictures}. Files under
 * `DATA_DIR/uploads` go out through @fastify/static; objects of an S3-compatible bucket
 * (`STORAGE_URL`) are streamed from it by {@link registerStoredUploads}
 * (docs/decisions/020-pictures-on-s3-compatible-storage.md).
 */
async function registerUploads(app: FastifyInstance, database: Database): Promise<void> {
  registerPrivatePictures(app, database);
  const root = app.images.objects.localRoot;
  if (!root) {
    registerStoredUploads(app);
    return;
  }
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    dotfiles: 'deny',
    wildcard: true,
    // Never a customer's picture, whatever path reaches the folder (registerPrivatePictures answers them).
    allowedPath: (pathName) => !PRIVATE_FOLDER.test(pathName),
  });
}

/**
 * `GET /uploads/references/:file`: a customer's reference picture or designed photo (any stored
 * width, or its share JPEG), only to her and to admins (docs/security.md#private-pictures; ASVS
 * 8.2.2, 14.2.2), read by the session's access-token cookie (sent by the browser with the shop's
 * own `<img>` requests). Anyone else, and a picture no row holds any more, gets the same JSON
 * 404 as an unknown path: nothing tells a private picture from none. Cached privately
 * ({@link PRIVATE_PICTURE_CACHE}), with an ETag for 304s.
 */
function registerPrivatePictures(app: FastifyInstance, database: Database): void {
  app.get<{ Params: { file: string } }>('/uploads/references/:file', async (request, reply) => {
    const url = privatePictureUrl(request.params.file);
    if (!url) return sendNotFound(reply);
    await app.sessions.authenticate(request);
    if (!request.user || !(await mayViewPrivatePicture(database.db, url, request.user))) return sendNotFound(reply);
    const file = await app.images.readImage(`/uploads/references/${request.params.file}`);
    if (!file) return sendNotFound(reply);
    const etag = `"${createHash('sha256').update(file.data).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', PRIVATE_PICTURE_CACHE).header('vary', 'Cookie').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(file.contentType).send(file.data);
  });
}

/**
 * `GET /uploads/{folder}/{name}` (and HEAD) from the object store: the object streamed with its
 * type, length and {@link UPLOAD_CACHE_CONTROL}; 304 when the browser's `If-None-Match` names
 * its ETag. A key that is not a stored picture's shape, or no object, goes to the not-found
 * handler (the placeholder of a demo picture still being drawn, else the JSON 404), as a
 * missing file does with @fastify/static.
 */
function registerStoredUploads(app: FastifyInstance): void {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // A customer's picture only ever through registerPrivatePictures, whatever path reaches it.
    if (!isObjectKey(key) || PRIVATE_FOLDER.test(key) || !IMAGE_FOLDERS.some((folder) => key.startsWith(`${folder}/`))) {
      return reply.callNotFound();
    }
    const stored = await app.images.objects.get(key);
    if (!stored) return reply.callNotFound();
    reply.header('cache-control', UPLOAD_CACHE_CONTROL);
    if (stored.etag) reply.header('etag', stored.etag);
    if (stored.lastModified) reply.header('last-modified', stored.lastModified.toUTCString());
    if (stored.etag && request.headers['if-none-match'] === stored.etag) {
      stored.body.destroy();
      return reply.code(304).send();
    }
    return reply.type(stored.contentType).header('content-length', stored.size).send(stored.body);
  });
}

/** The built web app's files at `/` (index.html is the pages module's template, not a file served as it is). */
async function registerWebFiles(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: false,
    // dist/.vite/manifest.json and the server rendering (dist/server) are the server's, not the browser's.
    dotfiles: 'deny',
    allowedPath: (pathName) => !pathName.startsWith('/server/'),
    // The build's .br and .gz of each script and stylesheet (web/vite.config.ts), sent as they
    // are to browsers that accept them: smaller than per-request compression, and no CPU.
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/**
 * Each page rendered by the web app's own components on the server, with its head, preloads
 * and data (docs/architecture.md#rendering); the search page's results from the database.
 */
async function registerPages(app: FastifyInstance, webDist: string, database: Database): Promise<void> {
  const renderer = createPageRenderer({
    webDist,
    catalog: app.catalog,
    publicUrl: app.config.publicUrl,
    everyPage: { '/shop-info': JSON.stringify(shopInfo(app.config.shop, app.config.alterationDays)) },
    search: (snapshot, query) => searchProducts(database.db, snapshot, query),
    // Home's who-is-behind-the-shop counts (docs/product.md#home): two cheap reads per home page.
    liveAnswers: async (page, snapshot): Promise<Record<string, string>> =>
      page === 'home' ? { '/shop/trust': JSON.stringify(await shopTrust(database.db, snapshot.products, app.config.shop.tailorName)) } : {},
    onRenderError: (error, url) =>
      app.log.error({ err: error, url: redactUrl(url) }, 'a page could not be rendered on the server; it is drawn in the browser'),
  });
  await app.register(pagesRoutes(renderer));
}

/**
 * What no route answers: the placeholder of a picture still being drawn, else the JSON 404,
 * never an HTML page (ASVS 3.2.2; docs/security.md).
 */
function setNotFound(app: FastifyInstance, picturesInProgress: ReadonlySet<string> | undefined): void {
  app.setNotFoundHandler(async (request, reply) => {
    const picture = picturesInProgress?.size ? pictureOf(request.url) : undefined;
    if (picture && picturesInProgress!.has(picture.key)) {
      return reply.header('cache-control', 'no-store').type('image/svg+xml').send(PICTURE_PLACEHOLDER_SVG[picture.folder]);
    }
    return sendNotFound(reply);
  });
}

/**
 * Everything outside `/api` (docs/architecture.md#request-flow), an encapsulated plugin, in
 * this order: `/uploads/` (static or streamed from the object store, immutable caching; customers'
 * pictures under `/uploads/references/` to their owner and admins only, cached privately), the crawler files (`/sitemap.xml`,
 * `/robots.txt`), the web app manifest (`/manifest.webmanifest`), the built web app's files (the service worker `/sw.js`, `no-cache` as
 * every file outside `/assets/`) (precompressed `.br`/`.gz` sent as they are), the
 * page table's redirects (`GET /opportunities` → 301 `/oppurtunities`), the tracking page of a
 * shared order (`GET /track/:token`), `GET /*` rendering a
 * page on the server, and the not-found handler. Without a web build (`index.html` missing) the
 * web app's files and pages are left out and every other path is a JSON 404. Stands on the
 * platform plugin's decorations (`app.catalog`, `app.config`, `app.images`, `app.sessions`) and cookie parser.
 */
export const web: FastifyPluginAsync<WebOptions> = async (app, options) => {
  await registerUploads(app, options.database);
  await app.register(seoRoutes(app.catalog, app.config.publicUrl));
  // docs/product.md#installing-the-shop: in the page's language, so written by the server, not the build.
  await app.register(installableRoutes);
  const webDist = options.webDistDir ?? DEFAULT_WEB_DIST;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) await registerWebFiles(app, webDist);
  await app.register(pageRedirectRoutes);
  // docs/product.md#sharing-an-orders-progress: drawn by the server alone, so it answers without a web build too.
  await app.register(trackPageRoutes(options.database.db, shopInfo(app.config.shop)));
  if (hasWeb) await registerPages(app, webDist, options.database);
  setNotFound(app, options.picturesInProgress);
};
