import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PLATFORM_MESSAGES } from '@thaiyal/contract';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createSharedCatalog, type Catalog } from '../modules/catalog/index.js';
import { shopInfo } from '../modules/contact/index.js';
import { createSessionService, type SessionService } from '../modules/auth/index.js';
import { createAfterAnswer, type AfterAnswer } from '../platform/after-answer.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { registerCompression } from '../platform/compression.js';
import { registerErrorHandler } from '../platform/error-handler.js';
import { AppError } from '../platform/errors.js';
import type { ImageStore } from '../platform/image-store.js';
import { createMailer, MAIL_DRAIN_MS, type Mailer } from '../platform/mail.js';
import { createMailSender, shopRecipients, type MailSender } from '../platform/outbox.js';
import { createPushSender, type PushSender } from '../platform/push.js';
import { loadVapidKeys } from '../platform/push-keys.js';
import { createRateLimitBackend, type RateLimitBackend } from '../platform/rate-limit.js';
import { loadSessionSecret } from '../platform/secret.js';
import { registerSecurityHeaders } from '../platform/security-headers.js';

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
    /**
     * The outboxes' senders (platform/outbox.ts, platform/push.ts): `wake()` after a commit that
     * queued mail or notifications wakes both.
     */
    outbox: MailSender;
    /** The shop's VAPID public key, base64url (`GET /api/push/key`; platform/push-keys.ts). */
    pushPublicKey: string;
    /** The parsed configuration. */
    config: Config;
    /** Uploaded-image storage under `DATA_DIR/uploads` or in an S3-compatible bucket (platform/image-store.ts). */
    images: ImageStore;
    /** Where abuse limits count: the database on PostgreSQL (shared by every process), memory on PGlite. */
    rateLimits: RateLimitBackend;
    /** Work run once an answer has gone out (platform/after-answer.ts); closing waits for it. */
    afterAnswer: AfterAnswer;
  }
}

/** What the {@link platform} plugin is given; everything with a lifetime is made by the caller. */
export interface PlatformOptions {
  config: Config;
  database: Database;
  images: ImageStore;
  /** Time source of every expiry rule; tests pass a manual clock. Default: the system's. */
  clock?: Clock | undefined;
  /** Mail transport; default from config (SMTP_URL or DATA_DIR/outbox). */
  mailer?: Mailer | undefined;
}

/**
 * A request that arrives while the shop is closing (a restart) gets the shop's error body,
 * `{message, code: 'unavailable', reason}` with 503, and its connection closes
 * (docs/security.md#findings-of-the-outside-probe).
 */
function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new AppError('unavailable', PLATFORM_MESSAGES.closing);
  });
}

/**
 * An API answer that does not say it may be cached is personal or changing: no browser or
 * proxy keeps it (ASVS 14.3.2; docs/security.md#findings-of-the-outside-probe). Routes whose
 * answers may be kept (the catalog, sitemap, shop info) set their own Cache-Control.
 */
function noStoreByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * The catalog, sessions, clock, configuration, images and rate-limit backend, decorated on the
 * app. On PostgreSQL the catalog is invalidated across processes through LISTEN/NOTIFY
 * (docs/decisions/001-in-memory-catalog.md); it stops listening when the app closes.
 */
async function decorateServices(app: FastifyInstance, options: PlatformOptions, clock: Clock): Promise<void> {
  const { config, database } = options;
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
  app.decorate('images', options.images);
  app.decorate(
    'rateLimits',
    createRateLimitBackend(database, (error) => app.log.warn({ err: error }, 'rate-limit sweep failed')),
  );
}

/**
 * The mail and push senders as one (docs/architecture.md#notifications): every commit that
 * queues mail already wakes `app.outbox`, and the notifications are queued beside the mails, so
 * one wake, start, close and settle covers both.
 */
