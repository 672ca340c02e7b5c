import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALTERATION_MESSAGES, AlterationBodySchema, AlterationResponseSchema, OrderNumberParamsSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../platform/current-user.js';
import { queueMails } from '../../platform/outbox.js';
import { queuePush } from '../../platform/push.js';
import { PUSH_LINES, shopNotice } from '../../platform/push-notices.js';
import { requestAlteration } from './alterations.js';
import { alterationRequestedMail } from './alterations.mail.js';

/**
 * `POST /orders/:orderId/alterations` `{productId, problem, where?, note, pictureIds?}`
 * (docs/product.md#free-alterations) on `app`, whose scope already requires a signed-in user
 * (orders.routes.ts): the shopper asks for a free alteration of one garment of her delivered order
 * → 201 `{message, alteration}`. 400 a bad body, a garment not on the order, or a picture that is
 * not her own unused one (docs/security.md#private-pictures); 404 an unknown order or another
 * user's; 409 an order not delivered, after `ALTERATION_DAYS` shop days from delivery, or with an
 * alteration of that garment not done yet. The shop's mail goes into the outbox with it.
 */
export function registerAlterationRoute(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/orders/:orderId/alterations',
    {
      schema: {
        operationId: 'requestAlteration',
        summary: 'Ask for a free alteration of a garment of the shopper’s delivered order',
        params: OrderNumberParamsSchema,
        body: AlterationBodySchema,
        response: { 201: AlterationResponseSchema },
        errors: ['bad_request', 'not_found', 'conflict'],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = app.clock.now();
      const alteration = await requestAlteration(
        db,
        now,
        app.config.alterationDays,
        user.id,
        request.params.orderId,
        request.body,
        async (tx, { order, line, alteration: made }) => {
          const phones = [order.address.phoneNumber, order.address.alternatePhone].filter(Boolean).join(' / ');
          const garment = { orderNumber: order.orderNumber, name: line.name, nameTa: line.nameTa, image: line.image };
          const customer = { id: user.id, name: order.address.name || user.username, phones };
          await queueMails(tx, now, [alterationRequestedMail(garment, customer, made, app.config.publicUrl)]);
          const title = { en: `Order ${order.orderNumber}: alteration`, ta: `ஆர்டர் ${order.orderNumber}: ஆடை மாற்றம்` };
          await queuePush(tx, now, [
            shopNotice('alteration-requested', order.orderNumber, app.config.publicUrl, title, PUSH_LINES.alterationRequested),
          ]);
        },
      );
      void app.outbox.wake();
      return reply.status(201).send({ message: ALTERATION_MESSAGES.requested, alteration });
    },
  );
}
