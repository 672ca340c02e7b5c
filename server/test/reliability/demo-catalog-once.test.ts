import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BANNERS, DEMO_PRODUCTS } from '../../src/demo/catalog-data.js';
import { createScratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from './server-process.js';

// Two shop processes started at once on one empty PostgreSQL with the demo catalog on
// (docs/architecture.md#running-several-processes): the catalog is loaded by one of them,
// once, however the two interleave (docs/product.md#demo-catalog: only into an empty database).

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('two processes starting together on an empty PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let admin: pg.Client;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl!);
    for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(join(tmpdir(), `thaiyal-demo-once-${i}-`)));
    const started = await Promise.allSettled(
      dataDirs.map((dataDir) => startServer({ dataDir, databaseUrl: scratch.url, env: { DEMO_CATALOG: 'true' } })),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await admin?.end();
    await scratch?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("holds the demo's products and banners once, loaded by one of the two", async () => {
    const count = async (query: string) => Number((await admin.query<{ n: string }>(query)).rows[0]!.n);
    const productCount = await count('SELECT count(*) AS n FROM products');
    const bannerCount = await count('SELECT count(*) AS n FROM banners');
    const startups = servers.map((server) => `${server.startupMs} ms`).join(' and ');
    console.log(`demo catalog after two starts: ${productCount} products, ${bannerCount} banners (serving after ${startups})`);
    expect({ products: productCount, banners: bannerCount }).toEqual({ products: DEMO_PRODUCTS.length, banners: DEMO_BANNERS.length });
    expect(await count('SELECT count(DISTINCT name) AS n FROM products')).toBe(DEMO_PRODUCTS.length);
    expect(await count('SELECT count(DISTINCT category) AS n FROM banners')).toBe(DEMO_BANNERS.length);
    expect(await count('SELECT count(DISTINCT url) AS n FROM product_images')).toBe(
      await count('SELECT count(*) AS n FROM product_images'),
    );
    // Both are serving; the one that found the catalog already there said nothing about it.
    expect(servers).toHaveLength(2);
    expect(servers.filter((server) => server.output().includes('demo catalog loaded'))).toHaveLength(1);
  });
});
