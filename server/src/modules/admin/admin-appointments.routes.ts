import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_MESSAGES,
  AppointmentBodySchema,
  AppointmentParamsSchema,
  OrderNumberParamsSchema,
  StatusUpdateResponseSchema,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { queueMails } from '../../platform/outbox.js';
import { queuePush } from '../../platform/push.js';
import { shopperNotice, visitLine } from '../../platform/push-notices.js';
import { appointmentMails } from '../orders/index.js';
import { bookAdminAppointment, cancelAdminAppointment, type OnAppointmentChange } from './admin-appointments.service.js';

/**
 * Trial and delivery visits (docs/product.md#trial-and-delivery-visits), admin only (401 visitor, 403 customer):
 * - `POST /admin/orders/:orderId/appointments` `{kind: 'trial'|'delivery', date, slotId}` → 201
 *   `{message, order}`; booking a kind the order has moves it. 400 a bad body or a date outside the
 *   bookable days; 404 unknown order; 409 a delivered or cancelled order, a closed day, a started,
 *   retired or full slot (the places are shared with measuring visits).
 * - `DELETE /admin/orders/:orderId/appointments/:id` → 200 `{message, order}`; 404 an unknown order
 *   or a visit not booked on it; 409 a delivered or cancelled order.
 * Each change goes on the order's timeline and the customer's mail (English and Tamil) into the
 * outbox with it (docs/architecture.md#mail).
 */
export function adminAppointmentRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = adminOnly(fastify);
    // An order kept after its account was deleted has nobody to tell.
    const mailCustomer: OnAppointmentChange = async (tx, order, customer, change) => {
      if (!customer) return;
      await queueMails(tx, fastify.clock.now(), appointmentMails(order, customer, change, fastify.config.publicUrl));
      await queuePush(tx, fastify.clock.now(), [
        shopperNotice('order-visit', order, customer.id, fastify.config.publicUrl, visitLine(change)),
      ]);
    };
    app.post(
      '/admin/orders/:orderId/appointments',
      {
        onRequest,
        schema: {
          operationId: 'bookVisit',
          summary: 'Book or move an order’s trial or delivery visit, mailed to the customer',
          params: OrderNumberParamsSchema,
          body: AppointmentBodySchema,
          response: { 201: StatusUpdateResponseSchema },
          errors: ['bad_request', 'not_found', 'conflict'],
        },
      },
      async (request, reply) => {
        const order = await bookAdminAppointment(db, fastify.clock.now(), request.params.orderId, request.body, mailCustomer);
        void fastify.outbox.wake();
        return reply.status(201).send({ message: APPOINTMENT_MESSAGES.booked, order });
      },
    );
    app.delete(
      '/admin/orders/:orderId/appointments/:id',
      {
        onRequest,
        schema: {
          operationId: 'cancelVisit',
          summary: 'Cancel an order’s trial or delivery visit, mailed to the customer',
          params: AppointmentParamsSchema,
          response: { 200: StatusUpdateResponseSchema },
          errors: ['not_found', 'conflict'],
        },
      },
      async (request) => {
        const order = await cancelAdminAppointment(db, fastify.clock.now(), request.params.orderId, request.params.id, mailCustomer);
        void fastify.outbox.wake();
        return { message: APPOINTMENT_MESSAGES.cancelled, order };
      },
    );
  };
}
