import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderListResponseSchema,
  AtRiskOrdersResponseSchema,
  ORDER_RISKS,
  LeadTimesSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  QuoteResponseSchema,
  StatusUpdateResponseSchema,
  VisitDaysResponseSchema,
  type AdminOrder,
  type LeadTimes,
} from '@thaiyal/contract';
import { addDays, weekdayOf } from '../../platform/shop-calendar.js';
import { createShopper } from '../../../test/admin-support.js';
import { manualClock } from '../../../test/clock.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.js';
import { createTestContext, createUser, injectAs, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';
import { computeReadyBy, type ReadyByInput } from './ready-by.js';

// docs/product.md#dates-a-tailor-promises: the ready-by date before she orders, her function
// date, the owner's lead times and moves of the date, and the orders at risk.

const sundays = (date: string) => weekdayOf(date) === 0;

describe('computeReadyBy: the ready-by date as a table (pure)', () => {
  // Tuesday 1 December 2026 is the shop's today; Sundays 6, 13 and 20 December.
  const base: ReadyByInput = {
    today: '2026-12-01',
    start: '2026-12-02',
    leadDays: 7,
    garments: 1,
    dailyCapacity: 6,
    promised: [],
    isClosed: sundays,
  };
  it.each<[string, Partial<ReadyByInput>, string]>([
    ['7 working days after the visit, Sunday closed', {}, '2026-12-10'],
    ['7 days with no closed day', { isClosed: () => false }, '2026-12-09'],
    ['a closed date counts no more than a Sunday', { isClosed: (date) => sundays(date) || date === '2026-12-08' }, '2026-12-11'],
    ['the slowest garment’s days (10)', { leadDays: 10 }, '2026-12-14'],
    ['a visit later in the week starts the count later', { start: '2026-12-04' }, '2026-12-12'],
    ['garments beyond a day’s capacity spill to the next working days', { dailyCapacity: 2, garments: 5 }, '2026-12-12'],
    [
      'promised work that ends before the earliest day changes nothing',
      { dailyCapacity: 2, promised: [{ readyBy: '2026-12-03', garments: 3 }] },
      '2026-12-10',
    ],
    [
      'promised work filling every place up to the earliest day pushes it on',
      {
        dailyCapacity: 2,
        promised: [
          { readyBy: '2026-12-09', garments: 12 },
          { readyBy: '2026-12-05', garments: 8 },
        ],
      },
      '2026-12-12',
    ],
    [
      'a shop closed today starts filling on its next working day',
      { today: '2026-12-06', start: '2026-12-07', leadDays: 1, dailyCapacity: 1, promised: [{ readyBy: '2026-12-06', garments: 2 }] },
      '2026-12-09',
    ],
  ])('%s', (_name, change, expected) => {
    expect(computeReadyBy({ ...base, ...change })).toBe(expected);
  });
});

let context: TestContext;
let smtp: SmtpCapture;
let admin: TestUser;
let blouse: string, chudithar: string;
// 10:00 in Pollachi on Tuesday 1 December 2026.
const clock = manualClock(new Date('2026-12-01T04:30:00Z'));
const TODAY = '2026-12-01';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ SMTP_URL: smtp.url }, clock);
  admin = await createUser(context, { role: 'admin' });
  const ids = await seedProducts(context, [
    { name: 'Silk Blouse', category: 'saree-blouse', pricePaise: 100_000 },
    { name: 'Umbrella Chudithar', category: 'umbrella-chudithar', pricePaise: 150_000 },
  ]);
  [blouse, chudithar] = [ids[0]!, ids[1]!];
});

afterAll(async () => {
  await context?.close();
  await smtp?.close();
});

