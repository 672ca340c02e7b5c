import { and, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, SHARE_IMAGE_WIDTH } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { orders, referencePictures } from '../../db/schema/index.js';
import type { SessionUser } from '../../platform/current-user.js';
import type { ImageStore } from '../../platform/image-store.js';

/**
 * How long a reference picture may wait on no order before the sweep deletes it and its files
 * (docs/security.md#private-pictures; docs/product.md#stitching-details): a day, long enough to
 * finish a checkout begun today, short enough that a picture she gave up on does not stay.
 */
export const UNUSED_PICTURE_TTL_MS = 24 * 60 * 60 * 1000;

/** How often the running server sweeps unused reference pictures (and once when it starts). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** A stored file of a customer's picture: `{id}-{width}.webp` at a stored width, or the share JPEG. */
const PRIVATE_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d+)\.(webp|jpg)$/;

/**
 * The picture a file name under `/uploads/references/` names, as the URL rows keep (the
 * default width's WebP), or undefined for a name the image store never writes (another width,
 * a dot file, a path).
 * `privatePictureUrl('ab12-320.webp')` → `'/uploads/references/ab12-640.webp'`.
 */
export function privatePictureUrl(file: string): string | undefined {
  const match = PRIVATE_FILE.exec(file);
  if (!match || match[1]!.length > 100) return undefined;
  const width = Number(match[2]);
  const stored = match[3] === 'jpg' ? width === SHARE_IMAGE_WIDTH : (IMAGE_WIDTHS as readonly number[]).includes(width);
  return stored ? `/uploads/references/${match[1]}-${DEFAULT_IMAGE_WIDTH}.webp` : undefined;
}

/**
 * Whether `user` may see the customer's picture `url` (its default-width URL,
 * {@link privatePictureUrl}); docs/security.md#private-pictures, ASVS 8.2.2. Reference pictures
 * and the admin's photos of the finished garment share `uploads/references/`:
 * - an admin sees any such picture that a row still holds (a reference picture's, or an order's
 *   photos);
 * - a customer sees her own reference pictures (uploaded and waiting, or on her orders: the row
 *   stays while the order does) and the photos of her own orders;
 * - nobody sees a picture no row holds (its order or account deleted, or swept).
 * One statement.
 */
export async function mayViewPrivatePicture(db: Db, url: string, user: SessionUser): Promise<boolean> {
  // An admin's check has no owner condition; a customer's is narrowed to her rows.
  const ownPicture = user.role === 'admin' ? sql`true` : sql`${referencePictures.userId} = ${user.id}`;
  const ownOrder = user.role === 'admin' ? sql`true` : sql`${orders.userId} = ${user.id}`;
  const rows = await rowsOf<{ allowed: boolean }>(
    db,
    sql`select (
      exists (select 1 from ${referencePictures} where ${referencePictures.url} = ${url} and ${ownPicture})
      or exists (select 1 from ${orders} where ${ownOrder} and ${orders.photos} @> jsonb_build_array(${url}::text))
    ) as allowed`,
  );
  return rows[0]?.allowed === true;
}

/**
 * Delete the reference pictures that have waited on no order for {@link UNUSED_PICTURE_TTL_MS}
 * by `now`, rows first, then their files through the image store (docs/security.md#private-pictures).
 * A picture an order takes at the same moment is kept: the delete re-reads `used_at` on the row
 * it locks. A file that cannot be removed is logged and skipped (disk, not privacy: no row lets
 * anyone see it any more).
 * @returns how many pictures were deleted.
 */
export async function sweepUnusedReferencePictures(db: Db, images: ImageStore, now: Date, log: FastifyBaseLogger): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_PICTURE_TTL_MS);
  const swept = await db
    .delete(referencePictures)
    .where(and(isNull(referencePictures.usedAt), lt(referencePictures.createdAt, cutoff)))
    .returning({ url: referencePictures.url });
  for (const { url } of swept) {
    await images.deleteImage(url).catch((error: unknown) => log.error({ err: error, url }, 'could not delete an unused reference picture'));
  }
  return swept.length;
}

/**
 * Sweep unused reference pictures ({@link sweepUnusedReferencePictures}) once `app` is ready and
 * then every hour on `app.clock`, until it closes. A failed sweep is logged; the next one tries
 * again. The timer does not keep the process alive.
 */
export function scheduleReferencePictureSweep(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepUnusedReferencePictures(db, app.images, app.clock.now(), app.log).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the sweep of unused reference pictures failed'),
    );
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
