import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_MESSAGES, MeasuredBodySchema, MeasuredResponseSchema, OrderNumberParamsSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { queueMails } from '../../platform/outbox.js';
import { signOffAskMail } from '../orders/index.js';
import { recordMeasurements } from './admin-measurements.service.js';
import { withUpi } from './upi-link.js';

/**
 * `PUT /admin/orders/:orderId/measurements` `{lines: [{productId, measurements, unit?, note?}], saveToProfile?}`
 * → `{message: 'Measurements saved', order}` (docs/product.md#the-measurement-book): admin only (401
 * visitor, 403 customer; ASVS 8.2.1); 400 a bad body (a value outside its range, an unknown
 * measurement, no measurement, a note past MAX_MEASURED_NOTE_LENGTH), a product named twice or not
 * in the order; 404 unknown order; 409 delivered or cancelled, or a new profile past the
 * customer's LIMITS.maxMeasurementProfiles. Nothing is changed on any error. Recorded after her
 * approval, they ask her again, with her mail in the outbox (docs/product.md#sign-off-before-cutting).
 */
export function adminMeasurementRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.put(
      '/admin/orders/:orderId/measurements',
      {
        onRequest: adminOnly(fastify),
        schema: {
          operationId: 'recordMeasurements',
          summary: 'Record the measurements taken at the visit for an order’s garments',
          params: OrderNumberParamsSchema,
          body: MeasuredBodySchema,
          response: { 200: MeasuredResponseSchema },
          errors: ['bad_request', 'not_found', 'conflict'],
        },
      },
      async (request) => {
        const now = fastify.clock.now();
        const order = await recordMeasurements(db, request.params.orderId, request.body, now, async (tx, changed, userId) => {
          // docs/product.md#sign-off-before-cutting: she approved other measurements; ask her again.
          if (changed.customer && userId) {
            await queueMails(tx, now, [
              signOffAskMail(changed, { id: userId, ...changed.customer }, 'measurements', fastify.config.publicUrl),
            ]);
          }
        });
        void fastify.outbox.wake();
        return { message: ADMIN_MESSAGES.measurementsSaved, order: withUpi(order, fastify.config.billing) };
      },
    );
  };
}
