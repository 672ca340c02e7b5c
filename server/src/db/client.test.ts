import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase } from '../../test/reliability/server-process.js';
import { DatabaseLockedError, openDatabase, type Database } from './client.js';

// PGlite's single-owner lock (docs/architecture.md#data) and how a lock left by a killed process is
// handled (docs/architecture.md#crash-safety: the next start is clean). The crash test does it with real SIGKILLs.

const opened: Database[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'thaiyal-lock-'));
  dirs.push(dir);
  return dir;
}

/** Open PGlite in `dir/db` from the suite's migrated template when there is one (fast). */
async function open(dir: string, messages: string[] = []): Promise<Database> {
  const template = inject('pgliteTemplate');
  const database = await openDatabase({
    databaseUrl: undefined,
    pgliteDir: join(dir, 'db'),
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]), migrate: false } : {}),
    onStaleLock: (message) => messages.push(message),
  });
  opened.push(database);
  return database;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** A lock directory as a process that is no longer there left it, with its owner record. */
function leaveLock(dir: string, owner: { pid: number; hostname?: string; ino?: number }, ageMs = 0): void {
  const lock = join(dir, 'db.lock');
  mkdirSync(join(dir, 'db'), { recursive: true });
  mkdirSync(lock);
  const record = { pid: owner.pid, hostname: owner.hostname ?? hostname(), ino: owner.ino ?? statSync(lock).ino };
  writeFileSync(`${lock}.owner`, JSON.stringify(record));
  const at = new Date(Date.now() - ageMs);
  utimesSync(lock, at, at);
}

describe('PGlite directory lock', () => {
  it('refuses a second owner at once while the first holds the directory', async () => {
    const dir = dataDir();
    await open(dir);
    const owner = JSON.parse(readFileSync(join(dir, 'db.lock.owner'), 'utf8')) as { pid: number };
    expect(owner.pid).toBe(process.pid);
    await expect(openDatabase({ databaseUrl: undefined, pgliteDir: join(dir, 'db') })).rejects.toBeInstanceOf(DatabaseLockedError);
  });

  it('takes over at once a lock whose owner process is gone', async () => {
    const dir = dataDir();
    const pid = deadPid();
    leaveLock(dir, { pid });
    const messages: string[] = [];
    const started = Date.now();
    await open(dir, messages);
    expect(messages).toEqual([expect.stringContaining(`left by process ${pid}, which is no longer running`)]);
    // Not the 10 s of proper-lockfile's stale time.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(JSON.parse(readFileSync(join(dir, 'db.lock.owner'), 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it.each([
    ['a live process', () => ({ pid: process.ppid })],
    ['another machine', () => ({ pid: deadPid(), hostname: 'elsewhere.example' })],
    ['a different lock than the one it took', () => ({ pid: deadPid(), ino: 1 })],
  ])('does not take over a freshly refreshed lock whose owner record names %s', async (_case, owner) => {
    const dir = dataDir();
    leaveLock(dir, owner());
    await expect(openDatabase({ databaseUrl: undefined, pgliteDir: join(dir, 'db') })).rejects.toBeInstanceOf(DatabaseLockedError);
  });

  it('waits out a lock that its unknown owner stopped refreshing, then takes it', async () => {
    const dir = dataDir();
    // Not refreshed for 7 s (a live owner refreshes every 2 s): stale at 10 s.
    leaveLock(dir, { pid: process.ppid, hostname: 'elsewhere.example' }, 7_000);
    const messages: string[] = [];
    await open(dir, messages);
    expect(messages).toEqual([expect.stringMatching(/has not been refreshed for \d+ ms; waiting \d+ ms for it to turn stale/)]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL pool', () => {
  it('survives the server closing its idle connections, and keeps working', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    const errors: Error[] = [];
    const database = await openDatabase({
      databaseUrl: scratch.url,
      pgliteDir: undefined,
      migrate: false,
      onIdleConnectionError: (error) => errors.push(error),
    });
    try {
      await database.pool!.query('SELECT 1');
      const killer = new pg.Client({ connectionString: scratch.url });
      await killer.connect();
      await killer.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await killer.end();
      // Heard, not thrown: an unheard pool error would end the process.
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      expect((await database.pool!.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