const send = (user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(context, user, method, url, payload);

/** `POST /api/orders/quote` as `user`, expecting 200. */
async function quote(user: TestUser, body: object) {
  const response = await send(user, 'POST', '/api/orders/quote', body);
  expect(response.statusCode, response.body).toBe(200);
  return QuoteResponseSchema.parse(response.json());
}

/** `POST /api/orders` as `user`, expecting 201. */
async function place(user: TestUser, body: object) {
  const response = await send(user, 'POST', '/api/orders', body);
  expect(response.statusCode, response.body).toBe(201);
  return OrderResponseSchema.parse(response.json()).order;
}

/** The admin's view of one order, through `GET /api/orders/status`, as `by` (an admin signed in at the clock's time). */
async function adminView(orderId: string, by = admin): Promise<AdminOrder> {
  const response = await send(by, 'GET', '/api/orders/status?status=call,visited,designed,delivered,cancelled&limit=100');
  expect(response.statusCode, response.body).toBe(200);
  return AdminOrderListResponseSchema.parse(response.json()).orders.find((order) => order.orderId === orderId)!;
}

/** The demo lead times the migration fills. */
const DEMO: LeadTimes = { days: { blouse: 7, chudithar: 10, frock: 7, pattupavadai: 10, pant: 5, nightwear: 4 }, dailyCapacity: 6 };

/** Sets every garment group to `days` and the capacity to `dailyCapacity`. */
async function setLeadTimes(days: number, dailyCapacity: number): Promise<void> {
  await putLeadTimes({
    days: { blouse: days, chudithar: days, frock: days, pattupavadai: days, pant: days, nightwear: days },
    dailyCapacity,
  });
}

/** `PUT /api/admin/lead-times` with `body`, expecting 200. */
async function putLeadTimes(body: LeadTimes): Promise<void> {
  const response = await send(admin, 'PUT', '/api/admin/lead-times', body);
  expect(response.statusCode, response.body).toBe(200);
}

describe('POST /api/orders/quote and the placed order', () => {
  it('quotes 7 working days after tomorrow for a blouse, and the placed order promises the same date', async () => {
    const meena = await createShopper(context);
    const body = { items: [{ productId: blouse, quantity: 1 }] };
    const quoted = await quote(meena, body);
    expect(quoted).toEqual({ readyBy: '2026-12-10', neededBy: null, fits: true, total: 1000 });
    const order = await place(meena, { ...body, totalAmt: 1000 });
    expect(order).toMatchObject({ readyBy: quoted.readyBy, neededBy: null, rush: false, readyByChanges: [] });
  });

  it('takes the slowest garment’s days, and counts from the booked visit', async () => {
    const kavya = await createShopper(context);
    expect(
      (
        await quote(kavya, {
          items: [
            { productId: blouse, quantity: 1 },
            { productId: chudithar, quantity: 1 },
          ],
        })
      ).readyBy,
    ).toBe('2026-12-14');
    const days = VisitDaysResponseSchema.parse((await send(undefined, 'GET', '/api/visit-slots?from=2026-12-04&days=1')).json()).days;
    const slot = days[0]!.slots.find((one) => one.status === 'open')!;
    const body = { items: [{ productId: blouse, quantity: 1 }], visit: { date: '2026-12-04', slotId: slot.id } };
    const quoted = await quote(kavya, body);
    expect(quoted.readyBy).toBe('2026-12-12');
    expect((await place(kavya, { ...body, totalAmt: 1000 })).readyBy).toBe(quoted.readyBy);
  });

  it('says when the function date comes first (fits: false) and places the order marked rush', async () => {
    const priya = await createShopper(context);
    const body = { items: [{ productId: blouse, quantity: 2 }], neededBy: '2026-12-05' };
    const quoted = await quote(priya, body);
    expect(quoted).toMatchObject({ neededBy: '2026-12-05', fits: false, total: 2000 });
    const order = await place(priya, { ...body, totalAmt: 2000 });
    expect(order).toMatchObject({ neededBy: '2026-12-05', readyBy: quoted.readyBy, rush: true });
    expect((await quote(priya, { ...body, neededBy: '2027-01-30' })).fits).toBe(true);
  });

  it('fills the shop’s days: with one garment a day, each order is ready a working day after the last', async () => {
    await setLeadTimes(1, 1);
    try {
      const anu = await createShopper(context);
      const body = { items: [{ productId: blouse, quantity: 1 }] };
      const first = await place(anu, { ...body, totalAmt: 1000 });
      const next = (await quote(anu, body)).readyBy;
      let expected = addDays(first.readyBy!, 1);
      if (sundays(expected)) expected = addDays(expected, 1);
      expect(next).toBe(expected);
      expect((await place(anu, { ...body, totalAmt: 1000 })).readyBy).toBe(next);
    } finally {
      await putLeadTimes(DEMO);
    }
  });

  it.each([
    ['a past function date', '2026-11-30', 'dates.neededByRange'],
    ['more than a year ahead', '2027-12-02', 'dates.neededByRange'],
    ['not a date', 'next week', 'visit.dateFormat'],
    ['no such day', '2027-02-30', 'visit.dateFormat'],
  ])('refuses %s with 400 and places nothing', async (_name, neededBy, reason) => {
    const user = await createShopper(context);
    const body = { items: [{ productId: blouse, quantity: 1 }], neededBy };
    for (const url of ['/api/orders/quote', '/api/orders']) {
      const response = await send(user, 'POST', url, { ...body, totalAmt: 1000 });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().reason).toBe(reason);
    }
    expect(OrderListResponseSchema.parse((await send(user, 'GET', '/api/orders')).json()).orders).toEqual([]);
  });

  it('accepts a function date a year ahead; refuses an unknown product (404), a visitor (401) and an unknown field (400)', async () => {
    const user = await createShopper(context);
    expect((await quote(user, { items: [{ productId: blouse, quantity: 1 }], neededBy: addDays(TODAY, 365) })).fits).toBe(true);
    const unknown = await send(user, 'POST', '/api/orders/quote', {
      items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await send(undefined, 'POST', '/api/orders/quote', { items: [{ productId: blouse, quantity: 1 }] })).statusCode).toBe(401);
    expect((await send(user, 'POST', '/api/orders/quote', { items: [{ productId: blouse, quantity: 1 }], price: 1 })).statusCode).toBe(400);
  });
});

