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
  const response = await comment(null, { productId: ids[0], userComment: 'Lovely', stars: 5 });
  expect(response.statusCode).toBe(401);
  expect(await reviewCount()).toBe(0);
});

describe('a review', () => {
  it('is accepted from a user with a delivered order of the product, stored under their name, and shown at once', async () => {
    const user = await buyer(ids[0]!, 125_050, 'delivered');
    const response = await comment(user, { productId: ids[0], userComment: '  Perfect fit, lovely stitching.  ', stars: 4 });
    expect(response.statusCode).toBe(200);
    const { product } = ProductResponseSchema.parse(response.json());
    expect(product._id).toBe(ids[0]);
    expect(product.rating).toEqual({ average: 4, count: 1 });
    expect(product.reviews).toEqual([
      { username: user.username, comment: 'Perfect fit, lovely stitching.', stars: 4, createdAt: expect.any(String) },
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
      const response = await comment(user, { productId: ids[1], userComment: 'Nice', stars: 5 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: PURCHASE_FIRST, code: 'forbidden', reason: 'order.reviewNeedsPurchase' });
      expect(ORDER_MESSAGES.reviewNeedsPurchase).toBe(PURCHASE_FIRST);
      expect(await reviewCount()).toBe(before);
    },
  );

  it('is a 403 for a user who never ordered it, even with a delivered order of another product', async () => {
    const user = await buyer(ids[0]!, 125_050, 'delivered');
    const response = await comment(user, { productId: ids[1], userComment: 'Nice', stars: 5 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(PURCHASE_FIRST);
  });

  const STARS = 'Choose from 1 to 5 stars';
  it.each([
    ['an empty comment', 400, { userComment: '' }, 'Must be filled'],
    ['a blank comment', 400, { userComment: '   ' }, 'Must be filled'],
    ['no comment', 400, { userComment: undefined }, undefined],
    ['a comment too long', 400, { userComment: 'x'.repeat(1001) }, undefined],
    ['0 stars', 400, { stars: 0 }, STARS],
    ['6 stars', 400, { stars: 6 }, STARS],
    ['-1 stars', 400, { stars: -1 }, STARS],
    ['4.5 stars', 400, { stars: 4.5 }, STARS],
    ['stars as text', 400, { stars: '5' }, STARS],
    ['stars null', 400, { stars: null }, STARS],
    ['an extra username', 400, { userComment: 'Nice', username: 'Admin' }, undefined],
    ['an extra userId', 400, { userComment: 'Nice', userId: UNKNOWN }, undefined],
    ['an extra rating', 400, { userComment: 'Nice', rating: { average: 5, count: 100 } }, undefined],
    ['a malformed product id', 400, { userComment: 'Nice', productId: 'x' }, undefined],
    ['an unknown product', 404, { userComment: 'Nice', productId: UNKNOWN }, 'Product not found'],
  ])('%s → %i, nothing stored', async (_name, status, overrides, message) => {
    const user = await buyer(ids[0]!, 125_050, 'delivered');
    const before = await reviewCount();
    const response = await comment(user, { productId: ids[0], userComment: 'Nice', stars: 5, ...overrides });
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().message).toBe(message);
    if (message === STARS) expect(response.json()).toMatchObject({ reason: 'catalog.starsInvalid', params: { minStars: 1, maxStars: 5 } });
    expect(await reviewCount()).toBe(before);
  });
});

describe('the rating', () => {
  it('is the average of the stars to one decimal with their count, and nothing before the first review', async () => {
    const [id] = await seedProducts(context, [{ name: 'Rated Frock', category: 'ball-frock', pricePaise: 90_000 }]);
    const before = ProductResponseSchema.parse((await context.app.inject({ method: 'GET', url: `/api/product/${id}` })).json());
    expect(before.product.rating).toEqual({ average: null, count: 0 });
    const stars = [5, 4, 4];
    let last: unknown;
    for (const given of stars) {
      const response = await comment(await buyer(id!, 90_000, 'delivered'), { productId: id, userComment: 'Good', stars: given });
      expect(response.statusCode).toBe(200);
      last = response.json();
    }
    // (5 + 4 + 4) / 3 = 4.333… → 4.3, in the answer and in the public catalog.
    expect(ProductResponseSchema.parse(last).product.rating).toEqual({ average: 4.3, count: 3 });
    const after = ProductResponseSchema.parse((await context.app.inject({ method: 'GET', url: `/api/product/${id}` })).json());
    expect(after.product.rating).toEqual({ average: 4.3, count: 3 });
    const list = (await context.app.inject({ method: 'GET', url: '/api/product/category/ball-frock' })).json();
    expect(list.products.find((product: { _id: string }) => product._id === id).rating).toEqual({ average: 4.3, count: 3 });
  });

  it('leaves out reviews written before reviews had stars, which show with stars null', async () => {
    const [id] = await seedProducts(context, [{ name: 'Old Review Blouse', category: 'sleeve-blouse', pricePaise: 70_000 }]);
    await context.database.db.insert(reviews).values({ productId: id!, username: 'Early shopper', comment: 'Nice' });
    const response = await comment(await buyer(id!, 70_000, 'delivered'), { productId: id, userComment: 'Lovely', stars: 2 });
    const { product } = ProductResponseSchema.parse(response.json());
    expect(product.rating).toEqual({ average: 2, count: 1 });
    expect(product.reviews.map((review) => review.stars).sort()).toEqual([2, null]);
  });

  it('takes a review without stars ({productId, userComment}): listed with stars null, left out of the rating', async () => {
    const [id] = await seedProducts(context, [{ name: 'Starless Review Kurti', category: 'sleeve-blouse', pricePaise: 60_000 }]);
    const starred = await comment(await buyer(id!, 60_000, 'delivered'), { productId: id, userComment: 'Good', stars: 4 });
    expect(starred.statusCode, starred.body).toBe(200);
    const user = await buyer(id!, 60_000, 'delivered');
    const response = await comment(user, { productId: id, userComment: '  Neat work  ' });
    expect(response.statusCode, response.body).toBe(200);
    const { product } = ProductResponseSchema.parse(response.json());
    expect(product.reviews[0]).toEqual({ username: user.username, comment: 'Neat work', stars: null, createdAt: expect.any(String) });
    expect(product.reviews).toHaveLength(2);
    expect(product.rating).toEqual({ average: 4, count: 1 });
  });
});
