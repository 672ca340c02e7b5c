import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN } from './admin.js';

/**
 * A second shop for one spec, on its own temporary DATA_DIR (PGlite) and port, with thousands of
 * orders in its database: the shop Playwright starts for every other spec (playwright.config.ts)
 * never sees them, and no test-only route exists to make them. Its database is filled by
 * support/seed-orders.ts through the server's own client, then {@link E2E_ADMIN} is made with
 * the admin CLI, both before the shop starts (PGlite has one owner: docs/architecture.md#data),
 * then `node scripts/start.mjs` runs it as the real shop runs (the build the run made or kept).
 */
export interface SeededShop {
  /** `http://127.0.0.1:PORT`, the shop's PUBLIC_URL. */
  url: string;
  /** Stops the shop (SIGTERM, as Playwright stops its own) and removes its DATA_DIR. */
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A free loopback port, asked of the OS. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves once `GET /api/health` answers 200; rejects when the shop exits first or after `timeoutMs`. */
async function healthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the seeded shop exited with ${child.exitCode} before it answered`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the seeded shop did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/** Waits for `child` to exit, killing it outright after `graceMs`. */
async function stopped(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts a shop holding `orders` seeded orders (and support/seeded-target.ts's one to find).
 * Takes about half a minute on two cores for 5,000 orders; give the caller's hook the time.
 */
export async function startSeededShop({ orders }: { orders: number }): Promise<SeededShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'thaiyal-e2e-seeded-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Whatever the developer's shell holds, this shop is PGlite in its own directory with its own secret.
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SESSION_SECRET: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    DEMO_CATALOG: 'false',
    TRUST_PROXY: 'false',
  };
  try {
    execFileSync(process.execPath, ['--conditions=development', '--import', 'tsx', 'e2e/support/seed-orders.ts'], {
      cwd: root,
      env: { ...env, SEED_DATA_DIR: dataDir, SEED_ORDERS: String(orders) },
      stdio: 'inherit',
    });
    execFileSync(
      process.execPath,
      ['scripts/cli.mjs', 'admin', '--email', E2E_ADMIN.email, '--password', E2E_ADMIN.password, '--username', E2E_ADMIN.username],
      { cwd: root, env, stdio: 'inherit' },
    );
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = async () => {
    await stopped(child, 15_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await healthy(url, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
