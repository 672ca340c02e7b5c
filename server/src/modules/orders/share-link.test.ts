import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STITCHING } from '@thaiyal/contract';
import { orderEvents, orderLines, orders } from '../../db/schema/index.js';
import { createTestContext, createUser, injectAs, type TestContext, type TestUser } from '../../../test/harness.js';
import { insertOrder } from '../../../test/admin-support.js';
import { manualClock } from '../../../test/clock.js';
import { buildApp } from '../../app.js';
import { createImageStore } from '../../platform/image-store.js';
import { createFileObjectStore } from '../../platform/object-store.js';

// docs/product.md#sharing-an-orders-progress; docs/security.md#tracking-links.
const clock = manualClock(new Date());
let context: TestContext, admin: TestUser, kavitha: TestUser, bob: TestUser;

/** What her order holds that the page must never show. */
const PRIVATE = {
  name: 'Kavitha Ramasamy',
  phoneNumber: '9123456780',
  alternatePhone: '9988776655',
  doorNumber: '77Z',
  street: 'Jasmine Secret Lane',
  landmark: 'Behind the banyan tree',
  measuredNote: 'left shoulder lower by a finger',
  bust: 8642,
  reference: '/uploads/references/0b7c6b1e-5d2f-4f2e-9d7e-3b0f5e2a9c11-640.webp',
};
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  context = await createTestContext({}, clock);
  admin = await createUser(context, { role: 'admin' });
  kavitha = await createUser(context, { username: PRIVATE.name, email: 'kavitha.private@example.com' });
  bob = await createUser(context);
});

afterAll(() => context?.close());

// Each test starts at the real time: the timeline's steps are stamped by the database's clock.
beforeEach(() => clock.set(new Date()));

/** An order of Kavitha's with a garment, her address, measurements, a reference picture and a visit booked. */
async function herOrder(): Promise<string> {
  const orderNumber = await insertOrder(context, kavitha.id, {
    lines: [{ name: 'Silk Saree Blouse', image: '/uploads/products/silk-blouse-640.webp', pricePaise: 145_050, quantity: 2 }],
    address: {
      name: PRIVATE.name,
      phoneNumber: PRIVATE.phoneNumber,
      doorNumber: PRIVATE.doorNumber,
      street: PRIVATE.street,
      landmark: PRIVATE.landmark,
      alternatePhone: PRIVATE.alternatePhone,
    } as never,
  });
  const [row] = await context.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  await context.database.db.update(orders).set({ readyBy: '2026-12-24' }).where(eq(orders.id, row!.id));
  await context.database.db
    .update(orderLines)
    .set({
      nameTa: 'பட்டு ரவிக்கை',
      measured: { measurements: { bust: PRIVATE.bust }, unit: 'cm', note: PRIVATE.measuredNote, at: new Date().toISOString() } as never,
      stitching: { ...DEFAULT_STITCHING, notes: PRIVATE.measuredNote, pictures: [PRIVATE.reference] },
    })
    .where(eq(orderLines.orderId, row!.id));
  return orderNumber;
}

/** Share `orderNumber` as `user`; the answer. */
function share(user: TestUser, orderNumber: string) {
  return injectAs(context, user, 'POST', `/api/orders/${orderNumber}/share-link`);
}

/** The token of a link `{url}`. */
function tokenOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

/** Open a tracking page as nobody in particular. */
function open(path: string) {
  return context.app.inject({ method: 'GET', url: path });
}

/** The time of `orderNumber`'s last step `status` in the database (its timeline's clock). */
async function stepAt(orderNumber: string, status: 'delivered' | 'cancelled'): Promise<Date> {
  const rows = await context.database.db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(eq(orders.orderNumber, orderNumber), eq(orderEvents.status, status)));
  return rows
    .map((row) => row.at)
    .sort((a, b) => a.getTime() - b.getTime())
    .at(-1)!;
}

