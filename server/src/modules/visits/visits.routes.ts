import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VisitDaysResponseSchema, VisitSettingsBodySchema, VisitSettingsSchema, VisitSlotsQuerySchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { getVisitSettings, setVisitSettings, visitDays } from './visits.service.js';

/**
 * Home-visit slots (docs/product.md#home-visit-slot; docs/product.md#api), under `/api`:
 * - `GET /visit-slots?from=YYYY-MM-DD&days=N` (anyone) → `{today, days: [{date, weekday, closed,
 *   closedNote, slots: [{id, label, start, end, capacity, booked, available, status}]}]}`, from
 *   `from` (default the shop's today) for `days` (1 to 14, default 14), never past today + 13;
 *   400 for a malformed date, a date before today or past the window, or `days` out of range.
 *   `Cache-Control: no-cache`: places change with every order.
 * - `GET /admin/visit-slots` and `PUT /admin/visit-slots {slots, closedWeekdays, closedDates}`
 *   (admin; 401 visitor, 403 customer, before the body is read) → `{slots, closedWeekdays,
 *   closedDates}`; the PUT replaces the whole setting. `Cache-Control: no-store`.
 * Booking a place is part of `POST /orders` (the orders module); the admin's list of the day's
 * visits, `GET /admin/visits`, is the admin module's (it lists orders).
 */
export function visitRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onAdminRequest = adminOnly(fastify);
    const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    };

    app.get(
      '/visit-slots',
      {
        schema: {
          operationId: 'listVisitSlots',
          summary: 'The home-visit slots of the bookable days, with places left',
          querystring: VisitSlotsQuerySchema,
          response: { 200: VisitDaysResponseSchema },
          errors: ['bad_request'],
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return visitDays(db, app.clock.now(), request.query);
      },
    );

    app.get(
      '/admin/visit-slots',
      {
        onRequest: [onAdminRequest, noStore],
        schema: {
          operationId: 'getVisitSettings',
          summary: 'The visit slots, closed weekdays and closed dates',
          response: { 200: VisitSettingsSchema },
        },
      },
      async () => getVisitSettings(db, app.clock.now()),
    );

    app.put(
      '/admin/visit-slots',
      {
        onRequest: [onAdminRequest, noStore],
        schema: {
          operationId: 'setVisitSettings',
          summary: 'Replace the visit slots, closed weekdays and closed dates',
          body: VisitSettingsBodySchema,
          response: { 200: VisitSettingsSchema },
          errors: ['bad_request'],
        },
      },
      async (request) => setVisitSettings(db, app.clock.now(), request.body),
    );
  };
}
