import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CartResponseSchema,
  CATALOG_MESSAGES,
  OrderListResponseSchema,
  OrderResponseSchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  type Product,
} from '@thaiyal/contract';
import { cartLines, productImages, products } from '../../db/schema/index.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { planImages } from './admin-products.service.js';
import { multipartBody, saveTestAddress, uploadPath, uploadedFiles, type TestFile } from '../../../test/admin-support.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let context: TestContext;
let admin: TestUser;
let customer: TestUser;
let jpeg: Buffer;
let productId: string;

beforeAll(async () => {
  context = await createTestContext();
  admin = await createUser(context, { role: 'admin' });
  customer = await createUser(context, { role: 'customer' });
  jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await context?.close();
});

beforeEach(async () => {
  const ids = await seedProducts(context, [
    {
      name: 'Silk Blouse',
      pricePaise: 120_000,
      category: 'saree-blouse',
      images: ['/uploads/products/a-640.webp', '/uploads/products/b-640.webp'],
    },
  ]);
  productId = ids[0]!;
});

const file = (data: Buffer = jpeg, filename = 'new.jpg'): TestFile => ({ field: 'images', filename, type: 'image/jpeg', data });

function patchJson(id: string, payload: unknown, cookie: string | null = admin.cookie) {
  return context.app.inject({
    method: 'PATCH',
    url: `/api/product/${id}`,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
}

async function patchForm(id: string, fields: Record<string, string | string[]>, files: TestFile[] = []) {
  const { payload, headers } = await multipartBody(fields, files);
  return context.app.inject({ method: 'PATCH', url: `/api/product/${id}`, payload, headers: { ...headers, cookie: admin.cookie } });
}

async function stored(id: string) {
  const [row] = await context.database.db.select().from(products).where(eq(products.id, id));
  const images = await context.database.db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(productImages.position);
  return { row, images: images.map((image) => image.url) };
}

async function publicProduct(id: string) {
  return context.app.inject({ method: 'GET', url: `/api/product/${id}` });
}

describe('PATCH /api/product/:id as JSON', () => {
  it('edits every field and the shop shows the edit at once', async () => {
    const before = (await publicProduct(productId)).json() as { product: Product };
    expect(before.product.price).toBe(1200);
    const response = await patchJson(productId, {
      name: 'Kanchi Silk Blouse',
      nameTa: 'காஞ்சி பட்டு ரவிக்கை',
      description: 'Pure silk, lined.',
      descriptionTa: 'தூய பட்டு.',
      price: 1350.5,
      compareAtPrice: 1600,
      priceIncludesFabric: true,
      category: 'aariwork-blouse',
      isFeatured: true,
    });
    expect(response.statusCode).toBe(200);
    const { product } = ProductResponseSchema.parse(response.json());
    expect(product).toMatchObject({
      name: 'Kanchi Silk Blouse',
      nameTa: 'காஞ்சி பட்டு ரவிக்கை',
      price: 1350.5,
      compareAtPrice: 1600,
      priceIncludesFabric: true,
      category: 'aariwork-blouse',
      isFeatured: true,
      hidden: false,
    });
    const shown = ProductResponseSchema.parse((await publicProduct(productId)).json()).product;
    expect(shown).toMatchObject({ name: 'Kanchi Silk Blouse', price: 1350.5, compareAtPrice: 1600 });
    const list = ProductListResponseSchema.parse(
      (await context.app.inject({ method: 'GET', url: '/api/product/category/aariwork-blouse' })).json(),
    );
    expect(list.products.map((one) => one._id)).toContain(productId);
  });

  it('null clears the compare-at price; a new price must stay below an MRP it keeps', async () => {
    expect((await patchJson(productId, { compareAtPrice: 1500 })).statusCode).toBe(200);
    const above = await patchJson(productId, { price: 1500 });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ reason: 'catalog.compareAtNotAbovePrice' });
    const cleared = await patchJson(productId, { compareAtPrice: null, price: 1500 });
    expect(cleared.statusCode).toBe(200);
    expect(ProductResponseSchema.parse(cleared.json()).product).toMatchObject({ price: 1500, compareAtPrice: null });
  });

  it('hides a product: gone from the shop, kept in the admin list', async () => {
    const response = await patchJson(productId, { hidden: true });
    expect(response.statusCode).toBe(200);
    expect(ProductResponseSchema.parse(response.json()).product.hidden).toBe(true);
    const page = await publicProduct(productId);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ reason: 'catalog.productUnavailable' });
    const adminList = await context.app.inject({ method: 'GET', url: '/api/product/admin', headers: { cookie: admin.cookie } });
    const listed = ProductListResponseSchema.parse(adminList.json()).products.find((one) => one._id === productId);
    expect(listed?.hidden).toBe(true);
    expect((await patchJson(productId, { hidden: false })).statusCode).toBe(200);
    expect((await publicProduct(productId)).statusCode).toBe(200);
  });

  it.each<[string, unknown, string]>([
    ['an empty body', {}, CATALOG_MESSAGES.nothingToChange],
    ['a price as text', { price: '1200' }, 'price'],
    ['a negative price', { price: -5 }, 'price'],
    ['a zero price', { price: 0 }, 'price'],
    ['an absurd price', { price: 1e12 }, 'price'],
    ['three decimals', { price: 12.345 }, 'price'],
    ['a compare-at price at the price', { compareAtPrice: 1200 }, CATALOG_MESSAGES.compareAtNotAbovePrice],
    ['a compare-at price below a new price', { price: 900, compareAtPrice: 800 }, CATALOG_MESSAGES.compareAtNotAbovePrice],
    ['an unknown category', { category: 'sarees' }, 'category'],
    ['a too-long name', { name: 'x'.repeat(81) }, 'name'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a too-long Tamil description', { descriptionTa: 'அ'.repeat(2001) }, 'descriptionTa'],
    ['featured as text', { isFeatured: 'yes' }, 'isFeatured'],
    ['hidden as a number', { hidden: 1 }, 'hidden'],
    ['an unknown field', { images: ['/uploads/x.webp'] }, 'images'],
    ['a body that is an array', [1], 'expected object'],
    ['a body that is null', null, 'expected object'],
  ])('refuses %s with 400 and changes nothing', async (_, body, expected) => {
    const response = await patchJson(productId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(expected);
    const { row } = await stored(productId);
    expect(row).toMatchObject({ name: 'Silk Blouse', pricePaise: 120_000, compareAtPricePaise: null, category: 'saree-blouse' });
  });

  it.each<[string, Record<string, string>, string, number]>([
    ['no body', { 'content-type': 'application/json' }, '', 400],
    ['broken JSON', { 'content-type': 'application/json' }, '{"price": ', 400],
    ['plain text', { 'content-type': 'text/plain' }, 'price=5', 400],
  ])('refuses %s and changes nothing', async (_, headers, payload, status) => {
    const response = await context.app.inject({
      method: 'PATCH',
      url: `/api/product/${productId}`,
      headers: { ...headers, cookie: admin.cookie },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toHaveProperty('message');
    expect((await stored(productId)).row?.pricePaise).toBe(120_000);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const unknown = await patchJson(UNKNOWN, { price: 100 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Product not found' });
    expect((await patchJson('not-a-uuid', { price: 100 })).statusCode).toBe(400);
  });

  it.each<[string, () => string | null, number]>([
    ['a visitor', () => null, 401],
    ['a customer', () => customer.cookie, 403],
  ])('refuses %s (%#)', async (_, cookie, status) => {
    const response = await patchJson(productId, { price: 1 }, cookie());
    expect(response.statusCode).toBe(status);
    expect((await stored(productId)).row?.pricePaise).toBe(120_000);
  });
});

describe('PATCH /api/product/:id as multipart (pictures)', () => {
  it('adds, removes and reorders pictures through the image pipeline', async () => {
    const response = await patchForm(productId, { price: '999', imageOrder: ['new:0', '/uploads/products/b-640.webp'] }, [file()]);
    expect(response.statusCode).toBe(200);
    const { product } = ProductResponseSchema.parse(response.json());
    expect(product.price).toBe(999);
    expect(product.images).toHaveLength(2);
    expect(product.images[1]).toBe('/uploads/products/b-640.webp');
    expect(product.images[0]).toMatch(/^\/uploads\/products\/.+\.webp$/);
    expect(existsSync(uploadPath(context, product.images[0]!))).toBe(true);
    expect((await stored(productId)).images).toEqual(product.images);
    const shown = ProductResponseSchema.parse((await publicProduct(productId)).json()).product;
    expect(shown.images).toEqual(product.images);
  });

  it('without an order, keeps the pictures and adds the new ones after them', async () => {
    const response = await patchForm(productId, {}, [file()]);
    expect(response.statusCode).toBe(200);
    const { images } = ProductResponseSchema.parse(response.json()).product;
    expect(images.slice(0, 2)).toEqual(['/uploads/products/a-640.webp', '/uploads/products/b-640.webp']);
    expect(images).toHaveLength(3);
  });

  it('takes the text fields as a form: flags and an empty compare-at price', async () => {
    const response = await patchForm(productId, { hidden: 'true', isFeatured: 'true', compareAtPrice: '', nameTa: 'பட்டு' });
    expect(response.statusCode).toBe(200);
    expect(ProductResponseSchema.parse(response.json()).product).toMatchObject({
      hidden: true,
      isFeatured: true,
      compareAtPrice: null,
      nameTa: 'பட்டு',
    });
  });

  const A = '/uploads/products/a-640.webp';
  const B = '/uploads/products/b-640.webp';
  it.each<[string, Record<string, string | string[]>, number, string]>([
    ['only a removed picture', { imageOrder: 'new:5' }, 0, CATALOG_MESSAGES.imageOrderUnknown],
    ['a picture of another product', { imageOrder: [A, '/uploads/products/other-640.webp'] }, 0, CATALOG_MESSAGES.imageOrderUnknown],
    ['a picture twice', { imageOrder: [A, A] }, 0, CATALOG_MESSAGES.imageOrderRepeated],
    ['a new file left out of the order', { imageOrder: [A, B] }, 1, CATALOG_MESSAGES.imageOrderIncomplete],
    ['seven pictures', {}, 5, CATALOG_MESSAGES.tooManyImages],
    ['seven files', { imageOrder: ['new:0'] }, 7, CATALOG_MESSAGES.tooManyImages],
    ['a flag other than true or false', { hidden: 'yes' }, 0, CATALOG_MESSAGES.flagInvalid],
    ['a price with a comma', { price: '1,200' }, 0, 'price'],
    ['a compare-at price below the price', { compareAtPrice: '100' }, 0, CATALOG_MESSAGES.compareAtNotAbovePrice],
    ['an unknown field', { role: 'admin' }, 0, 'role'],
    ['nothing at all', {}, 0, CATALOG_MESSAGES.nothingToChange],
  ])('refuses %s with 400 and writes no file', async (_, fields, files, expected) => {
    const before = uploadedFiles(context);
    const response = await patchForm(
      productId,
      fields,
      Array.from({ length: files }, (__, n) => file(jpeg, `p${n}.jpg`)),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(expected);
    expect(uploadedFiles(context)).toEqual(before);
    expect(await stored(productId)).toMatchObject({ row: { pricePaise: 120_000, hidden: false }, images: [A, B] });
  });

  it('refuses an empty picture order: a product keeps at least one picture', async () => {
    const response = await patchForm(productId, { imageOrder: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('imageOrder');
    expect((await stored(productId)).images).toEqual([A, B]);
    // A form cannot send an empty list; the rule itself, for an order that keeps nothing:
    expect(() => planImages([A, B], [], 0)).toThrow(CATALOG_MESSAGES.imageRequired);
    expect(() => planImages([A], undefined, 6)).toThrow(CATALOG_MESSAGES.tooManyImages);
  });

  it('refuses bad image bytes with 415 and removes the pictures it had stored', async () => {
    const before = uploadedFiles(context);
    const response = await patchForm(productId, { price: '500' }, [file(), file(Buffer.from('not an image at all'), 'fake.jpg')]);
    expect(response.statusCode).toBe(415);
    expect(uploadedFiles(context)).toEqual(before);
    expect(await stored(productId)).toMatchObject({ row: { pricePaise: 120_000 }, images: [A, B] });
  });

  it('answers 404 for an unknown product and stores no file', async () => {
    const before = uploadedFiles(context);
    const response = await patchForm(UNKNOWN, { price: '500' }, [file()]);
    expect(response.statusCode).toBe(404);
    expect(uploadedFiles(context)).toEqual(before);
  });
});

describe('an order placed before an edit', () => {
  it('keeps the name, price and picture it was sold with', async () => {
    const shopper = await createUser(context);
    await saveTestAddress(context, shopper.id);
    const placed = await context.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: shopper.cookie },
      payload: { items: [{ productId, quantity: 2 }], totalAmt: 2400 },
    });
    expect(placed.statusCode).toBe(201);
    const order = OrderResponseSchema.parse(placed.json()).order;

    const edit = await patchForm(productId, { name: 'Renamed Blouse', price: '1999', imageOrder: 'new:0' }, [file()]);
    expect(edit.statusCode).toBe(200);

    const mine = OrderListResponseSchema.parse(
      (await context.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: shopper.cookie } })).json(),
    ).orders.find((one) => one.orderId === order.orderId);
    expect(mine?.items[0]).toMatchObject({ name: 'Silk Blouse', price: 1200, image: '/uploads/products/a-640.webp' });
    expect(mine?.totalPrice).toBe(2400);
  });
});

describe('a hidden product', () => {
  let shopper: TestUser;
  beforeEach(async () => {
    shopper = await createUser(context);
    await saveTestAddress(context, shopper.id);
  });

  const inject = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    context.app.inject({ method, url, headers: { cookie: shopper.cookie }, ...(payload ? { payload } : {}) });

  it.each<[string, (id: string) => Promise<{ statusCode: number; json: () => unknown }>]>([
    ['POST /api/cart', (id) => inject('POST', '/api/cart', { productId: id })],
    ['PUT /api/cart/:productId raising the quantity', (id) => inject('PUT', `/api/cart/${id}`, { quantity: 3 })],
    ['POST /api/orders', (id) => inject('POST', '/api/orders', { items: [{ productId: id, quantity: 1 }], totalAmt: 1200 })],
  ])('is refused by %s with 409', async (_, request) => {
    await context.database.db.insert(cartLines).values({ userId: shopper.id, productId, quantity: 1 });
    expect((await patchJson(productId, { hidden: true })).statusCode).toBe(200);
    const response = await request(productId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: CATALOG_MESSAGES.productUnavailable, reason: 'catalog.productUnavailable' });
    const [line] = await context.database.db.select().from(cartLines).where(eq(cartLines.userId, shopper.id));
    expect(line?.quantity).toBe(1);
  });

  it('stays in the cart unseen, may be lowered, and comes back when shown again', async () => {
    await context.database.db.insert(cartLines).values({ userId: shopper.id, productId, quantity: 2 });
    await patchJson(productId, { hidden: true });
    expect(CartResponseSchema.parse((await inject('GET', '/api/cart')).json())).toEqual({ items: [], total: 0 });
    expect((await inject('PUT', `/api/cart/${productId}`, { quantity: 1 })).statusCode).toBe(200);
    await patchJson(productId, { hidden: false });
    const cart = CartResponseSchema.parse((await inject('GET', '/api/cart')).json());
    expect(cart.items.map((item) => [item._id, item.quantity])).toEqual([[productId, 1]]);
  });
});
