import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LANGUAGE_COOKIE, PAGE_REDIRECTS, PLATFORM_MESSAGES } from '@thaiyal/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import type { Catalog } from './modules/catalog/catalog.service.js';
import { createSharedCatalog } from './modules/catalog/catalog-sync.js';
import { searchProducts } from './modules/catalog/search.service.js';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { serviceAreaRoutes } from './modules/service-area/service-area.routes.js';
import { measurementRoutes } from './modules/measurements/measurements.routes.js';
import { visitRoutes } from './modules/visits/visits.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { createPageRenderer, requestLanguage } from './modules/seo/page-renderer.js';
import { shopInfo } from './modules/contact/contact.service.js';
import { createSessionService, SESSION_HINT_COOKIE, type SessionService } from './modules/auth/session.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createAfterAnswer, type AfterAnswer } from './platform/after-answer.js';
import { precompressed, registerCompression } from './platform/compression.js';
import { registerErrorHandler } from './platform/error-handler.js';
import { redactUrl, serializeRequest } from './platform/log-redaction.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { AppError } from './platform/errors.js';
import { requireResponseSchema } from './platform/response-schemas.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { createMailSender, shopRecipients, type MailSender } from './platform/outbox.js';
import { loadSessionSecret } from './platform/secret.js';
import { createRateLimitBackend, type RateLimitBackend } from './platform/rate-limit.js';
import type { ImageStore } from './platform/image-store.js';

/** Where `vite build` puts the web app. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * What a picture still being drawn shows (docs/product.md#demo-catalog): a plain panel in the
 * shop's paper colour at the picture's shape (portrait 3:4 for products, 16:7 for banners),
 * sent `no-store` so the browser asks again for the real picture on the next page.
 */
export const PICTURE_PLACEHOLDER_SVG = {
  products:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 4" width="640" height="853"><rect width="3" height="4" fill="#f3ece4"/></svg>',
  banners:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 7" width="640" height="280"><rect width="16" height="7" fill="#f3ece4"/></svg>',
} as const;

/** `{folder}/{id}` of a stored picture's URL (any width, or the share JPEG), or undefined. */
function pictureOf(url: string): { folder: 'products' | 'banners'; key: string } | undefined {
  const match = /^\/uploads\/(products|banners)\/([a-z0-9-]+)-\d+\.(?:webp|jpg)(?:\?.*)?$/.exec(url);
  return match ? { folder: match[1] as 'products' | 'banners', key: `${match[1]}/${match[2]}` } : undefined;
}

/** What {@link buildApp} needs; everything with a lifetime is made by the caller. */
export interface AppDeps {
  config: Config;
  database: Database;
  images: ImageStore;
  /** Built web app to serve; default `web/dist`. Missing directory: the API still runs. */
  webDistDir?: string;
  /** Time source of every expiry rule; tests pass a manual clock. */
  clock?: Clock;
  /** Mail transport; default from config (SMTP_URL or DATA_DIR/outbox). */
  mailer?: Mailer;
  /**
   * Pictures not written yet (`{folder}/{id}`, main.ts: the demo catalog's, drawn after the
   * shop listens); their URLs answer {@link PICTURE_PLACEHOLDER_SVG} until they exist.
   */
  picturesInProgress?: ReadonlySet<string>;
  /** Where the log lines go; default standard output. Tests read them. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers an HTML page, not JSON: it needs no response schema (docs/architecture.md#http-api). */
    html?: boolean;
  }
  interface FastifyInstance {
    /** The in-memory catalog; every write to products, reviews or banners calls `invalidate()`. */
    catalog: Catalog;
    /** Sessions: `authenticate`, `requireUser`, `requireAdmin` hooks and token issue. */
    sessions: SessionService;
    /** The app's clock (real, or the tests' manual one). */
    clock: Clock;
    /** The mail transport (platform/mail.ts): SMTP or `.eml` files, on the mail thread. */
    mailer: Mailer;
    /** The mail outbox's sender (platform/outbox.ts): `wake()` after a commit that queued mail. */
    outbox: MailSender;
    /** The parsed configuration. */
    config: Config;
    /** Uploaded-image storage under `DATA_DIR/uploads` (platform/image-store.ts). */
    images: ImageStore;
    /** Where abuse limits count: the database on PostgreSQL (shared by every process), memory on PGlite. */
    rateLimits: RateLimitBackend;
    /** Work run once an answer has gone out (platform/after-answer.ts); closing waits for it. */
    afterAnswer: AfterAnswer;
  }
}

