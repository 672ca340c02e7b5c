import { eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LIMITS,
  OrderResponseSchema,
  VISIT_MESSAGES,
  VisitDaysResponseSchema,
  VisitSettingsSchema,
  type VisitDay,
  type VisitSettings,
} from '@thaiyal/contract';
import { orders, visitClosedDates, visitSlots } from '../../db/schema/index.js';
import { manualClock } from '../../../test/clock.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../../../test/harness.js';

// Monday 2 November 2026, 09:30 in Pollachi (04:00 UTC): the window runs to Sunday 15 November.
const MONDAY_0930 = new Date('2026-11-02T04:00:00Z');
const clock = manualClock(MONDAY_0930);
let context: TestContext;
let admin: TestUser;
let productId: string;
/** The starting slots (docs/decisions/015-the-shop-starts-with-pollachis-service-area.md), by start. */
let morning: string;
let afternoon: string;
let evening: string;

const ADDRESS = { name: 'Meena', phoneNumber: '9876543210', doorNumber: '12A', street: 'Kovai Road', pinCode: '642001' };

function send(user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return context.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
}

async function shopper(): Promise<TestUser> {
  const user = await createUser(context);
  expect((await send(user, 'POST', '/api/auth/address', ADDRESS)).statusCode).toBe(200);
  return user;
}

/** `POST /api/orders` of one product (₹500) with `visit` (left out when undefined). */
function order(user: TestUser, visit?: unknown) {
  return send(user, 'POST', '/api/orders', {
    items: [{ productId, quantity: 1 }],
    totalAmt: 500,
    ...(visit === undefined ? {} : { visit }),
  });
}

