import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  BANNER_IMAGE_ASPECT,
  DEFAULT_IMAGE_WIDTH,
  IMAGE_WIDTHS,
  PRODUCT_IMAGE_ASPECT,
  SHARE_IMAGE_WIDTH,
  storedImageUrls,
} from '@thaiyal/contract';
import { DEMO_CATALOG_LOCK_ID, type Db } from '../db/client.js';
import { banners, productImages, products } from '../db/schema/index.js';
import { objectKeyOf, type ImageStore, type RawImage } from '../platform/image-store.js';
import { contentTypeOf, type ObjectStore } from '../platform/object-store.js';
import { DEMO_BANNERS, DEMO_PRODUCTS, type DemoProduct } from './catalog-data.js';
import { DEMO_TAMIL } from './catalog-data-ta.js';
import { bannerSvg, productPictureSvg, type Look, type View } from './garment-svg.js';

/** What {@link loadDemoCatalog} did. */
export interface DemoLoadResult {
  loaded: boolean;
  products: number;
  banners: number;
}

/**
 * Drawings are rasterized once, at the largest stored width, and the store scales them down
 * to the others. Measured on 2 cores: drawing at 960 and scaling up to 1280 cost ~45 ms +
 * ~90 ms a picture (the upscale) against ~60 ms for drawing at 1280, which the store then
 * takes as is, and the 1280 copy stays sharp.
 */
const RENDER_WIDTH = Math.max(...IMAGE_WIDTHS);
/** Pictures rendered at once: enough to keep sharp's threads and both cores busy. */
const RENDER_CONCURRENCY = 4;
/** Pictures copied between the per-machine cache and the store at once (an S3 store answers each in a round trip). */
const CACHE_COPY_CONCURRENCY = 8;

/** Rasterize an SVG once, at {@link RENDER_WIDTH}; the store resizes it to every stored width. */
async function rasterize(svg: string): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { raw: data, width: info.width, height: info.height, channels: info.channels as 3 };
}

/** The looks of a product's pictures: front, back, close-up, then the front in a second colourway. */
function pictureViews(product: DemoProduct): { view: View; look: Look }[] {
  const views: { view: View; look: Look }[] = [
    { view: 'front', look: product.look },
    { view: 'back', look: product.look },
    { view: 'detail', look: product.look },
  ];
  const alternate: Look = product.look.contrast
    ? { ...product.look, fabric: product.look.contrast, contrast: product.look.fabric }
    : { ...product.look, fabric: { ...product.look.fabric, pattern: 'plain' } };
  views.push({ view: 'front', look: alternate });
  return views.slice(0, product.pictures);
}

/**
 * The drawn pictures are cached per machine in `node_modules/.cache/thaiyal-demo/{hash}`, the
 * hash covering the code that draws and stores them: a fresh data directory (tests, a second
 * clone, a reset) copies files in a second instead of drawing them again for a minute.
 */
const CACHE_SOURCES = ['demo/catalog-data.ts', 'demo/garment-svg.ts', 'demo/load-demo.ts', 'platform/image-store.ts'];

async function cacheDir(): Promise<string> {
  const hash = createHash('sha256');
  // The TypeScript sources, found from `src/demo` and from the compiled `dist/demo` alike, so
  // the tests (which run the sources) and the compiled shop share one cache.
  for (const source of CACHE_SOURCES) hash.update(await readFile(new URL(`../../src/${source}`, import.meta.url)));
  hash.update(JSON.stringify([IMAGE_WIDTHS, SHARE_IMAGE_WIDTH]));
  const root = fileURLToPath(new URL('../../../node_modules/.cache/thaiyal-demo/', import.meta.url));
  return join(root, hash.digest('hex').slice(0, 16));
}

/** Whether a cached file is a demo picture's (each WebP width, the share JPEG), never a shop owner's upload. */
const DEMO_FILE = /^demo-[a-z0-9-]+\.(webp|jpg)$/;

/** Put the cached demo pictures into the store, if this machine's cache has a complete set. */
async function restoreFromCache(objects: ObjectStore): Promise<boolean> {
  try {
    const dir = await cacheDir();
    await stat(join(dir, 'complete'));
    for (const folder of ['products', 'banners']) {
      const names = (await readdir(join(dir, folder))).filter((name) => DEMO_FILE.test(name));
      await mapPool(names, CACHE_COPY_CONCURRENCY, async (name) => {
        const key = `${folder}/${name}`;
        await objects.put(key, await readFile(join(dir, folder, name)), contentTypeOf(key));
      });
    }
    return true;
  } catch {
    return false;
  }
}

