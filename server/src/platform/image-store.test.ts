import { crc32 } from 'node:zlib';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IMAGE_WIDTHS,
  LIMITS,
  PRODUCT_IMAGE_ASPECT,
  SHARE_IMAGE_WIDTH,
  imageUrlAt,
  shareImageUrl,
  storedImageUrls,
  type ImageWidth,
} from '@thaiyal/contract';
import { AppError } from './errors.js';
import { THUMBNAIL_MAX_BYTES, createImageStore, type ImageStore } from './image-store.js';
import { createFileObjectStore } from './object-store.js';

let dir: string;
let store: ImageStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'thaiyal-images-'));
  store = createImageStore(createFileObjectStore(join(dir, 'uploads')));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Path on disk of the file a `/uploads/…` URL names. */
const fileOf = (url: string) => join(store.objects.localRoot!, url.replace(/^\/uploads\//, ''));
/** Every file under the uploads folder, temporary ones included. */
const filesIn = (folder: 'products' | 'banners') =>
  existsSync(join(store.objects.localRoot!, folder)) ? readdirSync(join(store.objects.localRoot!, folder)) : [];

/** The AppError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/**
 * A landscape JPEG stored sideways: 600 × 400 with its left half red and right half blue,
 * and EXIF orientation 6 (turn 90° clockwise to show it), so it shows as a 400 × 600
 * portrait with red on top. It carries EXIF text that must not survive.
 */
async function sidewaysJpeg(): Promise<Buffer> {
  const half = (colour: string) =>
    sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#000000' } })
    .composite([
      { input: await half('#ff0000'), left: 0, top: 0 },
      { input: await half('#0000ff'), left: 300, top: 0 },
    ])
    .withExif({ IFD0: { Copyright: 'Customer phone 98765 43210', Artist: 'GPS 10.66N 77.00E' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A 1 × 1 PNG whose header claims `width` × `height` (valid CRC): sharp reads the size only. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  // Signature (8 bytes), IHDR length (4), "IHDR" (4), width (4), height (4), … CRC over type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('saveImage: what it stores', () => {
  it('stores a WebP at every width, cropped to the aspect, upright, with no metadata left', async () => {
    const url = await store.saveImage(await sidewaysJpeg(), 'products', PRODUCT_IMAGE_ASPECT);

    expect(url).toMatch(/^\/uploads\/products\/[0-9a-f]{16}-640\.webp$/);
    expect(filesIn('products').sort()).toEqual(
      storedImageUrls(url)
        .map((stored) => stored.split('/').pop())
        .sort(),
    );
    for (const width of IMAGE_WIDTHS) {
      const file = fileOf(imageUrlAt(url, width));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([width, Math.round(width / PRODUCT_IMAGE_ASPECT)]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // Turned upright by its EXIF orientation: the stored left half (red) is now the top.
    const { data, info } = await sharp(fileOf(imageUrlAt(url, 320)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (Math.round(y * (info.height - 1)) * info.width + Math.round(x * (info.width - 1))) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    expect(pixel(0.25, 0.1)[0]).toBeGreaterThan(200);
    expect(pixel(0.25, 0.1)[2]).toBeLessThan(60);
    expect(pixel(0.25, 0.9)[2]).toBeGreaterThan(200);
    expect(pixel(0.25, 0.9)[0]).toBeLessThan(60);
  });

  it('also stores a progressive JPEG for share previews, upright, cropped, with no metadata (docs/product.md#share-previews)', async () => {
    const url = await store.saveImage(await sidewaysJpeg(), 'products', PRODUCT_IMAGE_ASPECT);
    const jpegUrl = shareImageUrl(url);
    expect(jpegUrl).toBe(url.replace(/-640\.webp$/, `-${SHARE_IMAGE_WIDTH}.jpg`));
    const file = readFileSync(fileOf(jpegUrl));
    // image/jpeg by its signature (SOI marker), which is what preview fetchers sniff.
    expect([...file.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.isProgressive).toBe(true);
    expect([meta.width, meta.height]).toEqual([SHARE_IMAGE_WIDTH, Math.round(SHARE_IMAGE_WIDTH / PRODUCT_IMAGE_ASPECT)]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(file.includes(Buffer.from('Customer phone'))).toBe(false);
    expect(file.includes(Buffer.from('Exif'))).toBe(false);
    // Upright like the WebPs: red on top, blue below.
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const red = (y: number) => data[(Math.round(y * (info.height - 1)) * info.width + Math.round(info.width / 4)) * info.channels]!;
    expect(red(0.1)).toBeGreaterThan(200);
    expect(red(0.9)).toBeLessThan(60);
    // Small: one file per image, tens of kilobytes.
    expect(file.length).toBeLessThan(60_000);
  });

  it('puts transparent parts of the share JPEG on white, not black', async () => {
    const clear = await sharp({ create: { width: 300, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const url = await store.saveImage(clear, 'products', PRODUCT_IMAGE_ASPECT);
    const { data } = await sharp(fileOf(shareImageUrl(url)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(data[0]!, data[1]!, data[2]!)).toBeGreaterThan(245);
  });

  it('names each upload afresh, so two uploads of the same file do not collide', async () => {
    const jpeg = await sidewaysJpeg();
    const [a, b] = [await store.saveImage(jpeg, 'banners', 16 / 7), await store.saveImage(jpeg, 'banners', 16 / 7)];
    expect(a).not.toBe(b);
    expect(filesIn('banners')).toHaveLength(2 * storedImageUrls(a).length);
  });

  it(`keeps a busy card thumbnail within ${THUMBNAIL_MAX_BYTES} bytes`, async () => {
    // Deterministic noise: the worst case for a lossy encoder.
    const width = 900;
    const height = 1200;
    const raw = Buffer.alloc(width * height * 3);
    let seed = 7;
    for (let i = 0; i < raw.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      raw[i] = (seed >> 16) & 255;
    }
    const png = await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const url = await store.saveImage(png, 'products', PRODUCT_IMAGE_ASPECT);
    expect(statSync(fileOf(imageUrlAt(url, 320))).size).toBeLessThanOrEqual(THUMBNAIL_MAX_BYTES);
  });
});

describe('saveImage: what it refuses, and a write that fails', () => {
  it.each([
    ['text', Buffer.from('name,price\nblouse,450\n')],
    ['an empty file', Buffer.alloc(0)],
    ['a truncated JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46])],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40"><rect width="30" height="40"/></svg>')],
    [
      'an SVG with a script',
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><script>alert(1)</script><circle r="9"/></svg>',
      ),
    ],
  ])('refuses %s with 415 and writes nothing', async (_name, input) => {
    const error = await failure(store.saveImage(input, 'products', PRODUCT_IMAGE_ASPECT));
    expect(error.code).toBe('unsupported_media_type');
    expect(error.status).toBe(415);
    expect(filesIn('products')).toEqual([]);
  });

  it('refuses more than 40 megapixels with 413 and writes nothing', async () => {
    const error = await failure(store.saveImage(await pngClaiming(8000, 6000), 'products', PRODUCT_IMAGE_ASPECT));
    expect(error.code).toBe('too_large');
    expect(error.status).toBe(413);
    expect(filesIn('products')).toEqual([]);
  });

  it('refuses an image one row over the pixel limit', async () => {
    // 8000 × 5001 = 40 008 000 pixels, just over LIMITS.maxImagePixels.
    expect(8000 * 5001).toBeGreaterThan(LIMITS.maxImagePixels);
    expect(8000 * 5000).toBeLessThanOrEqual(LIMITS.maxImagePixels);
    const error = await failure(store.saveImage(await pngClaiming(8000, 5001), 'products', PRODUCT_IMAGE_ASPECT));
    expect(error.code).toBe('too_large');
  });

  it('refuses a file over 10 MB with 413', async () => {
    const error = await failure(store.saveImage(Buffer.alloc(LIMITS.maxImageBytes + 1), 'products', 1));
    expect(error.status).toBe(413);
  });

  it('leaves no file behind when a write fails half-way', async () => {
    // A directory where the 1280 file must go makes its rename fail after the others succeeded.
    mkdirSync(join(store.objects.localRoot!, 'products', 'blocked-1280.webp'), { recursive: true });
    await expect(store.saveImageAs(await sidewaysJpeg(), 'products', PRODUCT_IMAGE_ASPECT, 'blocked')).rejects.toThrow();
    expect(filesIn('products')).toEqual(['blocked-1280.webp']);
  });
});

describe('saveImageAs', () => {
  it('writes under the given id and overwrites the same names on a rerun', async () => {
    const jpeg = await sidewaysJpeg();
    const url = await store.saveImageAs(jpeg, 'products', PRODUCT_IMAGE_ASPECT, 'demo-saree-blouse-0-1');
    expect(url).toBe('/uploads/products/demo-saree-blouse-0-1-640.webp');
    await store.saveImageAs(jpeg, 'products', PRODUCT_IMAGE_ASPECT, 'demo-saree-blouse-0-1');
    expect(filesIn('products')).toHaveLength(storedImageUrls(url).length);
  });

  it('takes raw pixels drawn at the largest width as they are', async () => {
    const width = Math.max(...IMAGE_WIDTHS) as ImageWidth;
    const height = Math.round(width / PRODUCT_IMAGE_ASPECT);
    const raw = Buffer.alloc(width * height * 3, 0x80);
    const url = await store.saveImageAs({ raw, width, height, channels: 3 }, 'products', PRODUCT_IMAGE_ASPECT, 'grey');
    const meta = await sharp(fileOf(imageUrlAt(url, width))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
  });

  it.each(['../escape', 'a/b', 'UPPER', '', 'trailing-', 'x'.repeat(101), 'dots.in.name'])('refuses the id %j with 400', async (id) => {
    const error = await failure(store.saveImageAs(await sidewaysJpeg(), 'products', 1, id));
    expect(error.status).toBe(400);
    expect(filesIn('products')).toEqual([]);
  });
});

describe('deleteImage', () => {
  it('removes every width of an image and nothing else', async () => {
    const jpeg = await sidewaysJpeg();
    const gone = await store.saveImage(jpeg, 'products', PRODUCT_IMAGE_ASPECT);
    const kept = await store.saveImage(jpeg, 'products', PRODUCT_IMAGE_ASPECT);
    await store.deleteImage(gone);
    for (const width of IMAGE_WIDTHS) {
      expect(existsSync(fileOf(imageUrlAt(gone, width)))).toBe(false);
      expect(existsSync(fileOf(imageUrlAt(kept, width)))).toBe(true);
    }
    // The share JPEG goes with its image (docs/product.md#share-previews).
    expect(existsSync(fileOf(shareImageUrl(gone)))).toBe(false);
    expect(existsSync(fileOf(shareImageUrl(kept)))).toBe(true);
    expect(filesIn('products').sort()).toEqual(
      storedImageUrls(kept)
        .map((stored) => stored.split('/').pop())
        .sort(),
    );
    await expect(store.deleteImage(gone)).resolves.toBeUndefined();
  });

  it.each([
    '/uploads/products/../secret-640.webp',
    '/uploads/../secret-640.webp',
    '/uploads/products/..%2fsecret-640.webp',
    '/uploads/products/%2e%2e-640.webp',
    '/uploads/products/a/../../../secret-640.webp',
    '/uploads/products/./x-640.webp',
    '/uploads/secret-640.webp',
    '/uploads/other/x-640.webp',
    'uploads/products/x-640.webp',
    '/uploads/products/x-640.webp?v=1',
    '/uploads/products/x-640.webp/',
    '/uploads/products/X-640.webp',
    '/uploads/products/x-640.png',
    '/uploads/products/x.webp',
    '/uploads/products/x-640.webp\n',
    'https://example.com/uploads/products/x-640.webp',
  ])('refuses %j with 400 and touches no file', async (url) => {
    const outside = join(dir, 'secret-640.webp');
    writeFileSync(outside, 'not yours');
    const error = await failure(store.deleteImage(url));
    expect(error.status).toBe(400);
    expect(existsSync(outside)).toBe(true);
  });
});

describe('addMissingShareImages', () => {
  it('writes the share JPEG of an image stored before it existed, once, from its largest WebP', async () => {
    const url = await store.saveImage(await sidewaysJpeg(), 'banners', 16 / 7);
    const other = await store.saveImage(await sidewaysJpeg(), 'products', PRODUCT_IMAGE_ASPECT);
    rmSync(fileOf(shareImageUrl(url)));
    const untouched = statSync(fileOf(shareImageUrl(other))).mtimeMs;

    expect(await store.addMissingShareImages()).toEqual({ written: 1, failed: 0 });
    const meta = await sharp(fileOf(shareImageUrl(url))).metadata();
    expect([meta.format, meta.width, meta.height, meta.isProgressive, meta.exif]).toEqual([
      'jpeg',
      SHARE_IMAGE_WIDTH,
      Math.round(SHARE_IMAGE_WIDTH / (16 / 7)),
      true,
      undefined,
    ]);
    expect(statSync(fileOf(shareImageUrl(other))).mtimeMs).toBe(untouched);
    expect(await store.addMissingShareImages()).toEqual({ written: 0, failed: 0 });
    expect(filesIn('banners').filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('counts a WebP it cannot read as failed and leaves nothing half-written', async () => {
    mkdirSync(join(store.objects.localRoot!, 'products'), { recursive: true });
    writeFileSync(join(store.objects.localRoot!, 'products', 'broken-1280.webp'), 'not a picture');
    expect(await store.addMissingShareImages()).toEqual({ written: 0, failed: 1 });
    expect(filesIn('products')).toEqual(['broken-1280.webp']);
  });
});
