import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, ProductListResponseSchema, type Product } from '@thaiyal/contract';
import { createTestContext, seedProducts, type TestContext } from '../../../test/harness.js';
import { DEMO_PRODUCTS } from '../../demo/catalog-data.js';
import { DEMO_TAMIL } from '../../demo/catalog-data-ta.js';
import { searchWords } from './search.service.js';

/**
 * Search (docs/product.md#search) over the demo catalog's words: English, Tamil, Tamil typed in
 * English letters, typos; sort and price range; hidden products; bad input. The demo's names
 * and descriptions in both languages are seeded as they are (pictures are not needed here), so
 * each expectation is worked out from that text, not written down by hand.
 */
let context: TestContext;
let catalog: Product[];

beforeAll(async () => {
  context = await createTestContext();
  // One creation time per product, a second apart, so "newest" has one answer.
  const start = Date.UTC(2026, 0, 1);
  await seedProducts(
    context,
    DEMO_PRODUCTS.map((product, index) => ({
      name: product.name,
      nameTa: DEMO_TAMIL[product.name]!.name,
      description: product.description,
      descriptionTa: DEMO_TAMIL[product.name]!.description,
      pricePaise: product.priceRupees * 100,
      category: product.category,
      isFeatured: product.featured,
      createdAt: new Date(start + index * 1000),
    })),
  );
  catalog = ProductListResponseSchema.parse((await context.app.inject({ method: 'GET', url: '/api/product' })).json()).products;
}, 60_000);

afterAll(async () => {
  await context?.close();
});

async function search(query: string): Promise<{ status: number; names: string[]; body: Record<string, unknown> }> {
  const response = await context.app.inject({ method: 'GET', url: `/api/product/search?${query}` });
  const body = response.json() as Record<string, unknown>;
  const names = response.statusCode === 200 ? ProductListResponseSchema.parse(body).products.map((product) => product.name) : [];
  return { status: response.statusCode, names, body };
}

const q = (words: string) => `q=${encodeURIComponent(words)}`;
/** The English text a product is found by, lower-case: name, description, category words. */
const text = (product: Product) => `${product.name} ${product.description} ${product.category.replace(/-/g, ' ')}`.toLowerCase();
const names = (list: Product[]) => list.map((product) => product.name).sort();
const inCategories = (suffix: string) => catalog.filter((product) => product.category.endsWith(suffix));
const mentioning = (...words: string[]) => catalog.filter((product) => words.every((word) => text(product).includes(word)));

describe('GET /api/product/search finds', () => {
  it.each([
    // [what, query, the products it must answer: exactly these]
    ['the English name of a category', 'pattupavadai', () => inCategories('pattupavadai')],
    ['a Tamil word typed in English letters, as two words', 'pattu pavadai', () => inCategories('pattupavadai')],
    ['a Tamil word in Tamil', 'பட்டுப்பாவாடை', () => inCategories('pattupavadai')],
    ['a Tamil word in Tamil, as two words', 'பட்டு பாவாடை', () => inCategories('pattupavadai')],
    ['a typo', 'pattupavadi', () => inCategories('pattupavadai')],
    ['half saree, another name of it', 'half saree', () => inCategories('pattupavadai')],
    ['chudidhar, a spelling of chudithar', 'chudidhar', () => mentioning('chudithar')],
    ['churidar, another', 'churidar', () => mentioning('chudithar')],
    ['churidhar, a typo of that spelling', 'churidhar', () => mentioning('chudithar')],
    ['சுடிதார், in Tamil', 'சுடிதார்', () => mentioning('chudithar')],
    ['aari', 'aari', () => inCategories('aariwork-blouse')],
    ['ஆரி, aari in Tamil', 'ஆரி', () => inCategories('aariwork-blouse')],
    ['a typo of blouse', 'blose', () => mentioning('blouse')],
    ['ரவிக்கை, the Tamil word for blouse', 'ரவிக்கை', () => mentioning('blouse')],
    ['a misspelt word of a description', 'embriodery', () => mentioning('embroidery')],
    ['nighty', 'nighty', () => inCategories('nightwear')],
    ['two words, both in each answer', 'silk blouse', () => mentioning('silk', 'blouse')],
    [
      'a category label (gather-chudithar) with the words of its slug',
      'gather chudithar',
      () => [
        ...inCategories('party-wear-chudithar'),
        ...mentioning('gather', 'chudithar').filter((product) => !product.category.startsWith('party-wear')),
      ],
    ],
    ['a word only in the Tamil description (மயில், peacock)', 'மயில்', () => mentioning('peacock')],
    ['upper case and punctuation as lower-case words', 'SILK, Blouse!', () => mentioning('silk', 'blouse')],
  ])('%s: %j', async (_what, query, expected) => {
    const result = await search(q(query));
    expect(result.status).toBe(200);
    const wanted = names(expected());
    expect(wanted.length).toBeGreaterThan(0);
    expect([...result.names].sort()).toEqual(wanted);
  });

  it.each(['xyzzy', 'velvet blouse', '!!!', 'ு'])('nothing for %j', async (query) => {
    const result = await search(q(query));
    expect(result).toMatchObject({ status: 200, names: [] });
  });

  it('the best matches first: a name holding the word before a description mentioning it', async () => {
    const result = await search(q('kanchi'));
    expect(result.names.slice(0, 2).sort()).toEqual(['Kanchi Pattu Gown with Yoke', 'Kanchi Silk Saree Blouse']);
    expect((await search(q('kanjeevaram'))).names).toEqual(expect.arrayContaining(['Kanchi Silk Saree Blouse']));
  });

  it('never a hidden product', async () => {
    await seedProducts(context, [
      { name: 'Mukaish Work Blouse', category: 'designer-blouse', hidden: true },
      { name: 'Mukaish Dot Frock', category: 'gather-frock' },
    ]);
    expect((await search(q('mukaish'))).names).toEqual(['Mukaish Dot Frock']);
  });

  it(`at most ${LIMITS.maxSearchResults} products`, async () => {
    const everyWord = catalog.length;
    expect(everyWord).toBeGreaterThan(LIMITS.maxSearchResults);
    // 'a' is the prefix of a word in nearly every English description.
    expect((await search(q('a'))).names.length).toBe(LIMITS.maxSearchResults);
  });
});

