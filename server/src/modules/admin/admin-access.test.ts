import sharp from 'sharp';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, cancelledOrders, orders, products, servedPinCodes, visitSlots } from '../../db/schema/index.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { insertOrder, multipartBody, uploadedFiles } from '../../../test/admin-support.js';

let context: TestContext;
let customer: TestUser;
let admin: TestUser;
let productId: string;
let bannerId: string;
let deliveredOrder: string;
let cancelledId: string;
let upload: { payload: Buffer; headers: Record<string, string> };
let bannerUpload: { payload: Buffer; headers: Record<string, string> };

beforeAll(async () => {
  context = await createTestContext();
  customer = await createUser(context, { role: 'customer' });
  admin = await createUser(context, { role: 'admin' });
  productId = (await seedProducts(context, [{ name: 'Guarded Blouse' }]))[0]!;
  const [banner] = await context.database.db
    .insert(banners)
    .values({ category: 'aari', image: '/uploads/banners/guarded-640.webp' })
    .returning({ id: banners.id });
  bannerId = banner!.id;
  deliveredOrder = await insertOrder(context, customer.id, { status: 'delivered' });
  const [record] = await context.database.db
    .insert(cancelledOrders)
    .values({ orderNumber: 'TH-CANCEL', username: 'x', phoneNumber: '9876543210', reason: 'changed my mind', productInfo: [] })
    .returning({ id: cancelledOrders.id });
  cancelledId = record!.id;
  const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#336' } })
    .png()
    .toBuffer();
  upload = await multipartBody({ name: 'Sneaky', description: 'Should never be stored', price: '100', category: 'saree-blouse' }, [
    { field: 'images', filename: 'a.png', type: 'image/png', data: png },
  ]);
  bannerUpload = await multipartBody({ category: 'aari' }, [{ field: 'image', filename: 'b.png', type: 'image/png', data: png }]);
});

afterAll(async () => {
  await context?.close();
});

/** Every admin endpoint (docs/product.md#admin-dashboard), with a body that would succeed for an admin. */
function adminRoutes() {
  return [
    { method: 'POST', url: '/api/product', body: () => upload },
    { method: 'PUT', url: `/api/product/${productId}` },
    { method: 'DELETE', url: `/api/product/${productId}` },
    { method: 'POST', url: '/api/banner', body: () => bannerUpload },
    { method: 'DELETE', url: `/api/banner/${bannerId}` },
    { method: 'GET', url: '/api/orders/status' },
    { method: 'PUT', url: `/api/orders/status/${deliveredOrder}`, json: { status: 'call' } },
    { method: 'DELETE', url: `/api/orders/delivered/delete/${deliveredOrder}` },
    { method: 'GET', url: '/api/orders/cancel' },
    { method: 'DELETE', url: `/api/orders/delete/${cancelledId}` },
    { method: 'GET', url: '/api/contact' },
    { method: 'GET', url: '/api/admin/service-area' },
    { method: 'PUT', url: '/api/admin/service-area', json: { pinCodes: [{ pinCode: '642001', area: 'Pollachi' }] } },
    { method: 'GET', url: '/api/admin/service-area/requests' },
    { method: 'GET', url: '/api/admin/visit-slots' },
    {
      method: 'PUT',
      url: '/api/admin/visit-slots',
      json: { slots: [{ start: '10:00', end: '13:00', capacity: 2 }], closedWeekdays: [0], closedDates: [] },
    },
  ] as const;
}

const ROUTE_NAMES = [
  'POST /api/product',
  'PUT /api/product/:id',
  'DELETE /api/product/:id',
  'POST /api/banner',
  'DELETE /api/banner/:id',
  'GET /api/orders/status',
  'PUT /api/orders/status/:orderId',
  'DELETE /api/orders/delivered/delete/:orderId',
  'GET /api/orders/cancel',
  'DELETE /api/orders/delete/:id',
  'GET /api/contact',
  'GET /api/admin/service-area',
  'PUT /api/admin/service-area',
  'GET /api/admin/service-area/requests',
  'GET /api/admin/visit-slots',
  'PUT /api/admin/visit-slots',
];

const cases = ROUTE_NAMES.flatMap((name, index) => [
  { name, index, who: 'visitor' as const, status: 401, code: 'unauthorized' },
  { name, index, who: 'customer' as const, status: 403, code: 'forbidden' },
]);

describe('every admin endpoint refuses anyone but an admin', () => {
  it.each(cases)('$name: a $who gets $status', async ({ index, who, status, code }) => {
    const route = adminRoutes()[index]!;
    const headers: Record<string, string> = who === 'customer' ? { cookie: customer.cookie } : {};
    const multipart = 'body' in route ? route.body() : undefined;
    const response = await context.app.inject({
      method: route.method,
      url: route.url,
      headers: { ...headers, ...(multipart?.headers ?? {}) },
      ...(multipart ? { payload: multipart.payload } : {}),
      ...('json' in route ? { payload: route.json } : {}),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code });
  });

  it('changed nothing while refusing', async () => {
    const db = context.database.db;
    const [product] = await db.select().from(products).where(eq(products.id, productId));
    expect(product).toMatchObject({ name: 'Guarded Blouse', isFeatured: false });
    expect(await db.select().from(products)).toHaveLength(1);
    expect(await db.select().from(banners)).toHaveLength(1);
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, deliveredOrder));
    expect(order?.status).toBe('delivered');
    expect(await db.select().from(cancelledOrders)).toHaveLength(1);
    expect(await db.select().from(servedPinCodes)).toHaveLength(7);
    expect(await db.select().from(visitSlots).where(isNull(visitSlots.retiredAt))).toHaveLength(3);
    expect(uploadedFiles(context)).toEqual([]);
  });

  it('an expired or forged session is a visitor', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/orders/status',
      headers: { cookie: `access_token=${admin.accessToken.slice(0, -4)}AAAA` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('the same requests succeed for an admin (the table above tests the guard, not a broken route)', async () => {
    const statuses: number[] = [];
    for (const route of adminRoutes()) {
      const multipart = 'body' in route ? route.body() : undefined;
      const response = await context.app.inject({
        method: route.method,
        url: route.url,
        headers: { cookie: admin.cookie, ...(multipart?.headers ?? {}) },
        ...(multipart ? { payload: multipart.payload } : {}),
        ...('json' in route ? { payload: route.json } : {}),
      });
      statuses.push(response.statusCode);
    }
    // Status set to 'call' before the delete: that delete is the 409 of an undelivered order.
    expect(statuses).toEqual([201, 200, 200, 201, 200, 200, 200, 409, 200, 200, 200, 200, 200, 200, 200, 200]);
  });
});
