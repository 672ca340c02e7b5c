import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { HealthResponseSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';

/** `GET /api/health` → `{status: 'ok', database: 'pglite'|'postgres'}` after a round trip to the database; 503 when it fails. */
export function healthRoutes(db: Db, kind: string): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/health', { schema: { response: { 200: HealthResponseSchema, 503: HealthResponseSchema } } }, async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const, database: kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: kind });
      }
    });
  };
}
