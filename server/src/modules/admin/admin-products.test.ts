import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AdminProductListResponseSchema,
  BannerListResponseSchema,
  BannerResponseSchema,
  IMAGE_WIDTHS,
  ProductListResponseSchema,
  ProductResponseSchema,
  imageUrlAt,
  shareImageUrl,
  storedImageUrls,
  type Product,
} from '@thaiyal/contract';
import { banners, cancelledOrders, orderLines, productImages, products } from '../../db/schema/index.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { insertOrder, multipartBody, uploadPath, uploadedFiles, type TestFile } from '../../../test/admin-support.js';

let context: TestContext;
let admin: TestUser;
let customer: TestUser;
let jpegWithGps: Buffer;
let png: Buffer;
let pixelBomb: Buffer;

const GPS_IFD_TAG_LE = Buffer.from([0x25, 0x88]);

beforeAll(async () => {
  context = await createTestContext();
  admin = await createUser(context, { role: 'admin' });
  customer = await createUser(context, { role: 'customer' });
  jpegWithGps = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#a33' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Secret Owner', Artist: 'Camera Person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 39/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 0/1 30/1' },
    })
    .toBuffer();
  png = await sharp({ create: { width: 400, height: 400, channels: 4, background: '#2a6c' } })
    .png()
    .toBuffer();
  // 100 megapixels declared, 300 KB on the wire: refused before decoding.
  pixelBomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
});

afterAll(async () => {
  await context?.close();
});

const jpegFile = (filename = 'photo.jpg'): TestFile => ({ field: 'images', filename, type: 'image/jpeg', data: jpegWithGps });
const pngFile = (filename = 'flat.png'): TestFile => ({ field: 'images', filename, type: 'image/png', data: png });

const VALID_FIELDS = {
  name: 'Aari Bridal Blouse',
  description: 'Hand-worked aari on silk.',
  price: '1250.50',
  category: 'aariwork-blouse',
};

async function postProduct(fields: Record<string, string | string[]>, files: TestFile[], cookie = admin.cookie) {
  const { payload, headers } = await multipartBody(fields, files);
  return context.app.inject({ method: 'POST', url: '/api/product', payload, headers: { ...headers, cookie } });
}

async function postBanner(fields: Record<string, string>, files: TestFile[]) {
  const { payload, headers } = await multipartBody(fields, files);
  return context.app.inject({ method: 'POST', url: '/api/banner', payload, headers: { ...headers, cookie: admin.cookie } });
}

async function categoryNames(category: string): Promise<string[]> {
  const response = await context.app.inject({ method: 'GET', url: `/api/product/category/${category}` });
  return ProductListResponseSchema.parse(response.json()).products.map((product) => product.name);
}

