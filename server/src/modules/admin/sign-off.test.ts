import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderListResponseSchema,
  ErrorBodySchema,
  MAX_SIGN_OFF_COMMENT_LENGTH,
  OrderListResponseSchema,
  SIGN_OFF_MESSAGES,
  SignOffAnswerResponseSchema,
  StatusUpdateResponseSchema,
} from '@thaiyal/contract';
import { orders } from '../../db/schema/index.js';
import { seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import type { SmtpCapture } from '../../../test/smtp-capture.js';
import { insertOrder, openOrderTestBed, plainText, type OrderTestBed } from '../../../test/admin-support.js';
import { manualClock } from '../../../test/clock.js';

// docs/product.md#sign-off-before-cutting: the owner asks the customer to approve the
// measurements, design and final price before cutting; she approves or asks for a call.

const SHOP = 'shop@thaiyal.test';
let bed: OrderTestBed<['Meena', 'Kavya']>;
let context: TestContext, smtp: SmtpCapture, admin: TestUser, meena: TestUser, kavya: TestUser;
let blouse: string;
const clock = manualClock(new Date());

beforeAll(async () => {
  bed = await openOrderTestBed({ shoppers: ['Meena', 'Kavya'], env: { SHOP_EMAIL: SHOP }, clock });
  ({ context, smtp, admin } = bed);
  [meena, kavya] = bed.shoppers;
  [blouse] = (await seedProducts(context, [{ name: 'Silk Blouse' }])) as [string];
});

afterAll(() => bed?.close());

function meenasOrder(status?: 'call' | 'visited' | 'designed' | 'delivered') {
  return insertOrder(context, meena.id, {
    ...(status ? { status } : {}),
    lines: [{ productId: blouse, name: 'Silk Blouse', quantity: 1, pricePaise: 120_000 }],
  });
}

/** `user` null: a visitor. */
const ask = (orderId: string, user: TestUser | null = admin) =>
  bed.send(user ?? undefined, 'POST', `/api/admin/orders/${orderId}/sign-off`);
const phone = (orderId: string, payload: object = { state: 'approved', via: 'phone' }, user: TestUser | null = admin) =>
  bed.send(user ?? undefined, 'PUT', `/api/admin/orders/${orderId}/sign-off`, payload);
const answer = (orderId: string, payload: object, user: TestUser | null = meena) =>
  bed.send(user ?? undefined, 'POST', `/api/orders/${orderId}/sign-off`, payload);
const designed = (orderId: string) => bed.send(admin, 'PUT', `/api/orders/status/${orderId}`, { status: 'designed' });

/** The order's sign-off column as stored: what an error must leave as it was. */
async function storedSignOff(orderId: string) {
  const [row] = await context.database.db
    .select({ signOff: orders.signOff, status: orders.status })
    .from(orders)
    .where(eq(orders.orderNumber, orderId));
  return row;
}

/** Her order as she sees it on My Orders, and as the admin's list answers it. */
async function seenBoth(orderId: string) {
  const mine = OrderListResponseSchema.parse((await bed.send(meena, 'GET', '/api/orders')).json()).orders.find(
    (one) => one.orderId === orderId,
  )!;
  const all = AdminOrderListResponseSchema.parse((await bed.send(admin, 'GET', '/api/orders/status')).json());
  const listed = all.orders.find((one) => one.orderId === orderId)!;
  return { mine, listed };
}

describe('sign-off before cutting: the states', () => {
  it('a new order is not asked, on her list and the admin list', async () => {
    const orderId = await meenasOrder();
    const { mine, listed } = await seenBoth(orderId);
    expect(mine.signOff).toEqual({ state: 'not-asked', steps: [] });
    expect(listed.signOff).toEqual(mine.signOff);
  });

  it('asking makes it pending and mails her in English and Tamil with a link to her order', async () => {
    const orderId = await meenasOrder('visited');
    const since = smtp.mails.length;
    const at = clock.now().toISOString();
    const response = await ask(orderId);
    expect(response.statusCode).toBe(200);
    const { message, order } = StatusUpdateResponseSchema.parse(response.json());
    expect(message).toBe(SIGN_OFF_MESSAGES.asked);
    expect(order.signOff).toEqual({ state: 'pending', at, steps: [{ action: 'asked', at, reason: 'owner' }] });
    const text = plainText(await smtp.waitFor(meena.email, { since }));
    expect(text).toContain(`Before we cut the cloth for your order ${orderId}`);
    expect(text).toContain('₹1,200.00');
    expect(text).toContain('வெட்டும் முன்');
    expect(text).toContain(`/myOrders#order-${orderId}`);
    const { mine, listed } = await seenBoth(orderId);
    expect(mine.signOff?.state).toBe('pending');
    expect(listed.signOff).toEqual(mine.signOff);
  });

  it('she approves: approved with its time, on the steps, and the shop is mailed', async () => {
    const orderId = await meenasOrder('visited');
    expect((await ask(orderId)).statusCode).toBe(200);
    clock.advance(60_000);
    const at = clock.now().toISOString();
    const since = smtp.mails.length;
    const response = await answer(orderId, { decision: 'approve' });
    expect(response.statusCode).toBe(200);
    const { message, order } = SignOffAnswerResponseSchema.parse(response.json());
    expect(message).toBe(SIGN_OFF_MESSAGES.answered);
    expect(order.signOff).toMatchObject({ state: 'approved', at, via: 'online' });
    expect(order.signOff?.steps.at(-1)).toEqual({ action: 'approved', at, via: 'online' });
    const text = plainText(await smtp.waitFor(SHOP, { since }));
    expect(text).toContain(`Meena (9876543210) approved order ${orderId}`);
    expect(text).toContain('ஒப்புதல் அளித்தார்');
    // Answered once: a second answer is refused and changes nothing.
    const before = await storedSignOff(orderId);
    const again = await answer(orderId, { decision: 'call-me' });
    expect(again.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(again.json()).reason).toBe('signOff.notAsked');
    expect(await storedSignOff(orderId)).toEqual(before);
  });

  it('she asks for a call with a comment: the shop is mailed her comment', async () => {
    const orderId = await meenasOrder('visited');
    expect((await ask(orderId)).statusCode).toBe(200);
    const since = smtp.mails.length;
    const response = await answer(orderId, { decision: 'call-me', comment: '  Neck a little deeper, please  ' });
    expect(response.statusCode).toBe(200);
    const { order } = SignOffAnswerResponseSchema.parse(response.json());
    expect(order.signOff).toMatchObject({ state: 'call-requested', via: 'online', comment: 'Neck a little deeper, please' });
    const text = plainText(await smtp.waitFor(SHOP, { since }));
    expect(text).toContain(`asks you to call about order ${orderId}`);
    expect(text).toContain('Her comment: Neck a little deeper, please');
    const { listed } = await seenBoth(orderId);
    expect(listed.signOff).toEqual(order.signOff);
  });

  it('the owner records an approval by phone, asked or not', async () => {
    const orderId = await meenasOrder('visited');
    const response = await phone(orderId);
    expect(response.statusCode).toBe(200);
    const { message, order } = StatusUpdateResponseSchema.parse(response.json());
    expect(message).toBe(SIGN_OFF_MESSAGES.recorded);
    expect(order.signOff).toMatchObject({ state: 'approved', via: 'phone' });
  });
});

describe('sign-off before cutting: a change after approval asks again', () => {
  it('a final-price change after approval asks again, with her mail', async () => {
    const orderId = await meenasOrder('visited');
    expect((await phone(orderId)).statusCode).toBe(200);
    const since = smtp.mails.length;
    const response = await bed.send(admin, 'PUT', `/api/admin/orders/${orderId}/prices`, {
      lines: [{ productId: blouse, price: 1500, note: '' }],
    });
    expect(response.statusCode).toBe(200);
    const { order } = StatusUpdateResponseSchema.parse(response.json());
    expect(order.signOff?.state).toBe('pending');
    expect(order.signOff?.steps.at(-1)).toMatchObject({ action: 'asked', reason: 'price' });
    const text = await smtp.waitForText(meena.email, 'The final price changed after you approved', since);
    expect(text).toContain('₹1,500.00');
    // The same price again is no change: still pending, no second ask.
    const steps = order.signOff!.steps.length;
    const same = await bed.send(admin, 'PUT', `/api/admin/orders/${orderId}/prices`, {
      lines: [{ productId: blouse, price: 1500, note: '' }],
    });
    expect(StatusUpdateResponseSchema.parse(same.json()).order.signOff?.steps).toHaveLength(steps);
  });

  it('a measurement change after approval asks again, with her mail', async () => {
    const orderId = await meenasOrder('visited');
    expect((await ask(orderId)).statusCode).toBe(200);
    expect((await answer(orderId, { decision: 'approve' })).statusCode).toBe(200);
    const since = smtp.mails.length;
    const response = await bed.send(admin, 'PUT', `/api/admin/orders/${orderId}/measurements`, {
      lines: [{ productId: blouse, measurements: { bust: 860 } }],
    });
    expect(response.statusCode).toBe(200);
    const { order } = StatusUpdateResponseSchema.parse(response.json());
    expect(order.signOff?.state).toBe('pending');
    expect(order.signOff?.steps.at(-1)).toMatchObject({ action: 'asked', reason: 'measurements' });
    await smtp.waitForText(meena.email, 'The measurements changed after you approved', since);
    // Pending again, she can answer again.
    expect((await answer(orderId, { decision: 'approve' })).statusCode).toBe(200);
  });

  it('measurements recorded before any approval do not ask', async () => {
    const orderId = await meenasOrder('visited');
    const response = await bed.send(admin, 'PUT', `/api/admin/orders/${orderId}/measurements`, {
      lines: [{ productId: blouse, measurements: { bust: 860 } }],
    });
    expect(StatusUpdateResponseSchema.parse(response.json()).order.signOff).toEqual({ state: 'not-asked', steps: [] });
  });

  it('"designed" before approval goes ahead and is recorded; after approval it is not marked', async () => {
    const orderId = await meenasOrder('visited');
    const response = await designed(orderId);
    expect(response.statusCode).toBe(200);
    const { order } = StatusUpdateResponseSchema.parse(response.json());
    expect(order.status).toBe('designed');
    expect(order.signOff).toMatchObject({ state: 'not-asked', designedWithoutApproval: true });
    expect(order.signOff?.steps).toMatchObject([{ action: 'designed-without-approval' }]);
    const approved = await meenasOrder('visited');
    expect((await phone(approved)).statusCode).toBe(200);
    const moved = await designed(approved);
    expect(StatusUpdateResponseSchema.parse(moved.json()).order.signOff?.designedWithoutApproval).toBeUndefined();
  });
});

describe('sign-off before cutting: refusals change nothing', () => {
  it('a stranger answering her order gets 404', async () => {
    const orderId = await meenasOrder('visited');
    expect((await ask(orderId)).statusCode).toBe(200);
    const before = await storedSignOff(orderId);
    const response = await answer(orderId, { decision: 'approve' }, kavya);
    expect(response.statusCode).toBe(404);
    expect(await storedSignOff(orderId)).toEqual(before);
    expect((await answer('TH-NOSUCH', { decision: 'approve' })).statusCode).toBe(404);
  });

  it('answering when not asked is 409', async () => {
    const orderId = await meenasOrder('visited');
    const response = await answer(orderId, { decision: 'approve' });
    expect(response.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(response.json()).message).toBe(SIGN_OFF_MESSAGES.notAsked);
    expect((await storedSignOff(orderId))?.signOff).toBeNull();
  });

  it.each([
    ['no decision', {}],
    ['an unknown decision', { decision: 'maybe' }],
    ['a comment too long', { decision: 'call-me', comment: 'x'.repeat(MAX_SIGN_OFF_COMMENT_LENGTH + 1) }],
    ['a comment not text', { decision: 'call-me', comment: 5 }],
    ['an unknown field', { decision: 'approve', state: 'approved' }],
  ])('her answer with %s is 400', async (_name, payload) => {
    const orderId = await meenasOrder('visited');
    expect((await ask(orderId)).statusCode).toBe(200);
    const before = await storedSignOff(orderId);
    const response = await answer(orderId, payload);
    expect(response.statusCode).toBe(400);
    expect(await storedSignOff(orderId)).toEqual(before);
  });

  it.each([
    ['no body', {}],
    ['another state', { state: 'call-requested', via: 'phone' }],
    ['another way', { state: 'approved', via: 'online' }],
    ['an unknown field', { state: 'approved', via: 'phone', comment: 'ok' }],
  ])('the phone approval with %s is 400', async (_name, payload) => {
    const orderId = await meenasOrder('visited');
    const response = await phone(orderId, payload);
    expect(response.statusCode).toBe(400);
    expect((await storedSignOff(orderId))?.signOff).toBeNull();
  });

  it.each(['delivered', 'cancelled'] as const)('asking or recording on a %s order is 409', async (status) => {
    const orderId = await insertOrder(context, meena.id, { status: status as 'delivered' });
    const since = smtp.mails.length;
    const asked = await ask(orderId);
    expect(asked.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(asked.json()).reason).toBe('signOff.orderClosed');
    expect((await phone(orderId)).statusCode).toBe(409);
    expect((await storedSignOff(orderId))?.signOff).toBeNull();
    // Mails of earlier tests may still arrive: an open order's ask, mailed after these, is waited for;
    // none mentions the refused order.
    const open = await meenasOrder('visited');
    expect((await ask(open)).statusCode).toBe(200);
    await smtp.waitForText(meena.email, open, since);
    expect(smtp.mails.slice(since).filter((mail) => plainText(mail).includes(orderId))).toEqual([]);
  });

  it('she cannot answer once the order is cancelled', async () => {
    const orderId = await meenasOrder('visited');
    expect((await ask(orderId)).statusCode).toBe(200);
    await context.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNumber, orderId));
    expect((await answer(orderId, { decision: 'approve' })).statusCode).toBe(409);
  });

  it('unknown order: 404 on both admin routes', async () => {
    expect((await ask('TH-NOSUCH')).statusCode).toBe(404);
    expect((await phone('TH-NOSUCH')).statusCode).toBe(404);
  });

  it('the admin routes refuse a visitor (401) and a customer (403); her route refuses a visitor (401)', async () => {
    const orderId = await meenasOrder('visited');
    expect((await ask(orderId, null)).statusCode).toBe(401);
    expect((await ask(orderId, meena)).statusCode).toBe(403);
    expect((await phone(orderId, undefined, null)).statusCode).toBe(401);
    expect((await phone(orderId, undefined, meena)).statusCode).toBe(403);
    expect((await answer(orderId, { decision: 'approve' }, null)).statusCode).toBe(401);
    expect((await storedSignOff(orderId))?.signOff).toBeNull();
  });
});
