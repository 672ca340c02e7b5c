import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { banners, products } from '../../db/schema/index.js';
import { loadDemoCatalog } from '../../demo/load-demo.js';
import { createWebTestApp, fetchPage, type WebTestApp } from '../../../test/web-app.js';

/**
 * A page carries what it draws, not the catalog (docs/performance.md#what-a-page-carries): home's
 * HTML, rendered by the web app's real components, barely grows from the demo's 92 products to
 * 10,000.
 */

let fixture: WebTestApp;
let db: Db;

beforeAll(async () => {
  fixture = await createWebTestApp();
  db = fixture.context.database.db;
  // The demo catalog's rows (92 products, 4 banners; its pictures named, not drawn) in place of the fixture's.
  await db.delete(products);
  await db.delete(banners);
  await loadDemoCatalog(db);
  fixture.web.catalog.invalidate();
});

afterAll(async () => {
  await fixture.close();
});

/**
 * Add `count` products in one statement: copies of the demo's products (their names numbered,
 * their text, price and category), none featured (the shop features a few), each newer than the
 * last and the demo's (so home's tiles and recommendations show the copies), with three pictures
 * named but not stored.
 */
async function addDemoCopies(count: number): Promise<void> {
  await db.execute(sql`
    WITH demo AS (
      SELECT name, name_ta, description, description_ta, price_paise, price_includes_fabric, category,
             row_number() OVER (ORDER BY name) - 1 AS i, count(*) OVER () AS n
      FROM products
    ), copies AS (
      INSERT INTO products (name, name_ta, description, description_ta, price_paise, price_includes_fabric, category, created_at)
      SELECT demo.name || ' ' || g, demo.name_ta, demo.description, demo.description_ta, demo.price_paise,
             demo.price_includes_fabric, demo.category, now() + g * interval '1 second'
      FROM generate_series(1, ${count}::int) AS g JOIN demo ON demo.i = g % demo.n
      RETURNING id
    )
    INSERT INTO product_images (product_id, position, url)
    SELECT id, position, '/uploads/products/copy-' || id || '-' || position || '-640.webp'
    FROM copies CROSS JOIN generate_series(0, 2) AS position`);
  fixture.web.catalog.invalidate();
}

describe('home carries what it draws (docs/performance.md#what-a-page-carries)', () => {
  it("keeps home's HTML with 10,000 products within 1.2 times its size with the demo's 92", { timeout: 180_000 }, async () => {
    expect((await fixture.web.catalog.get()).products).toHaveLength(92);
    const demo = Buffer.byteLength(await fetchPage(fixture.web, '/'));

    await addDemoCopies(10_000 - 92);
    expect((await fixture.web.catalog.get()).products).toHaveLength(10_000);
    const html = await fetchPage(fixture.web, '/');
    // Drawn from the copies: the newest products' pictures are the tiles'.
    expect(html).toMatch(/src="\/uploads\/products\/copy-[^"]+-0-320\.webp"/);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(1.2 * demo);
  });
});
