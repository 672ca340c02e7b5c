import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LANGUAGE_COOKIE,
  MessageResponseSchema,
  PUSH_MESSAGES,
  PushKeyResponseSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser, signedInHook } from '../../platform/current-user.js';
import { limitKey, rateLimitHook } from '../../platform/rate-limit.js';
import { requestLanguage } from '../../platform/request-language.js';
import { subscribe, unsubscribe } from './push.service.js';

/**
 * Subscription changes one account may make in a minute (ASVS 2.4.1): a person turns
 * notifications on or off a few times; a script saving endpoints in a loop is stopped.
 */
const PUSH_RATE_LIMIT = { max: 20, windowMs: 60_000 } as const;

/**
 * Notifications (docs/product.md#notifications; docs/decisions/023-push-notifications.md), under `/api`:
 * - `GET /push/key` (public) → `{publicKey}`: the shop's VAPID public key, the browser's
 *   `applicationServerKey`;
 * - `POST /push/subscriptions {endpoint, keys: {p256dh, auth}}` (signed in) → 201 `{message}`:
 *   notifications on for this browser, in the language of the request (cookie, else
 *   Accept-Language); 400 an endpoint that is not https on a known push service
 *   (docs/security.md#notifications) or keys that are not RFC 8291's; 409 past 5 browsers;
 * - `DELETE /push/subscriptions {endpoint}` (signed in) → 200 `{message}`: off for that browser
 *   (hers only; the same answer when it was not on).
 * Both writes: 429 over {@link PUSH_RATE_LIMIT} per account.
 */
export function pushRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    await app.register(fastifyRateLimit, { global: false, ...app.rateLimits.pluginOptions });
    const signedIn = signedInHook(app.sessions);
    const perAccount = app.createRateLimit({
      max: PUSH_RATE_LIMIT.max,
      timeWindow: PUSH_RATE_LIMIT.windowMs,
      keyGenerator: (request) => limitKey('push:user', currentUser(request).id),
    });
    const onRequest = [signedIn, rateLimitHook(perAccount, PUSH_MESSAGES.tooManyRequests)];

    app.get(
      '/push/key',
      {
        schema: {
          operationId: 'getPushKey',
          summary: 'The shop’s VAPID public key for Web Push',
          response: { 200: PushKeyResponseSchema },
        },
      },
      async () => ({ publicKey: app.pushPublicKey }),
    );

    app.post(
      '/push/subscriptions',
      {
        onRequest,
        schema: {
          operationId: 'subscribePush',
          summary: 'Turn notifications on for this browser',
          body: PushSubscriptionBodySchema,
          response: { 201: MessageResponseSchema },
          errors: ['bad_request', 'conflict'],
        },
      },
      async (request, reply) => {
        const language = requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
        await subscribe(db, currentUser(request).id, request.body, language, app.clock.now(), app.config.push);
        return reply.status(201).send({ message: PUSH_MESSAGES.subscribed });
      },
    );

    app.delete(
      '/push/subscriptions',
      {
        onRequest,
        schema: {
          operationId: 'unsubscribePush',
          summary: 'Turn notifications off for this browser',
          body: PushUnsubscribeBodySchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await unsubscribe(db, currentUser(request).id, request.body.endpoint);
        return { message: PUSH_MESSAGES.unsubscribed };
      },
    );
  };
}
