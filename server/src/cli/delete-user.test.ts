import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderListResponseSchema, CancelledOrderListResponseSchema, IMAGE_WIDTHS, ProductResponseSchema } from '@thaiyal/contract';
import { openDatabase } from '../db/client.js';
import {
  addresses,
  areaRequests,
  cartLines,
  contactMessages,
  mailOutbox,
  measurementProfiles,
  pendingSignups,
  orders,
  refreshTokens,
  resetTokens,
  reviews,
  users,
  wishlistItems,
} from '../db/schema/index.js';
import { createImageStore } from '../platform/image-store.js';
import { createFileObjectStore } from '../platform/object-store.js';
import { hashPassword } from '../platform/passwords.js';
import { insertOrder, storedStateCounts, TEST_ADDRESS } from '../../test/admin-support.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../test/harness.js';
import type { Output } from './cli-io.js';
import { deleteUserData, main, releaseFiles } from './delete-user.js';

function collector(): Output & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, info: (line) => lines.push(line), error: (line) => errors.push(line) };
}

const ONLY_IN_OPEN_ORDER = '/uploads/products/open-order-only-640.webp';
const ONLY_IN_DELIVERED_ORDER = '/uploads/products/delivered-only-640.webp';

/** A request as `user` (null: a visitor), with a JSON body when given. */
type Requester = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => Promise<LightMyRequestResponse>;

/** Requests to `context`'s app. */
function requester(context: TestContext): Requester {
  return (user, method, url, payload) =>
    context.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
}

/** Files at every width, as the image store writes them, for a URL no product shows. */
function placeFiles(context: TestContext, url: string): string[] {
  const id = /\/([a-z0-9-]+)-\d+\.webp$/.exec(url)![1]!;
  const dir = join(context.dataDir, 'uploads', 'products');
  mkdirSync(dir, { recursive: true });
  return IMAGE_WIDTHS.map((width) => {
    const path = join(dir, `${id}-${width}.webp`);
    writeFileSync(path, 'x');
    return path;
  });
}

/** The accounts, the product and the orders the deletion is checked on. */
interface DeletionFixture {
  admin: TestUser;
  shopper: TestUser;
  bystander: TestUser;
  productId: string;
  deliveredNumber: string;
  openNumber: string;
  bystanderNumber: string;
}

/**
 * The shopper to delete and a bystander who must keep everything: each with an address, a cart,
 * a wishlist and a review; her delivered, open and cancelled orders, his delivered one.
 */
async function seedShopperAndBystander(context: TestContext): Promise<DeletionFixture> {
  const call = requester(context);
  const admin = await createUser(context, { role: 'admin' });
  const shopper = await createUser(context, { username: 'Meena' });
  const bystander = await createUser(context, { username: 'Kavya' });
  const productId = (await seedProducts(context, [{ name: 'Silk Blouse' }]))[0]!;

  for (const user of [shopper, bystander]) {
    const address = await call(user, 'POST', '/api/auth/address', {
      ...TEST_ADDRESS,
      name: user.username,
      ...(user === shopper ? { alternatePhone: '98430 12345', landmark: 'Opposite the bus stand' } : {}),
    });
    expect(address.statusCode).toBe(200);
    expect((await call(user, 'POST', '/api/cart', { productId })).statusCode).toBe(200);
    expect((await call(user, 'POST', '/api/wishlist', { productId })).statusCode).toBe(200);
  }
  const deliveredNumber = await insertOrder(context, shopper.id, {
    status: 'delivered',
    lines: [{ productId: productId, name: 'Silk Blouse', image: ONLY_IN_DELIVERED_ORDER, pricePaise: 125_000 }],
  });
  const openNumber = await insertOrder(context, shopper.id, { status: 'designed', lines: [{ image: ONLY_IN_OPEN_ORDER }] });
  const toCancel = await insertOrder(context, shopper.id, { status: 'call' });
  const bystanderNumber = await insertOrder(context, bystander.id, { status: 'delivered', lines: [{ productId }] });
  expect((await call(shopper, 'POST', '/api/orders/cancel', { orderId: toCancel, reason: 'Wrong size' })).statusCode).toBe(200);
  expect((await call(bystander, 'POST', '/api/comment', { productId: productId, userComment: 'Lovely fit', stars: 5 })).statusCode).toBe(
    200,
  );
  expect((await call(shopper, 'POST', '/api/comment', { productId: productId, userComment: 'Neat stitching', stars: 4 })).statusCode).toBe(
    200,
  );
  return { admin, shopper, bystander, productId, deliveredNumber, openNumber, bystanderNumber };
}

