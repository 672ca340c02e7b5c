import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductResponseSchema } from '@thaiyal/contract';
import { reviews } from '../../src/db/schema/index.js';
import { insertOrder } from '../admin-support.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../harness.js';

/**
 * Review abuse (docs/security.md, "One review per account and product"; docs/product.md#reviews):
 * one delivered purchase must not let an account flood a product's reviews and move its
 * rating. A second review from the same account replaces the first.
 */
let context: TestContext;
let productId: string;
let shopper: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  [productId] = (await seedProducts(context, [{ name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 125_050 }])) as [string];
  shopper = await createUser(context);
  await insertOrder(context, shopper.id, { status: 'delivered', lines: [{ productId }] });
});

afterAll(async () => {
  await context?.close();
});

function review(user: TestUser, userComment: string, stars: number) {
  return context.app.inject({
    method: 'POST',
    url: '/api/comment',
    headers: { cookie: user.cookie },
    payload: { productId, userComment, stars },
  });
}

describe('one review per account and product', () => {
  it('seven reviews of one product from one account with one delivered order leave one review: the last', async () => {
    for (let n = 1; n <= 7; n++) {
      const response = await review(shopper, `Review number ${n}`, n <= 6 ? 5 : 2);
      expect(response.statusCode, response.body).toBe(200);
    }
    const stored = await context.database.db.select().from(reviews).where(eq(reviews.productId, productId));
    expect(stored.map((row) => [row.comment, row.stars])).toEqual([['Review number 7', 2]]);
    const { product } = ProductResponseSchema.parse((await context.app.inject({ method: 'GET', url: `/api/product/${productId}` })).json());
    expect(product.reviews.map((entry) => entry.comment)).toEqual(['Review number 7']);
    expect(product.rating).toEqual({ average: 2, count: 1 });
  });

  it('reviews sent at once from one account still leave one', async () => {
    const other = await createUser(context);
    await insertOrder(context, other.id, { status: 'delivered', lines: [{ productId }] });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => review(other, `At once ${n}`, 4)));
    expect(answers.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    const stored = await context.database.db.select().from(reviews).where(eq(reviews.userId, other.id));
    expect(stored).toHaveLength(1);
  });
});
