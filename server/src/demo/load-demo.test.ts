import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { asc, count, countDistinct, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANNER_CATEGORIES,
  BANNER_IMAGE_ASPECT,
  IMAGE_WIDTHS,
  LIMITS,
  PRODUCT_CATEGORIES,
  PRODUCT_IMAGE_ASPECT,
  SHARE_IMAGE_WIDTH,
  imageUrlAt,
  shareImageUrl,
  storedImageUrls,
} from '@thaiyal/contract';
import { banners, productImages, products } from '../db/schema/index.js';
import { THUMBNAIL_MAX_BYTES, createImageStore, type ImageStore } from '../platform/image-store.js';
import { createFileObjectStore } from '../platform/object-store.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_BANNERS, DEMO_PRODUCTS } from './catalog-data.js';
import { DEMO_TAMIL } from './catalog-data-ta.js';
import { drawDemoPictures, loadDemoCatalog, type DemoLoadResult, type PicturesInProgress } from './load-demo.js';

let context: TestContext;
let images: ImageStore;
let first: DemoLoadResult;
let drawn: { missing: number; fromCache: boolean };
let drawing: PicturesInProgress;
const logged: string[] = [];

type ProductRow = typeof products.$inferSelect;
let rows: ProductRow[];
let imagesByProduct: Map<string, { position: number; url: string }[]>;

beforeAll(async () => {
  context = await createTestContext();
  images = createImageStore(createFileObjectStore(join(context.dataDir, 'uploads')));
  // Drawing every picture takes about half a minute on 2 cores the first time on a machine;
  // later runs copy them from the per-machine cache (load-demo.ts).
  first = await loadDemoCatalog(context.database.db);
  drawing = new Set();
  drawn = await drawDemoPictures(context.database.db, images, { info: (message) => logged.push(message) }, drawing);
  rows = await context.database.db.select().from(products).orderBy(asc(products.name));
  imagesByProduct = new Map();
  for (const image of await context.database.db.select().from(productImages).orderBy(asc(productImages.position))) {
    const list = imagesByProduct.get(image.productId) ?? [];
    list.push({ position: image.position, url: image.url });
    imagesByProduct.set(image.productId, list);
  }
}, 240_000);
afterAll(() => context.close());

