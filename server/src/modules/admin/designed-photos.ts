import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, LIMITS, PRODUCT_IMAGE_ASPECT } from '@thaiyal/contract';
import { AppError } from '../../platform/errors.js';
import type { ImageStore } from '../../platform/image-store.js';
import { discardSavedImages } from './image-references.js';
import { readMultipartForm } from '../../platform/multipart-form.js';

/** The photo files a multipart status change carried, kept beside its request until the handler stores them. */
const photoFiles = new WeakMap<FastifyRequest, Buffer[]>();

/**
 * `preValidation` hook of `PUT /orders/status/:orderId` (docs/product.md#designed-photos): a JSON
 * body passes untouched; a multipart body is read (text field `status`, files `photos`) and its
 * fields become `request.body`, so the one body schema checks both. Nothing is stored here.
 * @throws AppError('too_large', ADMIN_MESSAGES.tooManyPhotos) for more than LIMITS.maxDesignedPhotos
 *   photos; the multipart reader's own errors (413 a file over 10 MB or too many parts, 400 a file
 *   under another field name or an unreadable body).
 */
export async function readStatusForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const form = await readMultipartForm(request, { fileField: 'photos', maxFiles: LIMITS.maxDesignedPhotos });
  if (form.discardedFiles > 0) throw new AppError('too_large', ADMIN_MESSAGES.tooManyPhotos);
  request.body = form.fields;
  photoFiles.set(request, form.files);
}

/**
 * Store the photos a status change carried (docs/product.md#designed-photos; docs/security.md
 * uploads, ASVS 5.2.x) through the image store, as the shoppers' reference pictures are: decoded,
 * turned upright, stripped of metadata, cropped to 3:4 and written as WebPs under
 * `uploads/references/` with random names. Photos are only taken with "designed"; a refused photo
 * leaves no file behind.
 * @returns the stored URLs, or undefined when the request carried no photos.
 * @throws AppError('bad_request', ADMIN_MESSAGES.photosOnlyDesigned) for photos with another status.
 * @throws AppError('unsupported_media_type' | 'too_large') from the image store (not an image, too many pixels).
 */
export async function storeDesignedPhotos(
  request: FastifyRequest,
  status: string,
  images: ImageStore,
  log: FastifyBaseLogger,
): Promise<string[] | undefined> {
  const files = photoFiles.get(request) ?? [];
  if (files.length === 0) return undefined;
  if (status !== 'designed') throw new AppError('bad_request', ADMIN_MESSAGES.photosOnlyDesigned);
  const urls: string[] = [];
  try {
    for (const file of files) urls.push(await images.saveImage(file, 'references', PRODUCT_IMAGE_ASPECT));
  } catch (error) {
    await discardSavedImages(images, urls, log);
    throw error;
  }
  return urls;
}
