import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderListResponseSchema,
  DEFAULT_STITCHING,
  LIMITS,
  OrderListResponseSchema,
  OrderResponseSchema,
  ProfileResponseSchema,
  ReferencePictureResponseSchema,
  type Order,
} from '@thaiyal/contract';
import { addresses, orderLines, orders, products, referencePictures } from '../../db/schema/index.js';
import { deleteUserData } from '../../cli/delete-user.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.js';
import { multipartBody, uploadedFiles, uploadPath } from '../../../test/admin-support.js';
import { REFERENCE_PICTURE_RATE_LIMIT } from './orders.routes.js';

// docs/product.md#stitching-details: each order line's details, kept as a snapshot;
// docs/security.md#uploads-asvs-v5 (ASVS 5.2.x): reference pictures through the image pipeline.

const SHOP = 'shop@thaiyal.test';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const GPS_IFD_TAG_LE = Buffer.from([0x25, 0x88]);

let context: TestContext;
let smtp: SmtpCapture;
/** [stitching only (own fabric), price includes the shop's fabric]. */
let ids: [string, string];
let jpegWithGps: Buffer;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ SMTP_URL: smtp.url, SHOP_EMAIL: SHOP });
  admin = await createUser(context, { role: 'admin' });
  ids = (await seedProducts(context, [
    { name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 100_000, images: [] },
    { name: 'Cotton Chudithar', category: 'chudithar', pricePaise: 150_000, images: [], priceIncludesFabric: true },
  ])) as [string, string];
  jpegWithGps = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#a33' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 39/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 0/1 30/1' } })
    .toBuffer();
});

afterAll(async () => {
  await context.close();
  await smtp.close();
});

/** The first mail to `address` after `since` whose text contains `needle`. */
function mailWith(address: string, needle: string, since: number): Promise<string> {
  return smtp.waitForText(address, needle, since);
}

function call(user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return context.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function shopper(): Promise<TestUser> {
  const user = await createUser(context);
  await context.database.db.insert(addresses).values({
    userId: user.id,
    name: 'Meena',
    phoneNumber: '9843012345',
    doorNumber: '12A',
    street: 'Kovai Road',
    city: 'pollachi',
    state: 'tamilnadu',
    pinCode: '642001',
  });
  return user;
}

async function profile(user: TestUser, name: string, measurements: Record<string, number>, unit?: 'in' | 'cm'): Promise<string> {
  const response = await call(user, 'POST', '/api/measurements', { name, measurements, ...(unit ? { unit } : {}) });
  expect(response.statusCode).toBe(201);
  return ProfileResponseSchema.parse(response.json()).profile._id;
}

async function upload(user: TestUser | null, files: { data: Buffer; field?: string }[]) {
  const { payload, headers } = await multipartBody(
    {},
    files.map((file, index) => ({ field: file.field ?? 'picture', filename: `p${index}.jpg`, type: 'image/jpeg', data: file.data })),
  );
  return context.app.inject({
    method: 'POST',
    url: '/api/orders/reference-pictures',
    headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) },
    payload,
  });
}

async function picture(user: TestUser): Promise<{ id: string; url: string }> {
  const response = await upload(user, [{ data: jpegWithGps }]);
  expect(response.statusCode).toBe(201);
  return ReferencePictureResponseSchema.parse(response.json()).picture;
}

/** `POST /api/orders` with one of each product, each line with the given stitching (undefined: none sent). */
function order(user: TestUser, stitching: [unknown, unknown]) {
  return call(user, 'POST', '/api/orders', {
    items: ids.map((productId, index) => ({
      productId,
      quantity: 1,
      ...(stitching[index] === undefined ? {} : { stitching: stitching[index] }),
    })),
    totalAmt: 2500,
  });
}

async function ordersOf(user: TestUser): Promise<Order[]> {
  const response = await call(user, 'GET', '/api/orders');
  expect(response.statusCode).toBe(200);
  return OrderListResponseSchema.parse(response.json()).orders;
}