describe('search sorts and narrows', () => {
  const blouses = () => mentioning('blouse');
  it.each([
    ['newest first', 'sort=newest', (list: Product[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))],
    [
      'price low to high',
      'sort=price-asc',
      (list: Product[]) => [...list].sort((a, b) => a.price - b.price || b.createdAt.localeCompare(a.createdAt)),
    ],
    [
      'price high to low',
      'sort=price-desc',
      (list: Product[]) => [...list].sort((a, b) => b.price - a.price || b.createdAt.localeCompare(a.createdAt)),
    ],
    [
      'from ₹1,000',
      'min=1000&sort=newest',
      (list: Product[]) => list.filter((p) => p.price >= 1000).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    ],
    [
      'up to ₹800.50',
      'max=800.50&sort=price-asc',
      (list: Product[]) => list.filter((p) => p.price <= 800.5).sort((a, b) => a.price - b.price || b.createdAt.localeCompare(a.createdAt)),
    ],
    [
      '₹900 to ₹1,500, both included',
      'min=900&max=1500&sort=price-desc',
      (list: Product[]) =>
        list.filter((p) => p.price >= 900 && p.price <= 1500).sort((a, b) => b.price - a.price || b.createdAt.localeCompare(a.createdAt)),
    ],
    ['blank values as not given', 'sort=&min=&max=', (list: Product[]) => list],
  ])('%s', async (_name, params, expected) => {
    const result = await search(`${q('blouse')}&${params}`);
    expect(result.status).toBe(200);
    const wanted = expected(blouses()).map((product) => product.name);
    if (params.includes('sort=') && !params.startsWith('sort=&')) expect(result.names).toEqual(wanted);
    else expect([...result.names].sort()).toEqual([...wanted].sort());
  });
});

describe('GET /api/product/search refuses', () => {
  it.each([
    ['no q', '', 'catalog.searchQueryRequired', 'Type a word to search for'],
    ['a blank q', q('   '), 'catalog.searchQueryRequired', 'Type a word to search for'],
    ['q twice', 'q=silk&q=blouse', 'catalog.searchQueryRequired', 'Type a word to search for'],
    [
      'a q too long',
      q('x'.repeat(LIMITS.maxSearchLength + 1)),
      'catalog.searchQueryTooLong',
      `Search for at most ${LIMITS.maxSearchLength} characters`,
    ],
    ['an unknown sort', `${q('silk')}&sort=cheapest`, 'catalog.sortInvalid', 'Sort by newest, price-asc or price-desc'],
    ['a sort twice', `${q('silk')}&sort=newest&sort=price-asc`, 'catalog.sortInvalid', 'Sort by newest, price-asc or price-desc'],
    ['a negative min', `${q('silk')}&min=-1`, 'catalog.priceFilterInvalid', 'Give the price range in rupees, such as 500 or 499.50'],
    ['a min in words', `${q('silk')}&min=five`, 'catalog.priceFilterInvalid', 'Give the price range in rupees, such as 500 or 499.50'],
    [
      'paise beyond 2 decimals',
      `${q('silk')}&max=99.999`,
      'catalog.priceFilterInvalid',
      'Give the price range in rupees, such as 500 or 499.50',
    ],
    [
      'a max beyond ₹1 crore',
      `${q('silk')}&max=100000001`,
      'catalog.priceFilterInvalid',
      'Give the price range in rupees, such as 500 or 499.50',
    ],
    [
      'min above max',
      `${q('silk')}&min=2000&max=500`,
      'catalog.priceRangeReversed',
      'The lowest price must not be above the highest price',
    ],
  ])('%s: 400 with its reason', async (_name, query, reason, message) => {
    const result = await search(query);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 'bad_request', reason, message });
  });
});

describe('searchWords', () => {
  it.each([
    ['Pattu-Pavadai, 2 yrs', ['pattu', 'pavadai', '2', 'yrs']],
    ['  பட்டு\u200cப்பாவாடை  ', ['பட்டுப்பாவாடை']],
    ['a b c d e f g h i j', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']],
    ["'); drop table products; --", ['drop', 'table', 'products']],
    ['***', []],
  ])('%j → %j', (query, words) => {
    expect(searchWords(query)).toEqual(words);
  });
});
