import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, ShopTrustSchema, storedImageUrls, TailorPhotoResponseSchema } from '@thaiyal/contract';
import { reviews } from '../../db/schema/index.js';
import { createTestContext, createUser, injectAs, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { insertOrder, multipartBody, uploadPath } from '../../../test/admin-support.js';

/**
 * Who is behind the shop (docs/product.md#home): `GET /api/shop/trust` from configuration and
 * data, and the admin's tailor photo (`PUT`/`DELETE /api/tailor-photo`,
 * docs/product.md#admin-dashboard), through HTTP on a real database.
 */

let context: TestContext;
let admin: TestUser;
let customer: TestUser;
let portrait: Buffer;

beforeAll(async () => {
  context = await createTestContext({ SHOP_TAILOR_NAME: '  S. Meenakshi ' });
  admin = await createUser(context, { role: 'admin' });
  customer = await createUser(context);
  portrait = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await context.close();
});

async function trust() {
  const response = await context.app.inject({ method: 'GET', url: '/api/shop/trust' });
  expect(response.statusCode).toBe(200);
  return ShopTrustSchema.parse(response.json());
}

async function upload(user: TestUser | undefined, fields: Record<string, string>, files: Buffer[]) {
  const body = await multipartBody(
    fields,
    files.map((data) => ({ field: 'image', filename: 'tailor.jpg', type: 'image/jpeg', data })),
  );
  return context.app.inject({
    method: 'PUT',
    url: '/api/tailor-photo',
    payload: body.payload,
    headers: { ...body.headers, ...(user ? { cookie: user.cookie } : {}) },
  });
}

describe('GET /api/shop/trust', () => {
  it('names the configured tailor and counts the reviews of products sold and the delivered orders', async () => {
    expect(await trust()).toEqual({ tailorName: 'S. Meenakshi', tailorPhoto: null, reviewCount: 0, deliveredCount: 0 });

    const [blouseId] = await seedProducts(context, [{ name: 'Trust Blouse', category: 'saree-blouse', pricePaise: 90_000 }]);
    await context.database.db.insert(reviews).values([
      { productId: blouseId!, userId: customer.id, username: 'Meena', comment: 'Fits well', stars: 5 },
      // A review without stars still counts (it is listed, docs/product.md#reviews).
      { productId: blouseId!, userId: admin.id, username: 'Owner', comment: 'Thank you', stars: null },
    ]);
    context.app.catalog.invalidate();
    await insertOrder(context, customer.id, { status: 'delivered' });
    await insertOrder(context, customer.id, { status: 'delivered' });
    await insertOrder(context, customer.id, { status: 'visited' });

    expect(await trust()).toMatchObject({ reviewCount: 2, deliveredCount: 2 });
  });

  it('has no tailor name when SHOP_TAILOR_NAME is unset, and refuses a name of markup', async () => {
    const plain = await createTestContext();
    try {
      const answer = ShopTrustSchema.parse((await plain.app.inject({ method: 'GET', url: '/api/shop/trust' })).json());
      expect(answer.tailorName).toBeNull();
    } finally {
      await plain.close();
    }
    await expect(createTestContext({ SHOP_TAILOR_NAME: '<b>Meena</b>' })).rejects.toThrow(/SHOP_TAILOR_NAME/);
  });
});

describe('PUT and DELETE /api/tailor-photo', () => {
  it('is for the admin only', async () => {
    expect((await upload(undefined, {}, [portrait])).statusCode).toBe(401);
    expect((await upload(customer, {}, [portrait])).statusCode).toBe(403);
    expect((await injectAs(context, customer, 'DELETE', '/api/tailor-photo')).statusCode).toBe(403);
    expect((await trust()).tailorPhoto).toBeNull();
  });

  it.each([
    ['no picture', {}, [] as 'portrait'[], 400, ADMIN_MESSAGES.tailorPhotoRequired],
    ['a text field beside it', { caption: 'Me' }, ['portrait'] as const, 400, expect.stringContaining('caption')],
  ])('refuses %s with its message and changes nothing', async (_name, fields, files, status, message) => {
    const response = await upload(
      admin,
      fields,
      files.map(() => portrait),
    );
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message });
    expect((await trust()).tailorPhoto).toBeNull();
  });

  it('refuses what is not a picture (415) and keeps no file', async () => {
    const response = await upload(admin, {}, [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]);
    expect(response.statusCode).toBe(415);
    expect((await trust()).tailorPhoto).toBeNull();
  });

  it('stores the photo at every width through the picture pipeline, replaces it, and removes it', async () => {
    const first = await upload(admin, {}, [portrait]);
    expect(first.statusCode).toBe(200);
    const { tailorPhoto: firstUrl } = TailorPhotoResponseSchema.parse(first.json());
    expect(firstUrl).toMatch(/^\/uploads\/products\/[a-z0-9]+-640\.webp$/);
    for (const url of storedImageUrls(firstUrl!)) expect(existsSync(uploadPath(context, url))).toBe(true);
    expect((await trust()).tailorPhoto).toBe(firstUrl);
    // Served like any shop picture.
    expect((await context.app.inject({ method: 'GET', url: firstUrl! })).statusCode).toBe(200);

    const second = TailorPhotoResponseSchema.parse((await upload(admin, {}, [portrait])).json()).tailorPhoto;
    expect(second).not.toBe(firstUrl);
    expect((await trust()).tailorPhoto).toBe(second);
    // The photo it replaced is gone with all its widths.
    for (const url of storedImageUrls(firstUrl!)) expect(existsSync(uploadPath(context, url))).toBe(false);

    const removed = await injectAs(context, admin, 'DELETE', '/api/tailor-photo');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ tailorPhoto: null });
    expect((await trust()).tailorPhoto).toBeNull();
    for (const url of storedImageUrls(second!)) expect(existsSync(uploadPath(context, url))).toBe(false);
    // Removing no photo answers the same.
    expect((await injectAs(context, admin, 'DELETE', '/api/tailor-photo')).json()).toEqual({ tailorPhoto: null });
  });
});
