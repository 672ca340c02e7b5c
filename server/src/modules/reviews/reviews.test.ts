import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, ProductResponseSchema } from '@thaiyal/contract';
import { addresses, orders, reviews } from '../../db/schema/index.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';

let context: TestContext;
let ids: string[];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PURCHASE_FIRST = 'Review this product after you’ve experienced it firsthand by making a purchase!';

beforeAll(async () => {
  context = await createTestContext();
  ids = await seedProducts(context, [
    { name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 125_050 },
    { name: 'Cotton Nightie', category: 'nightwear', pricePaise: 45_000 },
  ]);
});

afterAll(async () => {
  await context.close();
});

function comment(user: TestUser | null, payload: unknown) {
  return context.app.inject({
    method: 'POST',
    url: '/api/comment',
    headers: user ? { cookie: user.cookie } : {},
    payload: payload as object,
  });
}

/** A shopper who ordered `productId` through the API; `status` is then set in the table (the admin's job). */
async function buyer(productId: string, pricePaise: number, status: 'call' | 'visited' | 'designed' | 'delivered'): Promise<TestUser> {
  const user = await createUser(context);
  await context.database.db.insert(addresses).values({
    userId: user.id,
    name: 'Meena',
    phoneNumber: '9876543210',
    doorNumber: '1',
    street: 'Main',
    city: 'pollachi',
    state: 'tamilnadu',
    pinCode: '642001',
  });
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: user.cookie },
    payload: { items: [{ productId, quantity: 1 }], totalAmt: pricePaise / 100 },
  });
  expect(response.statusCode).toBe(201);
  await context.database.db.update(orders).set({ status }).where(eq(orders.userId, user.id));
  return user;
}

async function reviewCount() {
  return (await context.database.db.select().from(reviews)).length;
}

it('answers a visitor 401', async () => {
  const response = await comment(null, { productId: ids[0], userComment: 'Lovely' });
  expect(response.statusCode).toBe(401);
  expect(await reviewCount()).toBe(0);
});

describe('a review', () => {
  it('is accepted from a user with a delivered order of the product, stored under their name, and shown at once', async () => {
    const user = await buyer(ids[0]!, 125_050, 'delivered');
    const response = await comment(user, { productId: ids[0], userComment: '  Perfect fit, lovely stitching.  ' });
    expect(response.statusCode).toBe(200);
    const { product } = ProductResponseSchema.parse(response.json());
    expect(product._id).toBe(ids[0]);
    expect(product.reviews).toEqual([
      { username: user.username, comment: 'Perfect fit, lovely stitching.', createdAt: expect.any(String) },
    ]);
    // The public catalog shows it too (the in-memory catalog was refreshed).
    const detail = ProductResponseSchema.parse((await context.app.inject({ method: 'GET', url: `/api/product/${ids[0]}` })).json());
    expect(detail.product.reviews.map((review) => review.comment)).toContain('Perfect fit, lovely stitching.');
  });

  it.each(['call', 'visited', 'designed'] as const)(
    "is a 403 with the product's purchase-first message while the order is at %s",
    async (status) => {
      const user = await buyer(ids[1]!, 45_000, status);
      const before = await reviewCount();
      const response = await comment(user, { productId: ids[1], userComment: 'Nice' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: PURCHASE_FIRST, code: 'forbidden', reason: 'order.reviewNeedsPurchase' });
      expect(ORDER_MESSAGES.reviewNeedsPurchase).toBe(PURCHASE_FIRST);
      expect(await reviewCount()).toBe(before);
    },
  );

  it('is a 403 for a user who never ordered it, even with a delivered order of another product', async () => {
    const user = await buyer(ids[0]!, 125_050, 'delivered');
    const response = await comment(user, { productId: ids[1], userComment: 'Nice' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(PURCHASE_FIRST);
  });

  it.each([
    ['an empty comment', { userComment: '' }, 400, 'Must be filled'],
    ['a blank comment', { userComment: '   ' }, 400, 'Must be filled'],
    ['no comment', { userComment: undefined }, 400, undefined],
    ['a comment too long', { userComment: 'x'.repeat(1001) }, 400, undefined],
    ['an extra username', { userComment: 'Nice', username: 'Admin' }, 400, undefined],
    ['an extra userId', { userComment: 'Nice', userId: UNKNOWN }, 400, undefined],
    ['a malformed product id', { userComment: 'Nice', productId: 'x' }, 400, undefined],
    ['an unknown product', { userComment: 'Nice', productId: UNKNOWN }, 404, 'Product not found'],
  ])('%s → %i, nothing stored', async (_name, overrides, status, message) => {
    const user = await buyer(ids[0]!, 125_050, 'delivered');
    const before = await reviewCount();
    const response = await comment(user, { productId: ids[0], ...overrides });
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().message).toBe(message);
    expect(await reviewCount()).toBe(before);
  });
});
