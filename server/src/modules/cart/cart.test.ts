import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CartResponseSchema, LIMITS, ORDER_MESSAGES } from '@thaiyal/contract';
import { cartLines, products } from '../../db/schema/index.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';

let context: TestContext;
let ids: string[];
let alice: TestUser;
let bob: TestUser;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  context = await createTestContext();
  ids = await seedProducts(context, [
    {
      name: 'Silk Blouse',
      category: 'saree-blouse',
      pricePaise: 125_050,
      images: ['/uploads/products/s1-640.webp', '/uploads/products/s2-640.webp'],
    },
    { name: 'Cotton Nightie', category: 'nightwear', pricePaise: 45_000 },
    { name: 'Palazzo', category: 'palazzo-pant', pricePaise: 60_025 },
  ]);
  alice = await createUser(context);
  bob = await createUser(context);
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.database.db.delete(cartLines);
});

function call(user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return context.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function cartOf(user: TestUser) {
  const response = await call(user, 'GET', '/api/cart');
  expect(response.statusCode).toBe(200);
  return CartResponseSchema.parse(response.json());
}

async function storedLines(userId: string) {
  return context.database.db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
}

describe('a visitor', () => {
  it.each([
    ['GET', '/api/cart', undefined],
    ['POST', '/api/cart', { productId: 'x' }],
    ['DELETE', '/api/cart', { productId: 'x', role: 'admin' }],
    ['PUT', `/api/cart/not-an-id`, { quantity: 99 }],
  ] as const)('gets 401 on %s %s, before the body is even checked', async (method, url, payload) => {
    const response = await call(null, method, url, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in', code: 'unauthorized', reason: 'platform.signInRequired' });
  });

  it('gets 401 with a forged access token', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { cookie: 'access_token=eyJhbGciOiJub25lIn0.e30.' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('adding, changing and removing lines', () => {
  it('adds a product at quantity 1, then one more each time, with the total from current prices', async () => {
    let response = await call(alice, 'POST', '/api/cart', { productId: ids[0] });
    expect(response.statusCode).toBe(200);
    expect(CartResponseSchema.parse(response.json())).toEqual({
      items: [
        {
          _id: ids[0],
          name: 'Silk Blouse',
          nameTa: '',
          description: 'A well-made garment.',
          descriptionTa: '',
          images: ['/uploads/products/s1-640.webp', '/uploads/products/s2-640.webp'],
          price: 1250.5,
          quantity: 1,
          category: 'saree-blouse',
        },
      ],
      total: 1250.5,
    });
    await call(alice, 'POST', '/api/cart', { productId: ids[2] });
    response = await call(alice, 'POST', '/api/cart', { productId: ids[0] });
    const cart = CartResponseSchema.parse(response.json());
    // Lines keep the order they were added in.
    expect(cart.items.map((item) => [item._id, item.quantity])).toEqual([
      [ids[0], 2],
      [ids[2], 1],
    ]);
    expect(cart.total).toBe(3101.25);
  });

  it(`refuses the ${LIMITS.maxQuantity + 1}th of one product with a clear 409 and keeps ${LIMITS.maxQuantity}`, async () => {
    await call(alice, 'POST', '/api/cart', { productId: ids[1] });
    expect((await call(alice, 'PUT', `/api/cart/${ids[1]}`, { quantity: LIMITS.maxQuantity })).statusCode).toBe(200);
    const response = await call(alice, 'POST', '/api/cart', { productId: ids[1] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: ORDER_MESSAGES.quantityCap,
      code: 'conflict',
      reason: 'order.quantityCap',
      params: { maxQuantity: LIMITS.maxQuantity },
    });
    expect(await storedLines(alice.id)).toEqual([{ productId: ids[1], quantity: LIMITS.maxQuantity }]);
  });

  it('never passes the cap or loses a count when many adds arrive at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: LIMITS.maxQuantity + 3 }, () => call(alice, 'POST', '/api/cart', { productId: ids[2] })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.maxQuantity);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    expect(await storedLines(alice.id)).toEqual([{ productId: ids[2], quantity: LIMITS.maxQuantity }]);
  });

  it('sets a quantity, and 0 removes the line', async () => {
    await call(alice, 'POST', '/api/cart', { productId: ids[0] });
    await call(alice, 'POST', '/api/cart', { productId: ids[1] });
    let response = await call(alice, 'PUT', `/api/cart/${ids[0]}`, { quantity: 3 });
    expect(response.statusCode).toBe(200);
    expect(CartResponseSchema.parse(response.json())).toMatchObject({ total: 3 * 1250.5 + 450 });
    response = await call(alice, 'PUT', `/api/cart/${ids[0]}`, { quantity: 0 });
    expect(response.statusCode).toBe(200);
    expect(CartResponseSchema.parse(response.json())).toMatchObject({ items: [{ _id: ids[1], quantity: 1 }], total: 450 });
  });

  it('is a 404 to set the quantity of a product that is not in the cart, and adds nothing', async () => {
    for (const productId of [ids[0], UNKNOWN]) {
      const response = await call(alice, 'PUT', `/api/cart/${productId}`, { quantity: 2 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ORDER_MESSAGES.notInCart, code: 'not_found', reason: 'order.notInCart' });
    }
    expect(await storedLines(alice.id)).toEqual([]);
  });

  it('removes a line; removing a line that is not there changes nothing', async () => {
    await call(alice, 'POST', '/api/cart', { productId: ids[0] });
    await call(alice, 'POST', '/api/cart', { productId: ids[1] });
    let response = await call(alice, 'DELETE', '/api/cart', { productId: ids[0] });
    expect(response.statusCode).toBe(200);
    expect(CartResponseSchema.parse(response.json()).items.map((item) => item._id)).toEqual([ids[1]]);
    response = await call(alice, 'DELETE', '/api/cart', { productId: ids[0] });
    expect(response.statusCode).toBe(200);
    expect(CartResponseSchema.parse(response.json()).items.map((item) => item._id)).toEqual([ids[1]]);
  });

  it("prices the cart at the catalog's current prices", async () => {
    await call(alice, 'POST', '/api/cart', { productId: ids[1] });
    await call(alice, 'POST', '/api/cart', { productId: ids[1] });
    await context.database.db.update(products).set({ pricePaise: 49_999 }).where(eq(products.id, ids[1]!));
    context.app.catalog.invalidate();
    expect(await cartOf(alice)).toMatchObject({ items: [{ price: 499.99, quantity: 2 }], total: 999.98 });
    await context.database.db.update(products).set({ pricePaise: 45_000 }).where(eq(products.id, ids[1]!));
    context.app.catalog.invalidate();
  });

  it('drops the line of a deleted product', async () => {
    const [doomed] = await seedProducts(context, [{ name: 'Soon gone', category: 'gather-frock', pricePaise: 10_000 }]);
    await call(alice, 'POST', '/api/cart', { productId: doomed });
    await call(alice, 'POST', '/api/cart', { productId: ids[1] });
    await context.database.db.delete(products).where(eq(products.id, doomed!));
    context.app.catalog.invalidate();
    expect(await cartOf(alice)).toMatchObject({ items: [{ _id: ids[1] }], total: 450 });
    const response = await call(alice, 'POST', '/api/cart', { productId: doomed });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found', code: 'not_found', reason: 'order.productNotFound' });
  });
});

describe('ownership', () => {
  it("keeps each user's cart their own", async () => {
    await call(alice, 'POST', '/api/cart', { productId: ids[0] });
    expect((await cartOf(bob)).items).toEqual([]);
    // Bob cannot change or remove Alice's line: he only ever reaches his own cart.
    expect((await call(bob, 'PUT', `/api/cart/${ids[0]}`, { quantity: 5 })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', '/api/cart', { productId: ids[0] })).statusCode).toBe(200);
    expect(await storedLines(alice.id)).toEqual([{ productId: ids[0], quantity: 1 }]);
    expect(await storedLines(bob.id)).toEqual([]);
  });
});

describe('bad input changes nothing', () => {
  beforeEach(async () => {
    await call(alice, 'POST', '/api/cart', { productId: ids[0] });
  });

  it.each([
    ['POST an extra price', 'POST', '/api/cart', { productId: 'ID0', price: 1 }],
    ['POST an extra userId', 'POST', '/api/cart', { productId: 'ID0', userId: 'someone' }],
    ['POST an extra role', 'POST', '/api/cart', { productId: 'ID0', role: 'admin' }],
    ['POST an extra quantity', 'POST', '/api/cart', { productId: 'ID0', quantity: 5 }],
    ['POST no productId', 'POST', '/api/cart', {}],
    ['POST a malformed id', 'POST', '/api/cart', { productId: '1 OR 1=1' }],
    ['POST a number id', 'POST', '/api/cart', { productId: 7 }],
    ['DELETE an extra status', 'DELETE', '/api/cart', { productId: 'ID0', status: 'delivered' }],
    ['DELETE a malformed id', 'DELETE', '/api/cart', { productId: 'nope' }],
    ['PUT quantity -1', 'PUT', '/api/cart/ID0', { quantity: -1 }],
    ['PUT quantity 1.5', 'PUT', '/api/cart/ID0', { quantity: 1.5 }],
    ['PUT quantity 11', 'PUT', '/api/cart/ID0', { quantity: 11 }],
    ['PUT quantity as text', 'PUT', '/api/cart/ID0', { quantity: '3' }],
    ['PUT no quantity', 'PUT', '/api/cart/ID0', {}],
    ['PUT an extra price', 'PUT', '/api/cart/ID0', { quantity: 2, price: 1 }],
    ['PUT an extra userId', 'PUT', '/api/cart/ID0', { quantity: 2, userId: 'x' }],
    ['PUT a malformed id', 'PUT', '/api/cart/not-an-id', { quantity: 2 }],
  ] as const)('%s → 400', async (_name, method, url, payload) => {
    const fill = (value: unknown): unknown => (value === 'ID0' ? ids[0] : value);
    const body = Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, fill(value)]));
    const response = await call(alice, method, url.replace('ID0', ids[0]!), body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
    expect(await storedLines(alice.id)).toEqual([{ productId: ids[0], quantity: 1 }]);
  });

  it.each([
    ['POST', '/api/cart', { productId: UNKNOWN }],
    ['DELETE', '/api/cart', { productId: UNKNOWN }],
  ] as const)('%s an unknown product → 404', async (method, url, payload) => {
    const response = await call(alice, method, url, payload);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found', code: 'not_found', reason: 'order.productNotFound' });
    expect(await storedLines(alice.id)).toEqual([{ productId: ids[0], quantity: 1 }]);
  });

  it('is a 400 for a body that is not JSON', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      payload: '{"productId":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request' });
  });
});
