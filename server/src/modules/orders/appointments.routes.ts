import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeliveryPickBodySchema, OrderNumberParamsSchema, OrderResponseSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../platform/current-user.js';
import { queueMails } from '../../platform/outbox.js';
import { appointmentMails, pickDelivery } from './appointments.js';

/**
 * `POST /orders/:orderId/appointments` `{kind: 'delivery', date, slotId}`
 * (docs/product.md#trial-and-delivery-visits) on `app`, whose scope already requires a signed-in
 * user (orders.routes.ts): the shopper picks the delivery visit of her own order once it is
 * designed → 201 `{order}`; picking again moves it. 400 a bad body or a date outside the bookable
 * days; 404 an unknown order or another user's; 409 before the order is designed, a delivered or
 * cancelled order, or a closed day, started, retired or full slot. Her mail and the shop's go into
 * the outbox with the booking (docs/architecture.md#mail).
 */
export function registerAppointmentRoute(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/orders/:orderId/appointments',
    {
      schema: {
        operationId: 'pickDeliveryVisit',
        summary: 'Pick the delivery visit of the shopper’s designed order',
        params: OrderNumberParamsSchema,
        body: DeliveryPickBodySchema,
        response: { 201: OrderResponseSchema },
        errors: ['bad_request', 'not_found', 'conflict'],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = app.clock.now();
      const order = await pickDelivery(db, now, user.id, request.params.orderId, request.body, (tx, booked, change) =>
        queueMails(tx, now, appointmentMails(booked, user, change, app.config.publicUrl)),
      );
      void app.outbox.wake();
      return reply.status(201).send({ order });
    },
  );
}
