import fastifyMultipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_MESSAGES, PRODUCT_IMAGE_ASPECT, TailorPhotoFieldsSchema, TailorPhotoResponseSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import type { ImageStore } from '../../platform/image-store.js';
import { adminOnly } from '../../platform/admin-guard.js';
import { AppError } from '../../platform/errors.js';
import { MULTIPART_OPTIONS, readMultipartForm } from '../../platform/multipart-form.js';
import { setTailorPhoto } from './shop-trust.service.js';

/**
 * Remove a tailor photo's files (every width and the share JPEG). Nothing else points at them:
 * the photo is stored under an id of its own, never a product's or an order's. A file that
 * cannot be removed is logged and left: the row already changed, and an orphaned file costs
 * disk space, not correctness.
 */
async function removePhoto(images: ImageStore, url: string | null, log: FastifyBaseLogger): Promise<void> {
  if (!url) return;
  await images.deleteImage(url).catch((error: unknown) => log.error({ err: error, url }, 'could not delete the tailor photo'));
}

/**
 * The upload's text fields checked against the strict empty schema (contract `TailorPhotoFieldsSchema`).
 * @throws AppError('bad_request') naming the first field sent, with every one in `issues`.
 */
function refuseTextFields(fields: Record<string, unknown>): void {
  const parsed = TailorPhotoFieldsSchema.safeParse(fields);
  if (parsed.success) return;
  const issues = parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)], message: issue.message }));
  const message = issues[0]!.message;
  throw new AppError('bad_request', message, issues);
}

/**
 * The tailor's photo home shows (docs/product.md#admin-dashboard, the tailor's photo;
 * docs/product.md#home), admin only (401 visitor, 403 customer), through the pipeline product
 * pictures take (decoded and re-encoded by sharp, metadata stripped, every WebP width and the
 * share JPEG, in the products folder at their 3:4):
 * - `PUT /tailor-photo` (multipart: one `image`, no other field) → `{tailorPhoto}`, the stored
 *   picture's URL; the photo it replaces is removed. 400 without an image or with a text field,
 *   413 a file over 10 MB, 415 not an image (decided by decoding the bytes); a refused upload
 *   leaves no file and the photo as it was.
 * - `DELETE /tailor-photo` → `{tailorPhoto: null}`; the photo's files removed (none: the same answer).
 */
export function tailorPhotoRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    // Its own scope, as the product routes have theirs: multipart only where an upload is taken.
    await fastify.register(fastifyMultipart, MULTIPART_OPTIONS);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = adminOnly(fastify);

    app.put(
      '/tailor-photo',
      {
        onRequest,
        schema: {
          operationId: 'setTailorPhoto',
          summary: 'Upload the tailor’s photo shown on home',
          response: { 200: TailorPhotoResponseSchema },
          errors: ['bad_request', 'too_large', 'unsupported_media_type'],
        },
      },
      async (request) => {
        const form = await readMultipartForm(request, { fileField: 'image', maxFiles: 1 });
        refuseTextFields(form.fields);
        const [file] = form.files;
        if (!file) {
          throw new AppError('bad_request', ADMIN_MESSAGES.tailorPhotoRequired, [
            { path: ['body', 'image'], message: ADMIN_MESSAGES.tailorPhotoRequired },
          ]);
        }
        const url = await app.images.saveImage(file, 'products', PRODUCT_IMAGE_ASPECT);
        let previous: string | null;
        try {
          previous = await setTailorPhoto(db, url, app.clock.now());
        } catch (error) {
          await removePhoto(app.images, url, request.log);
          throw error;
        }
        await removePhoto(app.images, previous, request.log);
        return { tailorPhoto: url };
      },
    );

    app.delete(
      '/tailor-photo',
      {
        onRequest,
        schema: {
          operationId: 'removeTailorPhoto',
          summary: 'Remove the tailor’s photo from home',
          response: { 200: TailorPhotoResponseSchema },
        },
      },
      async (request) => {
        const previous = await setTailorPhoto(db, null, app.clock.now());
        await removePhoto(app.images, previous, request.log);
        return { tailorPhoto: null };
      },
    );
  };
}
