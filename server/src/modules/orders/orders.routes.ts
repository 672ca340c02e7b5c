import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CancelBodySchema, ORDER_MESSAGES, PlaceOrderBodySchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser, signedInHook } from '../../platform/current-user.js';
import { queueMails } from '../../platform/outbox.js';
import { orderCancelledMail, orderPlacedMails } from './orders.mail.js';
import { cancelOrder, listOrders, placeOrder } from './orders.service.js';

/**
 * A shopper's orders (docs/product.md#api; docs/architecture.md#http-api), signed-in users only (401 otherwise), each
 * user only their own:
 * - `POST /orders {items: [{productId, quantity}], totalAmt}` → 201 `{order}`: prices and total
 *   from the server's own catalog; 400 without an address, 404 unknown product, 409 when
 *   `totalAmt` differs (the message gives the current total). In the same transaction, a
 *   confirmation mail to the customer and a new-order mail to the shop (English and Tamil)
 *   go into the outbox, sent once it commits (docs/architecture.md#mail).
 * - `GET /orders` → `{orders}`, newest first.
 * - `POST /orders/cancel {orderId, reason, items?}` → `{message: 'Order canceled successfully'}`;
 *   404 for an unknown or another user's order, 409 for a delivered one, 400 for a blank
 *   reason; `items` is accepted (docs/product.md#entities) but ignored: the record is built from the order itself.
 *   A cancellation mail to the shop goes into the outbox in the same transaction.
 */
export function ordersRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', signedInHook(app.sessions));

    app.post('/orders', { schema: { body: PlaceOrderBodySchema } }, async (request, reply) => {
      const user = currentUser(request);
      const order = await placeOrder(db, user.id, request.body, {
        now: app.clock.now(),
        onPlaced: (tx, placed) => queueMails(tx, app.clock.now(), orderPlacedMails(placed, user, app.config.publicUrl)),
      });
      void app.outbox.wake();
      return reply.status(201).send({ order });
    });

    app.get('/orders', async (request) => ({ orders: await listOrders(db, currentUser(request).id) }));

    app.post('/orders/cancel', { schema: { body: CancelBodySchema } }, async (request) => {
      const user = currentUser(request);
      await cancelOrder(db, user, request.body.orderId, request.body.reason, (tx, record) =>
        queueMails(tx, app.clock.now(), [orderCancelledMail(record, user.id, app.config.publicUrl)]),
      );
      void app.outbox.wake();
      return { message: ORDER_MESSAGES.cancelled };
    });
  };
}
