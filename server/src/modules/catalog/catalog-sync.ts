import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.js';
import { createCatalog, type Catalog } from './catalog.service.js';

/** The PostgreSQL channel on which every app process announces catalog writes. */
export const CATALOG_CHANNEL = 'thaiyal_catalog';

/** `application_name` of the listening connection (seen in `pg_stat_activity`). */
export const CATALOG_LISTENER_NAME = 'thaiyal-catalog-listener';

/** A catalog that also stops its cross-process listener when the app closes. */
export interface SharedCatalog extends Catalog {
  /** Stop listening (PostgreSQL); nothing to do on PGlite. Safe to call twice. */
  close(): Promise<void>;
}

/** Reconnect delays of the listener: doubling from 100 ms up to 5 s. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * The app's in-memory catalog (catalog.service.ts), kept fresh across processes (docs/architecture.md#http-api
 * Database: "caches that are invalidated through the database, e.g. PostgreSQL
 * LISTEN/NOTIFY"; docs/architecture.md#running-several-processes).
 * - PGlite: one process owns the database: the catalog as it is, invalidated in process.
 * - PostgreSQL: `invalidate()` marks this process's snapshot stale at once and sends
 *   `NOTIFY thaiyal_catalog` with this process's id (callers invalidate after their write has
 *   committed, so a process that hears it reads the new rows). A dedicated connection
 *   LISTENs; on a notification from another process the local snapshot is marked stale, so
 *   the next request rebuilds it. If that connection fails it reconnects (100 ms doubling to
 *   5 s) and marks the snapshot stale on every reconnect, since notifications sent while it
 *   was away are lost.
 * Resolves once the listener is connected (or, if the first attempt failed, is retrying).
 */
export async function createSharedCatalog(database: Database, log: FastifyBaseLogger): Promise<SharedCatalog> {
  const local = createCatalog(database.db);
  const pool = database.pool;
  if (database.kind !== 'postgres' || !pool) return { ...local, close: async () => {} };

  const processId = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delayMs = RECONNECT_MIN_MS;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delayMs);
    retryTimer.unref();
    delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({ ...pool.options, application_name: CATALOG_LISTENER_NAME });
    let failed = false;
    const onLost = (error?: Error) => {
      if (failed) return;
      failed = true;
      if (client === candidate) client = undefined;
      candidate.removeAllListeners('notification');
      void candidate.end().catch(() => {});
      if (!closed) {
        log.warn({ err: error }, 'catalog listener lost its connection; reconnecting');
        scheduleReconnect();
      }
    };
    candidate.on('error', onLost);
    candidate.on('end', () => onLost());
    candidate.on('notification', (message) => {
      if (message.channel === CATALOG_CHANNEL && message.payload !== processId) local.invalidate();
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${CATALOG_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed) {
      await candidate.end().catch(() => {});
      return;
    }
    client = candidate;
    delayMs = RECONNECT_MIN_MS;
    // Whatever changed while no one was listening is unknown: rebuild on the next read.
    local.invalidate();
  };

  await connect();

  return {
    get: () => local.get(),
    invalidate() {
      local.invalidate();
      pool.query('SELECT pg_notify($1, $2)', [CATALOG_CHANNEL, processId]).catch((error: unknown) => {
        log.error({ err: error }, 'could not announce a catalog change to other processes');
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