async function orderCount(user: TestUser): Promise<number> {
  return (await context.database.db.select().from(orders).where(eq(orders.userId, user.id))).length;
}

describe('the unit of the profile copied onto the line (docs/product.md#stitching-details)', () => {
  it('copies the unit the profile was typed in onto the line, so the tailor reads her numbers first', async () => {
    const user = await shopper();
    const amma = await profile(user, 'Amma', { bust: 900 }, 'cm');
    const response = await order(user, [{ profileId: amma }, undefined]);
    expect(response.statusCode).toBe(201);
    expect(OrderResponseSchema.parse(response.json()).order.items[0]!.stitching.profile).toEqual({
      name: 'Amma',
      measurements: { bust: 900 },
      unit: 'cm',
    });
  });
});

describe('stitching details on POST /api/orders', () => {
  it('takes the original body: every line gets the defaults (measured at the visit, own fabric, no lining)', async () => {
    const user = await shopper();
    const response = await order(user, [undefined, undefined]);
    expect(response.statusCode).toBe(201);
    const placed = OrderResponseSchema.parse(response.json()).order;
    expect(placed.items.map((item) => item.stitching)).toEqual([DEFAULT_STITCHING, DEFAULT_STITCHING]);
    expect((await ordersOf(user))[0]!.items.map((item) => item.stitching)).toEqual([DEFAULT_STITCHING, DEFAULT_STITCHING]);
  });

  it('keeps each line its own details, a snapshot of the profile that editing or deleting it later does not change', async () => {
    const user = await shopper();
    const priya = await profile(user, 'Priya, 8 years', { bust: 610, waist: 560 });
    const pic = await picture(user);
    const since = smtp.mails.length;
    const response = await order(user, [
      { profileId: priya, fabric: 'own', lining: true, notes: '  Boat neck, back hooks  ', pictures: [pic.id] },
      { profileId: null, fabric: 'shop' },
    ]);
    expect(response.statusCode).toBe(201);
    const expected = [
      {
        profile: { name: 'Priya, 8 years', measurements: { bust: 610, waist: 560 }, unit: 'in' },
        fabric: 'own',
        lining: true,
        notes: 'Boat neck, back hooks',
        pictures: [pic.url],
      },
      { ...DEFAULT_STITCHING, fabric: 'shop' },
    ];
    const placed = OrderResponseSchema.parse(response.json()).order;
    expect(placed.items.map((item) => item.stitching)).toEqual(expected);

    // Edit, then delete the profile: the placed order keeps its copy.
    expect((await call(user, 'PUT', `/api/measurements/${priya}`, { name: 'Priya', measurements: { bust: 700 } })).statusCode).toBe(200);
    expect((await call(user, 'DELETE', `/api/measurements/${priya}`)).statusCode).toBe(200);
    expect((await ordersOf(user))[0]!.items.map((item) => item.stitching)).toEqual(expected);

    // The admin's order list shows the same details.
    const adminList = AdminOrderListResponseSchema.parse((await call(admin, 'GET', '/api/orders/status')).json()).orders;
    expect(adminList.find((one) => one.orderId === placed.orderId)!.items.map((item) => item.stitching)).toEqual(expected);

    // Both mails name the details; the shop's has the measurements.
    const shopMail = await mailWith(SHOP, placed.orderId, since);
    expect(shopMail).toContain('For: Priya, 8 years');
    expect(shopMail).toContain('Notes: Boat neck, back hooks');
    // Typed in inches (the form's default), so inches first, as on the admin's card.
    expect(shopMail).toContain('Bust 24 in (61 cm)');
    expect(shopMail).toContain('fabric from the shop');
    const customerMail = await mailWith(user.email, placed.orderId, since);
    expect(customerMail).toContain('with lining');
    expect(customerMail).toContain('Measurements at the home visit');
  });

  it.each([
    ['notes over 500 characters', { notes: 'x'.repeat(501) }, 400, 'stitching.notesTooLong'],
    ['four pictures', { pictures: [UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN] }, 400, 'stitching.tooManyPictures'],
    ['an unknown fabric', { fabric: 'silk' }, 400, undefined],
    ['lining as text', { lining: 'yes' }, 400, undefined],
    ['a malformed profile id', { profileId: 'me' }, 400, undefined],
    ['an unknown field', { neck: 'boat' }, 400, undefined],
    ['shop fabric on a stitching-only product', { fabric: 'shop' }, 400, 'stitching.shopFabricNotOffered'],
    ['an unknown profile', { profileId: UNKNOWN }, 404, 'stitching.profileNotFound'],
    ['an unknown picture', { pictures: [UNKNOWN] }, 404, 'stitching.pictureNotFound'],
  ])('refuses %s and places nothing', async (_name, stitching, status, reason) => {
    const user = await shopper();
    const response = await order(user, [stitching, undefined]);
    expect(response.statusCode).toBe(status);
    if (reason) expect(response.json().reason).toBe(reason);
    expect(await orderCount(user)).toBe(0);
  });

  it("refuses another shopper's profile or picture with the same 404 as an unknown one, and places nothing", async () => {
    const owner = await shopper();
    const theirProfile = await profile(owner, 'Me', { bust: 860 });
    const theirPicture = await picture(owner);
    const user = await shopper();
    const byProfile = await order(user, [{ profileId: theirProfile }, undefined]);
    expect(byProfile.statusCode).toBe(404);
    expect(byProfile.json().message).toBe((await order(user, [{ profileId: UNKNOWN }, undefined])).json().message);
    const byPicture = await order(user, [{ pictures: [theirPicture.id] }, undefined]);
    expect(byPicture.statusCode).toBe(404);
    expect(byPicture.json().reason).toBe('stitching.pictureNotFound');
    expect(await orderCount(user)).toBe(0);
    // The owner can still use her picture: the refusals took nothing.
    expect((await order(owner, [{ pictures: [theirPicture.id] }, undefined])).statusCode).toBe(201);
  });

  it('takes a picture once: named twice in one order is a 400, on a second order a 404', async () => {
    const user = await shopper();
    const pic = await picture(user);
    const twice = await order(user, [{ pictures: [pic.id] }, { pictures: [pic.id] }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().reason).toBe('stitching.pictureTwice');
    expect((await order(user, [{ pictures: [pic.id] }, undefined])).statusCode).toBe(201);
    const again = await order(user, [{ pictures: [pic.id] }, undefined]);
    expect(again.statusCode).toBe(404);
    expect(await orderCount(user)).toBe(1);
  });

  it('deleting the account drops the stitching details of a kept delivered order and releases her pictures', async () => {
    const user = await shopper();
    const me = await profile(user, 'Me', { bust: 860 });
    const pic = await picture(user);
    const placed = OrderResponseSchema.parse(
      (await order(user, [{ profileId: me, notes: 'Boat neck', pictures: [pic.id] }, undefined])).json(),
    ).order;
    await context.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.orderNumber, placed.orderId));
    const deleted = await deleteUserData(context.database.db, user.email);
    expect(deleted.imageUrls).toContain(pic.url);
    const [kept] = await context.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, placed.orderId));
    const lines = await context.database.db
      .select({ stitching: orderLines.stitching })
      .from(orderLines)
      .where(eq(orderLines.orderId, kept!.id));
    expect(lines.map((line) => line.stitching)).toEqual([null, null]);
  });

  it('a refused order (price changed) leaves its picture unused', async () => {
    const user = await shopper();
    const pic = await picture(user);
    const refused = await call(user, 'POST', '/api/orders', {
      items: [{ productId: ids[0], quantity: 1, stitching: { pictures: [pic.id] } }],
      totalAmt: 1,
    });
    expect(refused.statusCode).toBe(409);
    const [row] = await context.database.db.select().from(referencePictures).where(eq(referencePictures.id, pic.id));
    expect(row!.usedAt).toBeNull();
  });
});

