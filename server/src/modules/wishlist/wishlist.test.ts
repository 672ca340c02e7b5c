import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WishlistResponseSchema } from '@thaiyal/contract';
import { products, wishlistItems } from '../../db/schema/index.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';

let context: TestContext;
let ids: string[];
let alice: TestUser;
let bob: TestUser;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  context = await createTestContext();
  ids = await seedProducts(context, [
    { name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 125_050, images: ['/uploads/products/s1-640.webp'] },
    { name: 'Cotton Nightie', category: 'nightwear', pricePaise: 45_000 },
    { name: 'Palazzo', category: 'palazzo-pant', pricePaise: 60_000 },
  ]);
  alice = await createUser(context);
  bob = await createUser(context);
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.database.db.delete(wishlistItems);
});

function call(user: TestUser | null, method: 'GET' | 'POST', payload?: unknown) {
  return context.app.inject({
    method,
    url: '/api/wishlist',
    headers: user ? { cookie: user.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function namesOf(user: TestUser): Promise<string[]> {
  const response = await call(user, 'GET');
  expect(response.statusCode).toBe(200);
  return WishlistResponseSchema.parse(response.json()).products.map((product) => product.name);
}

async function storedIds(userId: string) {
  const rows = await context.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId));
  return rows.map((row) => row.productId).sort();
}

it.each([
  ['GET', undefined],
  ['POST', { productId: 'not-an-id', role: 'admin' }],
] as const)('answers a visitor 401 on %s /api/wishlist', async (method, payload) => {
  const response = await call(null, method, payload);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ code: 'unauthorized' });
});

describe('toggling', () => {
  it('adds full catalog products, lists them newest first, and removes on a second toggle', async () => {
    let response = await call(alice, 'POST', { productId: ids[1] });
    expect(response.statusCode).toBe(200);
    const [first] = WishlistResponseSchema.parse(response.json()).products;
    expect(first).toMatchObject({ _id: ids[1], name: 'Cotton Nightie', price: 450, category: 'nightwear', reviews: [] });
    await call(alice, 'POST', { productId: ids[0] });
    expect(await namesOf(alice)).toEqual(['Silk Blouse', 'Cotton Nightie']);

    response = await call(alice, 'POST', { productId: ids[1] });
    expect(WishlistResponseSchema.parse(response.json()).products.map((product) => product._id)).toEqual([ids[0]]);
    expect(await storedIds(alice.id)).toEqual([ids[0]]);
  });

  it("keeps each user's wishlist their own", async () => {
    await call(alice, 'POST', { productId: ids[2] });
    expect(await namesOf(bob)).toEqual([]);
    await call(bob, 'POST', { productId: ids[2] });
    await call(bob, 'POST', { productId: ids[2] });
    expect(await namesOf(alice)).toEqual(['Palazzo']);
  });

  it('forgets a deleted product, and toggling it then is a 404', async () => {
    const [doomed] = await seedProducts(context, [{ name: 'Soon gone', category: 'gather-frock' }]);
    await call(alice, 'POST', { productId: doomed });
    await call(alice, 'POST', { productId: ids[0] });
    await context.database.db.delete(products).where(eq(products.id, doomed!));
    context.app.catalog.invalidate();
    expect(await namesOf(alice)).toEqual(['Silk Blouse']);
    const response = await call(alice, 'POST', { productId: doomed });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found', code: 'not_found', reason: 'order.productNotFound' });
  });
});

describe('bad input changes nothing', () => {
  beforeEach(async () => {
    await call(alice, 'POST', { productId: ids[0] });
  });

  it.each([
    ['an extra price', { productId: 'ID0', price: 1 }, 400],
    ['an extra status', { productId: 'ID0', status: 'delivered' }, 400],
    ['an extra userId', { productId: 'ID0', userId: 'someone' }, 400],
    ['an extra role', { productId: 'ID0', role: 'admin' }, 400],
    ['no productId', {}, 400],
    ['a malformed id', { productId: '../../etc' }, 400],
    ['an array', [{ productId: 'ID0' }], 400],
    ['an unknown product', { productId: UNKNOWN }, 404],
  ] as const)('%s → %i', async (_name, payload, status) => {
    const body = JSON.parse(JSON.stringify(payload).replaceAll('ID0', ids[0]!)) as unknown;
    const response = await call(alice, 'POST', body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
    expect(await storedIds(alice.id)).toEqual([ids[0]]);
  });
});
