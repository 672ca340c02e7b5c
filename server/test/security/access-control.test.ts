import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, ORDER_STATUSES, priceChangedMessage } from '@thaiyal/contract';
import { cancelledOrders, cartLines, orderLines, orders, products, users, wishlistItems } from '../../src/db/schema/index.js';
import { insertOrder, multipartBody, uploadedFiles } from '../admin-support.js';
import { call, CookieJar, freshIp } from '../auth-support.js';
import { changedTables, snapshotDb } from '../db-snapshot.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../harness.js';
import { fillPath, listRoutes } from './support.js';

/**
 * Access control and business rules (docs/security.md; ASVS 5.0 V8 Authorization, V15.3.3 mass
 * assignment, V2.2 input validation), one named test per rule. Each refused request is also
 * checked to have changed nothing in any table.
 */
let context: TestContext;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let blouse: string;
let frock: string;
let aliceOrder: string;

const BLOUSE_PAISE = 125_050;
const FROCK_PAISE = 89_900;
const ADDRESS = { name: 'Alice', phoneNumber: '9876543210', doorNumber: '4B', street: 'Market Road', pinCode: '642001' };

/** Routes anyone may call (docs/product.md#roles-and-permissions visitor, docs/architecture.md#http-api added routes). Everything else needs sign-in. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/product',
  'GET /api/product/featured',
  'GET /api/product/tiles',
  'GET /api/product/search',
  'GET /api/product/recommend',
  'GET /api/product/category/:category',
  'GET /api/product/:id',
  'GET /api/banner',
  'GET /api/shop-info',
  'GET /api/shop/trust',
  'POST /api/contact',
  'GET /api/service-area/:pinCode',
  'POST /api/service-area/waitlist',
  'GET /api/visit-slots',
  // The shop's VAPID public key (docs/security.md#notifications): public by its nature.
  'GET /api/push/key',
  'POST /api/auth/signup',
  'POST /api/auth/signin',
  'POST /api/auth/verify/otp',
  'POST /api/auth/resend-otp',
  'POST /api/auth/forgot',
  'PUT /api/auth/reset/:token',
  'POST /api/auth/refresh-token',
  'POST /api/auth/logout',
  'GET *',
  'GET /sitemap.xml',
  'GET /robots.txt',
  // docs/product.md#installing-the-shop: the same for everyone, in the asked language.
  'GET /manifest.webmanifest',
  'GET /opportunities',
  // Reachable by anyone, but a customer's picture answers 404 to all but her and the admins
  // (docs/security.md#private-pictures; test/security/private-pictures.test.ts).
  'GET /uploads/references/:file',
  // A shared order's tracking page: opened by its unguessable token alone (docs/security.md#tracking-links).
  'GET /track/:token',
]);

/** Routes for any signed-in user (docs/product.md#roles-and-permissions logged-in user), each on the user's own data only. */
const SIGNED_IN_ROUTES = new Set([
  'GET /api/auth/check',
  'POST /api/auth/address',
  'GET /api/wishlist',
  'POST /api/wishlist',
  'GET /api/cart',
  'POST /api/cart',
  'DELETE /api/cart',
  'PUT /api/cart/:productId',
  'POST /api/comment',
  'GET /api/orders',
  'POST /api/orders',
  'POST /api/orders/quote',
  'POST /api/orders/cancel',
  'POST /api/orders/reference-pictures',
  'GET /api/orders/bill/:orderId',
  'POST /api/orders/:orderId/appointments',
  'POST /api/orders/:orderId/sign-off',
  'POST /api/orders/:orderId/share-link',
  'DELETE /api/orders/:orderId/share-link',
  'POST /api/orders/:orderId/alterations',
  'POST /api/push/subscriptions',
  'DELETE /api/push/subscriptions',
  'GET /api/measurements',
  'POST /api/measurements',
  'PUT /api/measurements/:id',
  'DELETE /api/measurements/:id',
]);