/** Her contact message, "tell me when you come" requests and measurement profiles, and the bystander's. */
async function seedMessagesWaitlistAndMeasurements(context: TestContext, shopper: TestUser, bystander: TestUser): Promise<void> {
  const call = requester(context);
  for (const [name, email] of [
    ['Meena', shopper.email.toUpperCase()],
    ['Kavya', bystander.email],
  ] as const) {
    const contact = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name, email, phone: '9876543210', message: 'Please delete my account.' },
    });
    expect(contact.statusCode).toBe(200);
  }
  // "Tell me when you come": hers signed in, hers as a visitor (her e-mail, her alternate phone), and others'.
  for (const [user, pinCode, contact] of [
    [shopper, '642103', 'somebody@example.com'],
    [null, '642104', shopper.email.toUpperCase()],
    [null, '642109', '+91 98430 12345'],
    [bystander, '642103', bystander.email],
    [null, '642120', '9000000001'],
  ] as const) {
    expect((await call(user, 'POST', '/api/service-area/waitlist', { pinCode, contact })).statusCode).toBe(201);
  }
  for (const [user, name] of [
    [shopper, 'Me'],
    [shopper, 'Priya, 8 years'],
    [bystander, 'Me'],
  ] as const) {
    expect((await call(user, 'POST', '/api/measurements', { name, measurements: { bust: 860 } })).statusCode).toBe(201);
  }
}

/** Rows that only wait: a pending sign-up and a reset token of her e-mail, and mails waiting for a retry. */
async function seedWaitingRows(context: TestContext, shopper: TestUser, bystander: TestUser): Promise<void> {
  // A sign-up of the same e-mail still waiting for its code (made before the account was, from another browser).
  const inAMinute = new Date(Date.now() + 60_000);
  await context.database.db.insert(pendingSignups).values({
    email: shopper.email,
    username: 'Meena',
    passwordHash: 'h',
    codeHash: 'h',
    codeExpiresAt: inAMinute,
    codeSentAt: new Date(),
    expiresAt: inAMinute,
  });
  await context.database.db
    .insert(resetTokens)
    .values({ userId: shopper.id, tokenHash: 'r'.repeat(64), expiresAt: new Date(Date.now() + 60_000) });
  // Mails waiting in the outbox for a retry (the mail server was down): to her, about her,
  // carrying her contact message, and one of the bystander's.
  await context.app.outbox.wake();
  const [meenasMessage] = await context.database.db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.name, 'Meena'));
  const later = new Date(Date.now() + 3_600_000);
  const waiting = { subject: 'Waiting', text: 'x', html: '<p>x</p>', createdAt: new Date(), sendAfter: later, attempts: 1 };
  await context.database.db.insert(mailOutbox).values([
    { kind: 'order-status', recipients: [shopper.email], userId: shopper.id, ...waiting },
    { kind: 'new-order', toShop: true, userId: shopper.id, ...waiting },
    { kind: 'contact-message', toShop: true, contactMessageId: meenasMessage!.id, ...waiting },
    { kind: 'password-reset', recipients: [shopper.email], ...waiting },
    { kind: 'order-status', recipients: [bystander.email], userId: bystander.id, ...waiting },
  ]);
}

