import { sql } from 'drizzle-orm';
import type { Product, ShopTrust } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { shopSettings } from '../../db/schema/index.js';

/**
 * What home shows of the people and the record behind the shop (docs/product.md#home, "Who is
 * behind the shop"; contract `ShopTrustSchema`): the tailor's name (`SHOP_TAILOR_NAME`) and the
 * photo the admin set, the reviews of `products` (the catalog snapshot's, the products the shop
 * sells: counted in memory, no query) and the orders delivered. One statement of two cheap reads: the delivered
 * count is the sum of at most 16 rows of `order_state_counts`, which triggers keep exact
 * (docs/decisions/019-lists-by-page.md), and the settings' one row by its key.
 */
export async function shopTrust(db: Db, products: readonly Product[], tailorName: string | undefined): Promise<ShopTrust> {
  const [row] = await rowsOf<{ delivered: number | string | null; photo: string | null }>(
    db,
    sql`select
      (select coalesce(sum(orders), 0)::int from order_state_counts where status = 'delivered') as delivered,
      (select tailor_photo from shop_settings where id = 1) as photo`,
  );
  const reviewCount = products.reduce((sum, product) => sum + product.reviews.length, 0);
  return {
    tailorName: tailorName ?? null,
    tailorPhoto: row?.photo ?? null,
    reviewCount,
    // A slot may go negative (an order placed in one session and cancelled in another); their sum never does.
    deliveredCount: Math.max(0, Number(row?.delivered ?? 0)),
  };
}

/**
 * Set the tailor's photo (a stored picture's URL) or remove it (`null`), in one transaction that
 * locks the row, so two uploads at once each learn the photo they replaced
 * (docs/product.md#admin-dashboard, the tailor's photo).
 * @returns the photo it replaced, whose files the caller removes, or null when there was none.
 */
export async function setTailorPhoto(db: Db, url: string | null, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ photo: shopSettings.tailorPhoto })
      .from(shopSettings)
      .where(sql`${shopSettings.id} = 1`)
      .for('update');
    await tx
      .insert(shopSettings)
      .values({ id: 1, tailorPhoto: url, updatedAt: now })
      .onConflictDoUpdate({ target: shopSettings.id, set: { tailorPhoto: url, updatedAt: now } });
    return before?.photo ?? null;
  });
}
