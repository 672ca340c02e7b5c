import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CollectionsResponseSchema,
  OrderNumberParamsSchema,
  PAYMENT_MESSAGES,
  PaymentBodySchema,
  PeriodQuerySchema,
  StatusUpdateResponseSchema,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { currentUser } from '../../platform/current-user.js';
import { listCollections, recordPayment } from './admin-payments.service.js';
import { withUpi } from './upi-link.js';

/**
 * Money at the door (docs/product.md#payment-at-the-door, docs/product.md#the-days-collections),
 * admin only (401 visitor, 403 customer; ASVS 8.2.1):
 * - `POST /admin/orders/:orderId/payments` `{method: 'cash'|'upi', amount, reference?, note?}` →
 *   201 `{message: 'Payment recorded', order}`; 400 a bad body (amount not above zero or with more
 *   than 2 decimals, unknown field), 404 unknown order, 409 an order not yet designed (no advance),
 *   cancelled, paid in full, or an amount over its balance. Nothing is written on any refusal.
 * - `GET /admin/collections?from=&to=` → `{days, total, unpaid}`: the period's payments by day
 *   (India Standard Time), by method and collector; 400 a bad or reversed period.
 */
export function adminPaymentRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = adminOnly(fastify);

    app.post(
      '/admin/orders/:orderId/payments',
      {
        onRequest,
        schema: {
          operationId: 'recordPayment',
          summary: 'Record cash or UPI received at delivery',
          params: OrderNumberParamsSchema,
          body: PaymentBodySchema,
          response: { 201: StatusUpdateResponseSchema },
          errors: ['bad_request', 'not_found', 'conflict'],
        },
      },
      async (request, reply) => {
        const admin = currentUser(request);
        const order = await recordPayment(
          db,
          request.params.orderId,
          request.body,
          { id: admin.id, username: admin.username },
          fastify.clock.now(),
        );
        return reply.code(201).send({ message: PAYMENT_MESSAGES.recorded, order: withUpi(order, fastify.config.billing) });
      },
    );

    app.get(
      '/admin/collections',
      {
        onRequest,
        schema: {
          operationId: 'listCollections',
          summary: 'Cash and UPI received per day of a period, by whom, with the orders behind them',
          querystring: PeriodQuerySchema,
          response: { 200: CollectionsResponseSchema },
          errors: ['bad_request'],
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listCollections(db, request.query);
      },
    );
  };
}
