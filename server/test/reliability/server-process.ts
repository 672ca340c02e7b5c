import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { addresses, productImages, products, users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/platform/passwords.js';

/** The repository root: the real shop is started from there, as `npm start` does. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The secret every test server shares, so a session made on one is good on the others. */
export const SHARED_SESSION_SECRET = 'reliability-secret-reliability-secret-42';

/** A real shop process (`node --conditions=development --import tsx server/src/main.ts`) on a loopback port. */
export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the "serving" log line. */
  startupMs: number;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/** A free loopback port (the kernel picks it; released before the shop binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Start the real shop on `dataDir` (and `databaseUrl` when given; otherwise PGlite, whatever
 * the test process's DATABASE_URL), with the demo catalog off, and resolve once it logs that
 * it is serving. Rejects with its output if it exits first or is not up within `timeoutMs`.
 */
export async function startServer(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    PUBLIC_URL: url,
    DEMO_CATALOG: 'false',
    SESSION_SECRET: SHARED_SESSION_SECRET,
    // The "serving" line is logged at info.
    LOG_LEVEL: 'info',
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const started = Date.now();
  // The sources, as the tests test them: tsx, and the contract's own sources (its `development` export).
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the shop did not start within ${options.timeoutMs ?? 60_000} ms:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      // Keep the last 64 kB: enough to explain a failure, bounded under load.
      output = (output + chunk.toString()).slice(-65_536);
      if (output.includes('Thaiyal is serving')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited (code ${code}, signal ${signal}) before serving:\n${output}`));
    });
  });
  await ready;
  return { url, pid: child.pid!, child, startupMs: Date.now() - started, exited, output: () => output };
}

/** The suite's migrated PGlite dump (global-setup.ts), or undefined when there is none. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/** What {@link seedShop} made. */
export interface SeededShop {
  products: { id: string; pricePaise: number }[];
  customer: { email: string; password: string };
  admin: { email: string; password: string };
}

/**
 * Fill a new shop database before its first start: migrate it, add three products (with an
 * image each), a verified customer with a Pollachi address, and an admin. Closes the database
 * (so PGlite's lock is free for the shop).
 */
export async function seedShop(options: { pgliteDir?: string; databaseUrl?: string }): Promise<SeededShop> {
  const database: Database = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: options.pgliteDir,
    // A new PGlite directory starts from the suite's migrated template (initdb takes seconds).
    ...(options.pgliteDir && pgliteTemplate() ? { loadDataDir: pgliteTemplate() } : {}),
  });
  try {
    const customer = { email: `crash-${randomBytes(3).toString('hex')}@example.com`, password: 'customer password 1' };
    const admin = { email: `owner-${randomBytes(3).toString('hex')}@example.com`, password: 'admin password 123' };
    const prices = [45_050, 120_000, 9_999];
    const made: { id: string; pricePaise: number }[] = [];
    await database.db.transaction(async (tx) => {
      for (const [index, pricePaise] of prices.entries()) {
        const [row] = await tx
          .insert(products)
          .values({ name: `Crash-test blouse ${index + 1}`, description: 'Sewn to survive.', pricePaise, category: 'saree-blouse' })
          .returning({ id: products.id });
        await tx.insert(productImages).values({ productId: row!.id, position: 0, url: `/uploads/products/crash${index}-640.webp` });
        made.push({ id: row!.id, pricePaise });
      }
      const [user] = await tx
        .insert(users)
        .values({ email: customer.email, username: 'Kavya', passwordHash: await hashPassword(customer.password), verified: true })
        .returning({ id: users.id });
      await tx.insert(addresses).values({
        userId: user!.id,
        name: 'Kavya',
        phoneNumber: '9876543210',
        doorNumber: '12',
        street: 'Kovai Road',
        city: 'pollachi',
        state: 'tamilnadu',
        pinCode: '642001',
      });
      await tx
        .insert(users)
        .values({ email: admin.email, username: 'Owner', passwordHash: await hashPassword(admin.password), role: 'admin', verified: true });
    });
    return { products: made, customer, admin };
  } finally {
    await database.close();
  }
}

/** Sign in through the API; returns the Cookie header of the new session. */
export async function signIn(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

/** A throwaway database on the PostgreSQL of `DATABASE_URL` (named so the suite's teardown sweeps leftovers). */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Create an empty database next to `DATABASE_URL`'s. */
export async function createScratchDatabase(baseUrl: string): Promise<ScratchDatabase> {
  // `thaiyal_t_<pid of this run>_…`, as harness.ts names its databases: this run's teardown sweeps it.
  const name = `${inject('pgTemplate').replace('thaiyal_template_', 'thaiyal_t_')}_rel_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Where one run keeps its shop: its data directory, and a PostgreSQL database or none (PGlite in `dataDir/db`). */
export interface ShopPlace {
  dataDir: string;
  databaseUrl?: string;
}

/**
 * Declare the test `name (PGlite)` and, when DATABASE_URL is set, `name (PostgreSQL)`: each runs
 * `run` on a new data directory (`<dirPrefix>…`, `<dirPrefix>pg-…`) and, for PostgreSQL, a
 * scratch database, all removed after the file's tests. Call it inside a `describe`.
 */
export function itOnEachDatabase(name: string, dirPrefix: string, run: (place: ShopPlace) => Promise<void>, timeoutMs: number): void {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const newDataDir = (prefix: string) => {
    const dataDir = mkdtempSync(join(tmpdir(), prefix));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return dataDir;
  };

  it(`${name} (PGlite)`, async () => run({ dataDir: newDataDir(dirPrefix) }), timeoutMs);

  it.skipIf(!process.env.DATABASE_URL)(
    `${name} (PostgreSQL)`,
    async () => {
      const dataDir = newDataDir(`${dirPrefix}pg-`);
      const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
      cleanups.push(() => scratch.drop());
      await run({ dataDir, databaseUrl: scratch.url });
    },
    timeoutMs,
  );
}

/** {@link seedShop} at `place`: its PostgreSQL database, else PGlite in `dataDir/db` (where the shop keeps it). */
export async function seedShopAt(place: ShopPlace): Promise<SeededShop> {
  return seedShop(place.databaseUrl ? { databaseUrl: place.databaseUrl } : { pgliteDir: join(place.dataDir, 'db') });
}

/** Order one of `product` as the signed-in `cookie`, through the API (the answer as it comes; rejects when the connection fails). */
export function placeOneOrder(server: ServerProcess, cookie: string, product: { id: string; pricePaise: number }): Promise<Response> {
  return fetch(`${server.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ items: [{ productId: product.id, quantity: 1 }], totalAmt: product.pricePaise / 100 }),
  });
}

/** Stop `server` with SIGTERM and expect a clean exit (code 0). */
export async function stopCleanly(server: ServerProcess): Promise<void> {
  process.kill(server.pid, 'SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

/** SIGKILL `server` if it is still running (a test's `finally`, after a failure). */
export function killIfRunning(server: ServerProcess | undefined): void {
  if (server && server.child.exitCode === null && server.child.signalCode === null) process.kill(server.pid, 'SIGKILL');
}

/**
 * Kills a shop with SIGKILL the moment a test receiver (the SMTP capture, the push receiver) has
 * the first thing the shop sends whole, before the receiver answers: it was delivered, and the
 * shop has not yet recorded it as sent. Give `onReceived` to the receiver and `arm` the shop once
 * it is up; `first()` is what killed it. Only the first receipt kills (a restarted shop is left alone).
 */
export function killAtFirstReceipt<T>(): { onReceived(item: T): void; arm(server: ServerProcess): void; first(): T | undefined } {
  let target: ServerProcess | undefined;
  let first: T | undefined;
  return {
    onReceived(item) {
      if (first !== undefined || !target) return;
      first = item;
      process.kill(target.pid, 'SIGKILL');
    },
    arm(server) {
      target = server;
    },
    first: () => first,
  };
}
