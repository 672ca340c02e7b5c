import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderListResponseSchema, LIMITS, OrderListResponseSchema, StatusUpdateResponseSchema } from '@thaiyal/contract';
import { orderEvents, orders } from '../../db/schema/index.js';
import type { TestContext, TestUser } from '../../../test/harness.js';
import type { SmtpCapture } from '../../../test/smtp-capture.js';
import {
  insertOrder,
  multipartBody,
  openOrderTestBed,
  plainText,
  uploadedFiles,
  uploadPath,
  type OrderTestBed,
  type TestFile,
} from '../../../test/admin-support.js';

// docs/product.md#designed-photos: up to 3 photos of the finished garment with the status "designed".

let bed: OrderTestBed<['Meena', 'Kavya']>;
let context: TestContext, smtp: SmtpCapture, admin: TestUser, meena: TestUser, kavya: TestUser;
let jpeg: Buffer;

beforeAll(async () => {
  bed = await openOrderTestBed({ shoppers: ['Meena', 'Kavya'] });
  ({ context, smtp, admin } = bed);
  [meena, kavya] = bed.shoppers;
  jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#7a2' } })
    .jpeg()
    .toBuffer();
});

afterAll(() => bed?.close());

const photo = (filename = 'garment.jpg', data = jpeg): TestFile => ({ field: 'photos', filename, type: 'image/jpeg', data });

async function putStatus(orderId: string, status: string, files: TestFile[], cookie = admin.cookie) {
  const { payload, headers } = await multipartBody({ status }, files);
  return context.app.inject({ method: 'PUT', url: `/api/orders/status/${orderId}`, headers: { ...headers, cookie }, payload });
}

/** The order's stored photos, status and number of timeline steps. */
async function stored(orderId: string) {
  const [row] = await context.database.db.select().from(orders).where(eq(orders.orderNumber, orderId));
  const events = await context.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, row!.id));
  return { status: row!.status, photos: row!.photos, steps: events.length };
}

describe('PUT /api/orders/status/:orderId with photos: storing and showing them', () => {
  it('stores up to 3 photos with "designed", answers them, shows them to their shopper and in the status mail', async () => {
    const orderId = await insertOrder(context, meena.id, { status: 'visited' });
    const since = smtp.mails.length;
    const response = await putStatus(orderId, 'designed', [photo('a.jpg'), photo('b.jpg')]);
    expect(response.statusCode).toBe(200);
    const { order } = StatusUpdateResponseSchema.parse(response.json());
    expect(order.status).toBe('designed');
    expect(order.photos).toHaveLength(2);
    for (const url of order.photos!) {
      expect(url).toMatch(/^\/uploads\/references\/[a-z0-9-]+-\d+\.webp$/);
      expect(existsSync(uploadPath(context, url))).toBe(true);
      // Stored through the image pipeline: re-encoded WebP, metadata stripped.
      const metadata = await sharp(uploadPath(context, url)).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      // Hers and the admins' only (docs/security.md#private-pictures; test/security/private-pictures.test.ts).
      expect((await context.app.inject({ method: 'GET', url, headers: { cookie: meena.cookie } })).statusCode).toBe(200);
    }

    const own = await context.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: meena.cookie } });
    expect(OrderListResponseSchema.parse(own.json()).orders.find((one) => one.orderId === orderId)?.photos).toEqual(order.photos);
    const all = AdminOrderListResponseSchema.parse(
      (await context.app.inject({ method: 'GET', url: '/api/orders/status', headers: { cookie: admin.cookie } })).json(),
    );
    expect(all.orders.find((one) => one.orderId === orderId)?.photos).toEqual(order.photos);

    // docs/architecture.md#mail: the photos travel inside the mail as JPEGs shown inline near the
    // top (no link that needs the photo to be public), read through the object store although the
    // references folder is private, and the status in her words.
    const mail = await smtp.waitFor(meena.email, { since });
    const text = plainText(mail);
    expect(text).toContain(`Your order ${orderId}: Stitching done.`);
    expect(text).toContain('The photos of your garment are in this mail (2).');
    expect(text).toContain('உங்கள் ஆடையின் புகைப்படங்கள் இந்த மின்னஞ்சலில் உள்ளன (2).');
    expect(text).not.toContain('/uploads/references/');
    const parsed = await PostalMime.parse(mail.raw);
    const pictures = parsed.attachments.filter((attachment) => attachment.contentId);
    expect(pictures.map((picture) => [picture.mimeType, picture.contentId])).toEqual([
      ['image/jpeg', '<picture-1@thaiyal>'],
      ['image/jpeg', '<picture-2@thaiyal>'],
    ]);
    const decoded = await sharp(Buffer.from(pictures[0]!.content as ArrayBuffer)).metadata();
    expect([decoded.format, decoded.width]).toEqual(['jpeg', 640]);
    const html = parsed.html!;
    expect(html).toContain('src="cid:picture-1@thaiyal"');
    expect(html.indexOf('cid:picture-1@thaiyal')).toBeLessThan(html.indexOf('Hello Meena,'));
    expect(html).not.toContain('.webp');
    // docs/security.md#private-pictures: a copy to her only, and no link to a private picture;
    // the button sends her to her orders page, where her signed-in session sees them.
    expect(html).not.toContain('/uploads/');
    expect(text).toContain('http://localhost:3000/myOrders');
  });

  it('a shopper sees only her own orders’ photos', async () => {
    const orderId = await insertOrder(context, meena.id, { status: 'visited' });
    const response = await putStatus(orderId, 'designed', [photo()]);
    const [url] = StatusUpdateResponseSchema.parse(response.json()).order.photos!;
    await insertOrder(context, kavya.id);
    const hers = await context.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: kavya.cookie } });
    expect(hers.statusCode).toBe(200);
    expect(hers.body).not.toContain(url);
    expect(OrderListResponseSchema.parse(hers.json()).orders.every((one) => one.photos?.length === 0)).toBe(true);
  });

  it('new photos replace the old ones, whose files are removed; the status mail goes again', async () => {
    const orderId = await insertOrder(context, meena.id, { status: 'visited' });
    const first = StatusUpdateResponseSchema.parse((await putStatus(orderId, 'designed', [photo()])).json()).order.photos!;
    const since = smtp.mails.length;
    const second = await putStatus(orderId, 'designed', [photo('new.jpg')]);
    expect(second.statusCode).toBe(200);
    const photos = StatusUpdateResponseSchema.parse(second.json()).order.photos!;
    expect(photos).toHaveLength(1);
    expect(photos[0]).not.toBe(first[0]);
    expect(existsSync(uploadPath(context, first[0]!))).toBe(false);
    expect(existsSync(uploadPath(context, photos[0]!))).toBe(true);
    // Still one "designed" step: the status did not change.
    expect((await stored(orderId)).steps).toBe(2);
    await smtp.waitFor(meena.email, { since });
  });

  it('JSON {status} still works and keeps the photos', async () => {
    const orderId = await insertOrder(context, meena.id, { status: 'visited' });
    const photos = StatusUpdateResponseSchema.parse((await putStatus(orderId, 'designed', [photo()])).json()).order.photos!;
    const response = await context.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${orderId}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'delivered' },
    });
    expect(response.statusCode).toBe(200);
    expect(StatusUpdateResponseSchema.parse(response.json()).order).toMatchObject({ status: 'delivered', photos });
    // A multipart status change without photos works too.
    const plain = await putStatus(orderId, 'designed', []);
    expect(plain.statusCode).toBe(200);
    expect(StatusUpdateResponseSchema.parse(plain.json()).order).toMatchObject({ status: 'designed', photos });
  });
});

