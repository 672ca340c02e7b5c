import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { openPgliteThread, type PgliteClient } from './pglite-thread.js';
import * as schema from './schema/index.js';

/** The Drizzle database, the same type on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw SQL statement, the same on PGlite and node-postgres (both answer `{rows}`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** An open database with what it takes to close it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PGlite, run on its own thread (for dumps in tests and counting statements); undefined on
   * PostgreSQL.
   */
  pglite: PgliteClient | undefined;
  /** The pg pool; undefined on PGlite. */
  pool: pg.Pool | undefined;
  /** Close connections and release the directory lock. Safe to call twice. */
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Thrown when another process holds `DATA_DIR/db` (docs/architecture.md#data). */
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
  /** Told when PGlite's lock, left by a process that is gone, is taken over (main.ts logs it). */
  onStaleLock?: (message: string) => void;
  /** Told when PostgreSQL closes an idle pooled connection (server restart, terminated backend). */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * Told of every SQL statement Drizzle sends, before it runs, with its bound parameters
   * (Drizzle's `logger`), on PGlite and on PostgreSQL alike. The tests count statements per
   * request with it (docs/performance.md#no-n1: no N+1). Statements sent around Drizzle (the catalog's
   * `pg_notify` on the pool) and PGlite's own BEGIN/COMMIT of a transaction are not seen;
   * node-postgres transactions' `begin`/`commit` go through Drizzle and are.
   */
  onQuery?: (query: string, params: unknown[]) => void;
}

/** Drizzle's `logger` option for {@link OpenOptions.onQuery}; none when nobody listens. */
function queryLogger(onQuery: OpenOptions['onQuery']): { logger: Logger } | Record<string, never> {
  return onQuery ? { logger: { logQuery: onQuery } } : {};
}

/**
 * Open the database: PGlite in `pgliteDir` under an exclusive directory lock, run on a thread
 * of its own so its statements never hold up the requests being answered
 * (docs/decisions/021-pglite-runs-on-its-own-thread.md), or PostgreSQL through `databaseUrl`;
 * then apply the committed SQL migrations.
 * @throws DatabaseLockedError when another process owns the PGlite directory.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server closes (a restart, pg_terminate_backend) is an 'error' on
    // the pool: unheard, it would crash the process. The pool drops it and opens a new one.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = drizzlePg(pool, { schema, ...queryLogger(options.onQuery) }) as unknown as Db;
    let closed = false;
    const database: Database = {
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
    if (shouldMigrate) {
      try {
        await applyMigrations(database);
      } catch (error) {
        await database.close();
        throw error;
      }
    }
    return database;
  }

  let release: (() => Promise<void>) | undefined;
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    release = await lockDataDir(options.pgliteDir, options.onStaleLock);
  }
  let pglite: PgliteClient;
  try {
    pglite = await openPgliteThread({ dataDir: options.pgliteDir, loadDataDir: options.loadDataDir });
  } catch (error) {
    await release?.();
    throw error;
  }
  const db = drizzlePglite({ client: pglite as never, schema, ...queryLogger(options.onQuery) }) as unknown as Db;
  try {
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

// The advisory locks the shop takes on PostgreSQL, each a fixed 64-bit number of its own, kept
// side by side so a new one does not take a number already in use.
/** Any fixed 64-bit number: the advisory lock that serializes migrations across processes. */
const MIGRATION_LOCK_ID = '7262853449187221';
/**
 * The transaction-level advisory lock under which a starting process checks for the demo
 * catalog and loads it (demo/load-demo.ts), so processes starting together on one empty
 * database load it once (docs/architecture.md#running-several-processes). Its own number: a
 * process loading the catalog never waits for another one's migrations.
 */
export const DEMO_CATALOG_LOCK_ID = '7262853449187222';

/**
 * Apply the SQL migrations of `migrationsFolder` (default: the committed ones) that the
 * database lacks. On PostgreSQL several app processes may start at once on an empty database
 * (docs/architecture.md#http-api: nothing may assume it is the only process), so the migrations run under a
 * session-level advisory lock held by a dedicated connection: the second process waits, then
 * finds nothing left to do. (Backups restore a dump at its own migration level with a folder
 * holding only the first migrations; db/backup.ts.)
 */
export async function applyMigrations(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const lockClient = new pg.Client(database.pool!.options);
  await lockClient.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_ID]);
    await migratePg(database.db as never, { migrationsFolder });
  } finally {
    // Ending the session releases its advisory lock too.
    await lockClient.end();
  }
}