/** Path on disk of the file a `/uploads/…` URL names. */
const fileOf = (url: string) => join(images.objects.localRoot!, url.replace(/^\/uploads\//, ''));

describe('loadDemoCatalog into an empty database, then drawDemoPictures: the products', () => {
  it('reports what it loaded, and that is what the database holds', () => {
    expect(first).toEqual({ loaded: true, products: rows.length, banners: BANNER_CATEGORIES.length });
    const pictures = [...imagesByProduct.values()].flat().length + BANNER_CATEGORIES.length;
    expect(drawn.missing).toBe(pictures);
    expect(logged.some((message) => /demo pictures (drawn and stored|copied from the cache) in [\d.]+ s/.test(message))).toBe(true);
    // Drawn (not copied): progress in tenths, ending with every picture.
    if (!drawn.fromCache) expect(logged).toContain(`demo pictures ${pictures}/${pictures}`);
    expect(drawing.size).toBe(0);
  });

  it('gives every one of the 28 categories 3 to 6 products, at least 84 in all', () => {
    expect(rows.length).toBeGreaterThanOrEqual(84);
    const perCategory = new Map<string, number>();
    for (const row of rows) perCategory.set(row.category, (perCategory.get(row.category) ?? 0) + 1);
    expect([...perCategory.keys()].sort()).toEqual([...PRODUCT_CATEGORIES].sort());
    for (const category of PRODUCT_CATEGORIES) {
      expect(perCategory.get(category), category).toBeGreaterThanOrEqual(3);
      expect(perCategory.get(category), category).toBeLessThanOrEqual(6);
    }
  });

  it('asks a Pollachi tailor’s prices: ₹350 to ₹4,500, whole rupees', () => {
    for (const row of rows) {
      expect(row.pricePaise, row.name).toBeGreaterThanOrEqual(350_00);
      expect(row.pricePaise, row.name).toBeLessThanOrEqual(4_500_00);
      expect(row.pricePaise % 100, row.name).toBe(0);
    }
  });

  it('says what each price pays for: blouses and chudithars the stitching, frocks, pants and nightwear the fabric too', () => {
    const inCategory = (category: string) => rows.filter((row) => row.category === category).map((row) => row.priceIncludesFabric);
    for (const category of ['saree-blouse', 'aariwork-blouse', 'cotton-chudithar', 'gown-pattupavadai']) {
      expect(new Set(inCategory(category)), category).toEqual(new Set([false]));
    }
    for (const category of ['maxi-frock', 'palazzo-pant', 'nightwear', 'kids-dress-pattupavadai']) {
      expect(new Set(inCategory(category)), category).toEqual(new Set([true]));
    }
  });

  it('names and describes each product in words a form would accept', () => {
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.name.length, row.name).toBeGreaterThanOrEqual(8);
      expect(row.name.length, row.name).toBeLessThanOrEqual(LIMITS.maxNameLength);
      expect(row.name, row.name).toMatch(/^[A-Z]/);
      expect(row.description.length, row.name).toBeGreaterThanOrEqual(30);
      expect(row.description.length, row.name).toBeLessThanOrEqual(LIMITS.maxDescriptionLength);
      expect(row.description, row.name).toMatch(/[.!]$/);
    }
  });

  it('names and describes every product in Tamil too, in Tamil script and within the form limits', () => {
    const tamilLetter = /[\u0B80-\u0BFF]/;
    expect(new Set(rows.map((row) => row.nameTa)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.nameTa, row.name).toMatch(tamilLetter);
      expect(row.nameTa.length, row.name).toBeLessThanOrEqual(LIMITS.maxNameLength);
      expect(row.descriptionTa, row.name).toMatch(tamilLetter);
      expect(row.descriptionTa.length, row.name).toBeGreaterThanOrEqual(20);
      expect(row.descriptionTa.length, row.name).toBeLessThanOrEqual(LIMITS.maxDescriptionLength);
      expect(row.descriptionTa, row.name).toMatch(/[.!]$/);
    }
  });

  it('has no Tamil text for a product the demo does not hold (a renamed product would lose its Tamil)', () => {
    const names = new Set(rows.map((row) => row.name));
    expect(Object.keys(DEMO_TAMIL).filter((name) => !names.has(name))).toEqual([]);
  });

  it('features a few products, not most', () => {
    const featured = rows.filter((row) => row.isFeatured).length;
    expect(featured).toBeGreaterThanOrEqual(3);
    expect(featured).toBeLessThanOrEqual(rows.length / 4);
  });
});

describe('loadDemoCatalog into an empty database, then drawDemoPictures: the pictures and banners', () => {
  it('gives each product 2 to 4 pictures in positions 0, 1, …', () => {
    for (const row of rows) {
      const list = imagesByProduct.get(row.id) ?? [];
      expect(list.length, row.name).toBeGreaterThanOrEqual(2);
      expect(list.length, row.name).toBeLessThanOrEqual(4);
      expect(list.map((image) => image.position)).toEqual(list.map((_, index) => index));
      for (const image of list) expect(image.url).toMatch(/^\/uploads\/products\/demo-[a-z0-9-]+-640\.webp$/);
    }
    const urls = [...imagesByProduct.values()].flat().map((image) => image.url);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('has one banner per banner category', async () => {
    const list = await context.database.db.select().from(banners);
    expect(list.map((banner) => banner.category).sort()).toEqual([...BANNER_CATEGORIES].sort());
    for (const banner of list) expect(banner.image).toMatch(/^\/uploads\/banners\/demo-[a-z0-9-]+-640\.webp$/);
  });

  it('stores every picture as WebP at every width and aspect, without EXIF', async () => {
    const bannerRows = await context.database.db.select().from(banners);
    const pictures = [
      ...[...imagesByProduct.values()].flat().map((image) => ({ url: image.url, aspect: PRODUCT_IMAGE_ASPECT })),
      ...bannerRows.map((banner) => ({ url: banner.image, aspect: BANNER_IMAGE_ASPECT })),
    ];
    for (const { url, aspect } of pictures) {
      for (const width of IMAGE_WIDTHS) {
        const meta = await sharp(fileOf(imageUrlAt(url, width))).metadata();
        expect([meta.format, meta.width, meta.height], imageUrlAt(url, width)).toEqual(['webp', width, Math.round(width / aspect)]);
        expect(meta.exif).toBeUndefined();
      }
    }
  });

  it('gives every picture its share-preview JPEG, small and without EXIF (docs/product.md#share-previews)', async () => {
    const bannerRows = await context.database.db.select().from(banners);
    const urls = [...[...imagesByProduct.values()].flat().map((image) => image.url), ...bannerRows.map((banner) => banner.image)];
    let totalBytes = 0;
    for (const url of urls) {
      const file = fileOf(shareImageUrl(url));
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.isProgressive, meta.exif], shareImageUrl(url)).toEqual([
        'jpeg',
        SHARE_IMAGE_WIDTH,
        true,
        undefined,
      ]);
      totalBytes += statSync(file).size;
    }
    // The extra disk stays small: about 40 KB a picture on average.
    expect(totalBytes / urls.length).toBeLessThan(60_000);
  });

  it(`keeps every card thumbnail (320 px) within ${THUMBNAIL_MAX_BYTES} bytes`, () => {
    const sizes = [...imagesByProduct.values()].flat().map((image) => statSync(fileOf(imageUrlAt(image.url, 320))).size);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(THUMBNAIL_MAX_BYTES);
  });

  it('draws pictures, not blank frames: a card thumbnail has the colours of a garment on a backdrop', async () => {
    const [firstImage] = imagesByProduct.get(rows[0]!.id) ?? [];
    const stats = await sharp(fileOf(imageUrlAt(firstImage!.url, 320))).stats();
    for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(10);
  });
});