/** The admin routes of docs/product.md#roles-and-permissions, docs/product.md#api that must at least be found among the rest. */
const KNOWN_ADMIN_ROUTES = [
  'POST /api/product',
  'PUT /api/product/:id',
  'PATCH /api/product/:id',
  'GET /api/product/admin',
  'DELETE /api/product/:id',
  'POST /api/banner',
  'PUT /api/tailor-photo',
  'DELETE /api/tailor-photo',
  'DELETE /api/banner/:id',
  'GET /api/orders/status',
  'PUT /api/orders/status/:orderId',
  'POST /api/admin/orders/:orderId/payments',
  'GET /api/admin/collections',
  'GET /api/admin/reports',
  'GET /api/admin/orders.csv',
  'GET /api/admin/hsn-codes',
  'PUT /api/admin/hsn-codes',
  'GET /api/admin/lead-times',
  'PUT /api/admin/lead-times',
  'PUT /api/admin/orders/:orderId/ready-by',
  'GET /api/admin/orders/at-risk',
  'POST /api/admin/orders/:orderId/appointments',
  'DELETE /api/admin/orders/:orderId/appointments/:id',
  'PUT /api/admin/orders/:orderId/measurements',
  'POST /api/admin/orders/:orderId/sign-off',
  'PUT /api/admin/orders/:orderId/sign-off',
  'GET /api/admin/alterations',
  'PUT /api/admin/alterations/:id',
  'GET /api/orders/cancel',
  'DELETE /api/orders/delete/:id',
  'DELETE /api/orders/delivered/delete/:orderId',
  'GET /api/contact',
  'GET /api/admin/service-area',
  'PUT /api/admin/service-area',
  'GET /api/admin/service-area/requests',
  'GET /api/admin/visit-slots',
  'PUT /api/admin/visit-slots',
];

beforeAll(async () => {
  context = await createTestContext();
  [alice, bob, admin] = [await createUser(context), await createUser(context), await createUser(context, { role: 'admin' })];
  [blouse, frock] = (await seedProducts(context, [
    { name: 'Guarded Blouse', pricePaise: BLOUSE_PAISE },
    { name: 'Guarded Frock', pricePaise: FROCK_PAISE, category: 'ball-frock' },
  ])) as [string, string];
  for (const user of [alice, bob]) {
    expect((await as(user, 'POST', '/api/auth/address', { ...ADDRESS, name: user.username })).statusCode).toBe(200);
  }
  aliceOrder = await insertOrder(context, alice.id, { lines: [{ productId: blouse, name: 'Guarded Blouse', pricePaise: BLOUSE_PAISE }] });
  for (let i = 0; i < 3; i++) expect((await as(alice, 'POST', '/api/cart', { productId: blouse })).statusCode).toBe(200);
  expect((await as(alice, 'POST', '/api/wishlist', { productId: frock })).statusCode).toBe(200);
});

afterAll(async () => {
  await context?.close();
});

/** A request as `user` (undefined: a visitor), with a JSON body or a raw string payload. */
function as(user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const jar = new CookieJar();
  if (user) jar.set('access_token', user.accessToken);
  return call(context.app, method, url, { jar, body, ip: freshIp() });
}

async function expectNothingChanged<T>(action: () => Promise<T>): Promise<T> {
  // Earlier requests' mails leave the outbox in the background; let them go first.
  await context.app.outbox.wake();
  const before = await snapshotDb(context.database.db);
  const result = await action();
  expect(changedTables(before, await snapshotDb(context.database.db))).toEqual([]);
  return result;
}