describe('POST /api/orders/:orderId/share-link and GET /track/:token', () => {
  it('answers a link whose page shows the order number, garments with pictures, the timeline, the ready-by date and total', async () => {
    const orderNumber = await herOrder();
    const response = await share(kavitha, orderNumber);
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/localhost:3000\/track\/[A-Za-z0-9_-]{43}$/);

    const page = await open(new URL(url).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.body;
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`Order ${orderNumber}`);
    expect(html).toContain('Silk Saree Blouse');
    expect(html).toContain('src="/uploads/products/silk-blouse-640.webp"');
    expect(html).toContain('Quantity: 2');
    expect(html).toContain('Order received - we will call you');
    expect(html).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m/);
    expect(html).toContain('Ready by');
    expect(html).toContain('24 Dec 2026');
    expect(html).toContain('₹2,901.00');
  });

  it('never shows her name, address, phone, e-mail, measurements, notes or private pictures', async () => {
    const orderNumber = await herOrder();
    const html = (await open(new URL((await share(kavitha, orderNumber)).json<{ url: string }>().url).pathname)).body;
    for (const secret of [
      PRIVATE.name,
      'Kavitha',
      kavitha.email,
      PRIVATE.phoneNumber,
      PRIVATE.alternatePhone,
      PRIVATE.doorNumber,
      PRIVATE.street,
      PRIVATE.landmark,
      '642001',
      PRIVATE.measuredNote,
      String(PRIVATE.bust),
      '/uploads/references/',
    ]) {
      expect(html, secret).not.toContain(secret);
    }
  });

  it('is in Tamil for ?lang=ta, and for an order placed in Tamil', async () => {
    const orderNumber = await herOrder();
    const path = new URL((await share(kavitha, orderNumber)).json<{ url: string }>().url).pathname;
    const tamil = await open(`${path}?lang=ta`);
    expect(tamil.statusCode).toBe(200);
    expect(tamil.body).toContain('<html lang="ta">');
    expect(tamil.body).toContain(`ஆர்டர் ${orderNumber}`);
    expect(tamil.body).toContain('பட்டு ரவிக்கை');
    expect(tamil.body).toContain('ஆர்டர் கிடைத்தது');
    await context.database.db.update(orders).set({ language: 'ta' }).where(eq(orders.orderNumber, orderNumber));
    expect((await open(path)).body).toContain('<html lang="ta">');
    expect((await open(`${path}?lang=en`)).body).toContain('<html lang="en">');
  });
});

