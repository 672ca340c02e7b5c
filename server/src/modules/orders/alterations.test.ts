import { isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminAlterationListResponseSchema,
  AdminAlterationResponseSchema,
  AdminOrderListResponseSchema,
  AlterationResponseSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  ReferencePictureResponseSchema,
  StatusUpdateResponseSchema,
  VisitDaysResponseSchema,
  type Order,
} from '@thaiyal/contract';
import { eq } from 'drizzle-orm';
import { deleteUserData } from '../../cli/delete-user.js';
import { orderAlterations, orders, visitSlots } from '../../db/schema/index.js';
import { createShopper, multipartBody } from '../../../test/admin-support.js';
import { manualClock } from '../../../test/clock.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.js';
import { createTestContext, createUser, injectAs, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';

// docs/product.md#free-alterations: for ALTERATION_DAYS shop days after delivery the shopper asks
// for a free alteration of a garment (what is wrong, where, a note, up to 3 pictures); the shop
// picks it up (a visit booked as trial and delivery visits are) and marks it done; mails both ways.

// Monday 2 November 2026, 09:30 in Pollachi (04:00 UTC): the orders are delivered then.
const DELIVERED_AT = new Date('2026-11-02T04:00:00Z');
const clock = manualClock(DELIVERED_AT);
const SHOP_EMAIL = 'shop@example.test';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let context: TestContext;
let smtp: SmtpCapture;
let admin: TestUser;
let blouse: string, frock: string, other: string;
let jpeg: Buffer;
let morning: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ SMTP_URL: smtp.url, SHOP_EMAIL, MAX_OPEN_VISITS: '50' }, clock);
  admin = await createUser(context, { role: 'admin' });
  [blouse, frock, other] = (await seedProducts(context, [
    { name: 'Alter Blouse', pricePaise: 50_000 },
    { name: 'Alter Frock', pricePaise: 70_000 },
    { name: 'Never Ordered', pricePaise: 10_000 },
  ])) as [string, string, string];
  jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#3a3' } })
    .jpeg()
    .toBuffer();
  const slots = await context.database.db.select().from(visitSlots).where(isNull(visitSlots.retiredAt)).orderBy(visitSlots.startsAt);
  morning = slots[0]!.id;
});

afterAll(async () => {
  await context?.close();
  await smtp?.close();
});

/** `user` with a session minted on the app's clock as it now reads (the tests move it by days, past a session's life). */
async function onTheClock(user: TestUser): Promise<TestUser> {
  const { accessToken, refreshToken } = await context.app.sessions.mint(user.id);
  return { ...user, cookie: `access_token=${accessToken}; refresh_token=${refreshToken}` };
}

