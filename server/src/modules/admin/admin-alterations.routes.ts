import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ALTERATION_MESSAGES,
  AdminAlterationListResponseSchema,
  AdminAlterationQuerySchema,
  AdminAlterationResponseSchema,
  AlterationStatusBodySchema,
  RecordIdParamsSchema,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { queueMails } from '../../platform/outbox.js';
import { alterationStepMail } from '../orders/index.js';
import { listAlterations, moveAlteration } from './admin-alterations.service.js';

/**
 * Free alterations (docs/product.md#free-alterations), admin only (401 visitor, 403 customer):
 * - `GET /admin/alterations?status=open|all` → 200 `{alterations}` (open: requested or picked up;
 *   oldest asked first), each with its order, garment and customer; 400 a bad query.
 * - `PUT /admin/alterations/:id` `{status: 'picked-up'|'done'}` → 200 `{message, alteration}`; 400 a
 *   bad body; 404 an unknown alteration; 409 a step that is not the next one. Her mail (English and
 *   Tamil) goes into the outbox with the step (docs/architecture.md#mail).
 */
export function adminAlterationRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = adminOnly(fastify);
    app.get(
      '/admin/alterations',
      {
        onRequest,
        schema: {
          operationId: 'listAlterations',
          summary: 'The free alterations asked for, open ones by default',
          querystring: AdminAlterationQuerySchema,
          response: { 200: AdminAlterationListResponseSchema },
          errors: ['bad_request'],
        },
      },
      async (request) => ({ alterations: await listAlterations(db, request.query.status) }),
    );
    app.put(
      '/admin/alterations/:id',
      {
        onRequest,
        schema: {
          operationId: 'moveAlteration',
          summary: 'Mark a free alteration picked up or done, mailed to the customer',
          params: RecordIdParamsSchema,
          body: AlterationStatusBodySchema,
          response: { 200: AdminAlterationResponseSchema },
          errors: ['bad_request', 'not_found', 'conflict'],
        },
      },
      async (request) => {
        const now = fastify.clock.now();
        const alteration = await moveAlteration(db, now, request.params.id, request.body, async (tx, { garment, customer }) => {
          // An order kept after its account was deleted has nobody to tell.
          if (customer) await queueMails(tx, now, [alterationStepMail(garment, customer, request.body.status, fastify.config.publicUrl)]);
        });
        void fastify.outbox.wake();
        return { message: ALTERATION_MESSAGES.updated, alteration };
      },
    );
  };
}
