import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_MESSAGES,
  CONTACT_RATE_LIMIT,
  ContactBodySchema,
  ContactListResponseSchema,
  ContactResponseSchema,
  SearchPageQuerySchema,
  ShopInfoSchema,
  ShopTrustSchema,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { limitKey, rateLimitHook } from '../../platform/rate-limit.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { queueMails } from '../../platform/outbox.js';
import { contactMessageMail, listContactMessages, saveContactMessage, shopInfo } from './contact.service.js';
import { shopTrust } from './shop-trust.service.js';

/**
 * The contact form and the shop's contact points (docs/product.md#contact, docs/product.md#states-and-transitions Contact form;
 * docs/architecture.md#http-api: the form posts to the shop's own endpoint, which answers as the product's provider did),
 * under `/api`:
 * - `POST /contact {name, email, phone, message}` (all required, strict) → 200
 *   `{success: true, message: 'Form Submitted Successfully'}`: stored, and in the same
 *   transaction its mail to the shop (SHOP_EMAIL, else every admin, English and Tamil) goes
 *   into the outbox, sent in the background, so a mail failure never fails the form. Refusals answer `{success: false, message, code}` with their 4xx:
 *   400 bad input (first problem's message), 403 another site's Origin, 429 after
 *   {@link CONTACT_RATE_LIMIT} (5 per 10 minutes per client IP; `Retry-After` in seconds).
 * - `GET /contact?limit=&cursor=&q=` (admin; 401 visitor, 403 customer) → `{messages, nextCursor}`:
 *   one page, newest first, narrowed to a name, e-mail, phone or text (docs/product.md#lists-by-page);
 *   400 for a bad limit, cursor or search, or an unknown parameter.
 * - `GET /shop-info` (public) → the shop's phone, WhatsApp, e-mail, social and portfolio
 *   links from configuration (contract `ShopInfoSchema`), cacheable for 5 minutes.
 * - `GET /shop/trust` (public) → the tailor's name and photo, the reviews' and delivered orders'
 *   counts home shows (contract `ShopTrustSchema`; docs/product.md#home), cacheable for a minute.
 */
export function contactRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The counters live where `app.rateLimits` says (platform/rate-limit.ts): in the database on
    // PostgreSQL, shared by every app process; in memory on PGlite.
    await app.register(fastifyRateLimit, { global: false, ...app.rateLimits.pluginOptions });

    // Every refusal in this plugin keeps the app's `{message, code}` and adds the product's `success: false`.
    app.addHook('preSerialization', async (_request, reply, payload) => {
      if (reply.statusCode >= 400 && payload !== null && typeof payload === 'object' && !Array.isArray(payload)) {
        return { success: false, ...payload };
      }
      return payload;
    });

    const perIp = app.createRateLimit({
      max: CONTACT_RATE_LIMIT.max,
      timeWindow: CONTACT_RATE_LIMIT.windowMs,
      // A named key, since limiters may share one store; IPv6 grouped by /64.
      keyGenerator: (request) => limitKey('contact:ip', normalizeIP(request.ip)),
    });
    const rateLimited = rateLimitHook(perIp, CONTACT_MESSAGES.tooMany);
    // The one admin guard every admin route shares (401 visitor, 403 customer).
    const onAdminRequest = adminOnly(fastify);

    app.post(
      '/contact',
      {
        onRequest: rateLimited,
        schema: {
          operationId: 'sendContactMessage',
          summary: 'Send the shop a message from the contact form',
          body: ContactBodySchema,
          response: { 200: ContactResponseSchema },
        },
      },
      async (request) => {
        await saveContactMessage(db, request.body, app.clock.now(), (tx, message) =>
          queueMails(tx, app.clock.now(), [contactMessageMail(message, app.config.publicUrl)]),
        );
        void app.outbox.wake();
        return { success: true, message: CONTACT_MESSAGES.submitted };
      },
    );

    app.get(
      '/contact',
      {
        onRequest: onAdminRequest,
        schema: {
          operationId: 'listContactMessages',
          summary: 'A page of the contact form’s messages, newest first',
          querystring: SearchPageQuerySchema,
          response: { 200: ContactListResponseSchema },
          errors: ['bad_request'],
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listContactMessages(db, request.query);
      },
    );

    app.get(
      '/shop-info',
      { schema: { operationId: 'getShopInfo', summary: 'The shop’s phone, e-mail and links', response: { 200: ShopInfoSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return shopInfo(app.config.shop, app.config.alterationDays);
      },
    );

    app.get(
      '/shop/trust',
      {
        schema: {
          operationId: 'getShopTrust',
          summary: 'Who is behind the shop: the tailor, and how many reviews and delivered orders',
          response: { 200: ShopTrustSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return shopTrust(db, (await app.catalog.get()).products, app.config.shop.tailorName);
      },
    );
  };
}
