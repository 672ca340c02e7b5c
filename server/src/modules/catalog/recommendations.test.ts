import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductListResponseSchema } from '@thaiyal/contract';
import { addresses, cartLines, orderLines, orders, wishlistItems } from '../../db/schema/index.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { MAX_PER_USER_CATEGORY } from './recommendations.service.js';
import { RECOMMENDED_COUNT } from './catalog.service.js';

let context: TestContext;
const byName = new Map<string, string>();
const nameOf = new Map<string, string>();

/** 5 nightwear, 5 gather-frock, and one product in each of 10 other categories. */
const OTHER = [
  'saree-blouse',
  'aariwork-blouse',
  'embroidery-blouse',
  'designer-blouse',
  'umbrella-chudithar',
  'cotton-chudithar',
  'maxi-frock',
  'ball-frock',
  'palazzo-pant',
  'patiala-pant',
];

beforeAll(async () => {
  context = await createTestContext();
  const rows = [
    ...Array.from({ length: 5 }, (_, i) => ({ name: `Night ${i}`, category: 'nightwear', createdAt: new Date(Date.UTC(2026, 0, 10 - i)) })),
    ...Array.from({ length: 5 }, (_, i) => ({
      name: `Frock ${i}`,
      category: 'gather-frock',
      createdAt: new Date(Date.UTC(2026, 0, 10 - i)),
    })),
    ...OTHER.map((category) => ({ name: `Other ${category}`, category, createdAt: new Date(Date.UTC(2025, 5, 1)) })),
  ];
  const ids = await seedProducts(context, rows);
  rows.forEach((row, index) => {
    byName.set(row.name, ids[index]!);
    nameOf.set(ids[index]!, row.name);
  });
});

afterAll(async () => {
  await context.close();
});

async function recommend(user: TestUser | null, headers: Record<string, string> = {}) {
  return context.app.inject({
    method: 'GET',
    url: '/api/product/recommend',
    headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) },
  });
}

async function namesFor(user: TestUser): Promise<string[]> {
  const response = await recommend(user);
  expect(response.statusCode).toBe(200);
  return ProductListResponseSchema.parse(response.json()).products.map((product) => nameOf.get(product._id)!);
}

const id = (name: string) => byName.get(name)!;

describe('GET /api/product/recommend for a signed-in user', () => {
  it('draws on the categories of wishlist, cart and orders, most recent first, without cart products, then fills', async () => {
    const user = await createUser(context);
    const db = context.database.db;
    // Oldest interest: a delivered order of a frock; newer: a wishlisted nightie; newest: a nightie in the cart.
    await db.insert(addresses).values({
      userId: user.id,
      name: 'M',
      phoneNumber: '9876543210',
      doorNumber: '1',
      street: 'S',
      city: 'pollachi',
      state: 'tamilnadu',
      pinCode: '642001',
    });
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: 'TH-RECO22',
        userId: user.id,
        totalPaise: 50_000,
        address: {
          name: 'M',
          phoneNumber: '9876543210',
          doorNumber: '1',
          street: 'S',
          city: 'pollachi',
          state: 'tamilnadu',
          pinCode: '642001',
        },
        createdAt: new Date('2026-02-01T00:00:00Z'),
      })
      .returning();
    await db
      .insert(orderLines)
      .values({ orderId: order!.id, position: 0, productId: id('Frock 3'), name: 'Frock 3', image: '', quantity: 1, pricePaise: 50_000 });
    await db.insert(wishlistItems).values({ userId: user.id, productId: id('Night 2'), createdAt: new Date('2026-02-02T00:00:00Z') });
    await db
      .insert(cartLines)
      .values({ userId: user.id, productId: id('Night 0'), quantity: 1, createdAt: new Date('2026-02-03T00:00:00Z') });

    const names = await namesFor(user);
    expect(names).toHaveLength(RECOMMENDED_COUNT);
    expect(names).not.toContain('Night 0');
    // Round-robin: nightwear (most recent interest) then frocks, newest product first, at most 4 each.
    expect(names.slice(0, 2 * MAX_PER_USER_CATEGORY)).toEqual([
      'Night 1',
      'Frock 0',
      'Night 2',
      'Frock 1',
      'Night 3',
      'Frock 2',
      'Night 4',
      'Frock 3',
    ]);
    // Then the stable fill from other categories, with no repeats.
    expect(names.slice(8).every((name) => name.startsWith('Other ') || name === 'Frock 4')).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    const response = await recommend(user);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers.vary).toMatch(/cookie/i);
  });

  it("gives a user without history the visitors' stable selection", async () => {
    const user = await createUser(context);
    const visitor = ProductListResponseSchema.parse((await recommend(null)).json()).products.map((product) => nameOf.get(product._id));
    expect(await namesFor(user)).toEqual(visitor);
  });

  it('keeps the cached, ETagged answer for a visitor (and for an invalid session)', async () => {
    const first = await recommend(null);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await recommend(null, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await recommend(null, { cookie: 'access_token=garbage', 'if-none-match': etag })).statusCode).toBe(304);
  });
});