describe('who may share, and when a link ends', () => {
  it('answers 404 to a shopper sharing or stopping another’s order, or an unknown one, and 401 to a visitor', async () => {
    const orderNumber = await herOrder();
    expect((await share(bob, orderNumber)).statusCode).toBe(404);
    expect((await injectAs(context, bob, 'DELETE', `/api/orders/${orderNumber}/share-link`)).statusCode).toBe(404);
    expect((await share(kavitha, 'TH-ZZZZZZ')).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'POST', url: `/api/orders/${orderNumber}/share-link` })).statusCode).toBe(401);
  });

  it('stops opening once she stops sharing (the ended page, with the shop’s WhatsApp and phone), and stopping twice is fine', async () => {
    const orderNumber = await herOrder();
    const path = new URL((await share(kavitha, orderNumber)).json<{ url: string }>().url).pathname;
    const stop = await injectAs(context, kavitha, 'DELETE', `/api/orders/${orderNumber}/share-link`);
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ message: 'Sharing stopped' });
    const ended = await open(path);
    expect(ended.statusCode).toBe(404);
    expect(ended.headers['cache-control']).toBe('no-store');
    expect(ended.headers['x-robots-tag']).toContain('noindex');
    expect(ended.body).toContain('This tracking link has ended');
    expect(ended.body).toContain(`href="https://wa.me/${context.config.shop.whatsapp}"`);
    expect(ended.body).toContain('href="tel:');
    expect(ended.body).not.toContain(orderNumber);
    expect((await open(`${path}?lang=ta`)).body).toContain('இந்த கண்காணிப்பு இணைப்பு முடிந்தது');
    expect((await injectAs(context, kavitha, 'DELETE', `/api/orders/${orderNumber}/share-link`)).statusCode).toBe(200);
  });

  it('replaces the old link when she shares again: the old one ends, the new one opens', async () => {
    const orderNumber = await herOrder();
    const first = new URL((await share(kavitha, orderNumber)).json<{ url: string }>().url).pathname;
    const second = new URL((await share(kavitha, orderNumber)).json<{ url: string }>().url).pathname;
    expect(second).not.toBe(first);
    expect((await open(first)).statusCode).toBe(404);
    expect((await open(second)).statusCode).toBe(200);
  });

  it.each(['delivered', 'cancelled'] as const)('opens 29 days after the order is %s and ends at 30 days', async (end) => {
    const orderNumber = await herOrder();
    const path = new URL((await share(kavitha, orderNumber)).json<{ url: string }>().url).pathname;
    if (end === 'delivered') {
      expect((await injectAs(context, admin, 'PUT', `/api/orders/status/${orderNumber}`, { status: 'delivered' })).statusCode).toBe(200);
    } else {
      expect(
        (await injectAs(context, kavitha, 'POST', '/api/orders/cancel', { orderId: orderNumber, reason: 'Changed my mind' })).statusCode,
      ).toBe(200);
    }
    const endedAt =
      end === 'delivered'
        ? await stepAt(orderNumber, 'delivered')
        : (await context.database.db.select({ at: orders.cancelledAt }).from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!.at!;
    clock.set(new Date(endedAt.getTime() + 29 * DAY_MS));
    const open29 = await open(path);
    expect(open29.statusCode).toBe(200);
    expect(open29.body).toContain(end === 'delivered' ? 'Delivered' : 'Cancelled');
    clock.set(new Date(endedAt.getTime() + 30 * DAY_MS));
    expect((await open(path)).statusCode).toBe(404);
    // A new link would not open either: refused, with the reason (a session of that day: hers from a month ago has ended).
    const { accessToken } = await context.app.sessions.mint(kavitha.id);
    const again = await injectAs(
      context,
      { ...kavitha, cookie: `access_token=${accessToken}` },
      'POST',
      `/api/orders/${orderNumber}/share-link`,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('shareLink.ended');
  });

  it.each([
    ['too short', '/track/abc'],
    ['one character too many', `/track/${'A'.repeat(44)}`],
    ['a character outside base64url', `/track/${'A'.repeat(42)}%21`],
    ['the right shape, no such link', `/track/${'A'.repeat(43)}`],
    ['a path beyond the token', `/track/${'A'.repeat(43)}%2F..`],
  ])('answers the ended page, 404, to a bad token: %s', async (_name, path) => {
    const response = await open(path);
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-robots-tag']).toContain('noindex');
    expect(response.body).toContain('This tracking link has ended');
  });

  it('gives each link its own 43-character token, stored only as a hash', async () => {
    const orderNumber = await herOrder();
    const token = tokenOf((await share(kavitha, orderNumber)).json<{ url: string }>().url);
    const rows = await context.database.db.execute('select token_hash from order_share_links' as never);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(token);
    expect(text).toMatch(/[0-9a-f]{64}/);
  });
});

describe('GET /track/:token from one client address', () => {
  it('answers 429 with Retry-After after 60 pages in a minute (docs/security.md#tracking-links)', async () => {
    const path = `/track/${'B'.repeat(43)}`;
    for (let i = 0; i < 60; i++) {
      expect((await context.app.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.77' })).statusCode).toBe(404);
    }
    const refused = await context.app.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.77' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().reason).toBe('shareLink.tooMany');
    expect((await context.app.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.78' })).statusCode).toBe(404);
  });
});

describe('request logs (ASVS 7.1.1, 8.3.5: no secrets in logs)', () => {
  it('never write a tracking token', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...context.config, logLevel: 'info' },
      database: context.database,
      images: createImageStore(createFileObjectStore(join(context.dataDir, 'uploads'))),
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const token = 'Zx9SecretTrackingToken0123456789abcdefghijk';
      await app.inject({ method: 'GET', url: `/track/${token}?lang=ta` });
      const urls = lines
        .map((line) => JSON.parse(line) as { req?: { url?: string } })
        .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
      expect(urls).toEqual(['/track/[redacted]?lang=ta']);
    } finally {
      await app.close();
    }
  });
});