describe('PUT /api/orders/status/:orderId with photos: what it refuses', () => {
  const notAnImage: TestFile = { field: 'photos', filename: 'fake.jpg', type: 'image/jpeg', data: Buffer.from('not an image at all') };
  const cases: Array<[string, () => Promise<{ status: string; files: TestFile[] }>, number, RegExp]> = [
    ['photos with another status', async () => ({ status: 'visited', files: [photo()] }), 400, /only when the status is designed/],
    [
      `more than ${LIMITS.maxDesignedPhotos} photos`,
      async () => ({ status: 'designed', files: [photo('1.jpg'), photo('2.jpg'), photo('3.jpg'), photo('4.jpg')] }),
      413,
      /at most 3 photos/,
    ],
    ['a file that is not an image', async () => ({ status: 'designed', files: [photo(), notAnImage] }), 415, /.+/],
    [
      'a file over 10 MB',
      async () => ({ status: 'designed', files: [photo('big.jpg', Buffer.alloc(LIMITS.maxImageBytes + 1, 1))] }),
      413,
      /at most 10 MB/,
    ],
    ['photos under another field name', async () => ({ status: 'designed', files: [{ ...photo(), field: 'images' }] }), 400, /.+/],
    ['an unknown status', async () => ({ status: 'stitched', files: [photo()] }), 400, /.+/],
  ];

  it.each(cases)('refuses %s with a clear error, storing no file and changing nothing', async (_name, make, status, message) => {
    const orderId = await insertOrder(context, meena.id, { status: 'visited' });
    const before = await stored(orderId);
    const filesBefore = uploadedFiles(context);
    const { status: wanted, files } = await make();
    const response = await putStatus(orderId, wanted, files);
    expect(response.statusCode).toBe(status);
    expect((response.json() as { message: string }).message).toMatch(message);
    expect(await stored(orderId)).toEqual(before);
    expect(uploadedFiles(context)).toEqual(filesBefore);
  });

  it('an unknown order is 404 and keeps no file', async () => {
    const filesBefore = uploadedFiles(context);
    const response = await putStatus('TH-NOPE00', 'designed', [photo()]);
    expect(response.statusCode).toBe(404);
    expect(uploadedFiles(context)).toEqual(filesBefore);
  });

  it('is admin only: a visitor gets 401 and a shopper 403 for her own order, with nothing stored (ASVS 8.2.1)', async () => {
    const orderId = await insertOrder(context, meena.id, { status: 'visited' });
    const before = await stored(orderId);
    const filesBefore = uploadedFiles(context);
    const { payload, headers } = await multipartBody({ status: 'designed' }, [photo()]);
    const visitor = await context.app.inject({ method: 'PUT', url: `/api/orders/status/${orderId}`, headers, payload });
    expect(visitor.statusCode).toBe(401);
    expect((await putStatus(orderId, 'designed', [photo()], meena.cookie)).statusCode).toBe(403);
    expect(await stored(orderId)).toEqual(before);
    expect(uploadedFiles(context)).toEqual(filesBefore);
  });
});

describe('PUT /api/orders/status/:orderId with photos: deleting the order', () => {
  it('deleting a delivered order removes its photos', async () => {
    const orderId = await insertOrder(context, meena.id, { status: 'visited' });
    const [url] = StatusUpdateResponseSchema.parse((await putStatus(orderId, 'designed', [photo()])).json()).order.photos!;
    await context.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${orderId}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'delivered' },
    });
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/orders/delivered/delete/${orderId}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(existsSync(uploadPath(context, url!))).toBe(false);
  });
});