/** How proper-lockfile keeps the PGlite lock: refreshed every `update` ms, stale after `stale` ms. */
const LOCK_TIMING = { stale: 10_000, update: 2_000 } as const;

/** Lock directories held by this process, so it never judges its own lock stale. */
const locksHeldHere = new Set<string>();

/** Who holds a PGlite lock: written beside the lock (`DATA_DIR/db.lock.owner`). */
interface LockOwner {
  pid: number;
  hostname: string;
  /** Inode of the lock directory it holds, so an owner file never vouches for a newer lock. */
  ino: number;
}

function readLockOwner(ownerPath: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(ownerPath, 'utf8')) as Partial<LockOwner>;
    if (Number.isSafeInteger(owner.pid) && owner.pid! > 0 && typeof owner.hostname === 'string' && typeof owner.ino === 'number') {
      return owner as LockOwner;
    }
  } catch {
    // Missing or half-written: the owner cannot be judged.
  }
  return undefined;
}

/** True when `pid` names a live process on this machine (one of another user counts as live). */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the lock at `lockPath` was left by a process of this machine that no longer runs
 * (a SIGKILLed or crashed shop): then it need not wait out proper-lockfile's stale time.
 * Unknown owner, another machine, or a live pid (perhaps reused): false.
 */
function lockOwnerIsGone(lockPath: string, ownerPath: string): boolean {
  if (locksHeldHere.has(lockPath)) return false;
  const owner = readLockOwner(ownerPath);
  if (!owner || owner.hostname !== hostname()) return false;
  try {
    if (statSync(lockPath).ino !== owner.ino) return false;
  } catch {
    return false;
  }
  // The same pid as ours, but not held here: a previous run (a restarted container's pid 1).
  return owner.pid === process.pid || !processIsAlive(owner.pid);
}

/** Milliseconds since the lock directory was last refreshed by its owner; 0 when it is gone. */
function lockAgeMs(lockPath: string): number {
  try {
    return Date.now() - statSync(lockPath).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Take the exclusive lock of a PGlite directory (docs/architecture.md#data: one owner) with
 * proper-lockfile (`DATA_DIR/db.lock`, refreshed every 2 s) and record its owner beside it.
 * A lock left by a killed process does not block the next start: when its recorded pid is no
 * longer running on this machine it is removed at once; when its owner cannot be told but the
 * lock has stopped being refreshed, this waits for it to turn stale (at most 10 s).
 * Returns the release function (which removes the owner record, then the lock).
 * @throws DatabaseLockedError when a live process holds the directory.
 */
async function lockDataDir(dir: string, onStaleLock: (message: string) => void = () => {}): Promise<() => Promise<void>> {
  const lockPath = join(dir, '..', 'db.lock');
  const ownerPath = `${lockPath}.owner`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const release = await lockfile.lock(dir, { lockfilePath: lockPath, ...LOCK_TIMING });
      locksHeldHere.add(lockPath);
      const owner: LockOwner = { pid: process.pid, hostname: hostname(), ino: statSync(lockPath).ino };
      writeFileSync(ownerPath, `${JSON.stringify(owner)}\n`);
      return async () => {
        rmSync(ownerPath, { force: true });
        locksHeldHere.delete(lockPath);
        await release();
      };
    } catch (error) {
      if ((error as { code?: string }).code !== 'ELOCKED') throw error;
      if (lockOwnerIsGone(lockPath, ownerPath)) {
        onStaleLock(
          `Took over the database lock ${lockPath} left by process ${readLockOwner(ownerPath)?.pid}, which is no longer running.`,
        );
        // Owner record first, so no other starter trusts it for the lock taken next.
        rmSync(ownerPath, { force: true });
        rmSync(lockPath, { recursive: true, force: true });
        continue;
      }
      const age = lockAgeMs(lockPath);
      // A live owner refreshes every 2 s; one silent for twice that is most likely gone.
      if (attempt === 0 && age > 2 * LOCK_TIMING.update) {
        const waitMs = Math.round(Math.max(0, LOCK_TIMING.stale - age) + 250);
        onStaleLock(
          `The database lock ${lockPath} has not been refreshed for ${Math.round(age)} ms; waiting ${waitMs} ms for it to turn stale.`,
        );
        await sleep(waitMs);
        continue;
      }
      throw new DatabaseLockedError(dir);
    }
  }
  throw new DatabaseLockedError(dir);
}