describe('loadDemoCatalog into an empty database, then drawDemoPictures: a second load', () => {
  it('does nothing on a second load', async () => {
    const again = await loadDemoCatalog(context.database.db);
    expect(again).toEqual({ loaded: false, products: 0, banners: 0 });
    expect(await drawDemoPictures(context.database.db, images, { info: () => {} }, new Set())).toEqual({ missing: 0, fromCache: false });
    const [after] = await context.database.db.select({ n: count() }).from(products);
    expect(after?.n).toBe(rows.length);
    const [bannerCount] = await context.database.db.select({ n: count() }).from(banners);
    expect(bannerCount?.n).toBe(BANNER_CATEGORIES.length);
  });
});

describe('demo pictures after a crash while they were being drawn', () => {
  it('draws again only the pictures whose files are missing, and none whose product is gone', async () => {
    const [firstProduct] = rows;
    const [kept, removed] = imagesByProduct.get(firstProduct!.id)!;
    for (const url of [...storedImageUrls(kept!.url), ...storedImageUrls(removed!.url)]) rmSync(fileOf(url));
    // The shop owner deleted the second picture since: it must not come back.
    await context.database.db.delete(productImages).where(eq(productImages.url, removed!.url));
    const inProgress: PicturesInProgress = new Set();
    const result = await drawDemoPictures(context.database.db, images, { info: () => {} }, inProgress);
    expect(result.missing).toBe(1);
    for (const url of storedImageUrls(kept!.url)) expect(statSync(fileOf(url)).size, url).toBeGreaterThan(0);
    expect(storedImageUrls(removed!.url).filter((url) => existsSync(fileOf(url)))).toEqual(
      result.fromCache ? storedImageUrls(removed!.url) : [],
    );
    expect(inProgress.size).toBe(0);
  });
});

describe('loadDemoCatalog called three times at once on one empty database', () => {
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestContext();
  });
  afterAll(() => fresh.close());

  // As processes starting together do (docs/architecture.md#running-several-processes); on
  // PostgreSQL each call runs on a connection of its own from the pool.
  it('loads the catalog once: one call loads it, the others find it there', async () => {
    const results = await Promise.all([0, 1, 2].map(() => loadDemoCatalog(fresh.database.db)));
    expect(results.filter((result) => result.loaded)).toEqual([
      { loaded: true, products: DEMO_PRODUCTS.length, banners: DEMO_BANNERS.length },
    ]);
    const db = fresh.database.db;
    const [productCount] = await db.select({ n: count() }).from(products);
    const [bannerCount] = await db.select({ n: count() }).from(banners);
    const [nameCount] = await db.select({ n: countDistinct(products.name) }).from(products);
    expect({ products: productCount?.n, banners: bannerCount?.n, names: nameCount?.n }).toEqual({
      products: DEMO_PRODUCTS.length,
      banners: DEMO_BANNERS.length,
      names: DEMO_PRODUCTS.length,
    });
  });
});
