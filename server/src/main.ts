import { join } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config.js';
import { DatabaseLockedError, openDatabase } from './db/client.js';
import { drawDemoPictures, loadDemoCatalog, type PicturesInProgress } from './demo/load-demo.js';
import { createImageStore } from './platform/image-store.js';
import { openObjectStore } from './platform/object-store.js';

/** A close still running after this is ended with exit code 1 (docs/architecture.md#crash-safety). */
const FORCED_EXIT_MS = 10_000;

/**
 * Start the shop (docs/architecture.md#code-shape main.ts): parse configuration, open and migrate the database,
 * load the demo catalog into an empty one, listen, draw the demo pictures in the background,
 * and close with grace on SIGINT/SIGTERM.
 * Exits 1 with one clear line on bad configuration or a database owned by another process.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: join(config.dataDir, 'db'),
      // Before the app (and its logger) exists: one JSON line like pino's.
      onStaleLock: (message) => console.log(JSON.stringify({ level: 40, time: Date.now(), msg: message })),
      onIdleConnectionError: (error) =>
        console.log(JSON.stringify({ level: 40, time: Date.now(), msg: `an idle database connection was closed: ${error.message}` })),
    });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const images = createImageStore(await openObjectStore(config.storage));
  const picturesInProgress: PicturesInProgress = new Set();
  const app = await buildApp({ config, database, images, picturesInProgress });

  if (config.demoCatalog) {
    // Under its own lock (load-demo.ts): of processes starting together on one empty database,
    // one loads the catalog. Only the rows: the pictures are drawn after listening, below.
    const result = await loadDemoCatalog(database.db);
    if (result.loaded) app.log.info(`demo catalog loaded: ${result.products} products, ${result.banners} banners`);
  }

  let closing = false;
  // While closing, every answer ends its connection: a keep-alive connection whose request was
  // in flight when the port closed would otherwise stay open (and hold `app.close()`) until
  // its keep-alive timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    // A backstop only: the close waits for mail until one deadline, MAIL_DRAIN_MS after it
    // began (plugins/platform.ts), then closes the database, well within this.
    const force = setTimeout(() => process.exit(1), FORCED_EXIT_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Thaiyal is serving ${config.publicUrl} (database: ${database.kind})`);

  // After listening, so a first start answers within seconds: the demo catalog's pictures (a
  // minute of drawing on a first start, a copy from the cache later, nothing once stored), then
  // share-preview JPEGs for images stored before those existed; one after the other, since both
  // write picture files.
  drawDemoPictures(database.db, images, app.log, picturesInProgress)
    .then(() => images.addMissingShareImages())
    .then(
      ({ written, failed }) => {
        if (written > 0 || failed > 0) app.log.info(`share-preview JPEGs added: ${written}, failed: ${failed}`);
      },
      (error: unknown) => app.log.warn({ err: error }, 'pictures could not be drawn or completed'),
    );
}

await main();