describe('POST /api/product', () => {
  let created: Product;

  it('stores a product with its images as WebP at every width, metadata stripped, and answers 201 {product}', async () => {
    expect((await sharp(jpegWithGps).metadata()).exif?.includes(GPS_IFD_TAG_LE)).toBe(true);
    const response = await postProduct(VALID_FIELDS, [jpegFile(), pngFile()]);
    expect(response.statusCode).toBe(201);
    created = ProductResponseSchema.parse(response.json()).product;
    expect(created).toMatchObject({
      name: 'Aari Bridal Blouse',
      description: 'Hand-worked aari on silk.',
      price: 1250.5,
      category: 'aariwork-blouse',
      isFeatured: false,
      reviews: [],
    });
    expect(created.images).toHaveLength(2);
    for (const url of created.images) {
      // Names the server made, never the uploaded file's name.
      expect(url).toMatch(/^\/uploads\/products\/[a-z0-9]+-640\.webp$/);
      expect(url).not.toContain('photo');
      for (const width of IMAGE_WIDTHS) {
        const stored = readFileSync(uploadPath(context, imageUrlAt(url, width)));
        const metadata = await sharp(stored).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.width).toBe(width);
        // PRODUCT_IMAGE_ASPECT 3:4.
        expect(metadata.height).toBe(Math.round((width * 4) / 3));
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.icc).toBeUndefined();
        expect(stored.includes(Buffer.from('Secret Owner'))).toBe(false);
      }
    }
    expect(uploadedFiles(context)).toHaveLength(created.images.flatMap(storedImageUrls).length);
    const [row] = await context.database.db.select().from(products).where(eq(products.id, created._id));
    expect(row?.pricePaise).toBe(125_050);
  });

  it('shows the new product to shoppers on their next request', async () => {
    expect(await categoryNames('aariwork-blouse')).toContain('Aari Bridal Blouse');
    const one = await context.app.inject({ method: 'GET', url: `/api/product/${created._id}` });
    expect(one.statusCode).toBe(200);
    expect(ProductResponseSchema.parse(one.json()).product.images).toEqual(created.images);
    // The stored file is served.
    const image = await context.app.inject({ method: 'GET', url: created.images[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // Its share-preview JPEG too (docs/product.md#share-previews: WhatsApp does not reliably take WebP).
    const jpeg = await context.app.inject({ method: 'GET', url: shareImageUrl(created.images[0]!) });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('keeps only the first 6 of 7 images', async () => {
    const before = uploadedFiles(context).length;
    const files = Array.from({ length: 7 }, (_, index) => (index % 2 === 0 ? pngFile(`p${index}.png`) : jpegFile(`j${index}.jpg`)));
    const response = await postProduct({ ...VALID_FIELDS, name: 'Seven Pictures' }, files);
    expect(response.statusCode).toBe(201);
    const { product } = ProductResponseSchema.parse(response.json());
    expect(product.images).toHaveLength(6);
    expect(uploadedFiles(context).length - before).toBe(product.images.flatMap(storedImageUrls).length);
    const rows = await context.database.db.select().from(productImages).where(eq(productImages.productId, product._id));
    expect(rows.map((row) => row.position).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('accepts a price without decimals and keeps Tamil text', async () => {
    const response = await postProduct(
      { name: 'பட்டுப் பாவாடை', description: 'குழந்தைகளுக்கான பட்டுப் பாவாடை', price: '899', category: 'kids-dress-pattupavadai' },
      [pngFile()],
    );
    expect(response.statusCode).toBe(201);
    expect(ProductResponseSchema.parse(response.json()).product).toMatchObject({ name: 'பட்டுப் பாவாடை', price: 899 });
  });

  it('keeps whether the price includes the fabric: stitching only unless the form says so', async () => {
    const withFabric = await postProduct({ ...VALID_FIELDS, priceIncludesFabric: 'true' }, [pngFile()]);
    expect(withFabric.statusCode).toBe(201);
    expect(ProductResponseSchema.parse(withFabric.json()).product.priceIncludesFabric).toBe(true);
    const stitchingOnly = await postProduct(VALID_FIELDS, [pngFile()]);
    expect(ProductResponseSchema.parse(stitchingOnly.json()).product.priceIncludesFabric).toBe(false);
    // Shoppers see it too.
    const id = ProductResponseSchema.parse(withFabric.json()).product._id;
    const shown = await context.app.inject({ method: 'GET', url: `/api/product/${id}` });
    expect(ProductResponseSchema.parse(shown.json()).product.priceIncludesFabric).toBe(true);
  });
});

/**
 * Registers, in the describe that calls it, a beforeEach noting the uploaded files and the
 * number of products; returns the check that a refused request left both as they were.
 */
function trackNothingChanged(): () => Promise<void> {
  let filesBefore: string[];
  let productsBefore: number;

  beforeEach(async () => {
    filesBefore = uploadedFiles(context);
    productsBefore = (await context.database.db.select({ id: products.id }).from(products)).length;
  });

  return async function expectNothingChanged() {
    expect(uploadedFiles(context)).toEqual(filesBefore);
    expect(await context.database.db.select({ id: products.id }).from(products)).toHaveLength(productsBefore);
  };
}

describe('POST /api/product refuses bad fields with a clear 400 and leaves nothing behind', () => {
  const expectNothingChanged = trackNothingChanged();

  const { name: _name, ...withoutName } = VALID_FIELDS;
  const { price: _price, ...withoutPrice } = VALID_FIELDS;
  const { category: _category, ...withoutCategory } = VALID_FIELDS;
  const { description: _description, ...withoutDescription } = VALID_FIELDS;

  it.each([
    { label: 'a missing name', fields: withoutName, field: 'name' },
    { label: 'a missing price', fields: withoutPrice, field: 'price' },
    { label: 'a missing category', fields: withoutCategory, field: 'category' },
    { label: 'a missing description', fields: withoutDescription, field: 'description' },
    { label: 'a blank name', fields: { ...VALID_FIELDS, name: '   ' }, field: 'name' },
    { label: 'a price of 0', fields: { ...VALID_FIELDS, price: '0' }, field: 'price' },
    { label: 'a price of 0.00', fields: { ...VALID_FIELDS, price: '0.00' }, field: 'price' },
    { label: 'a negative price', fields: { ...VALID_FIELDS, price: '-100' }, field: 'price' },
    { label: 'a price as text', fields: { ...VALID_FIELDS, price: 'five hundred' }, field: 'price' },
    { label: 'a price with 3 decimals', fields: { ...VALID_FIELDS, price: '10.999' }, field: 'price' },
    { label: 'an unknown category', fields: { ...VALID_FIELDS, category: 'saree' }, field: 'category' },
    { label: 'a name over 80 characters', fields: { ...VALID_FIELDS, name: 'x'.repeat(81) }, field: 'name' },
    { label: 'a field sent twice', fields: { ...VALID_FIELDS, price: ['100', '200'] }, field: 'price' },
    { label: 'an unknown field (isFeatured)', fields: { ...VALID_FIELDS, isFeatured: 'true' }, field: undefined },
    {
      label: 'a fabric flag that is not true or false',
      fields: { ...VALID_FIELDS, priceIncludesFabric: 'yes' },
      field: 'priceIncludesFabric',
    },
  ])('$label → 400 naming the field', async ({ fields, field }) => {
    const response = await postProduct(fields, [pngFile()]);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('bad_request');
    expect(body.issues.length).toBeGreaterThan(0);
    if (field) {
      expect(body.issues.map((issue: { path: string[] }) => issue.path[1])).toContain(field);
      expect(body.message).toContain(field);
    }
    await expectNothingChanged();
  });

  it('no image at all → 400', async () => {
    const response = await postProduct(VALID_FIELDS, []);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', message: 'Add at least one image' });
    await expectNothingChanged();
  });

  it('bad fields and no image → one 400 listing both', async () => {
    const response = await postProduct({ ...VALID_FIELDS, price: '0' }, []);
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((issue: { path: string[] }) => issue.path[1]);
    expect(paths).toEqual(expect.arrayContaining(['price', 'images']));
  });
});

describe('POST /api/product refuses bad image files with a clear 413 or 415 and leaves nothing behind', () => {
  const expectNothingChanged = trackNothingChanged();

  it.each([
    {
      label: 'a text file renamed .jpg',
      file: { field: 'images', filename: 'x.jpg', type: 'image/jpeg', data: Buffer.from('this is not a picture at all\n'.repeat(40)) },
      status: 415,
    },
    {
      label: 'an SVG',
      file: {
        field: 'images',
        filename: 'logo.svg',
        type: 'image/svg+xml',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><script>alert(1)</script><rect width="300" height="400" fill="red"/></svg>',
        ),
      },
      status: 415,
    },
    {
      label: 'an SVG renamed .png and declared image/png',
      file: {
        field: 'images',
        filename: 'logo.png',
        type: 'image/png',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40"><rect width="30" height="40"/></svg>'),
      },
      status: 415,
    },
    {
      label: 'a file over 10 MB',
      file: { field: 'images', filename: 'huge.jpg', type: 'image/jpeg', data: Buffer.alloc(11 * 1024 * 1024, 7) },
      status: 413,
    },
  ])('$label → $status', async ({ file, status }) => {
    const response = await postProduct(VALID_FIELDS, [file]);
    expect(response.statusCode).toBe(status);
    if (status === 413) {
      expect(response.json()).toEqual({
        code: 'too_large',
        message: 'Each image must be at most 10 MB',
        reason: 'admin.imageTooLarge',
        params: { maxMegabytes: 10 },
      });
    } else expect(response.json().code).toBe('unsupported_media_type');
    await expectNothingChanged();
  });

  it('a pixel bomb (a small PNG declaring 10000×10000) → 413', async () => {
    expect(pixelBomb.length).toBeLessThan(1024 * 1024);
    const response = await postProduct(VALID_FIELDS, [{ field: 'images', filename: 'bomb.png', type: 'image/png', data: pixelBomb }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('too_large');
    await expectNothingChanged();
  });

  it('good images followed by a bad one: the good ones already stored are removed', async () => {
    const response = await postProduct(VALID_FIELDS, [
      jpegFile(),
      pngFile(),
      { field: 'images', filename: 'x.jpg', type: 'image/jpeg', data: Buffer.from('not an image') },
    ]);
    expect(response.statusCode).toBe(415);
    await expectNothingChanged();
  });

  it('a 7th image over 10 MB is still refused (it is read, then thrown away)', async () => {
    const files = [...Array.from({ length: 6 }, () => pngFile()), { ...pngFile('big.png'), data: Buffer.alloc(11 * 1024 * 1024) }];
    const response = await postProduct(VALID_FIELDS, files);
    expect(response.statusCode).toBe(413);
    await expectNothingChanged();
  });
});

describe('POST /api/product refuses a bad multipart body with a clear 4xx and leaves nothing behind', () => {
  const expectNothingChanged = trackNothingChanged();

  it('a file under another field name → 400', async () => {
    const response = await postProduct(VALID_FIELDS, [{ ...pngFile(), field: 'picture' }]);
    expect(response.statusCode).toBe(400);
    await expectNothingChanged();
  });

  it('more than 20 files → 413', async () => {
    const tiny = await sharp({ create: { width: 3, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const files = Array.from({ length: 21 }, (_, index) => ({
      field: 'images',
      filename: `${index}.png`,
      type: 'image/png',
      data: tiny,
    }));
    const response = await postProduct(VALID_FIELDS, files);
    expect(response.statusCode).toBe(413);
    await expectNothingChanged();
  });

  it('a JSON body instead of multipart → 415', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: { ...VALID_FIELDS, images: ['/uploads/products/x-640.webp'] },
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(415);
    await expectNothingChanged();
  });

  it('a multipart body without a boundary or cut short → 400, never 500', async () => {
    const noBoundary = await context.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: 'garbage',
      headers: { cookie: admin.cookie, 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    const { payload, headers } = await multipartBody(VALID_FIELDS, [pngFile()]);
    const truncated = await context.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: payload.subarray(0, payload.length - 200),
      headers: { ...headers, cookie: admin.cookie },
    });
    expect(truncated.statusCode).toBe(400);
    await expectNothingChanged();
  });
});

describe('GET /api/product/admin by page (docs/product.md#lists-by-page)', () => {
  /** `GET /api/product/admin?{query}` as the admin, parsed. */
  async function productsPage(query: string) {
    const response = await context.app.inject({ method: 'GET', url: `/api/product/admin?${query}`, headers: { cookie: admin.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return AdminProductListResponseSchema.parse(response.json());
  }

  it('pages every product, hidden ones too, newest first, and finds one by its English or Tamil name', async () => {
    await seedProducts(
      context,
      Array.from({ length: 12 }, (_, index) => ({
        name: `Paged Blouse ${index}`,
        nameTa: index === 4 ? 'பட்டு ரவிக்கை' : '',
        hidden: index % 3 === 0,
        createdAt: new Date(Date.UTC(2030, 0, 1, index)),
      })),
    );
    const everything = (await context.app.catalog.get()).adminProducts.map((product) => product._id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body: Awaited<ReturnType<typeof productsPage>> = await productsPage(`limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.products.length).toBeLessThanOrEqual(5);
      seen.push(...body.products.map((product) => product._id));
      cursor = body.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(everything);
    const first = await productsPage('limit=12&q=paged%20BLOUSE');
    expect(first.products.map((product) => product.name)).toEqual(Array.from({ length: 12 }, (_, index) => `Paged Blouse ${11 - index}`));
    expect(first.products.filter((product) => product.hidden)).toHaveLength(4);
    expect((await productsPage(`q=${encodeURIComponent('ரவிக்கை')}`)).products.map((product) => product.name)).toEqual(['Paged Blouse 4']);
    const split = await productsPage('limit=5&q=paged');
    const next = await productsPage(`limit=5&q=paged&cursor=${split.nextCursor}`);
    expect(next.products.map((product) => product.name)).toEqual([
      'Paged Blouse 6',
      'Paged Blouse 5',
      'Paged Blouse 4',
      'Paged Blouse 3',
      'Paged Blouse 2',
    ]);
  });

  it('refuses a bad limit and a cursor of another list; 401 for a visitor, 403 for a customer', async () => {
    const ask = (query: string, cookie = admin.cookie) =>
      context.app.inject({ method: 'GET', url: `/api/product/admin?${query}`, headers: cookie ? { cookie } : {} });
    expect((await ask('limit=101')).json()).toMatchObject({ code: 'bad_request', reason: 'paging.badLimit' });
    const foreign = Buffer.from('k.1795780371948000.00000000-0000-4000-8000-000000000000').toString('base64url');
    expect((await ask(`cursor=${foreign}`)).json()).toMatchObject({ code: 'bad_request', reason: 'paging.badCursor' });
    expect((await ask('limit=5', '')).statusCode).toBe(401);
    expect((await ask('limit=5', customer.cookie)).statusCode).toBe(403);
  });
});

describe('PUT /api/product/:id (featured toggle)', () => {
  it('flips isFeatured, answers {product}, and the featured list follows', async () => {
    const [id] = await seedProducts(context, [{ name: 'Toggle Frock', category: 'ball-frock' }]);
    const featuredNames = async () =>
      ProductListResponseSchema.parse((await context.app.inject({ method: 'GET', url: '/api/product/featured' })).json()).products.map(
        (product) => product.name,
      );
    expect(await featuredNames()).not.toContain('Toggle Frock');

    const on = await context.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: { cookie: admin.cookie } });
    expect(on.statusCode).toBe(200);
    expect(ProductResponseSchema.parse(on.json()).product).toMatchObject({ _id: id, isFeatured: true });
    expect(await featuredNames()).toContain('Toggle Frock');
    const category = await context.app.inject({ method: 'GET', url: '/api/product/category/ball-frock' });
    expect(ProductListResponseSchema.parse(category.json()).products.find((p) => p._id === id)?.isFeatured).toBe(true);

    const off = await context.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: { cookie: admin.cookie } });
    expect(ProductResponseSchema.parse(off.json()).product.isFeatured).toBe(false);
    expect(await featuredNames()).not.toContain('Toggle Frock');
  });

  it.each([
    { label: 'an unknown id', id: '00000000-0000-4000-8000-000000000000', status: 404 },
    { label: 'a malformed id', id: 'not-a-uuid', status: 400 },
  ])('$label → $status', async ({ id, status }) => {
    const response = await context.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(status);
  });
});

describe('DELETE /api/product/:id', () => {
  it('removes the product and its image files; shoppers no longer see it', async () => {
    const created = ProductResponseSchema.parse(
      (await postProduct({ ...VALID_FIELDS, name: 'Short-lived', category: 'gather-pant' }, [pngFile(), jpegFile()])).json(),
    ).product;
    // Every WebP width and the share-preview JPEG (docs/product.md#share-previews).
    const files = created.images.flatMap((url) => storedImageUrls(url).map((stored) => uploadPath(context, stored)));
    expect(files.filter((file) => file.endsWith('.jpg'))).toHaveLength(created.images.length);
    expect(files.every((file) => existsSync(file))).toBe(true);
    expect(await categoryNames('gather-pant')).toContain('Short-lived');

    const response = await context.app.inject({ method: 'DELETE', url: `/api/product/${created._id}`, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Product deleted' });
    expect(files.some((file) => existsSync(file))).toBe(false);
    expect(await categoryNames('gather-pant')).not.toContain('Short-lived');
    expect((await context.app.inject({ method: 'GET', url: `/api/product/${created._id}` })).statusCode).toBe(404);
    const again = await context.app.inject({ method: 'DELETE', url: `/api/product/${created._id}`, headers: { cookie: admin.cookie } });
    expect(again.statusCode).toBe(404);
  });

  it('keeps the image files that an order line or a cancelled-order record still shows', async () => {
    const created = ProductResponseSchema.parse(
      (await postProduct({ ...VALID_FIELDS, name: 'Ordered Once', category: 'palazzo-pant' }, [pngFile(), jpegFile(), pngFile()])).json(),
    ).product;
    const [ordered, cancelledShown, unused] = created.images as [string, string, string];
    const orderNumber = await insertOrder(context, customer.id, {
      status: 'delivered',
      lines: [{ productId: created._id, name: 'Ordered Once', image: ordered, pricePaise: 125_050 }],
    });
    const [record] = await context.database.db
      .insert(cancelledOrders)
      .values({
        orderNumber: 'TH-GONE01',
        username: 'Meena',
        phoneNumber: '9876543210',
        reason: 'late',
        productInfo: [{ image: cancelledShown, name: 'Ordered Once' }],
      })
      .returning({ id: cancelledOrders.id });

    const response = await context.app.inject({ method: 'DELETE', url: `/api/product/${created._id}`, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(existsSync(uploadPath(context, ordered))).toBe(true);
    expect(existsSync(uploadPath(context, cancelledShown))).toBe(true);
    expect(existsSync(uploadPath(context, unused))).toBe(false);
    // The order keeps its own copy; its product link is cleared.
    const [line] = await context.database.db.select().from(orderLines).where(eq(orderLines.image, ordered));
    expect(line).toMatchObject({ productId: null, name: 'Ordered Once', pricePaise: 125_050 });

    // When the last record showing an image goes, so does its file.
    const deleteOrder = await context.app.inject({
      method: 'DELETE',
      url: `/api/orders/delivered/delete/${orderNumber}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleteOrder.statusCode).toBe(200);
    expect(existsSync(uploadPath(context, ordered))).toBe(false);
    const deleteRecord = await context.app.inject({
      method: 'DELETE',
      url: `/api/orders/delete/${record!.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleteRecord.statusCode).toBe(200);
    expect(existsSync(uploadPath(context, cancelledShown))).toBe(false);
  });

  it('a product whose image rows name files that are gone is still deleted', async () => {
    const [id] = await seedProducts(context, [
      { name: 'Ghost', images: ['/uploads/products/ghost-640.webp', 'https://elsewhere.example/x.png'] },
    ]);
    const response = await context.app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
  });
});

describe('banners', () => {
  it('POST /api/banner stores one 16:7 WebP banner, answers 201 {banner}, and the carousel list shows it', async () => {
    const response = await postBanner({ category: 'embroidery' }, [
      { field: 'image', filename: 'b.jpg', type: 'image/jpeg', data: jpegWithGps },
    ]);
    expect(response.statusCode).toBe(201);
    const { banner } = BannerResponseSchema.parse(response.json());
    expect(banner.category).toBe('embroidery');
    expect(banner.image).toMatch(/^\/uploads\/banners\/[a-z0-9]+-640\.webp$/);
    const metadata = await sharp(readFileSync(uploadPath(context, banner.image))).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 640, height: Math.round((640 * 7) / 16) });
    expect(metadata.exif).toBeUndefined();

    const list = BannerListResponseSchema.parse((await context.app.inject({ method: 'GET', url: '/api/banner' })).json());
    expect(list.banners).toContainEqual(banner);

    const deleted = await context.app.inject({ method: 'DELETE', url: `/api/banner/${banner._id}`, headers: { cookie: admin.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Banner deleted' });
    // Every WebP width and the share-preview JPEG go with it.
    for (const stored of storedImageUrls(banner.image)) expect(existsSync(uploadPath(context, stored))).toBe(false);
    const after = BannerListResponseSchema.parse((await context.app.inject({ method: 'GET', url: '/api/banner' })).json());
    expect(after.banners.map((one) => one._id)).not.toContain(banner._id);
    expect(await context.database.db.select().from(banners).where(eq(banners.id, banner._id))).toEqual([]);
  });

  describe('bad banner input leaves nothing behind', () => {
    const image: TestFile = { field: 'image', filename: 'b.png', type: 'image/png', data: Buffer.alloc(0) };

    it.each<{ label: string; fields: Record<string, string>; file: string; status: number }>([
      { label: 'a missing category', fields: {}, file: 'png', status: 400 },
      { label: 'a product category instead of a banner one', fields: { category: 'saree-blouse' }, file: 'png', status: 400 },
      { label: 'no image', fields: { category: 'aari' }, file: 'none', status: 400 },
      { label: 'a text file', fields: { category: 'aari' }, file: 'text', status: 415 },
      { label: 'a pixel bomb', fields: { category: 'aari' }, file: 'bomb', status: 413 },
    ])('$label → $status', async ({ fields, file, status }) => {
      const before = uploadedFiles(context);
      const bannersBefore = await context.database.db.select().from(banners);
      const data = file === 'png' ? png : file === 'bomb' ? pixelBomb : Buffer.from('hello, not an image');
      const response = await postBanner(fields, file === 'none' ? [] : [{ ...image, data }]);
      expect(response.statusCode).toBe(status);
      expect(uploadedFiles(context)).toEqual(before);
      expect(await context.database.db.select().from(banners)).toEqual(bannersBefore);
    });
  });

  it.each([
    { label: 'an unknown banner', id: '00000000-0000-4000-8000-000000000000', status: 404 },
    { label: 'a malformed id', id: '123', status: 400 },
  ])('DELETE /api/banner/:id of $label → $status', async ({ id, status }) => {
    const response = await context.app.inject({ method: 'DELETE', url: `/api/banner/${id}`, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(status);
  });
});