async function days(query = ''): Promise<VisitDay[]> {
  const response = await send(undefined, 'GET', `/api/visit-slots${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return VisitDaysResponseSchema.parse(response.json()).days;
}

function slotOn(list: VisitDay[], date: string, slotId: string) {
  return list.find((day) => day.date === date)!.slots.find((slot) => slot.id === slotId)!;
}

async function settings(body: object) {
  return send(admin, 'PUT', '/api/admin/visit-slots', body);
}

const STARTING: VisitSettings = { slots: [], closedWeekdays: [0], closedDates: [] };

beforeAll(async () => {
  context = await createTestContext({}, clock);
  admin = await createUser(context, { role: 'admin' });
  productId = (await seedProducts(context, [{ name: 'Visit Blouse', pricePaise: 50_000 }]))[0]!;
  const slots = await context.database.db.select().from(visitSlots).where(isNull(visitSlots.retiredAt)).orderBy(visitSlots.startsAt);
  [morning, afternoon, evening] = slots.map((slot) => slot.id) as [string, string, string];
  STARTING.slots = slots.map((slot) => ({
    id: slot.id,
    label: slot.label,
    start: slot.startsAt,
    end: slot.endsAt,
    capacity: slot.capacity,
  }));
});

afterAll(async () => {
  await context?.close();
});

beforeEach(async () => {
  clock.set(MONDAY_0930);
  // Back to the starting slots: a test may have retired them or added others.
  const db = context.database.db;
  await db.delete(orders);
  const starting = STARTING.slots.map((slot) => slot.id);
  await db.delete(visitSlots).where(notInArray(visitSlots.id, starting));
  await db.update(visitSlots).set({ retiredAt: null }).where(inArray(visitSlots.id, starting));
  const reset = await settings(STARTING);
  expect(reset.statusCode, reset.body).toBe(200);
});

describe('GET /api/visit-slots (docs/product.md#home-visit-slot)', () => {
  it('offers the starting slots, 3 visits each, for today and the next 13 days, Sundays closed, in Pollachi’s calendar', async () => {
    const response = await send(undefined, 'GET', '/api/visit-slots');
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = VisitDaysResponseSchema.parse(response.json());
    expect(body.today).toBe('2026-11-02');
    expect(body.days.map((day) => day.date)).toEqual(
      Array.from({ length: LIMITS.visitDaysAhead }, (_, index) => `2026-11-${String(2 + index).padStart(2, '0')}`),
    );
    expect(body.days.filter((day) => day.closed).map((day) => [day.date, day.weekday])).toEqual([
      ['2026-11-08', 0],
      ['2026-11-15', 0],
    ]);
    const tuesday = body.days[1]!;
    expect(tuesday.slots).toEqual([
      { id: morning, label: '10:00-13:00', start: '10:00', end: '13:00', capacity: 3, booked: 0, available: 3, status: 'open' },
      { id: afternoon, label: '14:00-17:00', start: '14:00', end: '17:00', capacity: 3, booked: 0, available: 3, status: 'open' },
      { id: evening, label: '17:00-19:30', start: '17:00', end: '19:30', capacity: 3, booked: 0, available: 3, status: 'open' },
    ]);
    expect(body.days[6]!.slots.map((slot) => [slot.status, slot.available])).toEqual([
      ['closed', 0],
      ['closed', 0],
      ['closed', 0],
    ]);
  });

  it('marks today’s slots that have started as past, by the shop’s clock (India Standard Time)', async () => {
    expect((await days('?days=1'))[0]!.slots.map((slot) => slot.status)).toEqual(['open', 'open', 'open']);
    clock.set(new Date('2026-11-02T08:30:00Z')); // 14:00 in Pollachi
    expect((await days('?days=1'))[0]!.slots.map((slot) => slot.status)).toEqual(['past', 'past', 'open']);
    // 23:45 UTC on the 2nd is already the 3rd in Pollachi.
    clock.set(new Date('2026-11-02T18:45:00Z'));
    expect((await days('?days=1'))[0]!.date).toBe('2026-11-03');
  });

  it('answers from a given day for a given number of days, never past the last bookable day', async () => {
    expect((await days('?from=2026-11-05&days=3')).map((day) => day.date)).toEqual(['2026-11-05', '2026-11-06', '2026-11-07']);
    expect((await days('?from=2026-11-14&days=14')).map((day) => day.date)).toEqual(['2026-11-14', '2026-11-15']);
  });

  it.each([
    ['?from=2026-11-01', VISIT_MESSAGES.pastDate, 'visit.pastDate'],
    ['?from=2026-11-16', VISIT_MESSAGES.beyondWindow, 'visit.beyondWindow'],
    ['?from=02-11-2026', VISIT_MESSAGES.dateFormat, 'visit.dateFormat'],
    ['?from=2026-02-30', VISIT_MESSAGES.dateFormat, 'visit.dateFormat'],
    ['?from=2026-11-2', VISIT_MESSAGES.dateFormat, 'visit.dateFormat'],
    ['?days=0', VISIT_MESSAGES.daysRange, 'visit.daysRange'],
    ['?days=15', VISIT_MESSAGES.daysRange, 'visit.daysRange'],
    ['?days=1.5', VISIT_MESSAGES.daysRange, 'visit.daysRange'],
    ['?days=many', VISIT_MESSAGES.daysRange, 'visit.daysRange'],
    ['?slot=all', 'Unrecognized key: "slot"', undefined],
  ])('refuses %s with a 400', async (query, message, reason) => {
    const response = await send(undefined, 'GET', `/api/visit-slots${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'bad_request' });
    expect(response.json().reason).toBe(reason);
  });
});

