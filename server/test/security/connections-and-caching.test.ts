import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capCombiningMarks, PLATFORM_MESSAGES } from '@thaiyal/contract';
import { contactMessages, reviews } from '../../src/db/schema/index.js';
import { insertOrder } from '../admin-support.js';
import { createTestContext, createUser, seedProducts, type TestContext } from '../harness.js';

/**
 * Findings 2, 8 and 9 of the outside probe (docs/security.md#findings-of-the-outside-probe):
 * idle and trickling sockets are closed, stacked combining marks are cut at input, personal
 * answers are never cached, and a request during a restart gets the shop's error body.
 */

/** Resolves when the server closes `socket`, with what it sent first (empty for none). */
function closed(socket: Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  return new Promise((resolve) => socket.on('close', () => resolve(received)));
}

describe('idle and slow connections are dropped (ASVS 15.2.2)', () => {
  let context: TestContext;
  let port: number;

  beforeAll(async () => {
    context = await createTestContext({ CONNECTION_TIMEOUT_MS: '400', REQUEST_TIMEOUT_MS: '1500', KEEP_ALIVE_TIMEOUT_MS: '300' });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    port = (context.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await context?.close();
  });

  it('ASVS 15.2.2 sockets that never send a byte are closed after CONNECTION_TIMEOUT_MS', async () => {
    const started = Date.now();
    const sockets = Array.from({ length: 20 }, () => connect(port, '127.0.0.1'));
    const answers = await Promise.all(sockets.map(closed));
    expect(answers).toEqual(Array(20).fill(''));
    // Closed by the server's timeout (0.4 s), long before the test's own limit.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('ASVS 15.2.2 a body trickled a byte at a time is cut off at REQUEST_TIMEOUT_MS, though the socket is never idle', async () => {
    const socket = connect(port, '127.0.0.1');
    const answer = closed(socket);
    socket.write('POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
    // A byte every 200 ms: the socket never idles for the 400 ms connection timeout.
    const trickle = setInterval(() => socket.writable && socket.write('{'), 200);
    const started = Date.now();
    try {
      const received = await answer;
      const elapsed = Date.now() - started;
      expect(received === '' || received.startsWith('HTTP/1.1 408'), received).toBe(true);
      expect(elapsed).toBeGreaterThanOrEqual(1_000);
      expect(elapsed).toBeLessThan(10_000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('ASVS 15.2.2 a kept-alive connection left idle after its answer is closed', async () => {
    const socket = connect(port, '127.0.0.1');
    const answer = closed(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const received = await answer;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('text that draws outside its box (ASVS 2.2.1)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('ASVS 2.2.1 a review or contact message of "e" and 500 combining accents is stored with at most 4 in a row; Tamil is kept whole', async () => {
    const stacked = `e${'\u0301'.repeat(500)}`;
    const tamil = 'கௌரி அக்காவின் ரவிக்கை நன்றாகப் பொருந்தியது, நன்றி!';
    expect(capCombiningMarks(tamil)).toBe(tamil);
    const [productId] = (await seedProducts(context, [{ name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 100_000 }])) as [string];
    const shopper = await createUser(context);
    await insertOrder(context, shopper.id, { status: 'delivered', lines: [{ productId }] });
    const review = await context.app.inject({
      method: 'POST',
      url: '/api/comment',
      headers: { cookie: shopper.cookie },
      payload: { productId, userComment: `${stacked} ${tamil}`, stars: 5 },
    });
    expect(review.statusCode, review.body).toBe(200);
    const contact = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: stacked, email: 'meena@example.com', phone: '9843012345', message: `${stacked} ${tamil}` },
    });
    expect(contact.statusCode, contact.body).toBe(200);

    const [storedReview] = await context.database.db.select().from(reviews);
    const [storedMessage] = await context.database.db.select().from(contactMessages);
    const cut = `e${'\u0301'.repeat(4)}`;
    expect(storedReview?.comment).toBe(`${cut} ${tamil}`);
    expect(storedMessage?.message).toBe(`${cut} ${tamil}`);
    expect(storedMessage?.name).toBe(cut);
  });
});

describe('personal answers are never cached; a restart answers in the shop’s error body (ASVS 14.3.2, 16.5.1)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('ASVS 14.3.2 auth check, cart, wishlist, orders and the admin lists carry Cache-Control: no-store', async () => {
    const shopper = await createUser(context);
    const admin = await createUser(context, { role: 'admin' });
    const personal: Array<[string, string]> = [
      ['/api/auth/check', shopper.cookie],
      ['/api/cart', shopper.cookie],
      ['/api/wishlist', shopper.cookie],
      ['/api/orders', shopper.cookie],
      ['/api/measurements', shopper.cookie],
      ['/api/admin/orders', admin.cookie],
      ['/api/contact', admin.cookie],
      ['/api/cart', ''],
    ];
    for (const [url, cookie] of personal) {
      const response = await context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // The public catalog keeps its own revalidated caching.
    const featured = await context.app.inject({ method: 'GET', url: '/api/product/featured' });
    expect(featured.headers['cache-control']).toBe('no-cache');
  });

  it('ASVS 16.5.1 a request that arrives while the shop is closing gets 503 with {message, code, reason}', async () => {
    const closing = await createTestContext();
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (closing.app.server.address() as { port: number }).port;
    // A request whose first bytes arrived before the close began: the close waits for it, and
    // it is answered once it has arrived whole, during the close.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET /api/health HTTP/1.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write('Host: localhost\r\n\r\n');
    await socketClosed;
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 503/);
    const body = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    expect(body).toEqual({ message: PLATFORM_MESSAGES.closing, code: 'unavailable', reason: 'platform.closing' });
  });
});
