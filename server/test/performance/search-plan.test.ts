import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '@thaiyal/contract';
import { rowsOf } from '../../src/db/client.js';
import { searchStatement, searchWords } from '../../src/modules/catalog/index.js';
import { createTestContext, type TestContext } from '../harness.js';

/**
 * Search answers from its indexes, never by reading every product (docs/product.md#search;
 * docs/performance.md): on a catalog of 10,000 products, with a vocabulary of thousands of
 * words, PostgreSQL's plan for the search statement (EXPLAIN, on PGlite, or on PostgreSQL when
 * DATABASE_URL is set) finds the products through the GIN index on their search vector and
 * puts typos right through the trigram index on the catalog's words, with no sequential scan
 * of either table. (The synonyms table is small and fixed; reading it whole is fine.)
 */
const PRODUCTS = 10_000;
let context: TestContext;

/** Syllables that make thousands of distinct made-up words, as a real catalog's names and fabrics would. */
const SYLLABLES = [
  'ka',
  'ri',
  'mo',
  'la',
  'pe',
  'su',
  'ti',
  'na',
  'vo',
  'de',
  'gu',
  'ya',
  'ze',
  'bo',
  'chi',
  'ran',
  'mal',
  'kun',
  'dha',
  'vel',
];

beforeAll(async () => {
  context = await createTestContext();
  const categories = sql.join(
    PRODUCT_CATEGORIES.map((category) => sql`${category}`),
    sql`, `,
  );
  const syllables = sql.join(
    SYLLABLES.map((syllable) => sql`${syllable}`),
    sql`, `,
  );
  // Names of two made-up words and the category's words; descriptions of three more words and
  // everyday ones; a Tamil name on every third product. Prices ₹300 to ₹5,299.
  await context.database.db.execute(sql`
    with s(list) as (select array[${syllables}]::text[]), c(list) as (select array[${categories}]::text[])
    insert into products (name, name_ta, description, description_ta, price_paise, category, created_at)
    select
      initcap(w1) || ' ' || initcap(w2) || ' ' || replace(category, '-', ' '),
      case when g % 3 = 0 then 'பட்டு ' || w1 else '' end,
      'A ' || w3 || ' ' || w4 || ' garment stitched to measure, with ' || w5 || ' work.',
      '',
      30000 + (g * 7919 % 500000),
      category,
      now() - make_interval(secs => g)
    from generate_series(1, ${PRODUCTS}) g, s, c,
      lateral (select
        s.list[1 + g % 20] || s.list[1 + (g / 20) % 20] || s.list[1 + (g / 400) % 20] as w1,
        s.list[1 + (g * 3) % 20] || s.list[1 + (g / 7) % 20] as w2,
        s.list[1 + (g * 11) % 20] || s.list[1 + (g / 3) % 20] || s.list[1 + (g * 13 / 17) % 20] as w3,
        s.list[1 + (g * 17) % 20] || s.list[1 + (g / 11) % 20] as w4,
        s.list[1 + (g * 19) % 20] || s.list[1 + (g / 13) % 20] || 'i' as w5,
        c.list[1 + g % 28] as category) words`);
  await context.database.db.execute(sql`analyze products`);
  await context.database.db.execute(sql`analyze search_words`);
}, 180_000);

afterAll(async () => {
  await context?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

async function planOf(query: string, sort?: 'newest' | 'price-asc'): Promise<PlanNode[]> {
  const statement = searchStatement({ words: searchWords(query), sort });
  const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(context.database.db, sql`explain (format json) ${statement}`);
  const plan = row!['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
  return nodesOf(parsed[0].Plan);
}

describe(`the search statement's plan on ${PRODUCTS.toLocaleString('en-US')} products`, () => {
  it('holds the products and a vocabulary of thousands of words', async () => {
    const [counts] = await rowsOf<{ products: number; words: number }>(
      context.database.db,
      sql`select (select count(*)::int from products) as products, (select count(*)::int from search_words) as words`,
    );
    expect(counts!.products).toBe(PRODUCTS);
    expect(counts!.words).toBeGreaterThan(2_000);
  });

  it.each([
    ['a category word', 'pattupavadai', undefined],
    ['a word typed in English letters', 'chudidhar', 'price-asc'],
    ['two words', 'pattu pavadai', 'newest'],
    ['a typo', 'blose', undefined],
    ['Tamil', 'பட்டு பாவாடை', undefined],
    ['a common word', 'garment', 'price-asc'],
  ] as const)('%s (%s): index scans, no sequential scan of products or of the words', async (_what, query, sort) => {
    const nodes = await planOf(query, sort);
    const described = nodes.map((node) => `${node['Node Type']} ${node['Relation Name'] ?? ''} ${node['Index Name'] ?? ''}`).join('\n');
    const seqScans = nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']);
    expect(
      seqScans.filter((relation) => relation === 'products' || relation === 'search_words'),
      described,
    ).toEqual([]);
    const indexes = nodes.map((node) => node['Index Name']);
    expect(indexes, described).toContain('products_search_idx');
    if (searchWords(query).some((word) => [...word].length >= 4)) expect(indexes, described).toContain('search_words_trigrams_idx');
  });

  it('finds what it should on the big catalog too', async () => {
    const app = context.app;
    app.catalog.invalidate();
    const response = await app.inject({
      method: 'GET',
      url: `/api/product/search?q=${encodeURIComponent('pattu pavadai')}&sort=price-asc`,
    });
    expect(response.statusCode).toBe(200);
    const { products } = response.json() as { products: { category: string; price: number }[] };
    expect(products.length).toBeGreaterThan(0);
    // Only the pattupavadai categories' products carry the word; the cheapest 60 of them.
    expect(products).toHaveLength(60);
    expect(products.filter((product) => !product.category.endsWith('pattupavadai'))).toEqual([]);
    const prices = products.map((product) => product.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});
