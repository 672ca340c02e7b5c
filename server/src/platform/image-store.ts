import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  BANNER_IMAGE_ASPECT,
  DEFAULT_IMAGE_WIDTH,
  IMAGE_MESSAGES,
  IMAGE_WIDTHS,
  LIMITS,
  PRODUCT_IMAGE_ASPECT,
  SHARE_IMAGE_WIDTH,
  shareImageUrl,
  storedImageUrls,
} from '@thaiyal/contract';
import { AppError } from './errors.js';
import { contentTypeOf, type ObjectStore } from './object-store.js';

/**
 * The folders under `DATA_DIR/uploads` that hold images, one per kind of owner: the shop's
 * products and banners, and shoppers' reference pictures for their stitching details
 * (docs/product.md#stitching-details).
 */
export const IMAGE_FOLDERS = ['products', 'banners', 'references'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/**
 * Formats a shop owner may upload, by sharp's `metadata().format` name ('heif' is how sharp
 * names AVIF and HEIC input). SVG, PDF and the rest are refused: an SVG can carry scripts
 * and external references, and nothing in the shop needs it (docs/product.md#admin-dashboard).
 */
const ACCEPTED_IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * WebP quality of every stored width. 78 keeps a 320-px card thumbnail (3:4) of the demo's
 * patterned garments under 30 KB (measured: see image-store.test.ts) without visible
 * blocking at 1280 px.
 */
const WEBP_QUALITY = 78;
/**
 * Most bytes a card thumbnail (the smallest width, 320 px, 3:4) may take (docs/decisions/001-in-memory-catalog.md: cards load the small width). A thumbnail over it at {@link WEBP_QUALITY}, such as
 * a fine zig-zag print or a noisy phone photo, is encoded again at the next lower quality of
 * {@link THUMBNAIL_FALLBACK_QUALITIES}.
 */
export const THUMBNAIL_MAX_BYTES = 30_000;
const THUMBNAIL_FALLBACK_QUALITIES = [68, 58, 48, 38] as const;
/**
 * libwebp's effort (0 fastest … 6 smallest). 2 encodes about twice as fast as the default 4
 * for files a few per cent larger, which keeps the demo catalog's first start short.
 */
const WEBP_EFFORT = 2;
/**
 * Quality of the share-preview JPEG (contract SHARE_IMAGE_WIDTH, docs/product.md#share-previews): progressive,
 * libjpeg-turbo with optimised Huffman tables. mozjpeg would save about a sixth of the bytes
 * but encodes about four times slower, and every upload and the demo catalog's first start
 * pay for it (measured on the demo pictures: 40 KB on average, 73 KB at most, at 640 px).
 */
const SHARE_JPEG_QUALITY = 80;

/**
 * The aspect every caller stores each folder's images at (admin routes, demo catalog), for
 * {@link ImageStore.addMissingShareImages}, which has no caller to ask.
 */
const FOLDER_ASPECT: Record<ImageFolder, number> = {
  products: PRODUCT_IMAGE_ASPECT,
  banners: BANNER_IMAGE_ASPECT,
  references: PRODUCT_IMAGE_ASPECT,
};

/** Ids the server makes: lower-case letters, digits and single dashes, at most 100 chars. */
const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_ID_LENGTH = 100;
/** The only URLs {@link ImageStore.deleteImage} accepts; anything else could name another file. */
const URL_PATTERN = /^\/uploads\/(products|banners|references)\/([a-z0-9-]+)-(\d+)\.webp$/;
/** The only URLs {@link ImageStore.readImage} reads: one stored WebP width or the share JPEG. */
const FILE_URL_PATTERN = /^\/uploads\/(products|banners|references)\/([a-z0-9-]+)-(\d+)\.(webp|jpg)$/;

/**
 * Decoded pixels handed over by server code that drew them itself (the demo catalog), so a
 * picture is not encoded to PNG only to be decoded again. 8 bits a channel, sRGB.
 */
export interface RawImage {
  raw: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** An image for the store: an uploaded file's bytes, or {@link RawImage} pixels. */
export type ImageInput = Buffer | RawImage;

/**
 * Image storage (docs/decisions/001-in-memory-catalog.md) on an {@link ObjectStore}:
 * `DATA_DIR/uploads` or an S3-compatible bucket (docs/decisions/020-pictures-on-s3-compatible-storage.md).
 * The URL `/uploads/{key}` names the object `{key}`.
 */
export interface ImageStore {
  /**
   * Where the files are: the object store the `/uploads/` URLs map to (products and banners
   * served by plugins/web.ts with immutable caching, references only through
   * {@link ImageStore.readImage}).
   */
  readonly objects: ObjectStore;
  /**
   * Store an uploaded image under a new random id: decode it, turn it upright by its EXIF
   * orientation, drop all metadata (EXIF, GPS, ICC, XMP), crop it to `aspect` (width /
   * height, e.g. contract PRODUCT_IMAGE_ASPECT 3/4) around its centre and write a WebP at
   * every contract IMAGE_WIDTHS width as `{folder}/{id}-{width}.webp`, and a progressive
   * JPEG at SHARE_IMAGE_WIDTH as `{folder}/{id}-{SHARE_IMAGE_WIDTH}.jpg` for link previews
   * (contract `shareImageUrl`; docs/product.md#share-previews).
   * @returns the URL of the default width, e.g. `/uploads/products/3f9c0a1b2c3d4e5f-640.webp`.
   * @throws AppError('unsupported_media_type') when the bytes are not a JPEG, PNG, WebP, GIF,
   *   AVIF/HEIF or TIFF image (SVG included) or cannot be decoded.
   * @throws AppError('too_large') above LIMITS.maxImageBytes or LIMITS.maxImagePixels.
   * Nothing is left in the store when it throws (a store's own error included).
   */
  saveImage(input: Buffer, folder: ImageFolder, aspect: number): Promise<string>;
  /**
   * {@link ImageStore.saveImage} under a chosen id (the demo catalog's `demo-…` names), so a
   * rerun overwrites the same files instead of adding new ones. Accepts {@link RawImage}.
   * @throws AppError('bad_request') when `id` is not lower-case letters, digits and dashes.
   */
  saveImageAs(input: ImageInput, folder: ImageFolder, aspect: number, id: string): Promise<string>;
  /**
   * Remove every width of the image a URL names, and its share JPEG (contract
   * `storedImageUrls`); a missing file is not an error.
   * @throws AppError('bad_request') unless the URL is exactly
   *   `/uploads/(products|banners|references)/{id}-{width}.webp` with `id` of `[a-z0-9-]`.
   */
  deleteImage(url: string): Promise<void>;
  /**
   * The bytes of one stored file: a WebP width or the share JPEG of an image, named by its URL
   * (`/uploads/references/{id}-320.webp`, `…-640.jpg`), for the route that serves customers'
   * private pictures (docs/security.md#private-pictures) after it has checked who asks.
   * @returns the bytes and their media type (`image/webp` or `image/jpeg`), or undefined when
   *   the URL names no stored file (never written, deleted) or is not of the store's naming.
   */
  readImage(url: string): Promise<{ data: Buffer; contentType: 'image/webp' | 'image/jpeg' } | undefined>;
  /**
   * The 640-px JPEG the store keeps of the image a URL names (its share JPEG, contract
   * `shareImageUrl`), read through the object store (files or S3) for a mail to carry inline
   * (docs/architecture.md#mail): mail apps show JPEG, not always WebP, and an attached picture
   * needs no link, so a customer's private photo reaches her mailbox only
   * (docs/security.md#private-pictures).
   * @returns its bytes, or null when the URL is not a stored image's or the file is gone.
   */
  readMailImage(url: string): Promise<Buffer | null>;
  /**
   * Write the share JPEG of every stored image that lacks one, from its largest WebP: images
   * stored before the JPEG existed (main.ts runs it at start, in the background). A file that
   * cannot be converted is skipped and counted as failed.
   * @returns how many JPEGs were written and how many failed.
   */
  addMissingShareImages(): Promise<{ written: number; failed: number }>;
}

/** The object key of a stored image's URL: `/uploads/products/x-640.webp` → `products/x-640.webp`. */
export function objectKeyOf(url: string): string {
  return url.replace(/^\/uploads\//, '');
}

/**
 * Open the image store on `objects` (files under `DATA_DIR/uploads`, or an S3 bucket:
 * object-store.ts `openObjectStore`). Object keys are made by the server only, never taken
 * from a request.
 */
export function createImageStore(objects: ObjectStore): ImageStore {
  async function save(input: ImageInput, folder: ImageFolder, aspect: number, id: string): Promise<string> {
    if (!IMAGE_FOLDERS.includes(folder)) throw new Error(`Unknown image folder ${String(folder)}`);
    if (!(Number.isFinite(aspect) && aspect > 0)) throw new Error('Image aspect must be a positive number');
    if (id.length > MAX_ID_LENGTH || !ID_PATTERN.test(id)) throw new AppError('bad_request', IMAGE_MESSAGES.invalidId);

    const encoded = await encodeWidths(input, aspect);
    // Each object is written whole (object-store.ts: a temporary file renamed, or one S3 PUT),
    // so a reader never sees half a picture; on a failure the ones already written go again.
    const keys = encoded.map(({ name }) => `${folder}/${id}-${name}`);
    const results = await Promise.allSettled(
      encoded.map(({ data }, index) => objects.put(keys[index]!, data, contentTypeOf(keys[index]!))),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) {
      await Promise.allSettled(keys.map((key) => objects.delete(key)));
      throw failure.reason;
    }
    return `/uploads/${folder}/${id}-${DEFAULT_IMAGE_WIDTH}.webp`;
  }

  /** {@link ImageStore.readImage}. */
  async function readImage(url: string): Promise<{ data: Buffer; contentType: 'image/webp' | 'image/jpeg' } | undefined> {
    const match = FILE_URL_PATTERN.exec(url);
    if (!match || !ID_PATTERN.test(match[2]!) || match[2]!.length > MAX_ID_LENGTH) return undefined;
    const stored = await objects.get(objectKeyOf(url));
    if (!stored) return undefined;
    return { data: await buffer(stored.body), contentType: match[4] === 'jpg' ? 'image/jpeg' : 'image/webp' };
  }

  return {
    objects,
    saveImage(input, folder, aspect) {
      return save(input, folder, aspect, randomBytes(8).toString('hex'));
    },
    saveImageAs(input, folder, aspect, id) {
      return save(input, folder, aspect, id);
    },
    async deleteImage(url) {
      const match = URL_PATTERN.exec(url);
      const folder = match?.[1];
      const id = match?.[2];
      if (!folder || !id || !ID_PATTERN.test(id)) throw new AppError('bad_request', IMAGE_MESSAGES.notShopImage);
      await Promise.all(
        storedImageUrls(`/uploads/${folder}/${id}-${DEFAULT_IMAGE_WIDTH}.webp`).map((stored) => objects.delete(objectKeyOf(stored))),
      );
    },
    readImage,
    async readMailImage(url) {
      const jpeg = shareImageUrl(url);
      const stored = jpeg === url ? undefined : await readImage(jpeg);
      return stored?.contentType === 'image/jpeg' ? stored.data : null;
    },
    addMissingShareImages() {
      return addMissingShareImages(objects);
    },
  };
}

/** {@link ImageStore.addMissingShareImages} on `objects`. */
async function addMissingShareImages(objects: ObjectStore): Promise<{ written: number; failed: number }> {
  let written = 0;
  let failed = 0;
  const largest = new RegExp(`^(${IMAGE_FOLDERS.join('|')})/([a-z0-9-]+)-${Math.max(...IMAGE_WIDTHS)}\\.webp$`);
  const keys = (await objects.list()).map((object) => object.key);
  const present = new Set(keys);
  for (const key of keys) {
    const match = largest.exec(key);
    const folder = match?.[1] as ImageFolder | undefined;
    const jpeg = match ? `${folder}/${match[2]}-${SHARE_IMAGE_WIDTH}.jpg` : undefined;
    if (!folder || !jpeg || present.has(jpeg)) continue;
    // One at a time: a start-up chore must not crowd out the shop's requests.
    try {
      const stored = await objects.get(key);
      if (!stored) continue;
      const source = sharp(await buffer(stored.body)).toColourspace('srgb');
      await objects.put(jpeg, await encodeShareJpeg(source, Math.round(SHARE_IMAGE_WIDTH / FOLDER_ASPECT[folder])), 'image/jpeg');
      written += 1;
    } catch {
      failed += 1;
    }
  }
  return { written, failed };
}

/**
 * The share-preview JPEG of `pipeline` (upright, cropped pixels): SHARE_IMAGE_WIDTH ×
 * `height`, the same size as the WebP of that width; progressive, no metadata; transparent
 * parts on white, as the shop's pages show them (JPEG has no alpha, and sharp would otherwise
 * flatten them to black).
 */
function encodeShareJpeg(pipeline: Sharp, height: number): Promise<Buffer> {
  // sharp writes no EXIF, XMP or ICC unless asked to (withMetadata, keepMetadata).
  return pipeline
    .resize(SHARE_IMAGE_WIDTH, height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: SHARE_JPEG_QUALITY, progressive: true, optimiseCoding: true })
    .toBuffer();
}

/**
 * Upright, cropped, metadata-free pixels at the largest width (decoded once), then a WebP
 * of each width from them (`name` `{width}.webp`) and the share JPEG (`{SHARE_IMAGE_WIDTH}.jpg`).
 */
async function encodeWidths(input: ImageInput, aspect: number): Promise<{ name: string; data: Buffer }[]> {
  const maxWidth = Math.max(...IMAGE_WIDTHS);
  const smallest = Math.min(...IMAGE_WIDTHS);
  const heightAt = (width: number) => Math.max(1, Math.round(width / aspect));
  const masterHeight = heightAt(maxWidth);

  const master =
    !Buffer.isBuffer(input) && input.width === maxWidth && input.height === masterHeight
      ? // Pixels drawn at the largest size already (the demo catalog): nothing to decode or crop.
        { data: input.raw, width: input.width, height: input.height, channels: input.channels }
      : await decodeMaster(input, maxWidth, masterHeight);

  const share = encodeShareJpeg(
    sharp(master.data, { raw: { width: master.width, height: master.height, channels: master.channels } }),
    heightAt(SHARE_IMAGE_WIDTH),
  ).then((data) => ({ name: `${SHARE_IMAGE_WIDTH}.jpg`, data }));
  const webps = Promise.all(
    IMAGE_WIDTHS.map(async (target) => {
      const encode = (quality: number) => {
        let pipeline = sharp(master.data, {
          raw: { width: master.width, height: master.height, channels: master.channels },
        });
        if (target !== master.width) pipeline = pipeline.resize(target, heightAt(target), { fit: 'fill' });
        return pipeline.webp({ quality, effort: WEBP_EFFORT }).toBuffer();
      };
      let data = await encode(WEBP_QUALITY);
      if (target === smallest) {
        for (const quality of THUMBNAIL_FALLBACK_QUALITIES) {
          if (data.length <= THUMBNAIL_MAX_BYTES) break;
          data = await encode(quality);
        }
      }
      return { name: `${target}.webp`, data };
    }),
  );
  const [webpFiles, shareFile] = await Promise.all([webps, share]);
  return [...webpFiles, shareFile];
}

/** Pixels as {@link encodeWidths} needs them: 8-bit sRGB, 1 to 4 channels. */
interface Master {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Check and decode an upload (or scale raw pixels of another size) to upright, cropped,
 * metadata-free 8-bit sRGB pixels of `width` × `height`.
 * @throws AppError('unsupported_media_type' | 'too_large') as {@link ImageStore.saveImage}.
 */
async function decodeMaster(input: ImageInput, width: number, height: number): Promise<Master> {
  let source: Sharp;
  if (Buffer.isBuffer(input)) {
    if (input.length > LIMITS.maxImageBytes) throw new AppError('too_large', IMAGE_MESSAGES.fileTooLarge);
    let metadata: Metadata;
    try {
      metadata = await sharp(input).metadata();
    } catch {
      throw new AppError('unsupported_media_type', IMAGE_MESSAGES.notAnImage);
    }
    if (!ACCEPTED_IMAGE_FORMATS.has(metadata.format)) {
      throw new AppError('unsupported_media_type', IMAGE_MESSAGES.unsupportedFormat);
    }
    if (metadata.width * metadata.height > LIMITS.maxImagePixels) {
      throw new AppError('too_large', IMAGE_MESSAGES.tooManyPixels);
    }
    // limitInputPixels guards the decoder too, in case a header understates the size.
    source = sharp(input, { limitInputPixels: LIMITS.maxImagePixels }).autoOrient();
  } else {
    source = sharp(input.raw, { raw: { width: input.width, height: input.height, channels: input.channels } });
  }
  try {
    // sharp drops EXIF, XMP and ICC unless asked to keep them; toColourspace makes CMYK or
    // 16-bit input plain 8-bit sRGB.
    const { data, info } = await source
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('too_large', IMAGE_MESSAGES.tooManyPixels);
    }
    throw new AppError('unsupported_media_type', IMAGE_MESSAGES.unreadable);
  }
}
