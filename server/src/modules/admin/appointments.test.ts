import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderListResponseSchema,
  DayVisitsResponseSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  StatusUpdateResponseSchema,
  VisitDaysResponseSchema,
  type AdminOrder,
  type Order,
} from '@thaiyal/contract';
import { visitSlots } from '../../db/schema/index.js';
import { createShopper } from '../../../test/admin-support.js';
import { manualClock } from '../../../test/clock.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.js';
import { createTestContext, createUser, injectAs, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';

// docs/product.md#trial-and-delivery-visits: the shop books a trial and a delivery visit for an
// order in the visit calendar, sharing its places with measuring visits; the shopper picks her
// delivery slot once her order is designed; each booking is on the timeline and mailed.

// Monday 2 November 2026, 09:30 in Pollachi (04:00 UTC): the bookable days run to Sunday 15 November; Sundays closed.
const clock = manualClock(new Date('2026-11-02T04:00:00Z'));
const SHOP_EMAIL = 'shop@example.test';
let context: TestContext;
let smtp: SmtpCapture;
let admin: TestUser;
let productId: string;
let morning: string, afternoon: string, evening: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ SMTP_URL: smtp.url, SHOP_EMAIL, MAX_OPEN_VISITS: '50' }, clock);
  admin = await createUser(context, { role: 'admin' });
  productId = (await seedProducts(context, [{ name: 'Visit Blouse', pricePaise: 50_000 }]))[0]!;
  const slots = await context.database.db.select().from(visitSlots).where(isNull(visitSlots.retiredAt)).orderBy(visitSlots.startsAt);
  [morning, afternoon, evening] = slots.map((slot) => slot.id) as [string, string, string];
});

afterAll(async () => {
  await context?.close();
  await smtp?.close();
});