describe('GET/PUT /api/admin/lead-times', () => {
  it('answers the demo lead times, admin only', async () => {
    const response = await send(admin, 'GET', '/api/admin/lead-times');
    expect(response.statusCode).toBe(200);
    expect(LeadTimesSchema.parse(response.json())).toEqual({
      days: { blouse: 7, chudithar: 10, frock: 7, pattupavadai: 10, pant: 5, nightwear: 4 },
      dailyCapacity: 6,
    });
    expect((await send(await createShopper(context), 'GET', '/api/admin/lead-times')).statusCode).toBe(403);
    expect((await send(undefined, 'PUT', '/api/admin/lead-times', {})).statusCode).toBe(401);
  });

  const good = { days: { blouse: 7, chudithar: 10, frock: 7, pattupavadai: 10, pant: 5, nightwear: 4 }, dailyCapacity: 6 };
  it.each<[string, object, string]>([
    ['0 days', { ...good, days: { ...good.days, blouse: 0 } }, 'dates.leadDaysRange'],
    ['91 days', { ...good, days: { ...good.days, pant: 91 } }, 'dates.leadDaysRange'],
    ['half a day', { ...good, days: { ...good.days, frock: 1.5 } }, 'dates.leadDaysRange'],
    ['a capacity of 0', { ...good, dailyCapacity: 0 }, 'dates.capacityRange'],
    ['a capacity of 201', { ...good, dailyCapacity: 201 }, 'dates.capacityRange'],
  ])('refuses %s with 400 and changes nothing', async (_name, body, reason) => {
    const response = await send(admin, 'PUT', '/api/admin/lead-times', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().reason).toBe(reason);
    expect((await send(admin, 'GET', '/api/admin/lead-times')).json()).toEqual(good);
  });

  it('refuses a group left out or unknown (400)', async () => {
    const { nightwear: _left, ...fewer } = good.days;
    expect((await send(admin, 'PUT', '/api/admin/lead-times', { ...good, days: fewer })).statusCode).toBe(400);
    expect((await send(admin, 'PUT', '/api/admin/lead-times', { ...good, days: { ...good.days, saree: 3 } })).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/orders/:orderId/ready-by', () => {
  it('moves the date with a reason: on the timeline with its time, in her orders, and mailed in English and Tamil', async () => {
    const meena = await createShopper(context);
    const order = await place(meena, { items: [{ productId: blouse, quantity: 1 }], totalAmt: 1000, neededBy: '2026-12-20' });
    const response = await send(admin, 'PUT', `/api/admin/orders/${order.orderId}/ready-by`, {
      readyBy: '2026-12-22',
      reason: 'Waiting for the lining fabric',
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = StatusUpdateResponseSchema.parse(response.json()).order;
    expect(moved).toMatchObject({ readyBy: '2026-12-22', rush: true });
    expect(moved.readyByChanges).toEqual([
      { from: order.readyBy, to: '2026-12-22', reason: 'Waiting for the lining fabric', at: clock.now().toISOString() },
    ]);
    const mine = OrderListResponseSchema.parse((await send(meena, 'GET', '/api/orders')).json()).orders[0]!;
    expect(mine).toMatchObject({ readyBy: '2026-12-22', readyByChanges: moved.readyByChanges });
    expect((await adminView(order.orderId)).readyByChanges).toEqual(moved.readyByChanges);
    const text = await smtp.waitForText(meena.email, 'Waiting for the lining fabric');
    expect(text).toContain('Ready by: Tuesday, 22 December 2026');
    expect(text).toContain('Function date: Sunday, 20 December 2026. This is before the ready-by date: a rush order.');
    expect(text).toContain('தயாராகும் நாளை மாற்றியுள்ளோம்');
    expect(text).toContain('காரணம்: Waiting for the lining fabric');
  });

  it.each<[string, object, number, string]>([
    ['no reason', { readyBy: '2026-12-22', reason: '  ' }, 400, 'dates.reasonRequired'],
    ['a reason left out', { readyBy: '2026-12-22' }, 400, 'dates.reasonRequired'],
    ['a past date', { readyBy: '2026-11-30', reason: 'Late' }, 400, 'dates.readyByRange'],
    ['a date over a year ahead', { readyBy: '2027-12-02', reason: 'Late' }, 400, 'dates.readyByRange'],
  ])('refuses %s and changes nothing', async (_name, body, status, reason) => {
    const user = await createShopper(context);
    const order = await place(user, { items: [{ productId: blouse, quantity: 1 }], totalAmt: 1000 });
    const response = await send(admin, 'PUT', `/api/admin/orders/${order.orderId}/ready-by`, body);
    expect(response.statusCode).toBe(status);
    expect(response.json().reason).toBe(reason);
    expect(await adminView(order.orderId)).toMatchObject({ readyBy: order.readyBy, readyByChanges: [] });
  });

  it('answers 404 for an unknown order, 409 for a cancelled one, 403 for a shopper', async () => {
    const body = { readyBy: '2026-12-22', reason: 'Late' };
    expect((await send(admin, 'PUT', '/api/admin/orders/TH-ZZZZZZ/ready-by', body)).statusCode).toBe(404);
    const user = await createShopper(context);
    const order = await place(user, { items: [{ productId: blouse, quantity: 1 }], totalAmt: 1000 });
    expect((await send(user, 'PUT', `/api/admin/orders/${order.orderId}/ready-by`, body)).statusCode).toBe(403);
    expect((await send(user, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'Not needed' })).statusCode).toBe(200);
    const cancelled = await send(admin, 'PUT', `/api/admin/orders/${order.orderId}/ready-by`, body);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().reason).toBe('dates.orderClosed');
  });
});

describe('risk on the admin’s orders, under the shop’s clock', () => {
  it('is null, then due-soon, then overdue as the days pass; none once delivered', async () => {
    clock.set(new Date('2026-12-01T04:30:00Z'));
    const user = await createShopper(context);
    const order = await place(user, { items: [{ productId: blouse, quantity: 1 }], totalAmt: 1000 });
    const readyBy = order.readyBy!;
    expect((await adminView(order.orderId)).risk).toBeNull();
    // A session lasts minutes: an admin signs in again on each day the clock is moved to.
    const adminOn = async (day: string) => {
      clock.set(new Date(`${day}T04:30:00Z`));
      return createUser(context, { role: 'admin' });
    };
    try {
      let owner = await adminOn(addDays(readyBy, -2));
      expect((await adminView(order.orderId, owner)).risk).toBe('due-soon');
      const designed = await send(owner, 'PUT', `/api/orders/status/${order.orderId}`, { status: 'designed' });
      expect(designed.json().order.risk).toBeNull();
      owner = await adminOn(addDays(readyBy, 1));
      expect((await adminView(order.orderId, owner)).risk).toBe('overdue');
      await send(owner, 'PUT', `/api/orders/status/${order.orderId}`, { status: 'delivered' });
      expect((await adminView(order.orderId, owner)).risk).toBeNull();
    } finally {
      clock.set(new Date('2026-12-01T04:30:00Z'));
    }
  });

  it('is needed-soon when her function is within 3 days and the order is not overdue or due soon', async () => {
    const user = await createShopper(context);
    const order = await place(user, { items: [{ productId: blouse, quantity: 1 }], totalAmt: 1000, neededBy: addDays(TODAY, 3) });
    expect(order.rush).toBe(true);
    expect((await adminView(order.orderId)).risk).toBe('needed-soon');
  });

  it('GET /api/admin/orders/at-risk lists today’s orders at risk, overdue first, admin only', async () => {
    clock.set(new Date('2026-12-01T04:30:00Z'));
    const user = await createShopper(context);
    const calm = await place(user, { items: [{ productId: blouse, quantity: 1 }], totalAmt: 1000 });
    const soon = await place(user, { items: [{ productId: blouse, quantity: 1 }], totalAmt: 1000, neededBy: addDays(TODAY, 2) });
    const atRisk = async (owner: TestUser) => {
      const response = await send(owner, 'GET', '/api/admin/orders/at-risk');
      expect(response.statusCode, response.body).toBe(200);
      const body = AtRiskOrdersResponseSchema.parse(response.json());
      const ranks = body.orders.map((order) => ORDER_RISKS.indexOf(order.risk!));
      expect(ranks.every((rank) => rank >= 0)).toBe(true);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      return body;
    };
    const first = await atRisk(admin);
    expect(first.today).toBe(TODAY);
    expect(first.orders.find((order) => order.orderId === soon.orderId)?.risk).toBe('needed-soon');
    expect(first.orders.some((order) => order.orderId === calm.orderId)).toBe(false);
    expect((await send(user, 'GET', '/api/admin/orders/at-risk')).statusCode).toBe(403);
    try {
      clock.set(new Date(`${addDays(calm.readyBy!, 1)}T04:30:00Z`));
      const later = await atRisk(await createUser(context, { role: 'admin' }));
      expect(later.orders.find((order) => order.orderId === calm.orderId)?.risk).toBe('overdue');
      expect(later.orders[0]!.risk).toBe('overdue');
    } finally {
      clock.set(new Date('2026-12-01T04:30:00Z'));
    }
  });
});
