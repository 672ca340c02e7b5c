import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductListResponseSchema } from '@thaiyal/contract';
import { createTestContext, seedProducts, type TestContext } from '../../../test/harness.js';

/**
 * Sort and price range on the category and featured lists (docs/product.md#category-listing):
 * `sort=newest|price-asc|price-desc`, `min`, `max` in rupees, ties newest first; without them
 * the cached list (ETag) answers; bad values are 400s with their catalog reason.
 */
let context: TestContext;

/** [name, price in rupees, featured, days after 1 Jan 2026 it was added]: two prices tie. */
const ROWS: [string, number, boolean, number][] = [
  ['Aari Bridal', 4200, true, 1],
  ['Boat Neck', 950, false, 2],
  ['Cotton Daily', 450, true, 3],
  ['Designer Cape', 2100, true, 4],
  ['Embroidered', 950, true, 5],
  ['Frill Sleeve', 850.5, false, 6],
];

beforeAll(async () => {
  context = await createTestContext();
  await seedProducts(
    context,
    ROWS.map(([name, rupees, isFeatured, day]) => ({
      name,
      pricePaise: Math.round(rupees * 100),
      isFeatured,
      category: 'saree-blouse',
      createdAt: new Date(Date.UTC(2026, 0, 1 + day)),
    })),
  );
  // Another category's product, featured: only the featured list holds it.
  await seedProducts(context, [{ name: 'Ball Frock', pricePaise: 150_000, isFeatured: true, category: 'ball-frock' }]);
  // A hidden one is in neither list, whatever the filter.
  await seedProducts(context, [{ name: 'Hidden Blouse', pricePaise: 90_000, isFeatured: true, category: 'saree-blouse', hidden: true }]);
});

afterAll(async () => {
  await context?.close();
});

async function list(url: string) {
  const response = await context.app.inject({ method: 'GET', url });
  return {
    response,
    names: response.statusCode === 200 ? ProductListResponseSchema.parse(response.json()).products.map((p) => p.name) : [],
  };
}

describe.each([
  ['GET /api/product/category/saree-blouse', '/api/product/category/saree-blouse', false],
  ['GET /api/product/featured', '/api/product/featured', true],
])('%s', (_name, path, featuredOnly) => {
  const rows = ROWS.filter(([, , featured]) => !featuredOnly || featured);
  const extra: [string, number, boolean, number][] = featuredOnly ? [['Ball Frock', 1500, true, 100]] : [];
  const all = [...rows, ...extra];
  const newest = (subset: typeof all) => [...subset].sort((a, b) => b[3] - a[3]).map(([name]) => name);
  const byPrice = (subset: typeof all, direction: 1 | -1) =>
    [...subset].sort((a, b) => direction * (a[1] - b[1]) || b[3] - a[3]).map(([name]) => name);

  it.each([
    ['no parameters: newest first', '', () => newest(all)],
    ['sort=newest', '?sort=newest', () => newest(all)],
    ['sort=price-asc, ties newest first', '?sort=price-asc', () => byPrice(all, 1)],
    ['sort=price-desc, ties newest first', '?sort=price-desc', () => byPrice(all, -1)],
    ['min=950 (included)', '?min=950', () => newest(all.filter(([, price]) => price >= 950))],
    ['max=850.50 (included)', '?max=850.50', () => newest(all.filter(([, price]) => price <= 850.5))],
    [
      'min=900&max=2100&sort=price-asc',
      '?min=900&max=2100&sort=price-asc',
      () =>
        byPrice(
          all.filter(([, p]) => p >= 900 && p <= 2100),
          1,
        ),
    ],
    ['a range with nothing in it', '?min=5000', () => []],
    ['blank values as not given', '?sort=&min=&max=', () => newest(all)],
    ['unknown parameters ignored', '?page=2&utm_source=whatsapp', () => newest(all)],
  ])('%s', async (_case, query, expected) => {
    const { response, names } = await list(`${path}${query}`);
    expect(response.statusCode).toBe(200);
    expect(names).toEqual(expected());
    expect(names).not.toContain('Hidden Blouse');
  });

  it('answers the cached list with its ETag without parameters, and a fresh one with them', async () => {
    const plain = await list(path);
    expect(plain.response.headers.etag).toBeTruthy();
    const sorted = await list(`${path}?sort=price-asc`);
    expect(sorted.response.headers.etag).toBeUndefined();
    expect(sorted.response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['an unknown sort', '?sort=cheapest', 'catalog.sortInvalid'],
    ['a sort given twice', '?sort=newest&sort=price-asc', 'catalog.sortInvalid'],
    ['a negative min', '?min=-5', 'catalog.priceFilterInvalid'],
    ['a min with a comma', '?min=1,000', 'catalog.priceFilterInvalid'],
    ['a max in exponent form', '?max=1e3', 'catalog.priceFilterInvalid'],
    ['three decimals', '?min=10.005', 'catalog.priceFilterInvalid'],
    ['a max over ₹1 crore', '?max=999999999', 'catalog.priceFilterInvalid'],
    ['min above max', '?min=1000&max=999.99', 'catalog.priceRangeReversed'],
  ])('%s: 400 with its reason', async (_case, query, reason) => {
    const { response } = await list(`${path}${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', reason });
  });
});

it('an unknown category is still a 404 whatever the parameters', async () => {
  const { response } = await list('/api/product/category/no-such?sort=price-asc');
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ reason: 'catalog.unknownCategory' });
});