describe('deleting a shopper on request (docs/product.md#information-pages, the privacy page)', () => {
  let context: TestContext;
  let call: Requester;
  let admin: TestUser;
  let shopper: TestUser;
  let bystander: TestUser;
  let productId: string;
  let deliveredNumber: string;
  let openNumber: string;
  let bystanderNumber: string;

  beforeAll(async () => {
    context = await createTestContext();
    call = requester(context);
    ({ admin, shopper, bystander, productId, deliveredNumber, openNumber, bystanderNumber } = await seedShopperAndBystander(context));
    await seedMessagesWaitlistAndMeasurements(context, shopper, bystander);
    await seedWaitingRows(context, shopper, bystander);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  it('deletes the account and everything of it in one go, keeps delivered orders without personal details, and touches nobody else', async () => {
    const openFiles = placeFiles(context, ONLY_IN_OPEN_ORDER);
    const deliveredFiles = placeFiles(context, ONLY_IN_DELIVERED_ORDER);

    const deleted = await deleteUserData(context.database.db, `  ${shopper.email.toUpperCase()} `);
    expect(deleted).toMatchObject({
      email: shopper.email,
      username: 'Meena',
      // The open order and the cancelled one (docs/product.md#cancellations-kept: kept until the account goes).
      openOrdersDeleted: 2,
      deliveredOrdersKept: 1,
      cancelledOrdersDeleted: 1,
      reviewsDeleted: 1,
      contactMessagesDeleted: 1,
      cartLinesDeleted: 1,
      wishlistItemsDeleted: 1,
      areaRequestsDeleted: 3,
      measurementProfilesDeleted: 2,
      addressDeleted: true,
      sessionsDeleted: 2,
      unsentMailsDeleted: 4,
      pendingSignupsDeleted: 1,
    });
    expect((await context.database.db.select().from(mailOutbox)).map((row) => row.recipients)).toEqual([[bystander.email]]);
    // The per-state counts follow the orders deleted and kept (docs/decisions/019-lists-by-page.md).
    const { counts } = AdminOrderListResponseSchema.parse((await call(admin, 'GET', '/api/orders/status')).json());
    expect(counts).toEqual(await storedStateCounts(context));
    const out = collector();
    expect(
      await releaseFiles(context.database, createImageStore(createFileObjectStore(join(context.dataDir, 'uploads'))), deleted, out),
    ).toBe(1);
    expect(out.errors).toEqual([]);
    // Only the open order showed that picture; the kept delivered order still shows its own.
    expect(openFiles.filter((path) => existsSync(path))).toEqual([]);
    expect(deliveredFiles.every((path) => existsSync(path))).toBe(true);

    // Signed out at once, and the password no longer signs in.
    expect((await call(shopper, 'GET', '/api/cart')).statusCode).toBe(401);
    const signin = await call(null, 'POST', '/api/auth/signin', { email: shopper.email, password: shopper.password });
    expect(signin.statusCode).toBe(401);

    // What the shop sees: the delivered order, detached and stripped; the bystander's intact.
    const listed = AdminOrderListResponseSchema.parse((await call(admin, 'GET', '/api/orders/status')).json()).orders;
    const numbers = listed.map((order) => order.orderId);
    expect(numbers).not.toContain(openNumber);
    const kept = listed.find((order) => order.orderId === deliveredNumber);
    expect(kept).toMatchObject({
      status: 'delivered',
      customer: null,
      totalPrice: 1250,
      items: [{ name: 'Silk Blouse', image: ONLY_IN_DELIVERED_ORDER, quantity: 1, price: 1250 }],
      address: { name: '', phoneNumber: '', doorNumber: '', street: '', pinCode: '', city: TEST_ADDRESS.city, state: TEST_ADDRESS.state },
    });
    expect(JSON.stringify(kept)).not.toMatch(/Meena|9876543210|642001|9843012345|bus stand/);
    expect(listed.find((order) => order.orderId === bystanderNumber)?.customer).toEqual({ username: 'Kavya', email: bystander.email });
    // The admin can still work with the kept order; there is nobody to mail.
    const status = await call(admin, 'PUT', `/api/orders/status/${deliveredNumber}`, { status: 'delivered' });
    expect(status.statusCode).toBe(200);
    expect(status.json().order.customer).toBeNull();

    const cancelled = CancelledOrderListResponseSchema.parse((await call(admin, 'GET', '/api/orders/cancel')).json());
    expect(cancelled.cancelledOrders.filter((record) => record.username === 'Meena')).toEqual([]);

    const messages = (await call(admin, 'GET', '/api/contact')).json() as { messages: { name: string }[] };
    expect(messages.messages.map((message) => message.name)).toEqual(['Kavya']);

    // PGlite: the shop was stopped and rebuilds its catalog on start; here it runs, so tell it.
    context.app.catalog.invalidate();
    const product = ProductResponseSchema.parse((await call(null, 'GET', `/api/product/${productId}`)).json()).product;
    expect(product.reviews.map((review) => review.username)).toEqual(['Kavya']);

    const db = context.database.db;
    for (const [table, column] of [
      [addresses, addresses.userId],
      [cartLines, cartLines.userId],
      [wishlistItems, wishlistItems.userId],
      [refreshTokens, refreshTokens.userId],
      [resetTokens, resetTokens.userId],
      [measurementProfiles, measurementProfiles.userId],
      [reviews, reviews.userId],
      [orders, orders.userId],
      [users, users.id],
    ] as const) {
      expect(await db.select().from(table).where(eq(column, shopper.id))).toEqual([]);
    }
    expect(
      (await db.select({ contact: areaRequests.contact }).from(areaRequests).orderBy(areaRequests.contact)).map((row) => row.contact),
    ).toEqual(['9000000001', bystander.email]);
    expect(await db.select().from(pendingSignups).where(eq(pendingSignups.email, shopper.email))).toEqual([]);
    // The bystander's cart and wishlist are still theirs.
    expect((await call(bystander, 'GET', '/api/cart')).json().items).toHaveLength(1);
    expect((await call(bystander, 'GET', '/api/wishlist')).json().products).toHaveLength(1);
    expect((await call(bystander, 'GET', '/api/measurements')).json().profiles).toHaveLength(1);
  });

  it('changes nothing and says so for an e-mail no account has', async () => {
    const before = (await context.database.db.select().from(users)).length;
    await expect(deleteUserData(context.database.db, 'nobody@example.com')).rejects.toMatchObject({
      code: 'not_found',
      message: 'No account has the e-mail nobody@example.com',
    });
    expect((await context.database.db.select().from(users)).length).toBe(before);
  });
});

describe('npm run delete-user', () => {
  let dataDir: string;
  // PGlite on disk in a temp DATA_DIR, as the shop uses it; DATABASE_URL is left out on purpose.
  const env = () => ({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'thaiyal-delete-user-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    [[], '--email is required.'],
    [['--email', 'not-an-email'], '--email: Please enter a valid email address'],
    [['--email', 'x@example.com', '--yes'], "Unknown option '--yes'"],
    [['--email', 'x@example.com', 'extra'], 'Unexpected argument'],
  ])('refuses %j with a clear message and exit code 1', async (argv, message) => {
    const out = collector();
    expect(await main(argv, env(), out)).toBe(1);
    expect(out.errors.join('\n')).toContain(message);
  });

  it('deletes the account on the configured database and prints what it did; an unknown e-mail is exit code 1', async () => {
    const first = collector();
    expect(await main(['--email', 'meena@example.com'], env(), first)).toBe(1);
    expect(first.errors.join('\n')).toContain('No account has the e-mail meena@example.com: nothing was deleted.');

    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
    await database.db
      .insert(users)
      .values({ email: 'meena@example.com', username: 'Meena', passwordHash: await hashPassword('secret 123'), verified: true });
    await database.close();

    const out = collector();
    expect(await main(['--email', 'Meena@Example.com'], env(), out)).toBe(0);
    expect(out.errors).toEqual([]);
    expect(out.lines.join('\n')).toContain(`Deleted the account meena@example.com (Meena) from ${join(dataDir, 'db')}`);

    const reopened = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
    try {
      expect(await reopened.db.select().from(users).where(eq(users.email, 'meena@example.com'))).toEqual([]);
    } finally {
      await reopened.close();
    }
    // Creating a PGlite database from nothing takes seconds, many more on a loaded CI machine.
  }, 120_000);

  it('refuses plainly while the shop holds the database', async () => {
    const shop = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
    try {
      const out = collector();
      expect(await main(['--email', 'late@example.com'], env(), out)).toBe(1);
      expect(out.errors.join('\n')).toMatch(/Stop the shop first/);
    } finally {
      await shop.close();
    }
  });
});
