import { eq, inArray } from 'drizzle-orm';
import { PRODUCT_CATEGORIES, type HsnCodes, type HsnCodesBody, type ProductCategory } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { categoryHsnCodes, products } from '../../db/schema/index.js';

/**
 * The HSN codes the owner sets per product category (docs/product.md#hsn-codes): read by the
 * bill and the order lines' CSV, set from the dashboard.
 */

/** Every category's HSN code, null where none is set, in PRODUCT_CATEGORIES order. */
export async function getHsnCodes(db: Db): Promise<HsnCodes> {
  const rows = await db.select().from(categoryHsnCodes);
  const set = new Map(rows.map((row) => [row.category, row.code]));
  return { codes: Object.fromEntries(PRODUCT_CATEGORIES.map((category) => [category, set.get(category) ?? null])) as HsnCodes['codes'] };
}

/**
 * Set the HSN codes of the categories `body.codes` names (docs/product.md#hsn-codes): a code
 * replaces the category's, null clears it; the others stay. One transaction.
 * @returns every category's code, as {@link getHsnCodes}.
 */
export async function setHsnCodes(db: Db, body: HsnCodesBody): Promise<HsnCodes> {
  const entries = Object.entries(body.codes) as [ProductCategory, string | null][];
  await db.transaction(async (tx) => {
    const cleared = entries.filter(([, code]) => code === null).map(([category]) => category);
    if (cleared.length > 0) await tx.delete(categoryHsnCodes).where(inArray(categoryHsnCodes.category, cleared));
    for (const [category, code] of entries) {
      if (code === null) continue;
      await tx.insert(categoryHsnCodes).values({ category, code }).onConflictDoUpdate({ target: categoryHsnCodes.category, set: { code } });
    }
  });
  return getHsnCodes(db);
}

/**
 * The HSN code of each of the products `productIds` whose category has one (docs/product.md#hsn-codes):
 * product id → code; a hidden product keeps its category's code, a deleted one (null id) has none.
 */
export async function hsnOfProducts(db: Db, productIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(productIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ productId: products.id, code: categoryHsnCodes.code })
    .from(products)
    .innerJoin(categoryHsnCodes, eq(categoryHsnCodes.category, products.category))
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.productId, row.code]));
}
