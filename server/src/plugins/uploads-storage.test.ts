import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BannerResponseSchema, IMAGE_WIDTHS, ProductResponseSchema, imageUrlAt, shareImageUrl, storedImageUrls } from '@thaiyal/contract';
import { createTestContext, createUser, type TestContext, type TestUser } from '../../test/harness.js';
import { multipartBody } from '../../test/admin-support.js';
import { startLoopbackS3, type LoopbackS3 } from '../../test/s3-server.js';
import { objectKeyOf } from '../platform/image-store.js';

/**
 * Pictures stored, served and removed the same way on both stores
 * (docs/decisions/020-pictures-on-s3-compatible-storage.md): `DATA_DIR/uploads`, and a real
 * S3-protocol server on loopback named by `STORAGE_URL`. Through HTTP on a real database.
 */
let s3: LoopbackS3;
let picture: Buffer;

beforeAll(async () => {
  s3 = await startLoopbackS3();
  picture = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => s3?.close());

describe.each([
  ['files under DATA_DIR/uploads', () => ({})],
  ['a loopback S3 server (STORAGE_URL)', () => ({ STORAGE_URL: s3.storageUrl })],
])('pictures on %s', (_store, env: () => Record<string, string>) => {
  let context: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    context = await createTestContext(env());
    admin = await createUser(context, { role: 'admin' });
  });
  afterAll(() => context?.close());

  const storedKeys = async () => (await context.app.images.objects.list()).map((object) => object.key);

  async function postForm(url: string, fields: Record<string, string>, field: string, user: TestUser) {
    const { payload, headers } = await multipartBody(fields, [{ field, filename: 'photo.jpg', type: 'image/jpeg', data: picture }]);
    return context.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: user.cookie } });
  }

  it('stores every width and the share JPEG of a product picture, serves each with immutable caching, and removes them with the product', async () => {
    const created = await postForm(
      '/api/product',
      { name: 'Aari Blouse', description: 'Hand-worked aari.', price: '1250', category: 'aariwork-blouse' },
      'images',
      admin,
    );
    expect(created.statusCode).toBe(201);
    const product = ProductResponseSchema.parse(created.json()).product;
    const url = product.images[0]!;
    const keys = storedImageUrls(url).map(objectKeyOf);
    expect(await storedKeys()).toEqual(expect.arrayContaining(keys));

    for (const width of IMAGE_WIDTHS) {
      const served = await context.app.inject({ method: 'GET', url: imageUrlAt(url, width) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
    }
    const jpeg = await context.app.inject({ method: 'GET', url: shareImageUrl(url) });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const head = await context.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);

    const deleted = await context.app.inject({ method: 'DELETE', url: `/api/product/${product._id}`, headers: { cookie: admin.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect(await storedKeys()).not.toEqual(expect.arrayContaining([keys[0]]));
    expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('stores and serves a banner picture', async () => {
    const created = await postForm('/api/banner', { category: 'embroidery' }, 'image', admin);
    expect(created.statusCode).toBe(201);
    const { image } = BannerResponseSchema.parse(created.json()).banner;
    const served = await context.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it("stores a shopper's reference picture in the same store, served to her alone (docs/security.md#private-pictures)", async () => {
    const shopper = await createUser(context);
    const uploaded = await postForm('/api/orders/reference-pictures', {}, 'picture', shopper);
    expect(uploaded.statusCode).toBe(201);
    const { url } = (uploaded.json() as { picture: { url: string } }).picture;
    const stored = await context.app.images.objects.get(objectKeyOf(url));
    expect((await sharp(await buffer(stored!.body)).metadata()).format).toBe('webp');
    const visitor = await context.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(404);
    const other = await context.app.inject({ method: 'GET', url, headers: { cookie: (await createUser(context)).cookie } });
    expect(other.statusCode).toBe(404);
    const hers = await context.app.inject({ method: 'GET', url, headers: { cookie: shopper.cookie } });
    expect(hers.statusCode).toBe(200);
    expect(hers.headers['cache-control']).toBe('private, no-cache');
    expect((await sharp(hers.rawPayload).metadata()).format).toBe('webp');
  });

  it.each([
    '/uploads/products/nothing-640.webp',
    '/uploads/products/../../secret',
    '/uploads/products/%2e%2e%2fsecret',
    '/uploads/products/.hidden',
    '/uploads/elsewhere/x-640.webp',
  ])('answers %s with a JSON error, never a file', async (url) => {
    const response = await context.app.inject({ method: 'GET', url });
    // @fastify/static refuses a dot file with 403; the store's route has no such file: 404.
    expect([403, 404]).toContain(response.statusCode);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('pictures streamed from the S3 store', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext({ STORAGE_URL: s3.storageUrl });
  });
  afterAll(() => context?.close());

  it("answers 304 when the browser already holds the object's ETag", async () => {
    await context.app.images.objects.put('products/etag-320.webp', await sharp(picture).webp().toBuffer(), 'image/webp');
    const first = await context.app.inject({ method: 'GET', url: '/uploads/products/etag-320.webp' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await context.app.inject({ method: 'GET', url: '/uploads/products/etag-320.webp', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("adds the share JPEG of a picture stored without one, from the bucket's largest WebP", async () => {
    const largest = await sharp(picture).resize(1280, 1707).webp().toBuffer();
    await context.app.images.objects.put('products/old-1280.webp', largest, 'image/webp');
    expect(await context.app.images.addMissingShareImages()).toMatchObject({ written: 1, failed: 0 });
    const served = await context.app.inject({ method: 'GET', url: '/uploads/products/old-640.jpg' });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 853 });
  });
});
