import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponseSchema, StatusUpdateResponseSchema, type Language, type Order, type PushPayload } from '@thaiyal/contract';
import { pushOutbox, visitSlots } from '../../db/schema/index.js';
import { PUSH_LINES, type Words } from '../../platform/push-notices.js';
import { createShopper } from '../../../test/admin-support.js';
import { manualClock } from '../../../test/clock.js';
import { createTestContext, createUser, injectAs, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { startPushReceiver, type PushReceiver, type TestSubscription } from '../../../test/push-receiver.js';

// docs/product.md#notifications; docs/decisions/023-push-notifications.md: each change that mails
// the shopper or the shop also queues a notification, committed with it, to the recipient's
// browsers in the recipient's language; a refused request (400/409) changes nothing and so
// tells nobody. A real push service on loopback decrypts what each browser gets (RFC 8291).

// Monday 2 November 2026, 09:30 in Pollachi: visits are bookable to Sunday 15 November.
const clock = manualClock(new Date('2026-11-02T04:00:00Z'));
const SHOP = 'http://localhost:3000';
let context: TestContext;
let receiver: PushReceiver;
let blouse: string, notOrdered: string;
let afternoon: string, evening: string;
/** Meena orders in Tamil from a browser set to English: hers come in Tamil, the language she ordered in. */
let meena: TestUser;
/** Her browser, each admin's (one dashboard in English, one in Tamil), and another shopper's. */
let browsers: Record<'meena' | 'adminEn' | 'adminTa' | 'kavya', TestSubscription>;
let admin: TestUser;

beforeAll(async () => {
  receiver = await startPushReceiver();
  context = await createTestContext(
    { PUSH_ALLOW_LOOPBACK_RECEIVER: 'true', MAX_OPEN_ORDERS: '1000', MAX_ORDERS_PER_HOUR: '1000', MAX_OPEN_VISITS: '1000' },
    clock,
  );
  [blouse, notOrdered] = (await seedProducts(context, [
    { name: 'Notice Blouse', pricePaise: 50_000 },
    { name: 'Never Ordered', pricePaise: 10_000 },
  ])) as [string, string];
  const slots = await context.database.db.select().from(visitSlots).where(isNull(visitSlots.retiredAt)).orderBy(visitSlots.startsAt);
  [, afternoon, evening] = slots.map((slot) => slot.id) as [string, string, string];
  admin = await createUser(context, { role: 'admin' });
  const otherAdmin = await createUser(context, { role: 'admin' });
  meena = await createShopper(context);
  const kavya = await createShopper(context);
  browsers = {
    meena: receiver.subscription(),
    adminEn: receiver.subscription(),
    adminTa: receiver.subscription(),
    kavya: receiver.subscription(),
  };
  const subscriptions: [TestUser, TestSubscription, Language][] = [
    [meena, browsers.meena, 'en'],
    [admin, browsers.adminEn, 'en'],
    [otherAdmin, browsers.adminTa, 'ta'],
    [kavya, browsers.kavya, 'ta'],
  ];
  for (const [user, browser, language] of subscriptions) {
    const body = { endpoint: browser.endpoint, keys: browser.keys };
    const response = await injectAs(
      context,
      { ...user, cookie: `${user.cookie}; lang=${language}` },
      'POST',
      '/api/push/subscriptions',
      body,
    );
    expect(response.statusCode).toBe(201);
  }
});

afterAll(async () => {
  await context?.close();
  await receiver?.close();
});

const send = (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(context, user, method, url, payload);

/** A new order of one blouse (₹500) by Meena, placed in Tamil. */
async function place(): Promise<Order> {
  const tamil = { ...meena, cookie: `${meena.cookie}; lang=ta` };
  const response = await send(tamil, 'POST', '/api/orders', { items: [{ productId: blouse, quantity: 1 }], totalAmt: 500 });
  expect(response.statusCode, response.body).toBe(201);
  return OrderResponseSchema.parse(response.json()).order;
}

/** Expect `response` to have succeeded; returns it. */
async function ok(response: ReturnType<typeof send>) {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBeLessThan(300);
  return answered;
}

/** An order as the tests below pass it on: its number, and its visits once the shop has booked one. */
type OrderRef = Pick<Order, 'orderId' | 'appointments'>;

/** `order`'s trial visit's id (booked by an `arrange` step). */
function trialOf(order: OrderRef): string {
  return order.appointments!.find((visit) => visit.kind === 'trial')!.id;
}

/** Send what is queued; returns what each browser got since `since` (index in `receiver.received`), by browser. */
async function sentSince(since: number): Promise<{ to: keyof typeof browsers; payload: PushPayload }[]> {
  await context.app.outbox.wake();
  const byPath = new Map(Object.entries(browsers).map(([name, browser]) => [new URL(browser.endpoint).pathname, name]));
  return receiver.received
    .slice(since)
    .map((push) => ({ to: byPath.get(push.path) as keyof typeof browsers, payload: push.payload }))
    .sort((a, b) => a.to.localeCompare(b.to));
}

/** What Meena's browser gets about `orderId`: `body` in her order's language (Tamil), opening My Orders. */
const toMeena = (orderId: string, body: string) => [
  { to: 'meena', payload: { title: `ஆர்டர் ${orderId}`, body, url: `${SHOP}/myOrders`, tag: `order-${orderId}` } },
];

/** What each admin's browser gets about `orderId`, each in its own language, opening the dashboard. */
const toAdmins = (orderId: string, title: Words, body: Words) => [
  { to: 'adminEn', payload: { title: title.en, body: body.en, url: `${SHOP}/admin-only`, tag: `order-${orderId}` } },
  { to: 'adminTa', payload: { title: title.ta, body: body.ta, url: `${SHOP}/admin-only`, tag: `order-${orderId}` } },
];

/** `PUT …/prices` as the admin: `productId`'s final price `price` (rupees). */
const setPrice = (order: OrderRef, productId: string, price: number) =>
  send(admin, 'PUT', `/api/admin/orders/${order.orderId}/prices`, { lines: [{ productId, price, note: '' }] });
/** `POST …/appointments` as the admin: a trial visit on `date` (YYYY-MM-DD) in `slotId`. */
const bookTrial = (order: OrderRef, date: string, slotId: string) =>
  send(admin, 'POST', `/api/admin/orders/${order.orderId}/appointments`, { kind: 'trial', date, slotId });
/** `POST …/sign-off` as the admin: ask for her approval. */
const askSignOff = (order: OrderRef) => send(admin, 'POST', `/api/admin/orders/${order.orderId}/sign-off`);
/** Her answer to the ask. */
const answerSignOff = (order: OrderRef, body: object) => send(meena, 'POST', `/api/orders/${order.orderId}/sign-off`, body);
/** The order's status set by the admin. */
const setStatus = (order: OrderRef, status: string) => send(admin, 'PUT', `/api/orders/status/${order.orderId}`, { status });

interface NoticeCase {
  what: string;
  /** Bring the order where the change can happen (what this queues is sent before the change). */
  arrange?: (order: OrderRef) => Promise<OrderRef | void>;
  /** A request the shop refuses, with its status: it must tell nobody. */
  refused: (order: OrderRef) => Promise<{ statusCode: number }>;
  refusedStatus: 400 | 409;
  /** The change. */
  act: (order: OrderRef) => Promise<unknown>;
  expected: (orderId: string) => { to: string; payload: PushPayload }[];
}

const cases: NoticeCase[] = [
  {
    what: 'the final price set: to her',
    refused: (order) => setPrice(order, blouse, 0),
    refusedStatus: 400,
    act: (order) => ok(setPrice(order, blouse, 650)),
    expected: (orderId) => toMeena(orderId, PUSH_LINES.prices.ta),
  },
  {
    what: 'her sign-off asked: to her',
    arrange: async (order) => void (await ok(setStatus(order, 'visited'))),
    refused: (order) => send(admin, 'PUT', `/api/admin/orders/${order.orderId}/sign-off`, { state: 'approved', via: 'online' }),
    refusedStatus: 400,
    act: (order) => ok(askSignOff(order)),
    expected: (orderId) => toMeena(orderId, PUSH_LINES.signOffAsked.ta),
  },
  {
    what: 'her sign-off asked again after a price change: to her',
    arrange: async (order) =>
      void (await ok(send(admin, 'PUT', `/api/admin/orders/${order.orderId}/sign-off`, { state: 'approved', via: 'phone' }))),
    refused: (order) => setPrice(order, notOrdered, 650),
    refusedStatus: 400,
    act: (order) => ok(setPrice(order, blouse, 650)),
    expected: (orderId) => toMeena(orderId, PUSH_LINES.signOffAsked.ta),
  },
  {
    what: 'a trial visit booked by the shop: to her',
    refused: (order) => bookTrial(order, '2026-11-05', '00000000-0000-4000-8000-000000000000'),
    refusedStatus: 409,
    act: (order) => ok(bookTrial(order, '2026-11-05', afternoon)),
    expected: (orderId) => toMeena(orderId, 'டிரயல் வருகை பதிவு செய்யப்பட்டது: நவம்பர் 5, வியாழன், 14:00-17:00'),
  },
  {
    what: 'a trial visit moved by the shop: to her',
    arrange: async (order) => void (await ok(bookTrial(order, '2026-11-05', afternoon))),
    refused: (order) => bookTrial(order, '2026-11-31', evening),
    refusedStatus: 400,
    act: (order) => ok(bookTrial(order, '2026-11-06', evening)),
    expected: (orderId) => toMeena(orderId, 'டிரயல் வருகை மாற்றப்பட்டது: நவம்பர் 6, வெள்ளி, 17:00-19:30'),
  },
  {
    what: 'a trial visit cancelled by the shop: to her',
    arrange: async (order) => {
      const booked = await ok(bookTrial(order, '2026-11-05', afternoon));
      return StatusUpdateResponseSchema.parse(booked.json()).order;
    },
    refused: (order) => send(admin, 'DELETE', `/api/admin/orders/${order.orderId}/appointments/not-a-uuid`),
    refusedStatus: 400,
    act: (order) => ok(send(admin, 'DELETE', `/api/admin/orders/${order.orderId}/appointments/${trialOf(order)}`)),
    expected: (orderId) => toMeena(orderId, 'டிரயல் வருகை ரத்து செய்யப்பட்டது: நவம்பர் 5, வியாழன், 14:00-17:00'),
  },
  {
    what: 'her ready-by date moved: to her',
    refused: (order) => send(admin, 'PUT', `/api/admin/orders/${order.orderId}/ready-by`, { readyBy: '2026-11-20', reason: '' }),
    refusedStatus: 400,
    act: (order) =>
      ok(send(admin, 'PUT', `/api/admin/orders/${order.orderId}/ready-by`, { readyBy: '2026-11-20', reason: 'Waiting for the lining' })),
    expected: (orderId) => toMeena(orderId, 'இப்போது நவம்பர் 20, வெள்ளி அன்று தயாராகும்.'),
  },
  {
    what: 'her approval: to the admins',
    arrange: async (order) => void (await ok(askSignOff(order))),
    refused: (order) => answerSignOff(order, { decision: 'maybe' }),
    refusedStatus: 400,
    act: (order) => ok(answerSignOff(order, { decision: 'approve' })),
    expected: (orderId) =>
      toAdmins(orderId, { en: `Order ${orderId}: approval answered`, ta: `ஆர்டர் ${orderId}: ஒப்புதல் பதில்` }, PUSH_LINES.approved),
  },
  {
    what: 'her asking for a call before cutting: to the admins',
    arrange: async (order) => void (await ok(askSignOff(order))),
    refused: (order) => answerSignOff(order, { decision: 'call-me', comment: 'x'.repeat(5000) }),
    refusedStatus: 400,
    act: (order) => ok(answerSignOff(order, { decision: 'call-me' })),
    expected: (orderId) =>
      toAdmins(orderId, { en: `Order ${orderId}: approval answered`, ta: `ஆர்டர் ${orderId}: ஒப்புதல் பதில்` }, PUSH_LINES.callRequested),
  },
  {
    what: 'her alteration request: to the admins',
    arrange: async (order) => void (await ok(setStatus(order, 'delivered'))),
    refused: (order) =>
      send(meena, 'POST', `/api/orders/${order.orderId}/alterations`, { productId: notOrdered, problem: 'tight', note: 'Too tight' }),
    refusedStatus: 400,
    act: (order) =>
      ok(send(meena, 'POST', `/api/orders/${order.orderId}/alterations`, { productId: blouse, problem: 'tight', note: 'Too tight' })),
    expected: (orderId) =>
      toAdmins(orderId, { en: `Order ${orderId}: alteration`, ta: `ஆர்டர் ${orderId}: ஆடை மாற்றம்` }, PUSH_LINES.alterationRequested),
  },
  {
    what: 'her cancellation: to the admins',
    refused: (order) => send(meena, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: '   ' }),
    refusedStatus: 400,
    act: (order) => ok(send(meena, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'Ordered twice' })),
    expected: (orderId) =>
      toAdmins(orderId, { en: `Order ${orderId} cancelled`, ta: `ஆர்டர் ${orderId} ரத்து செய்யப்பட்டது` }, PUSH_LINES.cancelled),
  },
];

describe('the notification each change queues', () => {
  it.each(cases)('$what; none for a refused request', async (notice) => {
    const placed = await place();
    const order = (await notice.arrange?.(placed)) ?? placed;
    const before = (await sentSince(0)).length;

    const refused = await notice.refused(order);
    expect(refused.statusCode).toBe(notice.refusedStatus);
    expect(await sentSince(before)).toEqual([]);

    await notice.act(order);
    expect(await sentSince(before)).toEqual(notice.expected(order.orderId));
    expect(await context.database.db.select().from(pushOutbox)).toEqual([]);
  });
});
