import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AREA_MESSAGES,
  AREA_WAITLIST_RATE_LIMIT,
  AdminServiceAreaSchema,
  AreaRequestBodySchema,
  AreaRequestListSchema,
  AreaRequestsQuerySchema,
  MessageResponseSchema,
  PinCodeParamsSchema,
  ServiceAreaBodySchema,
  ServiceAreaCheckSchema,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { limitKey, rateLimitHook } from '../../platform/rate-limit.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { checkPinCode, getServiceArea, listAreaRequests, saveAreaRequest, setServiceArea } from './service-area.service.js';

/**
 * The service area (docs/product.md#service-area; docs/product.md#api), under `/api`:
 * - `GET /service-area/:pinCode` (anyone) → `{pinCode, served, area, areaTa}`; 400 for a pin
 *   code that is not 6 digits. `Cache-Control: no-cache` (the admin's change shows at once).
 * - `POST /service-area/waitlist {pinCode, contact}` (anyone; a signed-in shopper's request is
 *   linked to her account) → 201 `{message}`; 400 bad pin code or contact (a phone as the
 *   address form takes it, or an e-mail); 409 when the pin code is served already; 429 after
 *   {@link AREA_WAITLIST_RATE_LIMIT} from one client address.
 * - `GET /admin/service-area` and `PUT /admin/service-area {pinCodes: [{pinCode, area, areaTa?}]}`
 *   (admin) → `{pinCodes, requests}`: the served pin codes and the requests counted per pin code.
 * - `GET /admin/service-area/requests?pinCode=` (admin) → `{requests: [{pinCode, contact, createdAt}]}`.
 * Admin routes answer 401 to a visitor and 403 to a customer before reading the body; admin
 * answers carry `Cache-Control: no-store`.
 */
export function serviceAreaRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    await app.register(fastifyRateLimit, { global: false, ...app.rateLimits.pluginOptions });
    const perIp = app.createRateLimit({
      max: AREA_WAITLIST_RATE_LIMIT.max,
      timeWindow: AREA_WAITLIST_RATE_LIMIT.windowMs,
      keyGenerator: (request) => limitKey('area-request:ip', normalizeIP(request.ip)),
    });
    const rateLimited = rateLimitHook(perIp, AREA_MESSAGES.tooMany);
    const onAdminRequest = adminOnly(fastify);
    const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    };

    app.get(
      '/service-area/:pinCode',
      {
        schema: {
          operationId: 'checkPinCode',
          summary: 'Whether the shop visits a pin code',
          params: PinCodeParamsSchema,
          response: { 200: ServiceAreaCheckSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return checkPinCode(db, request.params.pinCode);
      },
    );

    app.post(
      '/service-area/waitlist',
      {
        onRequest: [rateLimited, async (request) => app.sessions.authenticate(request)],
        schema: {
          operationId: 'joinAreaWaitlist',
          summary: 'Ask the shop to visit a pin code it does not serve yet',
          body: AreaRequestBodySchema,
          response: { 201: MessageResponseSchema },
          errors: ['conflict'],
        },
      },
      async (request, reply) => {
        const { pinCode, contact } = request.body;
        await saveAreaRequest(db, pinCode, contact, request.user?.id ?? null, app.clock.now());
        return reply.status(201).send({ message: AREA_MESSAGES.waitlistSaved });
      },
    );

    app.get(
      '/admin/service-area',
      {
        onRequest: [onAdminRequest, noStore],
        schema: {
          operationId: 'getServiceArea',
          summary: 'The served pin codes and the requests counted per pin code',
          response: { 200: AdminServiceAreaSchema },
        },
      },
      async () => getServiceArea(db),
    );

    app.put(
      '/admin/service-area',
      {
        onRequest: [onAdminRequest, noStore],
        schema: {
          operationId: 'setServiceArea',
          summary: 'Replace the served pin codes',
          body: ServiceAreaBodySchema,
          response: { 200: AdminServiceAreaSchema },
        },
      },
      async (request) => setServiceArea(db, request.body.pinCodes),
    );

    app.get(
      '/admin/service-area/requests',
      {
        onRequest: [onAdminRequest, noStore],
        schema: {
          operationId: 'listAreaRequests',
          summary: 'The requests to serve pin codes, one pin code’s if asked',
          querystring: AreaRequestsQuerySchema,
          response: { 200: AreaRequestListSchema },
        },
      },
      async (request) => listAreaRequests(db, request.query.pinCode),
    );
  };
}
