import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LANGUAGE_COOKIE,
  MessageResponseSchema,
  OrderNumberParamsSchema,
  SHARE_LINK_MESSAGES,
  ShareLinkResponseSchema,
  type Language,
  type ShopInfo,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../platform/current-user.js';
import { limitKey, rateLimitHook } from '../../platform/rate-limit.js';
import { createShareLink, revokeShareLink, trackedOrder } from './share-link.js';
import { trackEndedHtml, trackPageHtml } from './track-page.js';

/**
 * Tracking pages one client address may open in a minute (docs/security.md#tracking-links): far
 * more than a family reading a shared link, far fewer than a guesser needs (and the token space,
 * 2^256, leaves guessing hopeless anyway; ASVS 2.4.1).
 */
const TRACK_PAGE_RATE_LIMIT = { max: 60, windowMs: 60_000 } as const;

/**
 * `POST /orders/:orderId/share-link` → 201 `{url}` and `DELETE /orders/:orderId/share-link` → 200
 * `{message}` (docs/product.md#sharing-an-orders-progress) on `app`, whose scope already requires
 * a signed-in user (orders.routes.ts). POST makes a new link to her own order, replacing any
 * earlier one (which stops working); 409 once the order ended 30 days ago or more. DELETE stops
 * the link; stopping a stopped link, or an order with none, answers the same. 404 for an unknown
 * order or another user's.
 */
export function registerShareLinkRoutes(app: FastifyInstance, db: Db): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/orders/:orderId/share-link',
    {
      schema: {
        operationId: 'shareOrder',
        summary: 'A new tracking link to the shopper’s order, replacing the old one',
        params: OrderNumberParamsSchema,
        response: { 201: ShareLinkResponseSchema },
        errors: ['not_found', 'conflict'],
      },
    },
    async (request, reply) => {
      const token = await createShareLink(db, currentUser(request).id, request.params.orderId, app.clock.now());
      return reply.status(201).send({ url: `${app.config.publicUrl}/track/${token}` });
    },
  );
  typed.delete(
    '/orders/:orderId/share-link',
    {
      schema: {
        operationId: 'stopSharingOrder',
        summary: 'Stop the tracking link of the shopper’s order',
        params: OrderNumberParamsSchema,
        response: { 200: MessageResponseSchema },
        errors: ['not_found'],
      },
    },
    async (request) => {
      await revokeShareLink(db, currentUser(request).id, request.params.orderId, app.clock.now());
      return { message: SHARE_LINK_MESSAGES.stopped };
    },
  );
}

/**
 * The tracking page's language (docs/product.md#languages): `?lang=en|ta` (the page's own switch),
 * else the shop's language cookie when the reader chose one on this site, else the order's
 * language, else English.
 */
function trackLanguage(request: FastifyRequest, orderLanguage: Language | null): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (asked === 'en' || asked === 'ta') return asked;
  const cookie = request.cookies[LANGUAGE_COOKIE];
  if (cookie === 'en' || cookie === 'ta') return cookie;
  return orderLanguage ?? 'en';
}

/**
 * The tracking page's headers (docs/security.md#tracking-links): never kept by a browser or
 * proxy, never indexed, and its address (the token) never sent on as a Referer.
 */
function privatePage(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8');
}

/**
 * `GET /track/:token` (docs/product.md#sharing-an-orders-progress; anyone holding the link): the
 * tracking page of the order the token opens, 200, in its language; 404 with the page that says the
 * link has ended (and offers the shop's WhatsApp and phone) for a malformed, unknown, replaced,
 * stopped or expired token, alike. 429 over {@link TRACK_PAGE_RATE_LIMIT} from one client address.
 * `shop`: the shop's contact points the ended page offers (contact module `shopInfo`).
 */
export function trackPageRoutes(db: Db, shop: Pick<ShopInfo, 'phone' | 'phoneHref' | 'whatsappHref'>): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyRateLimit, { global: false, ...app.rateLimits.pluginOptions });
    const perIp = app.createRateLimit({
      max: TRACK_PAGE_RATE_LIMIT.max,
      timeWindow: TRACK_PAGE_RATE_LIMIT.windowMs,
      keyGenerator: (request) => limitKey('track-page:ip', normalizeIP(request.ip)),
    });
    app.get<{ Params: { token: string } }>(
      '/track/:token',
      { onRequest: rateLimitHook(perIp, SHARE_LINK_MESSAGES.tooMany) },
      async (request, reply) => {
        const order = await trackedOrder(db, request.params.token, app.clock.now());
        if (!order)
          return privatePage(reply)
            .status(404)
            .send(trackEndedHtml(trackLanguage(request, null), shop));
        return privatePage(reply).send(trackPageHtml(order, trackLanguage(request, order.language)));
      },
    );
  };
}
