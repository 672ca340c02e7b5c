import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProfileBodySchema, ProfileIdParamsSchema, ProfileListResponseSchema, ProfileResponseSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser, signedInHook } from '../../platform/current-user.js';
import { guardEveryRoute } from '../../platform/route-traits.js';
import { createProfile, deleteProfile, listProfiles, updateProfile } from './measurements.service.js';

/**
 * A shopper's measurement profiles (docs/product.md#measurement-profiles; docs/product.md#api),
 * signed-in users only (401 otherwise), each only her own; every answer is personal and carries
 * `Cache-Control: no-store`. Values are whole millimetres.
 * - `GET /measurements` → `{profiles}`, oldest first.
 * - `POST /measurements {name, measurements?}` → 201 `{profile}`; 400 a bad name or a value out of
 *   its range (the message names the measurement and the range); 409 at 10 profiles or a name she
 *   has already.
 * - `PUT /measurements/:id {name, measurements?}` → `{profile}` (replaces both); 404 for an
 *   unknown profile or another shopper's; 400 and 409 as above.
 * - `DELETE /measurements/:id` → `{profiles}` left; 404 as above.
 */
export function measurementRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    guardEveryRoute(app, signedInHook(app.sessions));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/measurements',
      {
        schema: {
          operationId: 'listMeasurementProfiles',
          summary: 'The shopper’s measurement profiles, oldest first',
          response: { 200: ProfileListResponseSchema },
        },
      },
      async (request) => ({ profiles: await listProfiles(db, currentUser(request).id) }),
    );

    app.post(
      '/measurements',
      {
        schema: {
          operationId: 'createMeasurementProfile',
          summary: 'Save a new measurement profile',
          body: ProfileBodySchema,
          response: { 201: ProfileResponseSchema },
          errors: ['conflict'],
        },
      },
      async (request, reply) => {
        const profile = await createProfile(db, currentUser(request).id, request.body, app.clock.now());
        return reply.status(201).send({ profile });
      },
    );

    app.put(
      '/measurements/:id',
      {
        schema: {
          operationId: 'updateMeasurementProfile',
          summary: 'Replace a measurement profile’s name and values',
          params: ProfileIdParamsSchema,
          body: ProfileBodySchema,
          response: { 200: ProfileResponseSchema },
          errors: ['not_found', 'conflict'],
        },
      },
      async (request) => ({
        profile: await updateProfile(db, currentUser(request).id, request.params.id, request.body, app.clock.now()),
      }),
    );

    app.delete(
      '/measurements/:id',
      {
        schema: {
          operationId: 'deleteMeasurementProfile',
          summary: 'Delete a measurement profile',
          params: ProfileIdParamsSchema,
          response: { 200: ProfileListResponseSchema },
          errors: ['not_found'],
        },
      },
      async (request) => ({ profiles: await deleteProfile(db, currentUser(request).id, request.params.id) }),
    );
  };
}
