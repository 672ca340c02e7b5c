import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageUrlAt,
  OrderResponseSchema,
  ReferencePictureResponseSchema,
  shareImageUrl,
  StatusUpdateResponseSchema,
  storedImageUrls,
} from '@thaiyal/contract';
import { deleteUserData, releaseFiles } from '../../src/cli/delete-user.js';
import { referencePictures } from '../../src/db/schema/index.js';
import { sweepUnusedReferencePictures, UNUSED_PICTURE_TTL_MS } from '../../src/modules/orders/index.js';
import { createImageStore } from '../../src/platform/image-store.js';
import { createFileObjectStore } from '../../src/platform/object-store.js';
import { multipartBody, openOrderTestBed, uploadPath, type OrderTestBed, type TestFile } from '../admin-support.js';
import { manualClock } from '../clock.js';
import { seedProducts, type TestContext, type TestUser } from '../harness.js';

/**
 * Customers' pictures are private (docs/security.md#private-pictures; ASVS 8.2.2, 8.3.1, 14.2.2):
 * a reference picture (her own photo sent with her stitching details) and a designed photo (the
 * admin's photo of her finished garment) reach only her and the shop's admins, are never cached
 * publicly, answer 404 to anyone else, and go from disk with her order, with her account, and,
 * left on no order for a day, by the server's sweep.
 */
let bed: OrderTestBed;
let context: TestContext;
let admin: TestUser;
let productId: string;
let jpeg: Buffer;

beforeAll(async () => {
  bed = await openOrderTestBed();
  ({ context, admin } = bed);
  [productId] = (await seedProducts(context, [
    { name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 100_000, images: ['/uploads/products/silk-640.webp'] },
  ])) as [string];
  jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();
});

