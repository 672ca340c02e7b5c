import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DayVisitsQuerySchema, DayVisitsResponseSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { dayVisits } from './day-visits.service.js';
import { withUpi } from './upi-link.js';

/**
 * The day's visits (docs/product.md#the-days-visits), under `/api`:
 * - `GET /admin/visits?date=YYYY-MM-DD` (admin; 401 visitor, 403 customer; 400 a bad or missing
 *   date) → `{date, slots: [{slotId, label, start, end, orders}]}`: the admin's list of where to
 *   go on a day, by slot, each order with the `kind` of its visit there (`measure`, `trial`,
 *   `delivery`, docs/product.md#trial-and-delivery-visits). `Cache-Control: no-store`.
 * An admin list of orders, so it lives with the other admin order routes; the visit slots
 * themselves are the visits module's.
 */
export function dayVisitRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onAdminRequest = adminOnly(fastify);

    app.get(
      '/admin/visits',
      {
        onRequest: onAdminRequest,
        schema: {
          operationId: 'listDayVisits',
          summary: 'A day’s home visits (measuring, trial, delivery) by slot, with their orders',
          querystring: DayVisitsQuerySchema,
          response: { 200: DayVisitsResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const day = await dayVisits(db, request.query.date, fastify.clock.now());
        const billing = fastify.config.billing;
        return { ...day, slots: day.slots.map((slot) => ({ ...slot, orders: slot.orders.map((order) => withUpi(order, billing)) })) };
      },
    );
  };
}
