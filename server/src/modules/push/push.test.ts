import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS, OrderResponseSchema, PUSH_MESSAGES, PushKeyResponseSchema, type Order } from '@thaiyal/contract';
import { pushOutbox, pushSubscriptions } from '../../db/schema/index.js';
import { deleteUserData } from '../../cli/delete-user.js';
import { isPublicAddress, isPushEndpointAllowed, publicOnlyLookup } from '../../platform/push-endpoint.js';
import { createShopper } from '../../../test/admin-support.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { startPushReceiver, vapidHeader, type PushReceiver, type TestSubscription } from '../../../test/push-receiver.js';

// docs/product.md#notifications; docs/security.md#notifications; docs/decisions/023-push-notifications.md:
// a real push service on loopback decrypts every notification with the browser's keys (RFC 8291).

let context: TestContext;
let receiver: PushReceiver;
let admin: TestUser;
let productId: string;
/** Paths the receiver answers 410 for: subscriptions the browser dropped. */
const gone = new Set<string>();

beforeAll(async () => {
  context = await createTestContext({ PUSH_ALLOW_LOOPBACK_RECEIVER: 'true' });
  receiver = await startPushReceiver({ status: (path) => (gone.has(path) ? 410 : 201) });
  admin = await createUser(context, { role: 'admin' });
  [productId] = (await seedProducts(context, [{ name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 125_000, images: [] }])) as [
    string,
  ];
});

afterAll(async () => {
  await context?.close();
  await receiver?.close();
});

function subscribe(user: TestUser | undefined, body: unknown, language: 'en' | 'ta' = 'en') {
  return context.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...(user ? { cookie: `${user.cookie}; lang=${language}` } : {}) },
    payload: body as object,
  });
}

/** The browser's side of a subscription: what `PushSubscription.toJSON()` gives. */
const asBody = (subscription: TestSubscription) => ({ endpoint: subscription.endpoint, keys: subscription.keys });

async function place(user: TestUser, language: 'en' | 'ta'): Promise<Order> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: `${user.cookie}; lang=${language}` },
    payload: { items: [{ productId, quantity: 2 }], totalAmt: 2500 },
  });
  expect(response.statusCode).toBe(201);
  return OrderResponseSchema.parse(response.json()).order;
}

