import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderListResponseSchema, DayVisitsResponseSchema, OrderResponseSchema, type AdminOrder } from '@thaiyal/contract';
import { visitSlots } from '../../db/schema/index.js';
import { manualClock } from '../../../test/clock.js';
import { createTestContext, createUser, injectAs, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';

// The day's visits (docs/product.md#the-days-visits): GET /api/admin/visits?date=YYYY-MM-DD.
// Monday 2 November 2026, 09:30 in Pollachi (04:00 UTC).
const clock = manualClock(new Date('2026-11-02T04:00:00Z'));
let context: TestContext;
let admin: TestUser;
let productId: string;
let morning: string;
let evening: string;

const ADDRESS = {
  name: 'Meena',
  phoneNumber: '9876543210',
  alternatePhone: '9123456780',
  doorNumber: '12A',
  street: 'Kovai Road',
  landmark: 'Near the temple',
  pinCode: '642001',
};

function send(user: TestUser | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return injectAs(context, user, method, url, payload);
}

async function place(visit: { date: string; slotId: string }): Promise<string> {
  const user = await createUser(context);
  expect((await send(user, 'POST', '/api/auth/address', ADDRESS)).statusCode).toBe(200);
  const response = await send(user, 'POST', '/api/orders', { items: [{ productId, quantity: 1 }], totalAmt: 500, visit });
  expect(response.statusCode, response.body).toBe(201);
  return OrderResponseSchema.parse(response.json()).order.orderId;
}

beforeAll(async () => {
  context = await createTestContext({}, clock);
  admin = await createUser(context, { role: 'admin' });
  productId = (await seedProducts(context, [{ name: 'Visit Blouse', pricePaise: 50_000 }]))[0]!;
  const slots = await context.database.db.select().from(visitSlots).where(isNull(visitSlots.retiredAt)).orderBy(visitSlots.startsAt);
  morning = slots[0]!.id;
  evening = slots.at(-1)!.id;
});

afterAll(async () => {
  await context?.close();
});

describe('GET /api/admin/visits', () => {
  it.each([
    ['missing', ''],
    ['not a date', '?date=tomorrow'],
    ['31 April', '?date=2026-04-31'],
    ['a time', '?date=2026-11-04T10:00'],
    ['an unknown field', '?date=2026-11-04&slot=1'],
  ])('refuses a date that is %s with 400', async (_name, query) => {
    const response = await send(admin, 'GET', `/api/admin/visits${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });

  it('is 401 for a visitor and 403 for a customer', async () => {
    expect((await send(undefined, 'GET', '/api/admin/visits?date=2026-11-04')).statusCode).toBe(401);
    const customer = await createUser(context);
    expect((await send(customer, 'GET', '/api/admin/visits?date=2026-11-04')).statusCode).toBe(403);
  });

  it('answers an empty day with no slots', async () => {
    const response = await send(admin, 'GET', '/api/admin/visits?date=2026-11-10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(DayVisitsResponseSchema.parse(response.json())).toEqual({ date: '2026-11-10', slots: [] });
  });

  it('lists the day’s orders by slot in time order, with phone, address and stitching, cancelled ones left out', async () => {
    // Booked evening first, so slot order is not booking order.
    const eveningOrder = await place({ date: '2026-11-05', slotId: evening });
    const firstMorning = await place({ date: '2026-11-05', slotId: morning });
    clock.advance(1000);
    const secondMorning = await place({ date: '2026-11-05', slotId: morning });
    const otherDay = await place({ date: '2026-11-06', slotId: morning });
    const secondEvening = await place({ date: '2026-11-05', slotId: evening });
    // A shopper's own cancellation takes her order off the day.
    const shopperUser = await createUser(context);
    expect((await send(shopperUser, 'POST', '/api/auth/address', ADDRESS)).statusCode).toBe(200);
    const placed = await send(shopperUser, 'POST', '/api/orders', {
      items: [{ productId, quantity: 1 }],
      totalAmt: 500,
      visit: { date: '2026-11-05', slotId: evening },
    });
    const cancelledOwn = OrderResponseSchema.parse(placed.json()).order.orderId;
    const cancel = await send(shopperUser, 'POST', '/api/orders/cancel', { orderId: cancelledOwn, reason: 'Changed my mind' });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const response = await send(admin, 'GET', '/api/admin/visits?date=2026-11-05');
    expect(response.statusCode, response.body).toBe(200);
    const body = DayVisitsResponseSchema.parse(response.json());
    expect(body.date).toBe('2026-11-05');
    expect(body.slots.map((slot) => slot.slotId)).toEqual([morning, evening]);
    expect(body.slots[0]!.start < body.slots[1]!.start).toBe(true);
    expect(body.slots[0]!.orders.map((one) => one.orderId)).toEqual([firstMorning, secondMorning]);
    expect(body.slots[1]!.orders.map((one) => one.orderId)).toEqual([eveningOrder, secondEvening]);
    const all = body.slots.flatMap((slot) => slot.orders.map((one) => one.orderId));
    expect(all).not.toContain(otherDay);
    expect(all).not.toContain(cancelledOwn);
    const first = body.slots[0]!.orders[0]!;
    expect(first.address).toMatchObject({
      name: 'Meena',
      phoneNumber: '9876543210',
      alternatePhone: '9123456780',
      landmark: 'Near the temple',
    });
    expect(first.items).toHaveLength(1);
    expect(first.items[0]!.stitching).toBeTruthy();
    expect(first.status).toBe('call');
    expect(first.visit).toMatchObject({ date: '2026-11-05', slotId: morning });
  });

  it('says the language each customer ordered in: her language cookie, else her browser’s, else English', async () => {
    // Each order in its own slot of Saturday 7 and Monday 9 November, so no slot is full.
    const visits = [morning, evening].flatMap((slotId) => ['2026-11-07', '2026-11-09'].map((date) => ({ date, slotId })));
    const orderIn = async (headers: Record<string, string>) => {
      const user = await createUser(context);
      expect((await send(user, 'POST', '/api/auth/address', ADDRESS)).statusCode).toBe(200);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: {
          cookie: [user.cookie, headers.cookie].filter(Boolean).join('; '),
          ...(headers.accept ? { 'accept-language': headers.accept } : {}),
        },
        payload: { items: [{ productId, quantity: 1 }], totalAmt: 500, visit: visits.pop() },
      });
      expect(response.statusCode, response.body).toBe(201);
      return OrderResponseSchema.parse(response.json()).order.orderId;
    };
    const tamilCookie = await orderIn({ cookie: 'lang=ta', accept: 'en-IN,en;q=0.9' });
    const tamilBrowser = await orderIn({ accept: 'ta-IN,ta;q=0.9,en;q=0.5' });
    const englishCookie = await orderIn({ cookie: 'lang=en', accept: 'ta' });
    const neither = await orderIn({});

    const orders: AdminOrder[] = [];
    for (const date of ['2026-11-07', '2026-11-09']) {
      const response = await send(admin, 'GET', `/api/admin/visits?date=${date}`);
      orders.push(...DayVisitsResponseSchema.parse(response.json()).slots.flatMap((slot) => slot.orders));
    }
    const languageOf = (orderId: string) => orders.find((one) => one.orderId === orderId)?.language;
    expect([tamilCookie, tamilBrowser, englishCookie, neither].map(languageOf)).toEqual(['ta', 'ta', 'en', 'en']);

    const list = await send(admin, 'GET', `/api/orders/status?q=${tamilCookie}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(AdminOrderListResponseSchema.parse(list.json()).orders.map((one) => [one.orderId, one.language])).toEqual([[tamilCookie, 'ta']]);
  });
});
