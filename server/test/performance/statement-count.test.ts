import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { banners, contactMessages, orderLines, orders as orderRows, reviews } from '../../src/db/schema/index.js';
import { insertOrder } from '../admin-support.js';
import { createImageStore } from '../../src/platform/image-store.js';
import { createFileObjectStore } from '../../src/platform/object-store.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../harness.js';

/**
 * No N+1 (docs/performance.md#no-n1): the SQL statements one request sends do not grow with the rows it
 * answers. Each list endpoint is asked once with N rows and once with 3N, on the real
 * database (PGlite, or PostgreSQL when DATABASE_URL is set), counting every statement Drizzle
 * sends while the request runs (db/client.ts `onQuery`); the two counts must be equal. The
 * rows grow in every table a list reads: products with their images and reviews, cart lines,
 * wishlist items, orders with their lines and customers, cancelled orders, contact messages.
 * Two more: built catalog lists send no statement at all, and a deliberate N+1 is caught.
 */
const N = 4;
const SHOP_EMAIL = 'shop@thaiyal.test';

let context: TestContext;
let admin: TestUser;
let recording = false;
const sent: string[] = [];

beforeAll(async () => {
  // SHOP_EMAIL: a cancellation's background mail never looks the shop's admins up meanwhile.
  context = await createTestContext({ SHOP_EMAIL }, undefined, {
    onQuery: (query) => {
      // The mail and push senders' own reads and deletes of their outboxes run on their own
      // schedule (every 5 s, and after each commit that queued one): not the request's statements. Nor are the
      // begin and commit around them, which may fall inside a request's window (on PostgreSQL
      // a sender's commit was seen there); transaction control never grows with the rows.
      if (recording && !/(from|update) "(mail_outbox|push_outbox)"/.test(query) && !/^\s*(begin|commit|rollback)\b/i.test(query))
        sent.push(query);
    },
  });
  admin = await createUser(context, { role: 'admin' });
});

afterAll(async () => {
  await context?.close();
});

/** One request through HTTP, with the statements the database received while it ran. */
async function measure(request: InjectOptions, app = context.app): Promise<{ response: LightMyRequestResponse; statements: string[] }> {
  sent.length = 0;
  recording = true;
  try {
    const response = await app.inject(request);
    return { response, statements: [...sent] };
  } finally {
    recording = false;
  }
}

function as(user: TestUser, method: 'GET' | 'POST', url: string, payload?: object): InjectOptions {
  return { method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) };
}

let productCounter = 0;

/**
 * `count` new products of a category named `{word} {n}`, each with two pictures and two
 * reviews, so all four tables the catalog reads grow; marks the catalog stale as an admin
 * write would.
 */
async function addProducts(count: number, category = 'saree-blouse', word = 'Blouse'): Promise<string[]> {
  const ids = await seedProducts(
    context,
    Array.from({ length: count }, () => {
      productCounter += 1;
      return {
        name: `${word} ${productCounter}`,
        category,
        isFeatured: true,
        images: [`/uploads/products/p${productCounter}a-640.webp`, `/uploads/products/p${productCounter}b-640.webp`],
      };
    }),
  );
  const reviewRows = ids.flatMap((productId) => [1, 2].map((n) => ({ productId, username: `Reviewer ${n}`, comment: 'Fits well.' })));
  await context.database.db.insert(reviews).values(reviewRows);
  context.app.catalog.invalidate();
  return ids;
}

/** A list endpoint under test. */
interface Scenario {
  /** Before the first measurement (a fresh shopper). */
  setup?(): Promise<void>;
  /** Add `count` rows to what the endpoint answers. */
  grow(count: number): Promise<void>;
  /** The request to measure (made after `grow`, so it may add its own row first). */
  request(): Promise<InjectOptions>;
  /** Rows of the answer, to check the data really grew; absent where the answer is capped. */
  rows?(response: LightMyRequestResponse): number;
  /** Catalog lists are measured cold (rebuilt from the database); the rest with the catalog in memory. */
  cold?: boolean;
}

type Body = Record<string, unknown[]>;
const rowsOf = (key: string) => (response: LightMyRequestResponse) => (response.json() as Body)[key]!.length;

let shopper: TestUser;
const newShopper = async () => {
  shopper = await createUser(context);
};

