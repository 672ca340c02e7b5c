import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema/index.js';

/** The Drizzle database, the same type on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with what it takes to close it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance (for dumps in tests and backups); undefined on PostgreSQL. */
  pglite: PGlite | undefined;
  /** The pg pool; undefined on PGlite. */
  pool: pg.Pool | undefined;
  /** Close connections and release the directory lock. Safe to call twice. */
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Thrown when another process holds `DATA_DIR/db` (DESIGN.md Database). */
export class DatabaseLockedError extends Error {
  constructor(dir: string) {
    super(
      `The database in ${dir} is in use by another Thaiyal process. Stop that process first ` +
        '(PGlite allows one owner at a time), or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/** Options of {@link openDatabase}. */
export interface OpenOptions {
  /** postgres:// URL; undefined opens PGlite. */
  databaseUrl: string | undefined;
  /** PGlite's directory (created if missing); ignored on PostgreSQL. Undefined: in memory. */
  pgliteDir: string | undefined;
  /** A PGlite data-dir dump to start from (tests share one migrated template). */
  loadDataDir?: Blob | File;
  /** Apply the committed migrations (default true). */
  migrate?: boolean;
  /** Pool size on PostgreSQL (default 10). */
  poolSize?: number;
}

/**
 * Open the database: PGlite in `pgliteDir` under an exclusive directory lock, or PostgreSQL
 * through `databaseUrl`; then apply the committed SQL migrations.
 * @throws DatabaseLockedError when another process owns the PGlite directory.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (shouldMigrate) await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      pglite: undefined,
      pool,
      async close() {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  let release: (() => Promise<void>) | undefined;
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    try {
      release = await lockfile.lock(options.pgliteDir, {
        lockfilePath: join(options.pgliteDir, '..', 'db.lock'),
        stale: 10_000,
        update: 2_000,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ELOCKED') throw new DatabaseLockedError(options.pgliteDir);
      throw error;
    }
  }
  const pglite = new PGlite({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  try {
    await pglite.waitReady;
    if (shouldMigrate) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } catch (error) {
    await pglite.close().catch(() => {});
    await release?.();
    throw error;
  }
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pglite,
    pool: undefined,
    async close() {
      if (closed) return;
      closed = true;
      await pglite.close();
      await release?.();
    },
  };
}
