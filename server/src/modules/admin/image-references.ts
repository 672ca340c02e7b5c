import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ImageStore } from '../../platform/image-store.js';

/**
 * Of `urls`, those no row still points at: no product image, banner, order line, order's photo,
 * reference picture (a shopper's, waiting or on an order line's stitching details: its row lives
 * as long as that order, docs/security.md#private-pictures) or cancelled-order record (its
 * `productInfo`). One statement whatever the number of URLs.
 *
 * Why: an order keeps its own copy of a product's name, image and price (docs/product.md#admin-dashboard), and the copy of the image is its URL. Deleting a product therefore keeps
 * the files its orders and cancelled-order records still show; they go when the last of
 * those records goes (docs/decisions/004-image-files-outlive-their-product.md).
 */
export async function unreferencedImageUrls(db: Db, urls: readonly string[]): Promise<string[]> {
  const unique = [...new Set(urls)];
  if (unique.length === 0) return [];
  const list = sql.join(
    unique.map((url) => sql`${url}`),
    sql`, `,
  );
  const rows = await db.execute<{ url: string }>(sql`
    select u.url from unnest(array[${list}]::text[]) as u(url)
    where not exists (select 1 from product_images p where p.url = u.url)
      and not exists (select 1 from banners b where b.image = u.url)
      and not exists (select 1 from order_lines l where l.image = u.url)
      and not exists (select 1 from orders o where o.photos @> jsonb_build_array(u.url))
      and not exists (select 1 from reference_pictures r where r.url = u.url)
      and not exists (
        select 1 from cancelled_orders c, jsonb_array_elements(c.product_info) as info
        where info->>'image' = u.url
      )`);
  const result = (rows as unknown as { rows?: { url: string }[] }).rows ?? (rows as unknown as { url: string }[]);
  return result.map((row) => row.url);
}

/**
 * Delete the files of those `urls` that nothing references any more (after the rows that
 * pointed at them are gone). A file that cannot be removed, or a URL that is not one of the
 * store's (a hand-edited row), is logged and skipped: the database change already happened
 * and the shop owner's request succeeded; an orphaned file costs disk space, not
 * correctness.
 */
export async function releaseImages(db: Db, images: ImageStore, urls: readonly string[], log: FastifyBaseLogger): Promise<void> {
  let unreferenced: string[];
  try {
    unreferenced = await unreferencedImageUrls(db, urls);
  } catch (error) {
    log.error({ err: error, urls }, 'could not check image references; files kept');
    return;
  }
  await Promise.all(
    unreferenced.map((url) =>
      images.deleteImage(url).catch((error: unknown) => log.error({ err: error, url }, 'could not delete image file')),
    ),
  );
}

/**
 * Remove files just written by the image store when the request that wrote them fails
 * afterwards (a later image refused, the database insert failed): a refused upload leaves
 * nothing behind (docs/product.md#admin-dashboard, Bad input).
 */
export async function discardSavedImages(images: ImageStore, urls: readonly string[], log: FastifyBaseLogger): Promise<void> {
  await Promise.all(
    urls.map((url) =>
      images.deleteImage(url).catch((error: unknown) => log.error({ err: error, url }, 'could not remove a refused upload')),
    ),
  );
}
