import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OrderNumberParamsSchema, PhoneApprovalBodySchema, SIGN_OFF_MESSAGES, StatusUpdateResponseSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { queueMails } from '../../platform/outbox.js';
import { queuePush } from '../../platform/push.js';
import { PUSH_LINES, shopperNotice } from '../../platform/push-notices.js';
import { signOffAskMail } from '../orders/index.js';
import { askSignOff, recordPhoneApproval } from './admin-sign-off.service.js';
import { withUpi } from './upi-link.js';

/**
 * The customer's approval before cutting (docs/product.md#sign-off-before-cutting), admin only
 * (401 visitor, 403 customer; ASVS 8.2.1):
 * - `POST /admin/orders/:orderId/sign-off` (no body) → `{message, order}`: asks; her mail (English
 *   and Tamil, with a link to her order) goes into the outbox with it (docs/architecture.md#mail).
 *   The web builds the owner's WhatsApp text from the order.
 * - `PUT /admin/orders/:orderId/sign-off` `{state: 'approved', via: 'phone'}` → `{message, order}`:
 *   records an approval she gave by phone; 400 any other body.
 * Both: 404 unknown order; 409 delivered or cancelled. Nothing is changed on any error.
 */
export function adminSignOffRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = adminOnly(fastify);
    app.post(
      '/admin/orders/:orderId/sign-off',
      {
        onRequest,
        schema: {
          operationId: 'askSignOff',
          summary: 'Ask the customer to approve the measurements, design and final price before cutting',
          params: OrderNumberParamsSchema,
          response: { 200: StatusUpdateResponseSchema },
          errors: ['not_found', 'conflict'],
        },
      },
      async (request) => {
        const now = fastify.clock.now();
        const order = await askSignOff(db, now, request.params.orderId, async (tx, { order: asked, userId }) => {
          // An order kept after its account was deleted has nobody to ask.
          if (asked.customer && userId) {
            await queueMails(tx, now, [signOffAskMail(asked, { id: userId, ...asked.customer }, 'owner', fastify.config.publicUrl)]);
            await queuePush(tx, now, [shopperNotice('sign-off-asked', asked, userId, fastify.config.publicUrl, PUSH_LINES.signOffAsked)]);
          }
        });
        void fastify.outbox.wake();
        return { message: SIGN_OFF_MESSAGES.asked, order: withUpi(order, fastify.config.billing) };
      },
    );
    app.put(
      '/admin/orders/:orderId/sign-off',
      {
        onRequest,
        schema: {
          operationId: 'recordPhoneApproval',
          summary: 'Record an approval the customer gave by phone',
          params: OrderNumberParamsSchema,
          body: PhoneApprovalBodySchema,
          response: { 200: StatusUpdateResponseSchema },
          errors: ['bad_request', 'not_found', 'conflict'],
        },
      },
      async (request) => {
        const order = await recordPhoneApproval(db, fastify.clock.now(), request.params.orderId);
        return { message: SIGN_OFF_MESSAGES.recorded, order: withUpi(order, fastify.config.billing) };
      },
    );
  };
}