/**
 * Build the Fastify app (docs/architecture.md#code-shape): infrastructure (logging with request ids, zod
 * validation, the single error handler, security headers, brotli/gzip compression of JSON
 * and the web app's files: docs/performance.md#images-and-caching), then modules under `/api`, then `/uploads` (long-lived
 * immutable caching, never recompressed) and the web app with index.html as the fallback for
 * client routes; `GET /opportunities` answers 301 to the product's `/oppurtunities` (docs/architecture.md#http-api).
 * Never listens; `main.ts` does.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, images } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Idle and trickling connections are closed (config.ts HttpTimeoutsConfig). Node checks
    // for late requests every `connectionsCheckingInterval`, 30 s by default: a quarter of the
    // request timeout keeps the closing close to it; headers must arrive within it too.
    connectionTimeout: config.httpTimeouts.connectionMs,
    requestTimeout: config.httpTimeouts.requestMs,
    keepAliveTimeout: config.httpTimeouts.keepAliveMs,
    http: {
      headersTimeout: Math.min(60_000, config.httpTimeouts.requestMs),
      requestTimeout: config.httpTimeouts.requestMs,
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(config.httpTimeouts.requestMs / 4))),
    },
    // While closing, our own 503 with the shop's error body answers (below), not Fastify's.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // A request that arrives while the shop is closing (a restart) gets the shop's error body,
  // `{message, code: 'unavailable', reason}`, and its connection closes (docs/security.md#findings-of-the-outside-probe).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new AppError('unavailable', PLATFORM_MESSAGES.closing);
  });
  // An API answer that does not say it may be cached is personal or changing: no browser or
  // proxy keeps it (ASVS 14.3.2; docs/security.md#findings-of-the-outside-probe). Routes whose answers may be
  // kept (the catalog, sitemap, shop info) set their own Cache-Control.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  await registerSecurityHeaders(app, config.publicUrl);
  // Before every route: the compression hooks attach to routes as they are registered.
  await registerCompression(app);

  const clock = deps.clock ?? systemClock;
  // On PostgreSQL the catalog is invalidated across processes through LISTEN/NOTIFY.
  const catalog = await createSharedCatalog(database, app.log);
  app.addHook('onClose', async () => catalog.close());
  const sessions = createSessionService({
    db: database.db,
    secret: loadSessionSecret(config.sessionSecret, config.dataDir),
    clock,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  app.decorate('catalog', catalog);
  app.decorate('sessions', sessions);
  app.decorate('clock', clock);
  app.decorate('config', config);
  app.decorate('images', images);
  app.decorate(
    'rateLimits',
    createRateLimitBackend(database, (error) => app.log.warn({ err: error }, 'rate-limit sweep failed')),
  );
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log: app.log,
      // Every mail ends with how to reach the shop (docs/architecture.md#mail).
      contact: shopInfo(config.shop),
    });
  app.decorate('mailer', mailer);
  const outbox = createMailSender({
    database,
    mailer,
    clock,
    shopRecipients: () => shopRecipients(database.db, config.shopEmail),
    log: app.log,
  });
  app.decorate('outbox', outbox);
  // Mails left by an earlier run (a crash, a stop while the mail server was down) go out at start.
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => {
    await outbox.close();
    await mailer.close();
  });
  const afterAnswer = createAfterAnswer(app.log);
  app.decorate('afterAnswer', afterAnswer);
  // onClose hooks run last-registered first: this work, which may still queue mail, ends before the sender closes.
  app.addHook('onClose', async () => afterAnswer.settled());
  app.decorateRequest('user', null);
  await app.register(fastifyCookie);

  // Cross-site request forgery defence (docs/architecture.md#sessions-and-cookies): a state-changing request whose
  // Origin is sent and is not PUBLIC_URL's is refused (ASVS 3.5.x).
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin) {
      throw new AppError('forbidden', PLATFORM_MESSAGES.crossSite);
    }
  });

  // The OpenAPI document of every /api route, from the routes' own schemas (modules/api-docs).
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Thaiyal',
        version: '1',
        description:
          'The shop API: catalog, accounts, cart, wishlist, orders with home visits, and the admin dashboard. Errors answer {message, code, reason?, params?, issues?} (docs/architecture.md#errors).',
      },
    },
    // Only the API: pages, pictures, the sitemap and robots are not part of it.
    transform: (input) =>
      input.url.startsWith('/api/') ? jsonSchemaTransform(input) : { schema: { ...input.schema, hide: true }, url: input.url },
  });
  await app.register(
    async (api) => {
      // Every route under /api declares what it answers (docs/architecture.md#http-api), so
      // the serializer checks each answer against the contract and the OpenAPI document is
      // whole; a route that does not stops the start. HTML pages (the API reference) say so.
      api.addHook('onRoute', requireResponseSchema);
      await api.register(apiDocsRoutes);
      await api.register(healthRoutes(database.db, database.kind));
      await api.register(catalogRoutes(catalog, database.db));
      await api.register(wishlistRoutes(database.db));
      await api.register(cartRoutes(database.db));
      await api.register(ordersRoutes(database.db));
      await api.register(reviewsRoutes(database.db));
      await api.register(adminRoutes(database.db));
      await api.register(authRoutes(database.db));
      await api.register(contactRoutes(database.db));
      await api.register(serviceAreaRoutes(database.db));
      await api.register(measurementRoutes(database.db));
      await api.register(visitRoutes(database.db));
    },
    { prefix: '/api' },
  );

  mkdirSync(images.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: images.root,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    dotfiles: 'deny',
    wildcard: true,
  });

  await app.register(seoRoutes(catalog, config.publicUrl));

  const webDist = deps.webDistDir ?? DEFAULT_WEB_DIST;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  // Each page rendered by the web app's own components on the server, with its head, preloads
  // and data (docs/architecture.md#rendering).
  const pages = createPageRenderer({
    webDist,
    catalog,
    publicUrl: config.publicUrl,
    everyPage: { '/shop-info': JSON.stringify(shopInfo(config.shop)) },
    search: (snapshot, query) => searchProducts(database.db, snapshot, query),
    onRenderError: (error, url) =>
      app.log.error({ err: error, url: redactUrl(url) }, 'a page could not be rendered on the server; it is drawn in the browser'),
  });
  if (hasWeb) {
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

  // Paths kept for old links, such as the correct spelling of the artisans' page, answer a
  // permanent redirect from the server itself, so they work before any script runs and search
  // engines keep one address (contract PAGE_REDIRECTS; docs/product.md#information-pages).
  for (const [from, to] of Object.entries(PAGE_REDIRECTS)) {
    app.get(from, async (request: FastifyRequest, reply: FastifyReply) => {
      const queryAt = request.url.indexOf('?');
      return reply.redirect(`${to}${queryAt >= 0 ? request.url.slice(queryAt) : ''}`, 301);
    });
  }

  const isApiOrFile = (path: string) => (path.startsWith('/api/') && !path.startsWith('/api/reset/')) || path.startsWith('/uploads/');
  const notFound = (reply: FastifyReply) => reply.status(404).send({ message: 'Not found', code: 'not_found' });

  if (hasWeb) {
    // Every path but the API's and the files' is a page of the web app (the contract's page
    // table), including /api/reset/{token}: rendered on the server in the shopper's language,
    // 404 for a page that is not found. A route, not the not-found handler, so the page is
    // compressed like every answer; files and API paths still miss with the JSON 404 below.
    app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
      const queryAt = request.url.indexOf('?');
      const path = queryAt >= 0 ? request.url.slice(0, queryAt) : request.url;
      if (isApiOrFile(path)) return notFound(reply);
      const page = await pages.render({
        path,
        url: request.url,
        language: requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']),
        signedIn: request.cookies[SESSION_HINT_COOKIE] !== undefined,
      });
      // The page follows the language cookie or Accept-Language, and the session hint.
      reply.header('vary', 'cookie, accept-language').header('cache-control', 'no-cache');
      if (page.redirect) return reply.redirect(page.redirect, 302);
      reply.status(page.status).type('text/html; charset=utf-8');
      // The catalog's pages are compressed once per catalog change, not per request (docs/performance.md).
      const encoded = page.shared ? precompressed(request, page, page.html) : undefined;
      if (encoded) return reply.header('content-encoding', encoded.encoding).send(encoded.body);
      return reply.send(page.html);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const picture = deps.picturesInProgress?.size ? pictureOf(request.url) : undefined;
    if (picture && deps.picturesInProgress!.has(picture.key)) {
      return reply.header('cache-control', 'no-store').type('image/svg+xml').send(PICTURE_PLACEHOLDER_SVG[picture.folder]);
    }
    return notFound(reply);
  });

  return app;
}