afterAll(() => bed?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** `GET url` as `user` (a visitor for undefined). */
function get(url: string, user?: TestUser) {
  return context.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}

/** Upload a reference picture as `user` through `POST /api/orders/reference-pictures`. */
async function uploadReference(user: TestUser): Promise<{ id: string; url: string }> {
  const { payload, headers } = await multipartBody({}, [{ field: 'picture', filename: 'ref.jpg', type: 'image/jpeg', data: jpeg }]);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/orders/reference-pictures',
    headers: { ...headers, cookie: user.cookie },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return ReferencePictureResponseSchema.parse(response.json()).picture;
}

/** Place an order of one blouse whose stitching details name `pictureId`. */
async function placeOrder(user: TestUser, pictureId: string): Promise<string> {
  const response = await bed.send(user, 'POST', '/api/orders', {
    items: [{ productId, quantity: 1, stitching: { pictures: [pictureId] } }],
    totalAmt: 1000,
  });
  expect(response.statusCode, response.body).toBe(201);
  return OrderResponseSchema.parse(response.json()).order.orderId;
}

/** Move the order to "designed" with one photo of the garment; its URL. */
async function designWithPhoto(orderId: string): Promise<string> {
  const photo: TestFile = { field: 'photos', filename: 'garment.jpg', type: 'image/jpeg', data: jpeg };
  const { payload, headers } = await multipartBody({ status: 'designed' }, [photo]);
  const response = await context.app.inject({
    method: 'PUT',
    url: `/api/orders/status/${orderId}`,
    headers: { ...headers, cookie: admin.cookie },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return StatusUpdateResponseSchema.parse(response.json()).order.photos![0]!;
}

/** An order of `owner` with a reference picture and a designed photo: their URLs. */
async function orderWithPictures(owner: TestUser): Promise<{ orderId: string; reference: string; photo: string }> {
  const picture = await uploadReference(owner);
  const orderId = await placeOrder(owner, picture.id);
  return { orderId, reference: picture.url, photo: await designWithPhoto(orderId) };
}

/** Every stored file of the picture `url` (each width and the share JPEG) is on disk, or none is. */
function onDisk(url: string): boolean[] {
  return storedImageUrls(url).map((stored) => existsSync(uploadPath(context, stored)));
}

async function expectPrivateTo(url: string, allowed: TestUser[], refused: (TestUser | undefined)[]) {
  for (const variant of [url, imageUrlAt(url, 320), shareImageUrl(url)]) {
    for (const user of allowed) {
      const response = await get(variant, user);
      expect(response.statusCode, `${variant} for ${user.username}`).toBe(200);
      expect(response.headers['cache-control']).toMatch(/\bprivate\b/);
      expect(response.headers['cache-control']).not.toMatch(/public|immutable/);
      expect(response.headers['content-type']).toBe(variant.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
      expect(response.rawPayload.length).toBeGreaterThan(0);
    }
    for (const user of refused) {
      const response = await get(variant, user);
      expect(response.statusCode, `${variant} for ${user?.username ?? 'a visitor'}`).toBe(404);
      // The same 404 as any unknown path: nothing tells a private picture from none.
      expect(response.json()).toEqual((await get('/uploads/references/0123456789abcdef-640.webp')).json());
    }
  }
}

describe('private pictures: reference pictures and designed photos (docs/security.md#private-pictures)', () => {
  it('reach only their owner and admins, privately cached; a visitor and another shopper get 404', async () => {
    const owner = await bed.shopper();
    const other = await bed.shopper();
    const pending = await uploadReference(owner);
    await expectPrivateTo(pending.url, [owner, admin], [undefined, other]);

    const { reference, photo } = await orderWithPictures(owner);
    await expectPrivateTo(reference, [owner, admin], [undefined, other]);
    await expectPrivateTo(photo, [owner, admin], [undefined, other]);

    // The shop's own pictures stay public, with long immutable caching.
    const productUrl = await context.app.images.saveImageAs(jpeg, 'products', 3 / 4, 'silk');
    const product = await get(productUrl);
    expect(product.statusCode).toBe(200);
    expect(product.headers['cache-control']).toMatch(/public.*immutable|immutable.*public/);
    // A path that is not one stored picture's name is the same 404, signed in or not.
    expect((await get('/uploads/references/..%2Fproducts%2Fsilk-640.webp', owner)).statusCode).toBe(404);
  });

  it('go from disk, and answer 404 to everyone, once the admin deletes the delivered order', async () => {
    const owner = await bed.shopper();
    const { orderId, reference, photo } = await orderWithPictures(owner);
    expect((await bed.send(admin, 'PUT', `/api/orders/status/${orderId}`, { status: 'delivered' })).statusCode).toBe(200);
    expect((await bed.send(admin, 'DELETE', `/api/orders/delivered/delete/${orderId}`)).statusCode).toBe(200);
    for (const url of [reference, photo]) {
      expect(onDisk(url)).toEqual([false, false, false, false]);
      for (const user of [owner, admin]) expect((await get(url, user)).statusCode).toBe(404);
    }
    expect(await context.database.db.select().from(referencePictures).where(eq(referencePictures.url, reference))).toEqual([]);
  });

  it('go from disk with their owner’s account (npm run delete-user), open and delivered orders alike', async () => {
    const owner = await bed.shopper();
    const open = await orderWithPictures(owner);
    const delivered = await orderWithPictures(owner);
    expect((await bed.send(admin, 'PUT', `/api/orders/status/${delivered.orderId}`, { status: 'delivered' })).statusCode).toBe(200);
    const pending = await uploadReference(owner);
    const all = [open.reference, open.photo, delivered.reference, delivered.photo, pending.url];
    for (const url of all) expect(onDisk(url)).toEqual([true, true, true, true]);

    const deleted = await deleteUserData(context.database.db, owner.email);
    const out = { info: () => {}, error: (line: string) => expect.fail(line) };
    await releaseFiles(context.database, createImageStore(createFileObjectStore(join(context.dataDir, 'uploads'))), deleted, out);
    for (const url of all) {
      expect(onDisk(url), url).toEqual([false, false, false, false]);
      expect((await get(url, admin)).statusCode).toBe(404);
    }
  });

  it('a reference picture left on no order for a day is swept, with its files; one on an order stays', async () => {
    const owner = await bed.shopper();
    const older = await uploadReference(owner);
    const used = await uploadReference(owner);
    await placeOrder(owner, used.id);
    const [row] = await context.database.db.select().from(referencePictures).where(eq(referencePictures.url, older.url));
    const clock = manualClock(new Date(row!.createdAt.getTime() + UNUSED_PICTURE_TTL_MS - 60_000));
    expect(UNUSED_PICTURE_TTL_MS).toBe(DAY_MS);

    await sweepUnusedReferencePictures(context.database.db, context.app.images, clock.now(), context.app.log);
    expect(onDisk(older.url)).toEqual([true, true, true, true]);
    expect((await get(older.url, owner)).statusCode).toBe(200);

    clock.advance(2 * 60_000);
    await sweepUnusedReferencePictures(context.database.db, context.app.images, clock.now(), context.app.log);
    expect(onDisk(older.url)).toEqual([false, false, false, false]);
    expect((await get(older.url, owner)).statusCode).toBe(404);
    expect(await context.database.db.select().from(referencePictures).where(eq(referencePictures.url, older.url))).toEqual([]);
    // A picture on an order is kept as long as the order, however old.
    expect(onDisk(used.url)).toEqual([true, true, true, true]);
    expect((await get(used.url, owner)).statusCode).toBe(200);
  });
});
