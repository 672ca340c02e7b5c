import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT, type Product } from '@thaiyal/contract';
import { AUTH_RATE_LIMITS } from '../../src/modules/auth/index.js';
import { CATALOG_LISTENER_NAME } from '../../src/modules/catalog/index.js';
import {
  createScratchDatabase,
  seedShop,
  signIn,
  startServer,
  type ScratchDatabase,
  type SeededShop,
  type ServerProcess,
} from './server-process.js';

// Two app processes on one PostgreSQL (docs/architecture.md#running-several-processes; docs/architecture.md#http-api: nothing in the app may assume
// it is the only process when DATABASE_URL is set). Each has its own DATA_DIR; they share
// the database and SESSION_SECRET.

const databaseUrl = process.env.DATABASE_URL;

/** The describes below run only with a PostgreSQL to start the two processes on. */
const withPostgres = describe.skipIf(!databaseUrl);

// Started once for the whole file: every describe below talks to the same two processes.
let scratch: ScratchDatabase;
let admin: pg.Client;
const dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let shop: SeededShop;

beforeAll(async () => {
  // Without PostgreSQL every test below is skipped, and nothing is started.
  if (!databaseUrl) return;
  scratch = await createScratchDatabase(databaseUrl);
  for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(join(tmpdir(), `thaiyal-two-${i}-`)));
  // Both start at once on an empty database: the migrations must run once, not race.
  [a, b] = await Promise.all([
    startServer({ dataDir: dataDirs[0]!, databaseUrl: scratch.url }),
    startServer({ dataDir: dataDirs[1]!, databaseUrl: scratch.url }),
  ]);
  shop = await seedShop({ databaseUrl: scratch.url });
  admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
  // Rows written behind the apps' backs: announce them as an app would.
  await admin.query(`SELECT pg_notify('thaiyal_catalog', 'seed')`);
}, 90_000);