function catalogScenario(url: string, category = 'saree-blouse'): Scenario {
  return {
    cold: true,
    grow: async (count) => void (await addProducts(count, category)),
    request: async () => ({ method: 'GET', url }),
    rows: rowsOf(url === '/api/banner' ? 'banners' : 'products'),
  };
}

/**
 * The shopper's cart or wishlist, `count` more products at a time through the API itself;
 * measured by a GET, or by the POST that adds one more and answers the whole list.
 */
function shopperListScenario(list: 'cart' | 'wishlist', measured: 'GET' | 'POST'): Scenario {
  const add = (productId: string) => as(shopper, 'POST', `/api/${list}`, { productId });
  return {
    setup: newShopper,
    grow: async (count) => {
      for (const productId of await addProducts(count, 'nightwear')) {
        expect((await context.app.inject(add(productId))).statusCode).toBe(200);
      }
    },
    request: async () => {
      if (measured === 'GET') return as(shopper, 'GET', `/api/${list}`);
      const [productId] = (await addProducts(1, 'nightwear')) as [string];
      return add(productId);
    },
    rows: rowsOf(list === 'cart' ? 'items' : 'products'),
  };
}

const SCENARIOS: [string, () => Scenario][] = [
  ['GET /api/product', () => catalogScenario('/api/product')],
  ['GET /api/product/category/:category', () => catalogScenario('/api/product/category/ball-frock', 'ball-frock')],
  ['GET /api/product/featured', () => catalogScenario('/api/product/featured')],
  [
    // Search runs in SQL (docs/product.md#search): one statement finds the ids, the products
    // come from memory; matches are products named with a word no other scenario uses.
    'GET /api/product/search (one statement, whatever it finds)',
    () => ({
      grow: async (count) => void (await addProducts(count, 'designer-blouse', 'Mukaish')),
      request: async () => ({ method: 'GET', url: '/api/product/search?q=mukaish&sort=price-asc' }),
      rows: rowsOf('products'),
    }),
  ],
  [
    'GET /api/banner',
    () => ({
      ...catalogScenario('/api/banner'),
      grow: async (count) => {
        const rows = Array.from({ length: count }, (_, index) => ({ category: 'aari', image: `/uploads/banners/b${index}-640.webp` }));
        await context.database.db.insert(banners).values(rows);
        context.app.catalog.invalidate();
      },
    }),
  ],
  [
    'GET /api/product/recommend (signed in: drawn from wishlist, cart and orders)',
    () => ({
      setup: newShopper,
      grow: async (count) => {
        for (const productId of await addProducts(count, 'cotton-chudithar')) {
          expect((await context.app.inject(as(shopper, 'POST', '/api/wishlist', { productId }))).statusCode).toBe(200);
          expect((await context.app.inject(as(shopper, 'POST', '/api/cart', { productId }))).statusCode).toBe(200);
          await insertOrder(context, shopper.id, { lines: [{ productId }] });
        }
      },
      // The answer is capped (RECOMMENDED_COUNT); what it reads (wishlist, cart, orders) grows.
      request: async () => as(shopper, 'GET', '/api/product/recommend'),
    }),
  ],
  ['GET /api/cart', () => shopperListScenario('cart', 'GET')],
  ['POST /api/cart (answers the whole cart)', () => shopperListScenario('cart', 'POST')],
  ['GET /api/wishlist', () => shopperListScenario('wishlist', 'GET')],
  ['POST /api/wishlist (answers the whole wishlist)', () => shopperListScenario('wishlist', 'POST')],
  [
    "GET /api/orders (a customer's own)",
    () => ({
      setup: newShopper,
      grow: async (count) => {
        for (let i = 0; i < count; i++) await insertOrder(context, shopper.id, { lines: [{}, {}, {}] });
      },
      request: async () => as(shopper, 'GET', '/api/orders'),
      rows: rowsOf('orders'),
    }),
  ],
  [
    'GET /api/orders/status (admin: every order with its customer)',
    () => ({
      grow: async (count) => {
        for (let i = 0; i < count; i++) await insertOrder(context, (await createUser(context)).id, { lines: [{}, {}, {}] });
      },
      // A page as large as asked (docs/product.md#lists-by-page), so it holds every order here.
      request: async () => as(admin, 'GET', '/api/orders/status?limit=100'),
      rows: rowsOf('orders'),
    }),
  ],
  [
    'GET /api/orders/status, filtered by status and searched (admin)',
    () => ({
      grow: async (count) => {
        for (let i = 0; i < count; i++) await insertOrder(context, (await createUser(context)).id, { lines: [{}, {}] });
      },
      request: async () => as(admin, 'GET', '/api/orders/status?limit=100&status=call,visited&q=shopper'),
      rows: rowsOf('orders'),
    }),
  ],
  [
    'GET /api/orders/cancel (admin: cancelled orders)',
    () => ({
      grow: async (count) => {
        for (let i = 0; i < count; i++) {
          const customer = await createUser(context);
          const orderId = await insertOrder(context, customer.id, { lines: [{}, {}] });
          const cancel = as(customer, 'POST', '/api/orders/cancel', { orderId, reason: 'Changed my mind' });
          expect((await context.app.inject(cancel)).statusCode).toBe(200);
        }
      },
      request: async () => as(admin, 'GET', '/api/orders/cancel'),
      rows: rowsOf('cancelledOrders'),
    }),
  ],
  [
    'GET /api/contact (admin: contact messages)',
    () => ({
      grow: async (count) => {
        const message = { name: 'Meena', email: 'meena@example.com', phone: '9876543210', message: 'Do you stitch lehengas?' };
        await context.database.db.insert(contactMessages).values(Array.from({ length: count }, () => message));
      },
      request: async () => as(admin, 'GET', '/api/contact'),
      rows: rowsOf('messages'),
    }),
  ],
];

