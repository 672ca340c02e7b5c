import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** `GET /api/health` → `{status: 'ok', database: 'pglite'|'postgres'}` after a round trip to the database; 503 when it fails. */
export function healthRoutes(db: Db, kind: string): FastifyPluginAsync {
  return async (app) => {
    app.get('/health', async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok', database: kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: kind });
      }
    });
  };
}