const send = async (user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(context, user && (await onTheClock(user)), method, url, payload);

/** A delivered order of a blouse and a frock by a new shopper (or `user`), delivered at {@link DELIVERED_AT}. */
async function deliveredOrder(user?: TestUser): Promise<{ order: Order; user: TestUser }> {
  clock.set(DELIVERED_AT);
  const who = user ?? (await createShopper(context));
  const placed = await send(who, 'POST', '/api/orders', {
    items: [
      { productId: blouse, quantity: 1 },
      { productId: frock, quantity: 1 },
    ],
    totalAmt: 1200,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = OrderResponseSchema.parse(placed.json()).order;
  expect((await send(admin, 'PUT', `/api/orders/status/${order.orderId}`, { status: 'delivered' })).statusCode).toBe(200);
  return { order, user: who };
}

/** One reference picture uploaded by `user`: its id. */
async function picture(user: TestUser): Promise<string> {
  const { payload, headers } = await multipartBody({}, [{ field: 'picture', filename: 'p.jpg', type: 'image/jpeg', data: jpeg }]);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/orders/reference-pictures',
    headers: { ...headers, cookie: (await onTheClock(user)).cookie },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return ReferencePictureResponseSchema.parse(response.json()).picture.id;
}

/** `POST /api/orders/:orderId/alterations` as `user`. */
const ask = (user: TestUser, orderId: string, body: object) => send(user, 'POST', `/api/orders/${orderId}/alterations`, body);

/** Her view of one order (`GET /api/orders`). */
async function herView(user: TestUser, orderId: string): Promise<Order> {
  const response = await send(user, 'GET', '/api/orders');
  return OrderListResponseSchema.parse(response.json()).orders.find((order) => order.orderId === orderId)!;
}

describe('POST /api/orders/:orderId/alterations', () => {
  it('opens an alteration of a garment with its pictures, shown on her order and the admin list, and mails the shop', async () => {
    const { order, user } = await deliveredOrder();
    const pictures = [await picture(user), await picture(user)];
    clock.set(new Date('2026-11-04T06:00:00Z'));
    const since = smtp.mails.length;
    const response = await ask(user, order.orderId, {
      productId: blouse,
      problem: 'tight',
      where: ' left sleeve ',
      note: 'Tight at the arm',
      pictureIds: pictures,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { alteration } = AlterationResponseSchema.parse(response.json());
    expect(alteration).toMatchObject({
      productId: blouse,
      problem: 'tight',
      where: 'left sleeve',
      note: 'Tight at the arm',
      status: 'requested',
      requestedAt: '2026-11-04T06:00:00.000Z',
      pickedUpAt: null,
      doneAt: null,
    });
    expect(alteration.pictures).toHaveLength(2);
    expect(alteration.pictures.every((url) => url.startsWith('/uploads/references/'))).toBe(true);
    expect((await herView(user, order.orderId)).alterations).toEqual([alteration]);
    const list = await send(admin, 'GET', '/api/orders/status?status=delivered&limit=100');
    const adminOrder = AdminOrderListResponseSchema.parse(list.json()).orders.find((one) => one.orderId === order.orderId)!;
    expect(adminOrder.alterations).toEqual([alteration]);
    // Her pictures are hers to see, and the shop's, not another shopper's (docs/security.md#private-pictures).
    expect((await send(user, 'GET', alteration.pictures[0]!)).statusCode).toBe(200);
    expect((await send(admin, 'GET', alteration.pictures[0]!)).statusCode).toBe(200);
    expect((await send(await createShopper(context), 'GET', alteration.pictures[0]!)).statusCode).toBe(404);
    const text = await smtp.waitForText(SHOP_EMAIL, `asks for a free alteration of Alter Blouse (order ${order.orderId})`, since);
    expect(text).toContain('too tight (left sleeve)');
    expect(text).toContain('Tight at the arm');
    expect(text).toContain('Pictures: 2');
    expect(text).toContain('இலவச மாற்றம் கேட்கிறார்');
  });

  it('is open through the 7th shop day after delivery and refused on the 8th', async () => {
    const { order, user } = await deliveredOrder();
    // 9 November 23:59 in Pollachi (18:29 UTC): the 7th day after 2 November.
    clock.set(new Date('2026-11-09T18:29:00Z'));
    expect((await ask(user, order.orderId, { productId: blouse, problem: 'length', note: 'Shorten by 1 inch' })).statusCode).toBe(201);
    // 10 November 00:01 in Pollachi: the 8th day.
    clock.set(new Date('2026-11-09T18:31:00Z'));
    const late = await ask(user, order.orderId, { productId: frock, problem: 'loose', note: 'Loose at the waist' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ reason: 'alteration.windowClosed' });
  });

  it('keeps one open alteration per garment, and allows another once it is done', async () => {
    const { order, user } = await deliveredOrder();
    clock.set(new Date('2026-11-03T04:00:00Z'));
    const first = await ask(user, order.orderId, { productId: blouse, problem: 'tight', note: 'Tight' });
    expect(first.statusCode).toBe(201);
    const again = await ask(user, order.orderId, { productId: blouse, problem: 'loose', note: 'Now loose' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'alteration.alreadyOpen' });
    // Another garment of the order is its own.
    expect((await ask(user, order.orderId, { productId: frock, problem: 'other', note: 'Hook missing' })).statusCode).toBe(201);
    const id = AlterationResponseSchema.parse(first.json()).alteration.id;
    for (const status of ['picked-up', 'done']) {
      expect((await send(admin, 'PUT', `/api/admin/alterations/${id}`, { status })).statusCode).toBe(200);
    }
    expect((await ask(user, order.orderId, { productId: blouse, problem: 'loose', note: 'Now loose' })).statusCode).toBe(201);
  });
});

describe('what POST /api/orders/:orderId/alterations refuses', () => {
  it('takes only her own unused pictures, at most 3, and writes nothing when one is refused', async () => {
    const { order, user } = await deliveredOrder();
    const stranger = await createShopper(context);
    clock.set(new Date('2026-11-03T04:00:00Z'));
    const mine = await picture(user);
    const theirs = await picture(stranger);
    const four = [await picture(user), await picture(user), await picture(user), await picture(user)];
    const cases: [string, string[], number, string | undefined][] = [
      ["another shopper's picture", [theirs], 400, 'alteration.pictureNotFound'],
      ['an unknown id', [UNKNOWN], 400, 'alteration.pictureNotFound'],
      ['one picture twice', [mine, mine], 400, 'alteration.pictureNotFound'],
      ['four pictures', four, 400, undefined],
    ];
    for (const [name, pictureIds, status, reason] of cases) {
      const response = await ask(user, order.orderId, { productId: blouse, problem: 'tight', note: 'Tight', pictureIds });
      expect(response.statusCode, name).toBe(status);
      if (reason) expect(response.json(), name).toMatchObject({ reason });
    }
    expect((await herView(user, order.orderId)).alterations).toEqual([]);
    // Her picture was not taken by the refused requests: it still goes on one.
    const ok = await ask(user, order.orderId, { productId: blouse, problem: 'tight', note: 'Tight', pictureIds: [mine] });
    expect(ok.statusCode).toBe(201);
    // A used picture cannot be named again.
    const reused = await ask(user, order.orderId, { productId: frock, problem: 'tight', note: 'Tight', pictureIds: [mine] });
    expect(reused.json()).toMatchObject({ reason: 'alteration.pictureNotFound' });
  });

  it('refuses bad bodies, a garment not on the order, an order not delivered and another shopper’s order', async () => {
    const { order, user } = await deliveredOrder();
    clock.set(new Date('2026-11-03T04:00:00Z'));
    const bad: [string, object, string | undefined][] = [
      ['no note', { productId: blouse, problem: 'tight' }, undefined],
      ['a blank note', { productId: blouse, problem: 'tight', note: '   ' }, undefined],
      ['an unknown problem', { productId: blouse, problem: 'ugly', note: 'x' }, undefined],
      ['a long where', { productId: blouse, problem: 'tight', where: 'x'.repeat(81), note: 'x' }, undefined],
      ['a long note', { productId: blouse, problem: 'tight', note: 'x'.repeat(501) }, undefined],
      ['an unknown field', { productId: blouse, problem: 'tight', note: 'x', status: 'done' }, undefined],
      ['a product id not a uuid', { productId: 'blouse', problem: 'tight', note: 'x' }, undefined],
      ['a garment not on the order', { productId: other, problem: 'tight', note: 'x' }, 'alteration.productNotOnOrder'],
    ];
    for (const [name, body, reason] of bad) {
      const response = await ask(user, order.orderId, body);
      expect(response.statusCode, name).toBe(400);
      if (reason) expect(response.json(), name).toMatchObject({ reason });
    }
    const stranger = await createShopper(context);
    const foreign = await ask(stranger, order.orderId, { productId: blouse, problem: 'tight', note: 'x' });
    const unknown = await ask(stranger, 'TH-ZZZZZZ', { productId: blouse, problem: 'tight', note: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    expect((await ask(user, order.orderId, { productId: blouse, problem: 'tight', note: 'x' })).statusCode).toBe(201);
    // Not delivered yet.
    const placed = await send(user, 'POST', '/api/orders', { items: [{ productId: blouse, quantity: 1 }], totalAmt: 500 });
    const open = OrderResponseSchema.parse(placed.json()).order;
    const early = await ask(user, open.orderId, { productId: blouse, problem: 'tight', note: 'x' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ reason: 'alteration.notDelivered' });
    expect(await ask(user, open.orderId, { productId: blouse, problem: 'tight', note: 'x' }).then((r) => r.statusCode)).toBe(409);
    expect((await send(undefined, 'POST', `/api/orders/${order.orderId}/alterations`, { productId: blouse })).statusCode).toBe(401);
  });
});

describe('the owner’s alterations', () => {
  it('lists the open ones and moves each forward only, mailing her each step', async () => {
    const { order, user } = await deliveredOrder();
    clock.set(new Date('2026-11-03T04:00:00Z'));
    const made = AlterationResponseSchema.parse(
      (await ask(user, order.orderId, { productId: frock, problem: 'loose', where: 'waist', note: 'Loose at the waist' })).json(),
    ).alteration;
    const open = AdminAlterationListResponseSchema.parse((await send(admin, 'GET', '/api/admin/alterations?status=open')).json());
    const listed = open.alterations.find((one) => one.id === made.id)!;
    expect(listed).toMatchObject({
      orderId: order.orderId,
      garment: { name: 'Alter Frock' },
      customer: { name: expect.any(String) as string, phone: expect.any(String) as string },
      status: 'requested',
    });
    const url = `/api/admin/alterations/${made.id}`;
    const wrong = await send(admin, 'PUT', url, { status: 'done' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ reason: 'alteration.badMove' });
    let since = smtp.mails.length;
    const picked = await send(admin, 'PUT', url, { status: 'picked-up' });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(AdminAlterationResponseSchema.parse(picked.json()).alteration).toMatchObject({
      status: 'picked-up',
      pickedUpAt: '2026-11-03T04:00:00.000Z',
    });
    const pickedText = await smtp.waitForText(user.email, 'We have picked up your garment', since);
    expect(pickedText).toContain('எடுத்துச் சென்றோம்');
    expect((await send(admin, 'PUT', url, { status: 'picked-up' })).statusCode).toBe(409);
    since = smtp.mails.length;
    expect((await send(admin, 'PUT', url, { status: 'done' })).statusCode).toBe(200);
    await smtp.waitForText(user.email, 'Your alteration is done.', since);
    expect((await send(admin, 'PUT', url, { status: 'done' })).statusCode).toBe(409);
    const after = AdminAlterationListResponseSchema.parse((await send(admin, 'GET', '/api/admin/alterations?status=open')).json());
    expect(after.alterations.map((one) => one.id)).not.toContain(made.id);
    const all = AdminAlterationListResponseSchema.parse((await send(admin, 'GET', '/api/admin/alterations?status=all')).json());
    expect(all.alterations.find((one) => one.id === made.id)?.status).toBe('done');
    expect((await herView(user, order.orderId)).alterations?.[0]?.status).toBe('done');
    const bad: [object | string, number][] = [
      [{ status: 'requested' }, 400],
      [{ status: 'done', note: 'x' }, 400],
    ];
    for (const [body, status] of bad) expect((await send(admin, 'PUT', url, body as object)).statusCode).toBe(status);
    expect((await send(admin, 'PUT', `/api/admin/alterations/${UNKNOWN}`, { status: 'done' })).statusCode).toBe(404);
    expect((await send(admin, 'GET', '/api/admin/alterations?status=closed')).statusCode).toBe(400);
    expect((await send(user, 'GET', '/api/admin/alterations')).statusCode).toBe(403);
    expect((await send(user, 'PUT', url, { status: 'done' })).statusCode).toBe(403);
  });

  it('books the pickup visit on a delivered order with an open alteration, sharing the slot, and keeps delivered orders closed to other visits', async () => {
    const { order, user } = await deliveredOrder();
    clock.set(new Date('2026-11-03T04:00:00Z'));
    const visit = { kind: 'alteration', date: '2026-11-05', slotId: morning };
    const before = await send(admin, 'POST', `/api/admin/orders/${order.orderId}/appointments`, visit);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ reason: 'appointment.noOpenAlteration' });
    expect(
      (await send(admin, 'POST', `/api/admin/orders/${order.orderId}/appointments`, { ...visit, kind: 'trial' })).json(),
    ).toMatchObject({ reason: 'appointment.orderClosed' });
    expect((await ask(user, order.orderId, { productId: blouse, problem: 'tight', note: 'Tight' })).statusCode).toBe(201);
    const heldBefore = await held('2026-11-05', morning);
    const since = smtp.mails.length;
    const booked = await send(admin, 'POST', `/api/admin/orders/${order.orderId}/appointments`, visit);
    expect(booked.statusCode, booked.body).toBe(201);
    const admins = StatusUpdateResponseSchema.parse(booked.json()).order;
    expect(admins.appointments?.find((one) => one.kind === 'alteration')).toMatchObject({ date: '2026-11-05', slotId: morning });
    expect(admins.alterations).toHaveLength(1);
    expect(await held('2026-11-05', morning)).toBe(heldBefore + 1);
    await smtp.waitForText(user.email, 'alteration pickup visit', since);
    const day = await send(admin, 'GET', '/api/admin/visits?date=2026-11-05');
    expect(day.statusCode, day.body).toBe(200);
    expect(JSON.stringify(day.json())).toContain('"kind":"alteration"');
    // A shopper still cannot book one herself.
    expect((await send(user, 'POST', `/api/orders/${order.orderId}/appointments`, visit)).statusCode).toBe(400);
  });
});

/** The places booked in `slotId` on `date` (`GET /api/visit-slots`). */
async function held(date: string, slotId: string): Promise<number> {
  const response = await send(undefined, 'GET', `/api/visit-slots?from=${date}&days=1`);
  return VisitDaysResponseSchema.parse(response.json()).days[0]!.slots.find((slot) => slot.id === slotId)!.booked;
}

describe('her account deleted', () => {
  it('takes her alterations (notes and pictures) off the delivered order the shop keeps (docs/security.md#private-pictures)', async () => {
    const { order, user } = await deliveredOrder();
    clock.set(new Date('2026-11-03T04:00:00Z'));
    const pictureIds = [await picture(user)];
    expect((await ask(user, order.orderId, { productId: blouse, problem: 'tight', note: 'Tight', pictureIds })).statusCode).toBe(201);
    const deleted = await deleteUserData(context.database.db, user.email);
    expect(deleted.imageUrls.some((url) => url.startsWith('/uploads/references/'))).toBe(true);
    const [kept] = await context.database.db.select().from(orders).where(eq(orders.orderNumber, order.orderId));
    expect(kept?.userId).toBeNull();
    expect(await context.database.db.select().from(orderAlterations).where(eq(orderAlterations.orderId, kept!.id))).toEqual([]);
  });
});