describe('statements per request do not grow with the rows answered (docs/performance.md#no-n1)', () => {
  it.each(SCENARIOS)('%s', async (_name, makeScenario) => {
    const scenario = makeScenario();
    await scenario.setup?.();

    const rows: number[] = [];
    const statements: string[][] = [];
    for (const added of [N, 2 * N]) {
      await scenario.grow(added);
      const request = await scenario.request();
      if (!scenario.cold) await context.app.catalog.get();
      const measured = await measure(request);
      expect(measured.response.statusCode).toBe(200);
      if (scenario.rows) rows.push(scenario.rows(measured.response));
      statements.push(measured.statements);
    }
    const [few, many] = statements as [string[], string[]];

    // The answer really grew (N rows, then at least 3N), and the database was really asked.
    if (scenario.rows) {
      expect(rows[0]).toBeGreaterThanOrEqual(N);
      expect(rows[1]! - rows[0]!).toBeGreaterThanOrEqual(2 * N);
    }
    expect(few.length).toBeGreaterThan(0);
    expect(many.length, `with ${N} rows:\n${few.join('\n')}\n\nwith ${3 * N} rows:\n${many.join('\n')}`).toBe(few.length);
  });

  it('catalog lists, once built, are answered from memory without a statement', async () => {
    await addProducts(N);
    await context.app.catalog.get();
    const urls = ['/api/product', '/api/product/featured', '/api/product/category/saree-blouse', '/api/banner', '/api/product/recommend'];
    for (const url of urls) {
      const { response, statements } = await measure({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(statements, url).toEqual([]);
    }
  });

  it("would catch an N+1: a route that reads each order's lines on their own", async () => {
    const app = await buildApp({
      config: context.config,
      database: context.database,
      images: createImageStore(createFileObjectStore(join(context.dataDir, 'uploads'))),
      webDistDir: join(context.dataDir, 'no-web'),
    });
    const db = context.database.db;
    app.get('/api/test-n-plus-one/:userId', async (request) => {
      const { userId } = request.params as { userId: string };
      const rows = await db.select().from(orderRows).where(eq(orderRows.userId, userId));
      return Promise.all(rows.map((row) => db.select().from(orderLines).where(eq(orderLines.orderId, row.id))));
    });
    await app.ready();
    try {
      const customer = await createUser(context);
      const counts: number[] = [];
      for (const added of [N, 2 * N]) {
        for (let i = 0; i < added; i++) await insertOrder(context, customer.id);
        counts.push((await measure({ method: 'GET', url: `/api/test-n-plus-one/${customer.id}` }, app)).statements.length);
      }
      expect(counts).toEqual([1 + N, 1 + 3 * N]);
    } finally {
      await app.close();
    }
  });
});
