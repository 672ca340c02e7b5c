import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_MESSAGES, OrderNumberParamsSchema, PricesBodySchema, PricesResponseSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { queueMails } from '../../platform/outbox.js';
import { queuePush } from '../../platform/push.js';
import { PUSH_LINES, shopperNotice } from '../../platform/push-notices.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { signOffAskMail } from '../orders/index.js';
import { pricesMail, setFinalPrices } from './admin-prices.service.js';
import { withUpi } from './upi-link.js';

/**
 * `PUT /admin/orders/:orderId/prices` `{lines: [{productId, price, note}]}` → `{message: 'Final prices saved', order}`
 * (docs/product.md#final-price): admin only (401 visitor, 403 customer; ASVS 8.2.1); 400 bad body, a
 * product priced twice or not in the order, a price of zero or below or past the caps
 * (contract LIMITS.maxFinalPriceFactor, LIMITS.maxFinalPriceRupees), a note past
 * LIMITS.maxPriceNoteLength; 404 unknown order; 409 delivered or cancelled. The customer's mail
 * with both totals goes into the outbox with the change (docs/architecture.md#mail); a price changed
 * after her approval asks her again, with its mail (docs/product.md#sign-off-before-cutting).
 */
export function adminPriceRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.put(
      '/admin/orders/:orderId/prices',
      {
        onRequest: adminOnly(fastify),
        schema: {
          operationId: 'setFinalPrices',
          summary: 'Set the final price of an order’s lines',
          params: OrderNumberParamsSchema,
          body: PricesBodySchema,
          response: { 200: PricesResponseSchema },
          errors: ['bad_request', 'not_found', 'conflict'],
        },
      },
      async (request) => {
        const now = fastify.clock.now();
        const order = await setFinalPrices(
          db,
          request.params.orderId,
          request.body,
          async (tx, changed, userId, reasked) => {
            // An order kept after its account was deleted has nobody to tell.
            if (changed.customer && userId) {
              const customer = { id: userId, ...changed.customer };
              await queueMails(tx, now, [
                pricesMail({ ...changed, customer: changed.customer }, userId, fastify.config.publicUrl),
                // docs/product.md#sign-off-before-cutting: a price changed after her approval asks again.
                ...(reasked ? [signOffAskMail(changed, customer, 'price', fastify.config.publicUrl)] : []),
              ]);
              const line = reasked ? PUSH_LINES.signOffAsked : PUSH_LINES.prices;
              await queuePush(tx, now, [
                shopperNotice(reasked ? 'sign-off-asked' : 'order-prices', changed, userId, fastify.config.publicUrl, line),
              ]);
            }
          },
          now,
        );
        void fastify.outbox.wake();
        return { message: ADMIN_MESSAGES.pricesUpdated, order: withUpi(order, fastify.config.billing) };
      },
    );
  };
}