describe('objects belong to their owner (ASVS 8.2.2)', () => {
  it("ASVS 8.2.2 a customer cannot see another customer's orders (IDOR)", async () => {
    const bobs = await as(bob, 'GET', '/api/orders');
    expect(bobs.statusCode).toBe(200);
    expect(JSON.stringify(bobs.json())).not.toContain(aliceOrder);
    expect((await as(bob, 'GET', '/api/orders/status')).statusCode).toBe(403);
    const alices = await as(alice, 'GET', '/api/orders');
    expect(alices.json().orders.map((order: { orderId: string }) => order.orderId)).toContain(aliceOrder);
  });

  it("ASVS 8.2.2 a customer cannot cancel another customer's order, and cannot tell it exists (IDOR)", async () => {
    const { foreign, unknown } = await expectNothingChanged(async () => ({
      foreign: await as(bob, 'POST', '/api/orders/cancel', { orderId: aliceOrder, reason: 'not mine' }),
      unknown: await as(bob, 'POST', '/api/orders/cancel', { orderId: 'TH-ZZZZZZ', reason: 'not mine' }),
    }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    expect(await context.database.db.select().from(orders).where(eq(orders.orderNumber, aliceOrder))).toHaveLength(1);
    expect(await context.database.db.select().from(cancelledOrders)).toHaveLength(0);
  });

  it("ASVS 8.2.2 a customer cannot book a visit on another customer's order, and cannot tell it exists (IDOR)", async () => {
    // docs/product.md#trial-and-delivery-visits: her own order's delivery visit only.
    const body = { kind: 'delivery', date: '2026-12-10', slotId: '00000000-0000-4000-8000-000000000000' };
    const { foreign, unknown } = await expectNothingChanged(async () => ({
      foreign: await as(bob, 'POST', `/api/orders/${aliceOrder}/appointments`, body),
      unknown: await as(bob, 'POST', '/api/orders/TH-ZZZZZZ/appointments', body),
    }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
  });

  it("ASVS 8.2.2 a customer cannot share or stop sharing another customer's order, and cannot tell it exists (IDOR)", async () => {
    // docs/product.md#sharing-an-orders-progress: her own order's tracking link only.
    const answers = await expectNothingChanged(async () => ({
      foreign: await as(bob, 'POST', `/api/orders/${aliceOrder}/share-link`),
      unknown: await as(bob, 'POST', '/api/orders/TH-ZZZZZZ/share-link'),
      foreignStop: await as(bob, 'DELETE', `/api/orders/${aliceOrder}/share-link`),
      unknownStop: await as(bob, 'DELETE', '/api/orders/TH-ZZZZZZ/share-link'),
    }));
    expect(answers.foreign.statusCode).toBe(404);
    expect(answers.foreign.body).toBe(answers.unknown.body);
    expect(answers.foreignStop.statusCode).toBe(404);
    expect(answers.foreignStop.body).toBe(answers.unknownStop.body);
  });

  it("ASVS 8.2.2 a customer cannot ask for an alteration on another customer's order, and cannot tell it exists (IDOR)", async () => {
    // docs/product.md#free-alterations: her own delivered order's garments only.
    const body = { productId: blouse, problem: 'tight', note: 'not mine' };
    const { foreign, unknown } = await expectNothingChanged(async () => ({
      foreign: await as(bob, 'POST', `/api/orders/${aliceOrder}/alterations`, body),
      unknown: await as(bob, 'POST', '/api/orders/TH-ZZZZZZ/alterations', body),
    }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
  });

  it("ASVS 8.2.2 a customer cannot read or change another customer's cart (IDOR)", async () => {
    await expectNothingChanged(async () => {
      expect((await as(bob, 'PUT', `/api/cart/${blouse}`, { quantity: 1 })).statusCode).toBe(404);
      expect((await as(bob, 'PUT', `/api/cart/${blouse}`, { quantity: 0 })).statusCode).toBe(404);
      expect((await as(bob, 'DELETE', '/api/cart', { productId: blouse })).statusCode).toBe(200);
      expect((await as(bob, 'GET', '/api/cart')).json()).toEqual({ items: [], total: 0 });
    });
    const [line] = await context.database.db.select().from(cartLines).where(eq(cartLines.userId, alice.id));
    expect(line).toMatchObject({ productId: blouse, quantity: 3 });
  });

  it("ASVS 8.2.2 a customer cannot read or change another customer's wishlist (IDOR)", async () => {
    const added = await as(bob, 'POST', '/api/wishlist', { productId: frock });
    expect(added.json().products.map((product: { _id: string }) => product._id)).toEqual([frock]);
    expect((await as(bob, 'POST', '/api/wishlist', { productId: frock })).json()).toEqual({ products: [] });
    const alices = await context.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, alice.id));
    expect(alices.map((item) => item.productId)).toEqual([frock]);
    expect((await as(bob, 'GET', '/api/wishlist')).json()).toEqual({ products: [] });
  });
});

describe('functions belong to their role (ASVS 8.2.1)', () => {
  const values = () => ({ id: blouse, productId: blouse, orderId: aliceOrder, category: 'saree-blouse', token: 'x', pinCode: '642001' });

  it('ASVS 8.2.1 every admin route refuses a customer (403) and a visitor (401), and changes nothing', async () => {
    const routes = listRoutes(context.app).map((route) => ({ ...route, name: `${route.method} ${route.path}` }));
    const adminRoutes = routes.filter((route) => !PUBLIC_ROUTES.has(route.name) && !SIGNED_IN_ROUTES.has(route.name));
    // Every route not known to be public or a shopper's is treated as an admin route, so a
    // new route without a guard fails here until it is classified.
    expect(adminRoutes.map((route) => route.name)).toEqual(expect.arrayContaining(KNOWN_ADMIN_ROUTES));
    await expectNothingChanged(async () => {
      for (const route of adminRoutes) {
        const url = fillPath(route.path, values());
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const body = method === 'GET' || method === 'DELETE' ? undefined : { status: 'delivered' };
        const byCustomer = await as(alice, method, url, body);
        expect(byCustomer.statusCode, `${route.name} as a customer`).toBe(403);
        expect(byCustomer.json()).toMatchObject({ code: 'forbidden', message: 'Admins only' });
        expect((await as(undefined, method, url, body)).statusCode, `${route.name} as a visitor`).toBe(401);
      }
    });
  });

  it('ASVS 8.2.1 every shopper route refuses a visitor (401)', async () => {
    await expectNothingChanged(async () => {
      for (const name of SIGNED_IN_ROUTES) {
        const [method, path] = name.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
        const body = method === 'GET' ? undefined : { productId: blouse, quantity: 1, orderId: aliceOrder, reason: 'x' };
        const response = await as(undefined, method, fillPath(path, values()), body);
        expect(response.statusCode, name).toBe(401);
      }
    });
  });
});

describe('clients cannot set what the server decides (ASVS 15.3.3, 2.2.3)', () => {
  it('ASVS 15.3.3 mass assignment of role, price, status, totals or userId is refused and changes nothing', async () => {
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#733' } })
      .png()
      .toBuffer();
    const featured = await multipartBody({ name: 'Sneaky', description: 'x', price: '100', category: 'saree-blouse', isFeatured: 'true' }, [
      { field: 'images', filename: 'a.png', type: 'image/png', data: png },
    ]);
    const item = { productId: blouse, quantity: 1 };
    const total = BLOUSE_PAISE / 100;
    const cases: [TestUser | undefined, 'POST' | 'PUT', string, Record<string, unknown>][] = [
      [
        undefined,
        'POST',
        '/api/auth/signup',
        { username: 'Mallory', email: 'mallory@example.com', password: 'long enough', role: 'admin' },
      ],
      [
        undefined,
        'POST',
        '/api/auth/signup',
        { username: 'Mallory', email: 'mallory@example.com', password: 'long enough', verified: true },
      ],
      [bob, 'POST', '/api/auth/address', { ...ADDRESS, role: 'admin' }],
      [bob, 'POST', '/api/auth/address', { ...ADDRESS, userId: alice.id }],
      [bob, 'POST', '/api/cart', { productId: blouse, price: 1 }],
      [bob, 'POST', '/api/cart', { productId: blouse, userId: alice.id }],
      [bob, 'PUT', `/api/cart/${blouse}`, { quantity: 1, price: 1 }],
      [bob, 'POST', '/api/wishlist', { productId: blouse, userId: alice.id }],
      [bob, 'POST', '/api/orders', { items: [{ ...item, price: 0.01 }], totalAmt: 0.01 }],
      [bob, 'POST', '/api/orders', { items: [item], totalAmt: total, status: 'delivered' }],
      [bob, 'POST', '/api/orders', { items: [item], totalAmt: total, totalPrice: 0.01 }],
      [bob, 'POST', '/api/orders', { items: [item], totalAmt: total, userId: alice.id }],
      [bob, 'POST', '/api/orders', { items: [item], totalAmt: total, paymentMethod: 'card' }],
      [bob, 'POST', '/api/orders/cancel', { orderId: aliceOrder, reason: 'x', userId: alice.id }],
      [bob, 'POST', '/api/comment', { productId: blouse, userComment: 'Lovely', stars: 5, username: 'The Owner' }],
      [admin, 'PUT', `/api/orders/status/${aliceOrder}`, { status: 'visited', totalPrice: 0.01 }],
    ];
    await expectNothingChanged(async () => {
      for (const [user, method, url, body] of cases) {
        const response = await as(user, method, url, body);
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json().message).toMatch(/^Unrecognized key/);
      }
      const upload = await context.app.inject({
        method: 'POST',
        url: '/api/product',
        payload: featured.payload,
        headers: { ...featured.headers, cookie: admin.cookie },
      });
      expect(upload.statusCode).toBe(400);
    });
    expect(await context.database.db.select().from(users).where(eq(users.email, 'mallory@example.com'))).toHaveLength(0);
  });

  it("ASVS 2.2.3 order totals are always the server's, from its own prices", async () => {
    const [carol] = [await createUser(context)];
    expect((await as(carol, 'POST', '/api/auth/address', ADDRESS)).statusCode).toBe(200);
    const items = [
      { productId: blouse, quantity: 2 },
      { productId: frock, quantity: 1 },
    ];
    const serverTotal = (2 * BLOUSE_PAISE + FROCK_PAISE) / 100;
    // A client's lower total is refused, naming the real one; nothing is stored.
    const cheap = await expectNothingChanged(() => as(carol, 'POST', '/api/orders', { items, totalAmt: 1 }));
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json().message).toBe(priceChangedMessage(serverTotal));

    const placed = await as(carol, 'POST', '/api/orders', { items, totalAmt: serverTotal });
    expect(placed.statusCode).toBe(201);
    const { order } = placed.json();
    expect(order.totalPrice).toBe(serverTotal);
    expect(order.items.map((line: { price: number }) => line.price)).toEqual([BLOUSE_PAISE / 100, FROCK_PAISE / 100]);
    const [row] = await context.database.db.select().from(orders).where(eq(orders.orderNumber, order.orderId));
    const lines = await context.database.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id));
    expect(row!.totalPaise).toBe(2 * BLOUSE_PAISE + FROCK_PAISE);
    expect(lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0)).toBe(row!.totalPaise);

    // After the shop raises a price, the total the shopper saw is stale: refused.
    await context.database.db
      .update(products)
      .set({ pricePaise: sql`${products.pricePaise} + 100` })
      .where(eq(products.id, frock));
    context.app.catalog.invalidate();
    try {
      const stale = await expectNothingChanged(() => as(carol, 'POST', '/api/orders', { items, totalAmt: serverTotal }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(priceChangedMessage(serverTotal + 1));
    } finally {
      await context.database.db.update(products).set({ pricePaise: FROCK_PAISE }).where(eq(products.id, frock));
      context.app.catalog.invalidate();
    }
  });
});

describe('quantities and order statuses stay within what is allowed (ASVS 2.2.1)', () => {
  it('ASVS 2.2.1 quantities stay within 1 to 10 (0 removes a cart line)', async () => {
    const dave = await createUser(context);
    expect((await as(dave, 'POST', '/api/auth/address', ADDRESS)).statusCode).toBe(200);
    expect((await as(dave, 'POST', '/api/cart', { productId: frock })).statusCode).toBe(200);
    await expectNothingChanged(async () => {
      for (const quantity of [-1, 11, 1.5, '3', null, true, [2], 1e6]) {
        const response = await as(dave, 'PUT', `/api/cart/${frock}`, { quantity });
        expect(response.statusCode, `cart quantity ${JSON.stringify(quantity)}`).toBe(400);
      }
      for (const raw of ['{"quantity": 1e309}', '{"quantity": -0.5}', '{"quantity": NaN}', '{"quantity": "Infinity"}']) {
        const response = await context.app.inject({
          method: 'PUT',
          url: `/api/cart/${frock}`,
          payload: raw,
          headers: { cookie: `access_token=${dave.accessToken}`, 'content-type': 'application/json' },
        });
        expect(response.statusCode, raw).toBe(400);
      }
      for (const quantity of [0, -1, 11, 2.5, '1']) {
        const response = await as(dave, 'POST', '/api/orders', { items: [{ productId: frock, quantity }], totalAmt: 899 });
        expect(response.statusCode, `order quantity ${JSON.stringify(quantity)}`).toBe(400);
      }
    });
    expect((await as(dave, 'PUT', `/api/cart/${frock}`, { quantity: LIMITS.maxQuantity })).statusCode).toBe(200);
    const capped = await expectNothingChanged(() => as(dave, 'POST', '/api/cart', { productId: frock }));
    expect(capped.statusCode).toBe(409);
    const [line] = await context.database.db.select().from(cartLines).where(eq(cartLines.userId, dave.id));
    expect(line!.quantity).toBe(LIMITS.maxQuantity);
    expect((await as(dave, 'PUT', `/api/cart/${frock}`, { quantity: 0 })).json()).toEqual({ items: [], total: 0 });
  });

  it(`ASVS 2.2.1 an order status is one of ${ORDER_STATUSES.join(', ')}`, async () => {
    await expectNothingChanged(async () => {
      for (const status of ['shipped', 'Delivered', ' delivered', 'delivered ', '', null, 3, ['delivered'], { $ne: 'call' }]) {
        const response = await as(admin, 'PUT', `/api/orders/status/${aliceOrder}`, { status });
        expect(response.statusCode, `status ${JSON.stringify(status)}`).toBe(400);
      }
    });
    for (const status of ORDER_STATUSES) {
      const response = await as(admin, 'PUT', `/api/orders/status/${aliceOrder}`, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json().order.status).toBe(status);
    }
    await as(admin, 'PUT', `/api/orders/status/${aliceOrder}`, { status: 'call' });
  });
});

describe('text the database cannot store (ASVS 2.2.1, 16.5.3)', () => {
  it('ASVS 2.2.1 a NUL character in any text field is a 400 that changes nothing, never a 500', async () => {
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#337' } })
      .png()
      .toBuffer();
    const filesBefore = uploadedFiles(context);
    const cases: [TestUser | undefined, 'POST' | 'PUT', string, Record<string, unknown>][] = [
      [undefined, 'POST', '/api/auth/signup', { username: 'Nul\u0000', email: 'nul@example.com', password: 'long enough' }],
      [bob, 'POST', '/api/auth/address', { ...ADDRESS, street: 'Main\u0000Road' }],
      [bob, 'POST', '/api/orders/cancel', { orderId: 'TH-\u0000', reason: 'x' }],
      [alice, 'POST', '/api/orders/cancel', { orderId: aliceOrder, reason: 'changed\u0000mind' }],
      [undefined, 'POST', '/api/contact', { name: 'N\u0000', email: 'nul@example.com', phone: '9876543210', message: 'hi' }],
      [admin, 'PUT', `/api/orders/status/TH-%00`, { status: 'call' }],
    ];
    await expectNothingChanged(async () => {
      for (const [user, method, url, body] of cases) {
        const response = await as(user, method, url, body);
        expect([400, 404], `${method} ${url} ${JSON.stringify(body)}: ${response.body}`).toContain(response.statusCode);
      }
      const form = await multipartBody({ name: 'Nul\u0000Blouse', description: 'x', price: '100', category: 'saree-blouse' }, [
        { field: 'images', filename: 'a.png', type: 'image/png', data: png },
      ]);
      const upload = await context.app.inject({
        method: 'POST',
        url: '/api/product',
        payload: form.payload,
        headers: { ...form.headers, cookie: admin.cookie },
      });
      expect(upload.statusCode, upload.body).toBe(400);
    });
    expect(uploadedFiles(context)).toEqual(filesBefore);
  });
});