const send = (user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(context, user, method, url, payload);

/** `POST /api/orders` of one blouse (₹500) by `user`, with a measuring visit or "call me". */
function placeRaw(user: TestUser, visit?: { date: string; slotId: string }) {
  return send(user, 'POST', '/api/orders', { items: [{ productId, quantity: 1 }], totalAmt: 500, ...(visit ? { visit } : {}) });
}

/** A placed order of a new shopper (or `user`), expecting 201. */
async function place(visit?: { date: string; slotId: string }, user?: TestUser): Promise<{ order: Order; user: TestUser }> {
  const who = user ?? (await createShopper(context));
  const response = await placeRaw(who, visit);
  expect(response.statusCode, response.body).toBe(201);
  return { order: OrderResponseSchema.parse(response.json()).order, user: who };
}

/** `POST /api/admin/orders/:orderId/appointments` as the admin. */
const book = (orderId: string, body: object) => send(admin, 'POST', `/api/admin/orders/${orderId}/appointments`, body);

/** The admin's view of one order through the list's single statement. */
async function adminView(orderId: string): Promise<AdminOrder> {
  const response = await send(admin, 'GET', '/api/orders/status?status=call,visited,designed,delivered,cancelled&limit=100');
  expect(response.statusCode, response.body).toBe(200);
  return AdminOrderListResponseSchema.parse(response.json()).orders.find((order) => order.orderId === orderId)!;
}

/** The shopper's own view of one order (`GET /api/orders`). */
async function herView(user: TestUser, orderId: string): Promise<Order> {
  const response = await send(user, 'GET', '/api/orders');
  return OrderListResponseSchema.parse(response.json()).orders.find((order) => order.orderId === orderId)!;
}

/** The places held in `slotId` on `date` (`GET /api/visit-slots`). */
async function heldIn(date: string, slotId: string): Promise<number> {
  const response = await send(undefined, 'GET', `/api/visit-slots?from=${date}&days=1`);
  return VisitDaysResponseSchema.parse(response.json()).days[0]!.slots.find((slot) => slot.id === slotId)!.booked;
}

/** Sets the evening slot's capacity (the others keep 3). */
async function eveningCapacity(capacity: number): Promise<void> {
  await context.database.db.update(visitSlots).set({ capacity }).where(eq(visitSlots.id, evening));
}

async function setStatus(orderId: string, status: string): Promise<void> {
  expect((await send(admin, 'PUT', `/api/orders/status/${orderId}`, { status })).statusCode).toBe(200);
}

describe('the shop books, moves and cancels trial and delivery visits', () => {
  it('books a trial: in every answer of the order with the measuring visit, on the timeline, mailed to her', async () => {
    const { order, user } = await place({ date: '2026-11-03', slotId: morning });
    const response = await book(order.orderId, { kind: 'trial', date: '2026-11-05', slotId: afternoon });
    expect(response.statusCode, response.body).toBe(201);
    const booked = StatusUpdateResponseSchema.parse(response.json());
    expect(booked.message).toBe('Visit booked');
    const trialId = booked.order.appointments!.find((visit) => visit.kind === 'trial')!.id;
    expect(booked.order.appointments).toEqual([
      { id: order.orderId, kind: 'measure', date: '2026-11-03', slotId: morning, label: '10:00-13:00' },
      { id: trialId, kind: 'trial', date: '2026-11-05', slotId: afternoon, label: '14:00-17:00' },
    ]);
    expect(booked.order.appointmentChanges).toEqual([
      {
        action: 'booked',
        kind: 'trial',
        date: '2026-11-05',
        slotId: afternoon,
        label: '14:00-17:00',
        by: 'shop',
        at: clock.now().toISOString(),
      },
    ]);
    expect(booked.order.visit).toEqual(order.visit);
    const listed = await adminView(order.orderId);
    expect({ appointments: listed.appointments, appointmentChanges: listed.appointmentChanges }).toEqual({
      appointments: booked.order.appointments,
      appointmentChanges: booked.order.appointmentChanges,
    });
    const hers = await herView(user, order.orderId);
    expect(hers.appointments).toEqual(booked.order.appointments);
    expect(hers.appointmentChanges).toEqual(booked.order.appointmentChanges);
    const text = await smtp.waitForText(user.email, 'trial visit');
    expect(text).toContain(`Your trial visit for order ${order.orderId} is booked: Thursday, 5 November 2026, 14:00-17:00.`);
    expect(text).toContain('டிரயல் வருகை');
    expect(await heldIn('2026-11-05', afternoon)).toBe(1);
  });

  it('booking the same kind again moves it: one trial, the old place freed, both on the timeline', async () => {
    const { order, user } = await place();
    expect((await book(order.orderId, { kind: 'trial', date: '2026-11-06', slotId: morning })).statusCode).toBe(201);
    const before = await heldIn('2026-11-06', morning);
    const moved = await book(order.orderId, { kind: 'trial', date: '2026-11-07', slotId: evening });
    expect(moved.statusCode, moved.body).toBe(201);
    const result = StatusUpdateResponseSchema.parse(moved.json()).order;
    expect(result.appointments!.map(({ kind, date, slotId }) => ({ kind, date, slotId }))).toEqual([
      { kind: 'trial', date: '2026-11-07', slotId: evening },
    ]);
    expect(result.appointmentChanges!.map(({ action, date }) => ({ action, date }))).toEqual([
      { action: 'booked', date: '2026-11-06' },
      { action: 'moved', date: '2026-11-07' },
    ]);
    expect(await heldIn('2026-11-06', morning)).toBe(before - 1);
    // Moving it within its own slot and day does not count itself.
    await eveningCapacity(1);
    try {
      expect((await book(order.orderId, { kind: 'trial', date: '2026-11-07', slotId: evening })).statusCode).toBe(201);
    } finally {
      await eveningCapacity(3);
    }
    await smtp.waitForText(user.email, 'is moved: Saturday, 7 November 2026, 17:00-19:30');
  });

  it('cancels a visit: gone from the order, its place freed, on the timeline, mailed; a second cancel is 404', async () => {
    const { order, user } = await place();
    const booked = StatusUpdateResponseSchema.parse(
      (await book(order.orderId, { kind: 'delivery', date: '2026-11-09', slotId: morning })).json(),
    );
    const id = booked.order.appointments![0]!.id;
    expect(await heldIn('2026-11-09', morning)).toBe(1);
    const response = await send(admin, 'DELETE', `/api/admin/orders/${order.orderId}/appointments/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = StatusUpdateResponseSchema.parse(response.json());
    expect(cancelled.message).toBe('Visit cancelled');
    expect(cancelled.order.appointments).toEqual([]);
    expect(cancelled.order.appointmentChanges!.map(({ action, by }) => ({ action, by }))).toEqual([
      { action: 'booked', by: 'shop' },
      { action: 'cancelled', by: 'shop' },
    ]);
    expect((await adminView(order.orderId)).appointmentChanges).toEqual(cancelled.order.appointmentChanges);
    expect(await heldIn('2026-11-09', morning)).toBe(0);
    await smtp.waitForText(user.email, 'We have cancelled the delivery visit');
    const again = await send(admin, 'DELETE', `/api/admin/orders/${order.orderId}/appointments/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().reason).toBe('appointment.notFound');
    const other = await place();
    expect(
      (await send(admin, 'DELETE', `/api/admin/orders/${other.order.orderId}/appointments/${booked.order.appointments![0]!.id}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('trial and delivery visits share the slots’ places with measuring visits', () => {
  it('a slot of capacity 1 taken by a measuring visit refuses a trial, and a slot full of appointments refuses a placed order’s visit', async () => {
    await eveningCapacity(1);
    try {
      await place({ date: '2026-11-10', slotId: evening });
      const { order } = await place();
      const refused = await book(order.orderId, { kind: 'trial', date: '2026-11-10', slotId: evening });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().reason).toBe('visit.slotFull');
      expect((await adminView(order.orderId)).appointmentChanges).toEqual([]);

      expect((await book(order.orderId, { kind: 'delivery', date: '2026-11-11', slotId: evening })).statusCode).toBe(201);
      expect(await heldIn('2026-11-11', evening)).toBe(1);
      const full = await placeRaw(await createShopper(context), { date: '2026-11-11', slotId: evening });
      expect(full.statusCode).toBe(409);
      expect(full.json().reason).toBe('visit.slotFull');
    } finally {
      await eveningCapacity(3);
    }
  });

  it('a cancelled order’s visits hold no place', async () => {
    await eveningCapacity(1);
    try {
      const { order, user } = await place();
      expect((await book(order.orderId, { kind: 'trial', date: '2026-11-12', slotId: evening })).statusCode).toBe(201);
      expect((await send(user, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'Not needed' })).statusCode).toBe(200);
      expect(await heldIn('2026-11-12', evening)).toBe(0);
      const other = await place();
      expect((await book(other.order.orderId, { kind: 'trial', date: '2026-11-12', slotId: evening })).statusCode).toBe(201);
    } finally {
      await eveningCapacity(3);
    }
  });

  it('racing for the last place: exactly one booking (or placed order) gets it', async () => {
    await eveningCapacity(1);
    try {
      for (const date of ['2026-11-13', '2026-11-14']) {
        const [a, b] = [await place(), await place()];
        const answers = await Promise.all([
          book(a.order.orderId, { kind: 'trial', date, slotId: evening }),
          book(b.order.orderId, { kind: 'delivery', date, slotId: evening }),
          placeRaw(await createShopper(context), { date, slotId: evening }),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort(), date).toEqual([201, 409, 409]);
        for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json().reason).toBe('visit.slotFull');
        expect(await heldIn(date, evening), date).toBe(1);
      }
    } finally {
      await eveningCapacity(3);
    }
  });
});

describe('what a booking refuses, changing nothing', () => {
  it.each<[string, object, number, string | undefined]>([
    ['a bad date', { kind: 'trial', date: '2026-11-31', slotId: 'x' }, 400, undefined],
    [
      'a date written otherwise',
      { kind: 'trial', date: '05/11/2026', slotId: '00000000-0000-4000-8000-000000000000' },
      400,
      'visit.dateFormat',
    ],
    ['a past day', { kind: 'trial', date: '2026-11-01', slot: 'morning' }, 400, 'visit.pastDate'],
    ['a day beyond the bookable days', { kind: 'trial', date: '2026-11-16', slot: 'morning' }, 400, 'visit.beyondWindow'],
    ['a closed day (Sunday)', { kind: 'trial', date: '2026-11-08', slot: 'morning' }, 409, 'visit.dayClosed'],
    ['an unknown slot', { kind: 'trial', date: '2026-11-05', slotId: '00000000-0000-4000-8000-000000000000' }, 409, 'visit.unknownSlot'],
    ['a measuring visit', { kind: 'measure', date: '2026-11-05', slot: 'morning' }, 400, 'appointment.kindInvalid'],
    ['an unknown field', { kind: 'trial', date: '2026-11-05', slot: 'morning', by: 'customer' }, 400, undefined],
  ])('refuses %s', async (_name, raw, status, reason) => {
    const { order } = await place();
    const { slot, ...rest } = raw as { slot?: string };
    const body = slot ? { ...rest, slotId: morning } : rest;
    const response = await book(order.orderId, body);
    expect(response.statusCode, response.body).toBe(status);
    if (reason) expect(response.json().reason).toBe(reason);
    expect(await adminView(order.orderId)).toMatchObject({ appointments: [], appointmentChanges: [] });
  });

  it.each([['delivered'], ['cancelled']])('refuses a %s order with 409', async (state) => {
    const { order, user } = await place();
    if (state === 'delivered') await setStatus(order.orderId, 'delivered');
    else expect((await send(user, 'POST', '/api/orders/cancel', { orderId: order.orderId, reason: 'No' })).statusCode).toBe(200);
    const response = await book(order.orderId, { kind: 'delivery', date: '2026-11-05', slotId: morning });
    expect(response.statusCode).toBe(409);
    expect(response.json().reason).toBe('appointment.orderClosed');
    expect(await adminView(order.orderId)).toMatchObject({ appointments: [], appointmentChanges: [] });
  });

  it('answers 404 for an unknown order, 403 for a shopper, 401 for a visitor', async () => {
    const body = { kind: 'trial', date: '2026-11-05', slotId: morning };
    expect((await book('TH-ZZZZZZ', body)).statusCode).toBe(404);
    const { order, user } = await place();
    expect((await send(user, 'POST', `/api/admin/orders/${order.orderId}/appointments`, body)).statusCode).toBe(403);
    expect((await send(undefined, 'POST', `/api/admin/orders/${order.orderId}/appointments`, body)).statusCode).toBe(401);
  });
});

describe('the shopper picks her delivery slot (POST /api/orders/:orderId/appointments)', () => {
  it('only once designed; then booked, on her order, mailed to her and to the shop', async () => {
    const { order, user } = await place();
    const body = { kind: 'delivery', date: '2026-11-06', slotId: afternoon };
    const early = await send(user, 'POST', `/api/orders/${order.orderId}/appointments`, body);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      reason: 'appointment.notDesignedYet',
      message: 'You can pick your delivery slot once your garment is designed.',
    });
    await setStatus(order.orderId, 'designed');
    const response = await send(user, 'POST', `/api/orders/${order.orderId}/appointments`, body);
    expect(response.statusCode, response.body).toBe(201);
    const picked = OrderResponseSchema.parse(response.json()).order;
    expect(picked.appointments!.map(({ kind, date, slotId }) => ({ kind, date, slotId }))).toEqual([
      { kind: 'delivery', date: '2026-11-06', slotId: afternoon },
    ]);
    expect(picked.appointmentChanges!.map(({ action, by }) => ({ action, by }))).toEqual([{ action: 'booked', by: 'customer' }]);
    expect((await herView(user, order.orderId)).appointments).toEqual(picked.appointments);
    await smtp.waitForText(user.email, 'Your delivery visit for order');
    const shopText = await smtp.waitForText(
      SHOP_EMAIL,
      `picked the delivery visit for order ${order.orderId}: Friday, 6 November 2026, 14:00-17:00`,
    );
    expect(shopText).toContain('9876543210');
  });

  it.each<[string, object, number, string | undefined]>([
    ['a trial', { kind: 'trial', date: '2026-11-06', slot: 'afternoon' }, 400, 'appointment.kindInvalid'],
    ['a past day', { kind: 'delivery', date: '2026-10-30', slot: 'afternoon' }, 400, 'visit.pastDate'],
    ['a closed day', { kind: 'delivery', date: '2026-11-15', slot: 'afternoon' }, 409, 'visit.dayClosed'],
  ])('refuses %s on her designed order', async (_name, raw, status, reason) => {
    const { order, user } = await place();
    await setStatus(order.orderId, 'designed');
    const { slot: _slot, ...body } = raw as { slot?: string };
    const response = await send(user, 'POST', `/api/orders/${order.orderId}/appointments`, { ...body, slotId: afternoon });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().reason).toBe(reason);
    expect((await herView(user, order.orderId)).appointmentChanges).toEqual([]);
  });

  it('answers 404 for another shopper’s order and 409 for a delivered one, changing nothing', async () => {
    const { order, user } = await place();
    await setStatus(order.orderId, 'designed');
    const body = { kind: 'delivery', date: '2026-11-06', slotId: afternoon };
    const stranger = await createShopper(context);
    const foreign = await send(stranger, 'POST', `/api/orders/${order.orderId}/appointments`, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().reason).toBe('order.orderNotFound');
    await setStatus(order.orderId, 'delivered');
    const delivered = await send(user, 'POST', `/api/orders/${order.orderId}/appointments`, body);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().reason).toBe('appointment.orderClosed');
    expect((await herView(user, order.orderId)).appointments).toEqual([]);
    expect((await send(undefined, 'POST', `/api/orders/${order.orderId}/appointments`, body)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/visits lists each visit with its kind', () => {
  it('measuring, trial and delivery visits of the day, grouped by slot', async () => {
    const day = '2026-11-04';
    const measured = await place({ date: day, slotId: morning });
    const tried = await place();
    expect((await book(tried.order.orderId, { kind: 'trial', date: day, slotId: morning })).statusCode).toBe(201);
    expect((await book(measured.order.orderId, { kind: 'delivery', date: day, slotId: evening })).statusCode).toBe(201);
    const response = await send(admin, 'GET', `/api/admin/visits?date=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    const visits = DayVisitsResponseSchema.parse(response.json());
    expect(visits.slots.map((slot) => ({ slotId: slot.slotId, orders: slot.orders.map((o) => [o.orderId, o.kind]) }))).toEqual([
      {
        slotId: morning,
        orders: [
          [measured.order.orderId, 'measure'],
          [tried.order.orderId, 'trial'],
        ],
      },
      { slotId: evening, orders: [[measured.order.orderId, 'delivery']] },
    ]);
  });
});
