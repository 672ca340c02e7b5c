import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AtRiskOrdersResponseSchema,
  DATE_MESSAGES,
  LeadTimesSchema,
  OrderNumberParamsSchema,
  ReadyByBodySchema,
  StatusUpdateResponseSchema,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { currentUser } from '../../platform/current-user.js';
import { queueMails } from '../../platform/outbox.js';
import { queuePush } from '../../platform/push.js';
import { readyByLine, shopperNotice } from '../../platform/push-notices.js';
import { getLeadTimes, moveReadyBy, ordersAtRisk, readyByMail, setLeadTimes } from './admin-dates.service.js';

/**
 * The dates the shop promises (docs/product.md#dates-a-tailor-promises), admin only (401 visitor, 403 customer):
 * - `GET /admin/lead-times` → `{days: {blouse, chudithar, frock, pattupavadai, pant, nightwear}, dailyCapacity}`.
 * - `PUT /admin/lead-times` with the same shape → the lead times saved; 400 days outside 1 to 90,
 *   a capacity outside 1 to 200, a group left out or unknown.
 * - `PUT /admin/orders/:orderId/ready-by` `{readyBy, reason}` → `{message, order}`: 400 a date
 *   before today or over a year ahead, or no reason; 404 unknown order; 409 delivered or cancelled.
 *   The move goes on the order's timeline and the customer's mail (English and Tamil) into the
 *   outbox with it (docs/architecture.md#mail).
 * - `GET /admin/orders/at-risk` → `{today, orders}`: the orders at risk on the shop's today, overdue
 *   first (admin-dates.service.ts `ordersAtRisk`).
 */
export function adminDateRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = adminOnly(fastify);
    app.get(
      '/admin/lead-times',
      { onRequest, schema: { operationId: 'getLeadTimes', summary: 'The shop’s lead times', response: { 200: LeadTimesSchema } } },
      async () => getLeadTimes(db),
    );
    app.put(
      '/admin/lead-times',
      {
        onRequest,
        schema: {
          operationId: 'setLeadTimes',
          summary: 'Set the days of work per garment group and the garments finished per day',
          body: LeadTimesSchema,
          response: { 200: LeadTimesSchema },
          errors: ['bad_request'],
        },
      },
      async (request) => setLeadTimes(db, request.body),
    );
    app.get(
      '/admin/orders/at-risk',
      {
        onRequest,
        schema: {
          operationId: 'listOrdersAtRisk',
          summary: 'The orders at risk today, overdue first',
          response: { 200: AtRiskOrdersResponseSchema },
        },
      },
      async () => ordersAtRisk(db, fastify.clock.now()),
    );
    app.put(
      '/admin/orders/:orderId/ready-by',
      {
        onRequest,
        schema: {
          operationId: 'moveReadyBy',
          summary: 'Move an order’s ready-by date, with a reason the customer is mailed',
          params: OrderNumberParamsSchema,
          body: ReadyByBodySchema,
          response: { 200: StatusUpdateResponseSchema },
          errors: ['bad_request', 'not_found', 'conflict'],
        },
      },
      async (request) => {
        const now = fastify.clock.now();
        const order = await moveReadyBy(
          db,
          now,
          request.params.orderId,
          request.body,
          currentUser(request).id,
          async (tx, moved, userId, reason) => {
            // An order kept after its account was deleted has nobody to tell.
            if (moved.customer && userId) {
              await queueMails(tx, now, [readyByMail({ ...moved, customer: moved.customer }, userId, reason, fastify.config.publicUrl)]);
              if (moved.readyBy) {
                await queuePush(tx, now, [
                  shopperNotice('order-ready-by', moved, userId, fastify.config.publicUrl, readyByLine(moved.readyBy)),
                ]);
              }
            }
          },
        );
        void fastify.outbox.wake();
        return { message: DATE_MESSAGES.readyByMoved, order };
      },
    );
  };
}