function bothOutboxes(mail: MailSender, push: PushSender): MailSender {
  return {
    wake: () => Promise.all([mail.wake(), push.wake()]).then(() => undefined),
    start() {
      mail.start();
      push.start();
    },
    async close(deadline = Date.now() + MAIL_DRAIN_MS) {
      await Promise.all([mail.close(deadline), push.close(deadline)]);
    },
    settled: () => Promise.all([mail.settled(), push.settled()]).then(() => undefined),
  };
}

/**
 * The mailer, the outbox's sender and the work run after an answer, decorated on the app
 * (docs/architecture.md#mail). Mails left by an earlier run (a crash, a stop while the mail
 * server was down) go out at start; at close, the work after answers settles first (it may
 * still queue mail), then the sender and the mailer close, both by one deadline
 * ({@link MAIL_DRAIN_MS} after the close began).
 */
function decorateMail(app: FastifyInstance, options: PlatformOptions, clock: Clock): void {
  const { config, database } = options;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log: app.log,
      // Every mail ends with how to reach the shop (docs/architecture.md#mail).
      contact: shopInfo(config.shop),
    });
  app.decorate('mailer', mailer);
  const mailSender = createMailSender({
    database,
    mailer,
    clock,
    shopRecipients: () => shopRecipients(database.db, config.shopEmail),
    log: app.log,
    // Mails carry their pictures (the garment, its photos) as inline JPEGs read from the store.
    readMailImage: (url) => options.images.readMailImage(url),
  });
  const keys = loadVapidKeys(config.push.vapid, config.dataDir);
  app.decorate('pushPublicKey', keys.publicKey);
  const outbox = bothOutboxes(mailSender, createPushSender({ database, clock, keys, config: config.push, log: app.log }));
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  // One deadline for every wait on mail, counted from the start of the close
  // (docs/architecture.md#crash-safety): the sender's pass and the mail thread share it.
  let mailDeadline: number | undefined;
  app.addHook('preClose', async () => {
    mailDeadline = Date.now() + MAIL_DRAIN_MS;
  });
  app.addHook('onClose', async () => {
    await outbox.close(mailDeadline);
    await mailer.close(mailDeadline);
    // A pass cut off at the deadline ends now that the thread's mails were rejected: its
    // writes finish before the database closes.
    await outbox.settled();
  });
  const afterAnswer = createAfterAnswer(app.log);
  app.decorate('afterAnswer', afterAnswer);
  // onClose hooks run last-registered first: this work, which may still queue mail, ends before the sender closes.
  app.addHook('onClose', async () => afterAnswer.settled());
}

/**
 * Cross-site request forgery defence (docs/architecture.md#sessions-and-cookies): a
 * state-changing request whose Origin is sent and is not PUBLIC_URL's is refused with 403
 * before anything runs (ASVS 3.5.x).
 */
function refuseCrossSiteWrites(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin) {
      throw new AppError('forbidden', PLATFORM_MESSAGES.crossSite);
    }
  });
}

/**
 * What every route of the app stands on (docs/architecture.md#request-flow), in this order,
 * which matters: the zod validator and serializer; the single error handler (first, so it
 * answers whatever fails after); the closing 503; `no-store` on API answers by default;
 * security headers; compression (before any route: its hooks attach to routes as they are
 * registered); the decorations (`catalog`, `sessions`, `clock`, `config`, `images`,
 * `rateLimits`, `mailer`, `outbox`, `afterAnswer`, `request.user`); `@fastify/cookie`; the
 * Origin check. Wrapped by `fastify-plugin`, so its hooks and decorations are the whole app's,
 * seen by the api and web plugins registered after it.
 */
export const platform = fp<PlatformOptions>(
  async (app, options) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    refuseWhileClosing(app);
    noStoreByDefault(app);
    await registerSecurityHeaders(app, options.config.publicUrl);
    // Before every route: the compression hooks attach to routes as they are registered.
    await registerCompression(app);
    const clock = options.clock ?? systemClock;
    await decorateServices(app, options, clock);
    decorateMail(app, options, clock);
    app.decorateRequest('user', null);
    await app.register(fastifyCookie);
    refuseCrossSiteWrites(app, options.config.publicUrl);
  },
  { name: 'thaiyal-platform' },
);