describe('a visit booked with the order', () => {
  it('holds a place: the order answers its visit, the slot counts it, and cancelling frees it', async () => {
    const user = await shopper();
    const placed = await order(user, { date: '2026-11-04', slotId: afternoon });
    expect(placed.statusCode, placed.body).toBe(201);
    const placedOrder = OrderResponseSchema.parse(placed.json()).order;
    expect(placedOrder.visit).toEqual({ date: '2026-11-04', slotId: afternoon, label: '14:00-17:00' });
    expect(slotOn(await days(), '2026-11-04', afternoon)).toMatchObject({ booked: 1, available: 2, status: 'open' });
    expect((await send(user, 'GET', '/api/orders')).json().orders[0].visit).toEqual(placedOrder.visit);
    const adminList = (await send(admin, 'GET', '/api/orders/status')).json().orders;
    expect(adminList.find((one: { orderId: string }) => one.orderId === placedOrder.orderId).visit).toEqual(placedOrder.visit);

    const cancel = await send(user, 'POST', '/api/orders/cancel', { orderId: placedOrder.orderId, reason: 'Will come to the shop' });
    expect(cancel.statusCode).toBe(200);
    expect(slotOn(await days(), '2026-11-04', afternoon)).toMatchObject({ booked: 0, available: 3 });
  });

  it('"call me to arrange the visit": no visit, or null, is an order without one, and holds no place', async () => {
    const user = await shopper();
    for (const visit of [undefined, null]) {
      const placed = await order(user, visit);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().order.visit).toBeNull();
    }
    expect((await days()).every((day) => day.slots.every((slot) => slot.booked === 0))).toBe(true);
  });

  it('fills a slot to its capacity, then refuses it (409) and shows it full', async () => {
    for (let index = 0; index < 3; index++)
      expect((await order(await shopper(), { date: '2026-11-03', slotId: morning })).statusCode).toBe(201);
    const refused = await order(await shopper(), { date: '2026-11-03', slotId: morning });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: VISIT_MESSAGES.slotFull, reason: 'visit.slotFull' });
    expect(slotOn(await days(), '2026-11-03', morning)).toMatchObject({ booked: 3, available: 0, status: 'full' });
    // The other slots of the day are untouched.
    expect(slotOn(await days(), '2026-11-03', evening)).toMatchObject({ booked: 0, available: 3, status: 'open' });
  });

  it.each([
    ['a Sunday', () => ({ date: '2026-11-08', slotId: morning }), 409, VISIT_MESSAGES.dayClosed, 'visit.dayClosed'],
    ['yesterday', () => ({ date: '2026-11-01', slotId: morning }), 400, VISIT_MESSAGES.pastDate, 'visit.pastDate'],
    ['the 15th day', () => ({ date: '2026-11-16', slotId: morning }), 400, VISIT_MESSAGES.beyondWindow, 'visit.beyondWindow'],
    [
      'a slot that is not offered',
      () => ({ date: '2026-11-03', slotId: '00000000-0000-4000-8000-000000000000' }),
      409,
      VISIT_MESSAGES.unknownSlot,
      'visit.unknownSlot',
    ],
    ['a date that does not exist', () => ({ date: '2026-11-31', slotId: morning }), 400, VISIT_MESSAGES.dateFormat, 'visit.dateFormat'],
    ['a date in another form', () => ({ date: '03/11/2026', slotId: morning }), 400, VISIT_MESSAGES.dateFormat, 'visit.dateFormat'],
    ['a malformed slot id', () => ({ date: '2026-11-03', slotId: 'morning' }), 400, 'Invalid UUID', undefined],
    ['no slot', () => ({ date: '2026-11-03' }), 400, 'Invalid input: expected string, received undefined', undefined],
    ['an extra field', () => ({ date: '2026-11-03', slotId: morning, capacity: 9 }), 400, 'Unrecognized key: "capacity"', undefined],
    ['a visit that is text', () => 'tomorrow morning', 400, 'Invalid input: expected object, received string', undefined],
  ])('refuses %s and places no order', async (_label, visit, status, message, reason) => {
    const user = await shopper();
    const response = await order(user, visit());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message });
    expect(response.json().reason).toBe(reason);
    expect(await context.database.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('refuses today’s slot once it has started, and takes a later one', async () => {
    clock.set(new Date('2026-11-02T05:00:00Z')); // 10:30 in Pollachi
    const refused = await order(await shopper(), { date: '2026-11-02', slotId: morning });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: VISIT_MESSAGES.slotPast, reason: 'visit.slotPast' });
    expect((await order(await shopper(), { date: '2026-11-02', slotId: afternoon })).statusCode).toBe(201);
  });

  it('two shoppers racing for the last place: exactly one order gets it', async () => {
    const slots = STARTING.slots.map((slot) => ({ ...slot, capacity: slot.id === evening ? 1 : slot.capacity }));
    expect((await settings({ ...STARTING, slots })).statusCode).toBe(200);
    for (const date of ['2026-11-05', '2026-11-06', '2026-11-07']) {
      const racers = await Promise.all([shopper(), shopper(), shopper()]);
      const answers = await Promise.all(racers.map((user) => order(user, { date, slotId: evening })));
      expect(answers.map((answer) => answer.statusCode).sort(), date).toEqual([201, 409, 409]);
      for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json().reason).toBe('visit.slotFull');
      const held = await context.database.db.select().from(orders).where(eq(orders.visitDate, date));
      expect(held, date).toHaveLength(1);
    }
  });
});