describe('POST /api/orders/reference-pictures', () => {
  it('stores a re-encoded WebP without its metadata, under a name the server chose', async () => {
    const user = await shopper();
    const pic = await picture(user);
    expect(pic.url).toMatch(/^\/uploads\/references\/[a-f0-9]{16}-640\.webp$/);
    const stored = await sharp(readFileSync(uploadPath(context, pic.url))).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(jpegWithGps.includes(GPS_IFD_TAG_LE)).toBe(true);
  });

  it.each([
    ['bytes that are no image', () => [{ data: Buffer.from('<svg onload="alert(1)"></svg>') }], 415],
    ['an empty file', () => [{ data: Buffer.alloc(0) }], 400],
    ['two files at once', () => [{ data: jpegWithGps }, { data: jpegWithGps }], 413],
    ['a file under another name', () => [{ data: jpegWithGps, field: 'images' }], 400],
    ['no file', () => [], 400],
  ])('refuses %s and stores nothing', async (_name, files, status) => {
    const user = await shopper();
    const before = uploadedFiles(context).length;
    const response = await upload(user, files());
    expect(response.statusCode).toBe(status);
    expect(uploadedFiles(context)).toHaveLength(before);
    expect(await context.database.db.select().from(referencePictures).where(eq(referencePictures.userId, user.id))).toHaveLength(0);
  });

  it('bounds a shopper’s uploads: 20 an hour (429 with Retry-After), and 30 pictures not yet on an order', async () => {
    const busy = await shopper();
    for (let i = 0; i < REFERENCE_PICTURE_RATE_LIMIT.max; i++) expect((await upload(busy, [{ data: jpegWithGps }])).statusCode).toBe(201);
    const over = await upload(busy, [{ data: jpegWithGps }]);
    expect(over.statusCode).toBe(429);
    expect(over.json().reason).toBe('stitching.tooManyUploads');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    const hoarder = await shopper();
    await context.database.db.insert(referencePictures).values(
      Array.from({ length: LIMITS.maxUnusedStitchingPictures }, (_, i) => ({
        userId: hoarder.id,
        url: `/uploads/references/x${i}-640.webp`,
      })),
    );
    const before = uploadedFiles(context).length;
    const refused = await upload(hoarder, [{ data: jpegWithGps }]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().reason).toBe('stitching.tooManyUnusedPictures');
    expect(uploadedFiles(context)).toHaveLength(before);
  });

  it('refuses a visitor (401) and a JSON body (415)', async () => {
    expect((await upload(null, [{ data: jpegWithGps }])).statusCode).toBe(401);
    const user = await shopper();
    expect((await call(user, 'POST', '/api/orders/reference-pictures', { picture: 'x' })).statusCode).toBe(415);
  });
});

describe('My Orders lines name their product’s category, for the link to it (docs/product.md#my-orders)', () => {
  it('answers each line’s current category, and null for a product the shop has hidden', async () => {
    const user = await shopper();
    expect((await order(user, [undefined, undefined])).statusCode).toBe(201);
    expect((await ordersOf(user))[0]!.items.map((item) => [item.productId, item.category])).toEqual([
      [ids[0], 'saree-blouse'],
      [ids[1], 'chudithar'],
    ]);
    await context.database.db.update(products).set({ hidden: true }).where(eq(products.id, ids[1]));
    try {
      expect((await ordersOf(user))[0]!.items.map((item) => item.category)).toEqual(['saree-blouse', null]);
    } finally {
      await context.database.db.update(products).set({ hidden: false }).where(eq(products.id, ids[1]));
    }
  });
});
