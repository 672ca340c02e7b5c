import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { parseConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { productImages, products, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/platform/passwords.js';
import { createImageStore } from '../src/platform/image-store.js';
import { openObjectStore } from '../src/platform/object-store.js';
import type { Clock } from '../src/platform/clock.js';

/** One test file's server: a real app on its own copy of the migrated database. */
export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** What else {@link createTestContext} can be given besides configuration and a clock. */
export interface TestContextOptions {
  /**
   * Told of every SQL statement the app's database sends through Drizzle (db/client.ts
   * `onQuery`), e.g. to count statements per request (docs/performance.md#no-n1).
   */
  onQuery?: (query: string, params: unknown[]) => void;
}

/**
 * Open a fresh database copied from the suite's migrated template (PGlite dump, or a
 * PostgreSQL template database when `DATABASE_URL` is set), build the app on it with a temp
 * `DATA_DIR`, and return it ready for `app.inject`. `env` overrides configuration variables;
 * `options.onQuery` hears every statement the database is sent.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  clock?: Clock,
  options: TestContextOptions = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'thaiyal-test-'));
  const config = parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_CATALOG: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate && process.env.DATABASE_URL) {
    // Named after this run's template (`thaiyal_template_<pid>` → `thaiyal_t_<pid>_…`), so the run's
    // teardown drops its own databases and never those of another run on the same server.
    const name = `${pgTemplate.replace('thaiyal_template_', 'thaiyal_t_')}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({
      databaseUrl: url.toString(),
      pgliteDir: undefined,
      migrate: false,
      poolSize: 4,
      onQuery: options.onQuery,
    });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    database = await openDatabase({
      databaseUrl: undefined,
      pgliteDir: undefined,
      loadDataDir: dump,
      migrate: false,
      onQuery: options.onQuery,
    });
  }
  const images = createImageStore(await openObjectStore(config.storage));
  const app = await buildApp({ config, database, images, webDistDir: join(dataDir, 'no-web'), ...(clock ? { clock } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A product row to seed: paise price, image URLs; defaults make a valid product. */
export interface SeedProduct {
  name?: string;
  nameTa?: string;
  description?: string;
  descriptionTa?: string;
  pricePaise?: number;
  compareAtPricePaise?: number | null;
  priceIncludesFabric?: boolean;
  category?: string;
  isFeatured?: boolean;
  hidden?: boolean;
  images?: string[];
  createdAt?: Date;
}

/**
 * Insert products straight into the database (with their image rows) and mark the
 * catalog stale, as an admin write would. Returns the new ids in order.
 */
export async function seedProducts(context: TestContext, rows: SeedProduct[]): Promise<string[]> {
  const ids: string[] = [];
  await context.database.db.transaction(async (tx) => {
    for (const [index, row] of rows.entries()) {
      const [inserted] = await tx
        .insert(products)
        .values({
          name: row.name ?? `Product ${index + 1}`,
          nameTa: row.nameTa ?? '',
          description: row.description ?? 'A well-made garment.',
          descriptionTa: row.descriptionTa ?? '',
          pricePaise: row.pricePaise ?? 50_000,
          compareAtPricePaise: row.compareAtPricePaise ?? null,
          priceIncludesFabric: row.priceIncludesFabric ?? false,
          category: row.category ?? 'saree-blouse',
          isFeatured: row.isFeatured ?? false,
          hidden: row.hidden ?? false,
          ...(row.createdAt ? { createdAt: row.createdAt } : {}),
        })
        .returning({ id: products.id });
      const id = inserted!.id;
      ids.push(id);
      const urls = row.images ?? [`/uploads/products/seed${index}-640.webp`];
      if (urls.length > 0) {
        await tx.insert(productImages).values(urls.map((url, position) => ({ productId: id, position, url })));
      }
    }
  });
  context.app.catalog.invalidate();
  return ids;
}

/**
 * `app.inject` of `method url` as `user` (their session cookie; no cookie for `undefined`), with
 * `payload` sent as JSON when given: the request most server tests send.
 */
export function injectAs(
  context: TestContext,
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return context.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
}

/** A user made for a test, with the Cookie header of a fresh session. */
export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
  /** `access_token=…; refresh_token=…` for `app.inject({ headers: { cookie } })`. */
  cookie: string;
  accessToken: string;
  refreshToken: string;
}

let userCounter = 0;

/**
 * Create a verified user straight in the database (argon2id hash of `password`) and start a
 * session for them through the real session service.
 */
export async function createUser(
  context: TestContext,
  options: { role?: 'admin' | 'customer'; email?: string; username?: string; password?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = options.email ?? `shopper${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const username = options.username ?? `Shopper ${userCounter}`;
  const password = options.password ?? 'correct horse battery';
  const [row] = await context.database.db
    .insert(users)
    .values({ email, username, passwordHash: await hashPassword(password), role: options.role ?? 'customer', verified: true })
    .returning({ id: users.id });
  const { accessToken, refreshToken } = await context.app.sessions.mint(row!.id);
  return {
    id: row!.id,
    email,
    username,
    password,
    accessToken,
    refreshToken,
    cookie: `access_token=${accessToken}; refresh_token=${refreshToken}`,
  };
}

/**
 * How many statements `context`'s database client is sent while `run` runs, counting only those
 * whose SQL `counted` accepts (by default all; the mail sender and the rate-limit sweep share the
 * client in the background), to show a request's statements do not grow with its rows
 * (docs/performance.md#no-n1). The client's `query` is wrapped for the run and put back after.
 * @throws Error when the context has no database client.
 */
export async function countStatements(
  context: TestContext,
  run: () => Promise<void>,
  counted: (sql: string) => boolean = () => true,
): Promise<number> {
  const client = context.database.pglite ?? context.database.pool;
  if (!client) throw new Error('no database client');
  const target = client as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = target.query.bind(client);
  let statements = 0;
  target.query = (...args: unknown[]) => {
    const first = args[0];
    const sql = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    if (counted(sql)) statements += 1;
    return original(...args);
  };
  try {
    await run();
  } finally {
    target.query = original;
  }
  return statements;
}