async function subscriptionsOf(userId: string) {
  return context.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

describe('turning notifications on and off', () => {
  it('gives the VAPID public key to anyone: an uncompressed P-256 point, base64url', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(response.statusCode).toBe(200);
    const { publicKey } = PushKeyResponseSchema.parse(response.json());
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });

  it('needs a signed-in user', async () => {
    const response = await subscribe(undefined, asBody(receiver.subscription()));
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['plain http to a push service', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['an unknown host', 'https://push.example.com/fcm/send/abc'],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/send/abc'],
    ['a private address', 'https://10.0.0.7/push/abc'],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['loopback by name', 'https://localhost/push/abc'],
    ['loopback over https', 'https://127.0.0.1/push/abc'],
    ['IPv6 loopback', 'https://[::1]/push/abc'],
    ['another port on a push service', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
    ['plain http to another loopback address', 'http://127.0.0.2:9000/push/abc'],
    ['plain http to localhost', 'http://localhost:9000/push/abc'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/abc'],
  ])('refuses %s with 400 and saves nothing', async (_what, endpoint) => {
    const meena = await createShopper(context);
    const response = await subscribe(meena, { endpoint, keys: receiver.subscription().keys });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ reason: 'push.notPushService', message: PUSH_MESSAGES.notPushService });
    expect(await subscriptionsOf(meena.id)).toEqual([]);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret, and unknown fields', async () => {
    const meena = await createShopper(context);
    const { keys } = receiver.subscription();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    const point = Buffer.from(keys.p256dh, 'base64url');
    point[0] = 0x05;
    for (const body of [
      { endpoint, keys: { ...keys, p256dh: point.toString('base64url') } },
      { endpoint, keys: { ...keys, auth: Buffer.alloc(17).toString('base64url') } },
      { endpoint, keys: { ...keys, auth: 'not base64url!!!!!!!!!' } },
      { endpoint, keys, userId: admin.id },
      { endpoint },
    ]) {
      expect((await subscribe(meena, body)).statusCode).toBe(400);
    }
    expect(await subscriptionsOf(meena.id)).toEqual([]);
  });

  it('keeps each browser once, at most 5 per account, and turns one off on DELETE', async () => {
    const meena = await createShopper(context);
    const browsers = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, (_, index) => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/meena-${index}-${meena.id}`,
      keys: receiver.subscription().keys,
    }));
    for (const body of browsers) expect((await subscribe(meena, body)).statusCode).toBe(201);
    // The same browser again (new keys, another language) replaces its row.
    expect((await subscribe(meena, { ...browsers[0], keys: receiver.subscription().keys }, 'ta')).statusCode).toBe(201);
    const sixth = await subscribe(meena, { endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/x', keys: browsers[0]!.keys });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ reason: 'push.tooMany' });
    const rows = await subscriptionsOf(meena.id);
    expect(rows).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    expect(rows.find((row) => row.endpoint === browsers[0]!.endpoint)?.language).toBe('ta');

    const off = await context.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { cookie: meena.cookie },
      payload: { endpoint: browsers[1]!.endpoint },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: PUSH_MESSAGES.unsubscribed });
    expect(await subscriptionsOf(meena.id)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS - 1);
    // Another account cannot turn hers off.
    const kavya = await createShopper(context);
    await context.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { cookie: kavya.cookie },
      payload: { endpoint: browsers[2]!.endpoint },
    });
    expect(await subscriptionsOf(meena.id)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS - 1);
  });

  it('accepts the push services browsers use', () => {
    const config = context.config.push;
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://wns2-pn1p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGx',
    ]) {
      expect(isPushEndpointAllowed(endpoint, { ...config, allowLoopbackReceiver: false }), endpoint).toBe(true);
    }
    expect(isPushEndpointAllowed('http://127.0.0.1:9000/push/a', { ...config, allowLoopbackReceiver: false })).toBe(false);
  });
});

describe('the addresses a notification may go to', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
  ])('never %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['142.250.183.10', '2a00:1450:4009:81f::200a'])('may be %s', (address) => expect(isPublicAddress(address)).toBe(true));

  it('refuses a name that resolves to a private address, before any connection', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (problem) => resolve(problem)),
    );
    expect(error?.code).toBe('EPUSHPRIVATE');
  });
});

describe('notifications sent', () => {
  it('tells the shopper of a status change in her language, and the admins of a new order in theirs', async () => {
    const meena = await createShopper(context);
    const phone = receiver.subscription();
    const dashboard = receiver.subscription();
    expect((await subscribe(meena, asBody(phone), 'ta')).statusCode).toBe(201);
    expect((await subscribe(admin, asBody(dashboard), 'en')).statusCode).toBe(201);
    const before = receiver.received.length;

    const order = await place(meena, 'ta');
    await context.app.outbox.wake();
    const [newOrder] = (await receiver.waitFor(before + 1)).slice(before);
    expect(newOrder!.path).toBe(new URL(dashboard.endpoint).pathname);
    expect(newOrder!.payload).toEqual({
      title: `New order ${order.orderId}`,
      body: '2 garments · ₹2,500',
      url: 'http://localhost:3000/admin-only',
      tag: `order-${order.orderId}`,
    });

    const moved = await context.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${order.orderId}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'visited' },
    });
    expect(moved.statusCode).toBe(200);
    await context.app.outbox.wake();
    const [status] = (await receiver.waitFor(before + 2)).slice(before + 1);
    expect(status!.path).toBe(new URL(phone.endpoint).pathname);
    expect(status!.payload).toEqual({
      title: `ஆர்டர் ${order.orderId}`,
      body: 'வீட்டு வருகை முடிந்தது. உங்களைச் சந்தித்து அளவெடுத்து, துணியைப் பெற்றுக்கொண்டோம்.',
      url: 'http://localhost:3000/myOrders',
      tag: `order-${order.orderId}`,
    });
    // RFC 8291 and RFC 8292 on the wire: the encrypted body's encoding, a lifetime, the shop's signed VAPID claim.
    const { publicKey } = PushKeyResponseSchema.parse((await context.app.inject({ method: 'GET', url: '/api/push/key' })).json());
    expect(status!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(status!.headers.ttl)).toBeGreaterThan(0);
    const vapid = vapidHeader(status!.headers.authorization);
    expect(vapid?.key).toBe(publicKey);
    expect(vapid?.claims.aud).toBe(receiver.url);
    expect(vapid?.claims.sub).toMatch(/^mailto:/);
    // Nothing private rides along: no phone, address or name.
    expect(JSON.stringify(status!.payload)).not.toMatch(/98765|Pollachi|Meena/i);
    expect(await context.database.db.select().from(pushOutbox)).toEqual([]);
  });

  it('removes a subscription the push service says is gone (410), with what waited for it', async () => {
    const meena = await createShopper(context);
    const phone = receiver.subscription();
    gone.add(new URL(phone.endpoint).pathname);
    expect((await subscribe(meena, asBody(phone))).statusCode).toBe(201);
    const before = receiver.received.length;
    const order = await place(meena, 'en');
    await context.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${order.orderId}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'visited' },
    });
    await context.app.outbox.wake();
    await receiver.waitFor(before + 1);
    await context.app.outbox.wake();
    expect(await subscriptionsOf(meena.id)).toEqual([]);
    expect(await context.database.db.select().from(pushOutbox)).toEqual([]);
  });

  it('tells the admins of her cancellation, in Tamil on a Tamil dashboard', async () => {
    const meena = await createShopper(context);
    const otherAdmin = await createUser(context, { role: 'admin' });
    const dashboard = receiver.subscription();
    expect((await subscribe(otherAdmin, asBody(dashboard), 'ta')).statusCode).toBe(201);
    const order = await place(meena, 'en');
    await context.app.outbox.wake();
    const before = receiver.received.length;
    const cancelled = await context.app.inject({
      method: 'POST',
      url: '/api/orders/cancel',
      headers: { cookie: meena.cookie },
      payload: { orderId: order.orderId, reason: 'Ordered twice' },
    });
    expect(cancelled.statusCode).toBe(200);
    await context.app.outbox.wake();
    const mine = receiver.received.slice(before).filter((push) => push.path === new URL(dashboard.endpoint).pathname);
    expect(mine.map((push) => push.payload)).toEqual([
      {
        title: `ஆர்டர் ${order.orderId} ரத்து செய்யப்பட்டது`,
        body: 'வாடிக்கையாளர் இந்த ஆர்டரை ரத்து செய்தார்.',
        url: 'http://localhost:3000/admin-only',
        tag: `order-${order.orderId}`,
      },
    ]);
  });

  it('goes with the account: deleting her account deletes her browsers and what waited for them', async () => {
    const meena = await createShopper(context);
    expect((await subscribe(meena, asBody(receiver.subscription()))).statusCode).toBe(201);
    await deleteUserData(context.database.db, meena.email);
    expect(await subscriptionsOf(meena.id)).toEqual([]);
  });
});
