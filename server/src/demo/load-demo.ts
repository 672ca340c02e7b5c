import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { BANNER_IMAGE_ASPECT, DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, PRODUCT_IMAGE_ASPECT, SHARE_IMAGE_WIDTH } from '@thaiyal/contract';
import type { Db } from '../db/client.js';
import { banners, productImages, products } from '../db/schema/index.js';
import type { ImageStore, RawImage } from '../platform/image-store.js';
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
const CACHE_SOURCES = ['./catalog-data.ts', './garment-svg.ts', './load-demo.ts', '../platform/image-store.ts'];

async function cacheDir(): Promise<string> {
  const hash = createHash('sha256');
  for (const source of CACHE_SOURCES) hash.update(await readFile(new URL(source, import.meta.url)));
  hash.update(JSON.stringify([IMAGE_WIDTHS, SHARE_IMAGE_WIDTH]));
  const root = fileURLToPath(new URL('../../../node_modules/.cache/thaiyal-demo/', import.meta.url));
  return join(root, hash.digest('hex').slice(0, 16));
}

async function restoreFromCache(uploadsDir: string): Promise<boolean> {
  try {
    const dir = await cacheDir();
    await stat(join(dir, 'complete'));
    for (const folder of ['products', 'banners']) {
      await cp(join(dir, folder), join(uploadsDir, folder), { recursive: true, force: true });
    }
    return true;
  } catch {
    return false;
  }
}

async function saveToCache(uploadsDir: string): Promise<void> {
  const dir = await cacheDir();
  const partial = `${dir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  for (const folder of ['products', 'banners']) {
    await cp(join(uploadsDir, folder), join(partial, folder), {
      recursive: true,
      // Only the demo's own files (WebP widths and the share JPEG), never a shop owner's uploads.
      filter: (source) => !/[/\\][^/\\]+\.(webp|jpg)$/.test(source) || /[/\\]demo-[^/\\]+\.(webp|jpg)$/.test(source),
    });
  }
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

/**
 * Load the demo catalog into an empty database (docs/product.md#demo-catalog; docs/architecture.md#http-api
 * `DEMO_CATALOG`): does nothing when the products table has any row. Otherwise draws every
 * picture with our own SVG code, stores it through the image store under deterministic
 * `demo-…` ids (a rerun overwrites the same files), and inserts products (with their Tamil
 * name and description, catalog-data-ta.ts), their images and the banners in one transaction.
 * @returns whether it loaded, and how many products and banners.
 */
export async function loadDemoCatalog(db: Db, images: ImageStore, log: { info(message: string): void }): Promise<DemoLoadResult> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if ((existing?.count ?? 0) > 0) return { loaded: false, products: 0, banners: 0 };

  const started = Date.now();
  const jobs = DEMO_PRODUCTS.flatMap((product, productIndex) =>
    pictureViews(product).map(({ view, look }, position) => ({ product, productIndex, position, view, look })),
  );
  const productIds = jobs.map((job) => `demo-${job.product.category}-${job.productIndex}-${job.position}`);
  const bannerIds = DEMO_BANNERS.map((banner, index) => `demo-banner-${index}-${banner.category}`);
  const fromCache = await restoreFromCache(images.root);
  if (!fromCache) {
    log.info(`drawing the demo catalog's pictures (${DEMO_PRODUCTS.length} products, first start only)…`);
    await mapPool(jobs, RENDER_CONCURRENCY, async (job, index) => {
      const raw = await rasterize(productPictureSvg(job.product.shape, job.look, job.view, RENDER_WIDTH));
      return images.saveImageAs(raw, 'products', PRODUCT_IMAGE_ASPECT, productIds[index]!);
    });
    await mapPool(DEMO_BANNERS, RENDER_CONCURRENCY, async (banner, index) => {
      const raw = await rasterize(bannerSvg(banner.art, RENDER_WIDTH));
      return images.saveImageAs(raw, 'banners', BANNER_IMAGE_ASPECT, bannerIds[index]!);
    });
    await saveToCache(images.root).catch(() => {});
  }
  const urls = productIds.map((id) => `/uploads/products/${id}-${DEFAULT_IMAGE_WIDTH}.webp`);
  const bannerUrls = bannerIds.map((id) => `/uploads/banners/${id}-${DEFAULT_IMAGE_WIDTH}.webp`);

  await db.transaction(async (tx) => {
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
          category: product.category,
          isFeatured: product.featured,
          createdAt,
        })),
      )
      .returning({ id: products.id });
    const imageRows = jobs.map((job, index) => ({
      productId: inserted[job.productIndex]!.id,
      position: job.position,
      url: urls[index]!,
    }));
    await tx.insert(productImages).values(imageRows);
    await tx.insert(banners).values(
      DEMO_BANNERS.map((banner, index) => ({
        category: banner.category,
        image: bannerUrls[index]!,
        createdAt: new Date(createdAt.getTime() + index),
      })),
    );
  });
  log.info(`demo catalog ${fromCache ? 'copied from the cache' : 'drawn and stored'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { loaded: true, products: DEMO_PRODUCTS.length, banners: DEMO_BANNERS.length };
}
