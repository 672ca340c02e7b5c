import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { ErrorBodySchema, HealthResponseSchema } from '@thaiyal/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';

/** `GET /api/health` → `{status: 'ok', database: 'pglite'|'postgres'}` after a round trip to the database; 503 when it fails. */
export function healthRoutes(db: Db, kind: string): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/health', // 503: the database did not answer, or the shop is closing (the shop's error body).
      {
        schema: {
          operationId: 'getHealth',
          summary: 'Whether the shop and its database answer',
          response: { 200: HealthResponseSchema, 503: z.union([HealthResponseSchema, ErrorBodySchema]) },
        },
      },
      async (_request, reply) => {
        try {
          await db.execute(sql`select 1`);
          return { status: 'ok' as const, database: kind };
        } catch {
          return reply.status(503).send({ status: 'unavailable', database: kind });
        }
      },
    );
  };
}
