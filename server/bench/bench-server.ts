/**
 * The benchmarked server, run by bench.ts as a child process so that the load generator
 * (autocannon, in the parent) and the server each have their own event loop and core.
 *
 * The real app from `buildApp` on a fresh database (PGlite in a temp DATA_DIR, or the
 * PostgreSQL database named by BENCH_DB_URL) with the demo catalog loaded, plus a
 * hello-world route `GET /__bench/hello` on the same Fastify instance: the baseline every
 * figure is a ratio to. Beside it, for reference, the same route on a bare Fastify instance
 * (what the app's plugins and hooks cost). Both listen on 127.0.0.1, OS-chosen ports.
 * Mail is the default install's: no SMTP_URL, so each order's two mails (the customer's
 * confirmation, the shop's new-order mail to SHOP_EMAIL) are built and written to
 * DATA_DIR/outbox in the background, as they would be handed to SMTP.
 *
 * IPC with the parent: sends `{type: 'ready', port, barePort, kind}`; answers
 * `{type: 'fixture', id, name, args}` with `{type: 'fixture-result', id, result | error}`;
 * closes and removes its DATA_DIR on SIGTERM or when the parent goes away.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { drawDemoPictures, loadDemoCatalog } from '../src/demo/load-demo.js';
import { createImageStore } from '../src/platform/image-store.js';
import { createFileObjectStore } from '../src/platform/object-store.js';
import { fixtures, type FixtureDeps, type FixtureName } from './fixtures.js';
import { BENCH_PUBLIC_URL } from './scenarios.js';

/** Messages from the parent. */
export type ToServer = { type: 'fixture'; id: number; name: FixtureName; args: unknown };
/** Messages to the parent. */
export type FromServer =
  | { type: 'ready'; port: number; barePort: number; kind: 'pglite' | 'postgres' }
  | { type: 'fixture-result'; id: number; result?: unknown; error?: string };

if (!process.send) throw new Error('bench-server.ts is started by bench.ts (it needs an IPC channel)');
const send = (message: FromServer) => process.send!(message);

const dataDir = mkdtempSync(join(tmpdir(), 'thaiyal-bench-'));
const config = parseConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DB_URL ?? '',
  PUBLIC_URL: BENCH_PUBLIC_URL,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  LOG_LEVEL: 'warn',
  DEMO_CATALOG: 'true',
  // Where the shop's new-order mails go, as a real shop sets it (without it and without an
  // admin, every order would log a warning). No SMTP_URL: mails are written to the outbox.
  SHOP_EMAIL: 'shop@example.com',
  // 200 shoppers place thousands of orders a minute here: far past a live shop's per-account
  // limits (docs/security.md, order limits), which are still counted on every order.
  MAX_OPEN_ORDERS: '1000000',
  MAX_ORDERS_PER_HOUR: '1000000',
});
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : join(dataDir, 'db'),
});
const images = createImageStore(createFileObjectStore(join(dataDir, 'uploads')));
const app = await buildApp({ config, database, images, webDistDir: join(dataDir, 'no-web') });
app.get('/__bench/hello', async () => ({ hello: 'world' }));
await loadDemoCatalog(database.db);
// Drawn before measuring, so the pictures' CPU does not share the measured runs.
await drawDemoPictures(database.db, images, app.log, new Set());
await app.listen({ host: '127.0.0.1', port: 0 });

// A reference beside it: Fastify with no plugin, hook or logger, in the same process.
const bare = Fastify({ logger: false });
bare.get('/__bench/hello', async () => ({ hello: 'world' }));
await bare.listen({ host: '127.0.0.1', port: 0 });

const deps: FixtureDeps = { app, database, config };
process.on('message', (message: ToServer) => {
  if (message.type !== 'fixture') return;
  const fixture = fixtures[message.name] as (deps: FixtureDeps, args: unknown) => Promise<unknown>;
  fixture(deps, message.args).then(
    (result) => send({ type: 'fixture-result', id: message.id, result }),
    (error: Error) => send({ type: 'fixture-result', id: message.id, error: error.stack ?? error.message }),
  );
});

let closing = false;
async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  try {
    await bare.close();
    await app.close();
    await database.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
}
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
process.on('disconnect', () => void close());

const portOf = (server: typeof app.server) => (server.address() as AddressInfo).port;
send({ type: 'ready', port: portOf(app.server), barePort: portOf(bare.server), kind: database.kind });