afterAll(async () => {
  for (const server of [a, b]) {
    if (!server) continue;
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await admin?.end();
  await scratch?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** The product `id` as `server` answers it: the status, and the product when found. */
async function product(server: ServerProcess, id: string): Promise<{ status: number; product?: Product }> {
  const response = await fetch(`${server.url}/api/product/${id}`);
  const body = (await response.json()) as { product?: Product };
  return { status: response.status, ...(body.product ? { product: body.product } : {}) };
}

/** Milliseconds until `check` holds on `server`, polling; fails past `limitMs`. */
async function timeUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

withPostgres('two app processes on one PostgreSQL: starting and sessions', () => {
  it('migrated the empty database once while both processes started', async () => {
    const { rows } = await admin.query<{ count: string }>('SELECT count(*) FROM drizzle.__drizzle_migrations');
    const { rows: tables } = await admin.query<{ count: string }>(
      `SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'rate_limits'`,
    );
    expect(Number(rows[0]!.count)).toBeGreaterThanOrEqual(2);
    expect(Number(tables[0]!.count)).toBe(1);
  });

  it('accepts a session made on one process on the other, and rotates it across them', async () => {
    const cookie = await signIn(a.url, shop.customer);
    const check = await fetch(`${b.url}/api/auth/check`, { headers: { cookie } });
    expect(check.status).toBe(200);
    expect(((await check.json()) as { user: { email: string } }).user.email).toBe(shop.customer.email);

    // Refreshed on B; the same spent token sent to A at once, as a second tab that lost the
    // race would, is answered with the very successor B issued (one shared family). A replay
    // after the grace window revoking the family is tested on a manual clock in sessions.test.ts.
    const refreshCookie = (response: Response) =>
      response.headers
        .getSetCookie()
        .find((line) => line.startsWith('refresh_token='))
        ?.split(';')[0];
    const refreshed = await fetch(`${b.url}/api/auth/refresh-token`, { method: 'POST', headers: { cookie } });
    expect(refreshed.status).toBe(200);
    const raced = await fetch(`${a.url}/api/auth/refresh-token`, { method: 'POST', headers: { cookie } });
    expect(raced.status).toBe(200);
    expect(refreshCookie(raced)).toBeDefined();
    expect(refreshCookie(raced)).toBe(refreshCookie(refreshed));
  });
});

withPostgres('two app processes on one PostgreSQL: catalog changes', () => {
  it("shows an admin's product change made on one process on the other within a second", async () => {
    const cookie = await signIn(a.url, shop.admin);
    const [first, second] = shop.products;
    // B has built its catalog snapshot and serves from it.
    expect((await product(b, first!.id)).product?.isFeatured).toBe(false);

    const toggled = await fetch(`${a.url}/api/product/${first!.id}`, { method: 'PUT', headers: { cookie } });
    expect(toggled.status).toBe(200);
    const featuredMs = await timeUntil(async () => (await product(b, first!.id)).product?.isFeatured === true, 1_000);

    const deleted = await fetch(`${a.url}/api/product/${second!.id}`, { method: 'DELETE', headers: { cookie } });
    expect(deleted.status).toBe(200);
    const deletedMs = await timeUntil(async () => (await product(b, second!.id)).status === 404, 1_000);
    console.log(`two processes: featured seen on the other after ${featuredMs} ms, deletion after ${deletedMs} ms`);
  });

  it('keeps invalidating after the listening connections are cut', async () => {
    const listeners = `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`;
    const before = await admin.query<{ pid: number }>(listeners, [CATALOG_LISTENER_NAME]);
    expect(before.rows).toHaveLength(2);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM (${listeners}) AS l`, [CATALOG_LISTENER_NAME]);
    // Both reconnect (100 ms, then doubling).
    await timeUntil(async () => {
      const after = await admin.query<{ pid: number }>(listeners, [CATALOG_LISTENER_NAME]);
      return after.rows.length === 2 && after.rows.every((row) => !before.rows.some((old) => old.pid === row.pid));
    }, 5_000);

    const cookie = await signIn(b.url, shop.admin);
    const third = shop.products[2]!;
    expect((await product(a, third.id)).product?.isFeatured).toBe(false);
    expect((await fetch(`${b.url}/api/product/${third.id}`, { method: 'PUT', headers: { cookie } })).status).toBe(200);
    await timeUntil(async () => (await product(a, third.id)).product?.isFeatured === true, 1_000);
  });
});

withPostgres('two app processes on one PostgreSQL: rate limits', () => {
  it('counts rate limits across both processes', async () => {
    const email = shop.customer.email;
    const { max } = AUTH_RATE_LIMITS.signinFailures.perEmailAndIp;
    const signin = (server: ServerProcess, password: string) =>
      fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    // Wrong passwords from this address, half on each process (at once, so no slow-down applies).
    const failures = await Promise.all(Array.from({ length: max }, (_, attempt) => signin(attempt % 2 === 0 ? a : b, 'not the password')));
    expect(failures.map((response) => response.status)).toEqual(Array(max).fill(401));
    // Each process alone has seen half of the limit; together they are at it.
    for (const server of [a, b]) expect((await signin(server, shop.customer.password)).status).toBe(429);

    // The 60 s one-time-code cooldown too: a sign-up on A, its resend asked on B.
    const signup = await fetch(`${a.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'Two', email: 'two-processes@example.com', password: 'two processes 1' }),
    });
    expect(signup.status).toBe(201);
    const pendingCookie = (signup.headers.get('set-cookie') ?? '').match(/otp_session=[^;]+/)![0];
    const resend = await fetch(`${b.url}/api/auth/resend-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: pendingCookie },
      body: '{}',
    });
    expect(resend.status).toBe(429);

    // The contact form's per-IP limit too.
    const contact = (server: ServerProcess) =>
      fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Meena', email: 'meena@example.com', phone: '9876543210', message: 'Do you stitch lehengas?' }),
      });
    for (let attempt = 0; attempt < CONTACT_RATE_LIMIT.max; attempt++) {
      expect((await contact(attempt % 2 === 0 ? a : b)).status).toBe(200);
    }
    expect((await contact(a)).status).toBe(429);
    expect((await contact(b)).status).toBe(429);

    // Counters are stored hashed: no e-mail or address in clear.
    const { rows } = await admin.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
