import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS, STITCHING_MESSAGES } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { referencePictures } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { ImageStore } from '../../platform/image-store.js';

/**
 * Store one reference picture for a shopper's stitching details (docs/product.md#stitching-details;
 * docs/security.md#uploads-asvs-v5, ASVS 5.2.x): refused when the account already holds
 * LIMITS.maxUnusedStitchingPictures pictures on no order; otherwise the image store decodes it,
 * turns it upright, strips its metadata and writes WebPs under `uploads/references/` with a
 * random name, and a row records it as the shopper's own, unused. A refused picture leaves no
 * file; a row that cannot be written takes its files with it.
 * @returns the picture's id (for `stitching.pictures`) and its URL.
 * @throws AppError('too_many_requests', STITCHING_MESSAGES.tooManyUnusedPictures).
 * @throws AppError('unsupported_media_type' | 'too_large') from the image store.
 */
export async function saveReferencePicture(
  db: Db,
  images: ImageStore,
  userId: string,
  file: Buffer,
  aspect: number,
  log: FastifyBaseLogger,
): Promise<{ id: string; url: string }> {
  const [unused] = await db
    .select({ n: count() })
    .from(referencePictures)
    .where(and(eq(referencePictures.userId, userId), isNull(referencePictures.usedAt)));
  if ((unused?.n ?? 0) >= LIMITS.maxUnusedStitchingPictures) {
    throw new AppError('too_many_requests', STITCHING_MESSAGES.tooManyUnusedPictures);
  }
  const url = await images.saveImage(file, 'references', aspect);
  try {
    const [row] = await db
      .insert(referencePictures)
      .values({ userId, url })
      .returning({ id: referencePictures.id, url: referencePictures.url });
    return row!;
  } catch (error) {
    await images.deleteImage(url).catch((cleanup: unknown) => log.warn({ err: cleanup, url }, 'could not remove a reference picture'));
    throw error;
  }
}