/** Keep the demo pictures just stored in this machine's cache, for the next fresh store. */
async function saveToCache(objects: ObjectStore): Promise<void> {
  const dir = await cacheDir();
  const partial = `${dir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  for (const folder of ['products', 'banners']) await mkdir(join(partial, folder), { recursive: true });
  // Only the demo's own files (WebP widths and the share JPEG), never a shop owner's uploads.
  const keys = (await objects.list()).map((object) => object.key).filter((key) => /^(products|banners)\//.test(key));
  await mapPool(
    keys.filter((key) => DEMO_FILE.test(key.split('/')[1]!)),
    CACHE_COPY_CONCURRENCY,
    async (key) => {
      const stored = await objects.get(key);
      if (stored) await writeFile(join(partial, ...key.split('/')), stored.body);
    },
  );
  await mkdir(join(partial, 'complete'));
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
}

/** Run `task` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapPool<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

/** One demo picture: what to draw, and the image id its files are stored under. */
interface PictureJob {
  folder: 'products' | 'banners';
  id: string;
  draw: () => string;
  aspect: number;
}

/** Every picture of the demo catalog, in a fixed order; ids are deterministic (`demo-…`). */
function pictureJobs(): PictureJob[] {
  const products = DEMO_PRODUCTS.flatMap((product, productIndex) =>
    pictureViews(product).map(({ view, look }, position) => ({
      folder: 'products' as const,
      id: `demo-${product.category}-${productIndex}-${position}`,
      draw: () => productPictureSvg(product.shape, look, view, RENDER_WIDTH),
      aspect: PRODUCT_IMAGE_ASPECT,
    })),
  );
  const banners = DEMO_BANNERS.map((banner, index) => ({
    folder: 'banners' as const,
    id: `demo-banner-${index}-${banner.category}`,
    draw: () => bannerSvg(banner.art, RENDER_WIDTH),
    aspect: BANNER_IMAGE_ASPECT,
  }));
  return [...products, ...banners];
}

/** The URL the catalog stores for a picture (its default width). */
const pictureUrl = (job: PictureJob) => `/uploads/${job.folder}/${job.id}-${DEFAULT_IMAGE_WIDTH}.webp`;

/**
 * Whether a demo product's price includes the fabric, as a Pollachi shop sells them: frocks,
 * pants, nightwear and kids' pattupavadai are made in the shop's own fabric; blouses,
 * chudithars and the other pattupavadai are stitched from the shopper's fabric.
 */
function demoPriceIncludesFabric(category: string): boolean {
  return /-(frock|pant)$/.test(category) || category === 'nightwear' || category === 'kids-dress-pattupavadai';
}

/**
 * Load the demo catalog into an empty database (docs/product.md#demo-catalog;
 * docs/architecture.md#configuration `DEMO_CATALOG`): does nothing when the products table
 * has any row. Otherwise inserts products (with their Tamil name and description,
 * catalog-data-ta.ts), their images and the banners, naming pictures that
 * {@link drawDemoPictures} then draws, after the shop is serving.
 *
 * The check and the inserts are one transaction under {@link DEMO_CATALOG_LOCK_ID}, so however
 * many processes start together on one empty PostgreSQL
 * (docs/architecture.md#running-several-processes), one loads the catalog and the others,
 * waiting for its commit, find it there. On PGlite (one process) the same SQL runs.
 * @returns whether it loaded, and how many products and banners.
 */
export async function loadDemoCatalog(db: Db): Promise<DemoLoadResult> {
  return db.transaction(async (tx) => {
    // Held until this transaction ends. Taken before counting: under READ COMMITTED the count
    // then sees the rows of a process that loaded while this one waited.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_CATALOG_LOCK_ID}::bigint)`);
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
    if ((existing?.count ?? 0) > 0) return { loaded: false, products: 0, banners: 0 };
    await insertDemoRows(tx);
    return { loaded: true, products: DEMO_PRODUCTS.length, banners: DEMO_BANNERS.length };
  });
}