describe('the admin sets the slots and closed days (PUT /api/admin/visit-slots)', () => {
  it('closes a day and changes a slot’s capacity, and the shopper’s slots show it at once', async () => {
    const user = await shopper();
    expect((await order(user, { date: '2026-11-03', slotId: morning })).statusCode).toBe(201);
    expect((await order(await shopper(), { date: '2026-11-03', slotId: morning })).statusCode).toBe(201);
    const response = await settings({
      slots: [
        { id: morning, start: '09:30', end: '12:30', capacity: 1 },
        { id: afternoon, label: 'Afternoon', start: '14:00', end: '17:00', capacity: 5 },
        { start: '19:30', end: '20:30', capacity: 2 },
      ],
      closedWeekdays: [0, 3],
      closedDates: [
        { date: '2026-11-10', note: ' Deepavali ' },
        { date: '2026-10-20', note: 'Already past' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const saved = VisitSettingsSchema.parse(response.json());
    expect(saved.slots.map(({ label, start, end, capacity }) => ({ label, start, end, capacity }))).toEqual([
      { label: '09:30-12:30', start: '09:30', end: '12:30', capacity: 1 },
      { label: 'Afternoon', start: '14:00', end: '17:00', capacity: 5 },
      { label: '19:30-20:30', start: '19:30', end: '20:30', capacity: 2 },
    ]);
    expect(saved.closedWeekdays).toEqual([0, 3]);
    expect(saved.closedDates).toEqual([{ date: '2026-11-10', note: 'Deepavali' }]);
    expect((await send(admin, 'GET', '/api/admin/visit-slots')).json()).toEqual(saved);

    const after = await days();
    // Two visits stay booked above the lowered capacity: full, none available.
    expect(slotOn(after, '2026-11-03', morning)).toMatchObject({
      label: '09:30-12:30',
      capacity: 1,
      booked: 2,
      available: 0,
      status: 'full',
    });
    expect(after.find((day) => day.date === '2026-11-04')).toMatchObject({ closed: true, closedNote: '' });
    expect(after.find((day) => day.date === '2026-11-10')).toMatchObject({ closed: true, closedNote: 'Deepavali' });
    expect(after.find((day) => day.date === '2026-11-08')!.closed).toBe(true);
    expect(after[1]!.slots.map((slot) => slot.label)).toEqual(['09:30-12:30', 'Afternoon', '19:30-20:30']);
    // The evening slot is no longer offered; its id is refused, the closed day too.
    expect((await order(await shopper(), { date: '2026-11-03', slotId: evening })).json().reason).toBe('visit.unknownSlot');
    expect((await order(await shopper(), { date: '2026-11-10', slotId: afternoon })).json().reason).toBe('visit.dayClosed');
    // An order that booked a slot keeps its visit after the slot changes.
    expect((await send(user, 'GET', '/api/orders')).json().orders[0].visit).toEqual({
      date: '2026-11-03',
      slotId: morning,
      label: '10:00-13:00',
    });
  });

  it('keeps the visit of an order whose slot is no longer offered', async () => {
    const user = await shopper();
    expect((await order(user, { date: '2026-11-05', slotId: evening })).statusCode).toBe(201);
    expect((await settings({ ...STARTING, slots: STARTING.slots.filter((slot) => slot.id !== evening) })).statusCode).toBe(200);
    expect((await send(user, 'GET', '/api/orders')).json().orders[0].visit).toEqual({
      date: '2026-11-05',
      slotId: evening,
      label: '17:00-19:30',
    });
    expect(slotOn(await days(), '2026-11-05', evening)).toBeUndefined();
  });

  const slot = { start: '10:00', end: '13:00', capacity: 3 };
  it.each([
    ['no slots', { slots: [] }, VISIT_MESSAGES.slotsRequired],
    ['too many slots', { slots: Array.from({ length: LIMITS.maxVisitSlots + 1 }, () => slot) }, VISIT_MESSAGES.tooManySlots],
    ['a slot ending before it starts', { slots: [{ ...slot, end: '09:00' }] }, VISIT_MESSAGES.endAfterStart],
    ['a slot ending as it starts', { slots: [{ ...slot, end: '10:00' }] }, VISIT_MESSAGES.endAfterStart],
    ['a time of 24:00', { slots: [{ ...slot, end: '24:00' }] }, VISIT_MESSAGES.timeFormat],
    ['a time without minutes', { slots: [{ ...slot, start: '10' }] }, VISIT_MESSAGES.timeFormat],
    ['a time of 9:30', { slots: [{ ...slot, start: '9:30' }] }, VISIT_MESSAGES.timeFormat],
    ['a negative capacity', { slots: [{ ...slot, capacity: -1 }] }, VISIT_MESSAGES.capacityRange],
    ['a capacity of 51', { slots: [{ ...slot, capacity: 51 }] }, VISIT_MESSAGES.capacityRange],
    ['a capacity of 2.5', { slots: [{ ...slot, capacity: 2.5 }] }, VISIT_MESSAGES.capacityRange],
    ['a label of 41 characters', { slots: [{ ...slot, label: 'x'.repeat(41) }] }, VISIT_MESSAGES.labelTooLong],
    ['a weekday of 7', { closedWeekdays: [7] }, VISIT_MESSAGES.weekdayInvalid],
    ['a weekday twice', { closedWeekdays: [0, 0] }, VISIT_MESSAGES.weekdayInvalid],
    ['a weekday as text', { closedWeekdays: ['Sunday'] }, VISIT_MESSAGES.weekdayInvalid],
    ['a closed date twice', { closedDates: [{ date: '2026-11-10' }, { date: '2026-11-10', note: 'again' }] }, VISIT_MESSAGES.duplicateDate],
    ['a closed date that does not exist', { closedDates: [{ date: '2026-02-29' }] }, VISIT_MESSAGES.dateFormat],
    ['a note of 41 characters', { closedDates: [{ date: '2026-11-10', note: 'x'.repeat(41) }] }, VISIT_MESSAGES.noteTooLong],
    ['an extra field', { slots: [{ ...slot, booked: 0 }] }, 'Unrecognized key: "booked"'],
  ])('refuses %s with a 400 and changes nothing', async (_label, change, message) => {
    const before = await send(admin, 'GET', '/api/admin/visit-slots');
    const response = await settings({ ...STARTING, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'bad_request' });
    expect((await send(admin, 'GET', '/api/admin/visit-slots')).json()).toEqual(before.json());
  });

  it('refuses a slot id that is not offered, and a slot listed twice, changing nothing', async () => {
    const before = await context.database.db.select().from(visitSlots);
    const unknown = await settings({ ...STARTING, slots: [{ id: '00000000-0000-4000-8000-000000000000', ...slot }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: VISIT_MESSAGES.unknownSlot, reason: 'visit.unknownSlot' });
    const twice = await settings({ ...STARTING, slots: [STARTING.slots[0], STARTING.slots[0]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ message: VISIT_MESSAGES.duplicateSlot, reason: 'visit.duplicateSlot' });
    expect(await context.database.db.select().from(visitSlots)).toEqual(before);
    expect(await context.database.db.select().from(visitClosedDates)).toEqual([]);
  });
});