/** Insert the demo's products, their images and the banners, within the caller's transaction. */
async function insertDemoRows(tx: Db): Promise<void> {
  const jobs = pictureJobs();
  const productJobs = DEMO_PRODUCTS.flatMap((product, productIndex) =>
    pictureViews(product).map((_, position) => ({ productIndex, position })),
  );
  const bannerJobs = jobs.filter((job) => job.folder === 'banners');
  // Same creation time for all, so lists order them by name: the same catalog every time.
  const createdAt = new Date();
  const inserted = await tx
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((product) => ({
        name: product.name,
        nameTa: DEMO_TAMIL[product.name]?.name ?? '',
        description: product.description,
        descriptionTa: DEMO_TAMIL[product.name]?.description ?? '',
        pricePaise: Math.round(product.priceRupees * 100),
        priceIncludesFabric: demoPriceIncludesFabric(product.category),
        category: product.category,
        isFeatured: product.featured,
        createdAt,
      })),
    )
    .returning({ id: products.id });
  await tx.insert(productImages).values(
    productJobs.map((job, index) => ({
      productId: inserted[job.productIndex]!.id,
      position: job.position,
      url: pictureUrl(jobs[index]!),
    })),
  );
  await tx.insert(banners).values(
    DEMO_BANNERS.map((banner, index) => ({
      category: banner.category,
      image: pictureUrl(bannerJobs[index]!),
      ...banner.text,
      createdAt: new Date(createdAt.getTime() + index),
    })),
  );
}

/**
 * The demo pictures being drawn, as `{folder}/{id}` (e.g. `products/demo-saree-blouse-0-0`):
 * until its files exist, the shop answers a picture's URLs with a placeholder (app.ts).
 */
export type PicturesInProgress = Set<string>;

/** Whether every object of a picture (each WebP width and the share JPEG) is stored. */
async function isStored(images: ImageStore, job: PictureJob): Promise<boolean> {
  const found = await Promise.all(storedImageUrls(pictureUrl(job)).map((url) => images.objects.exists(objectKeyOf(url))));
  return found.every(Boolean);
}

/**
 * The jobs whose picture is not stored whole, in order; a few checks at a time, since on an S3
 * store each is a request (hundreds at once would only queue in the SDK's connection pool).
 */
async function notStored(images: ImageStore, jobs: readonly PictureJob[]): Promise<PictureJob[]> {
  const stored = await mapPool(jobs, CACHE_COPY_CONCURRENCY, (job) => isStored(images, job));
  return jobs.filter((_, index) => !stored[index]);
}

/**
 * Draw the demo pictures the catalog names and the disk lacks (docs/product.md#demo-catalog):
 * on a first start all of them, after a crash while drawing the rest, never one whose product
 * or banner is gone. Meant to run after the shop listens: the first start answers at once, and
 * each picture is taken out of `inProgress` as soon as its files are written, the pages
 * showing a placeholder until then. Copies them from the per-machine cache when it has them
 * (a second of work); otherwise draws them with our own SVG code, logging progress
 * ("demo pictures 40/372"), and fills the cache.
 * @returns how many pictures were missing, and whether the cache supplied them.
 */
export async function drawDemoPictures(
  db: Db,
  images: ImageStore,
  log: { info(message: string): void },
  inProgress: PicturesInProgress,
): Promise<{ missing: number; fromCache: boolean }> {
  const named = new Set([
    ...(await db.select({ url: productImages.url }).from(productImages)).map((row) => row.url),
    ...(await db.select({ url: banners.image }).from(banners)).map((row) => row.url),
  ]);
  const wanted = pictureJobs().filter((job) => named.has(pictureUrl(job)));
  const missingAtStart = await notStored(images, wanted);
  if (missingAtStart.length === 0) return { missing: 0, fromCache: false };
  for (const job of missingAtStart) inProgress.add(`${job.folder}/${job.id}`);

  const started = Date.now();
  const fromCache = await restoreFromCache(images.objects);
  const missing = fromCache ? await notStored(images, missingAtStart) : missingAtStart;
  for (const job of missingAtStart) if (!missing.includes(job)) inProgress.delete(`${job.folder}/${job.id}`);
  if (missing.length > 0) {
    log.info(`drawing ${missing.length} demo pictures in the background (first start only); pages show a placeholder until each is ready`);
    let done = 0;
    const step = Math.max(1, Math.ceil(missing.length / 10));
    await mapPool(missing, RENDER_CONCURRENCY, async (job) => {
      await images.saveImageAs(await rasterize(job.draw()), job.folder, job.aspect, job.id);
      inProgress.delete(`${job.folder}/${job.id}`);
      done += 1;
      if (done % step === 0 || done === missing.length) log.info(`demo pictures ${done}/${missing.length}`);
    });
    // A whole set drawn here is worth keeping for the next fresh data directory on this machine.
    if (missing.length === pictureJobs().length) await saveToCache(images.objects).catch(() => {});
  }
  log.info(`demo pictures ${fromCache ? 'copied from the cache' : 'drawn and stored'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { missing: missingAtStart.length, fromCache };
}
