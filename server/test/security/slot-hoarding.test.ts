import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_WITH_DATA, VISIT_MESSAGES, VisitDaysResponseSchema } from '@thaiyal/contract';
import { orders, visitSlots } from '../../src/db/schema/index.js';
import { createShopper } from '../admin-support.js';
import { manualClock } from '../clock.js';
import { createTestContext, createUser, injectAs, seedProducts, type TestContext, type TestUser } from '../harness.js';

/**
 * Home-visit slot hoarding found by the outside probe (docs/security.md, "Findings of the outside
 * probe", item 10; ASVS 5.0 V2.3.2 business limits, V2.4.1 anti-automation, V15.4.2 one atomic
 * check-and-act): one account placed three cheap orders into one slot and the next shopper was
 * told the slot was full. An account now holds one visit per slot and at most `MAX_OPEN_VISITS`
 * (default 2) visits of open orders; through HTTP on a real database (PGlite, or PostgreSQL with
 * `DATABASE_URL`), with the default limits.
 */
const OPEN_VISITS_MAX = 2;
// Monday 2 November 2026, 09:30 in Pollachi: the 14 bookable days run to Sunday 15 November.
const clock = manualClock(new Date('2026-11-02T04:00:00Z'));

let context: TestContext;
let admin: TestUser;
let productId: string;
/** The starting slots (3 visits each), by start. */
let morning: string;
let afternoon: string;
let evening: string;

beforeAll(async () => {
  context = await createTestContext({}, clock);
  admin = await createUser(context, { role: 'admin' });
  [productId] = (await seedProducts(context, [{ name: 'Cotton Blouse', pricePaise: 30_000 }])) as [string];
  const slots = await context.database.db.select().from(visitSlots).where(isNull(visitSlots.retiredAt)).orderBy(visitSlots.startsAt);
  [morning, afternoon, evening] = slots.map((slot) => slot.id) as [string, string, string];
});

afterAll(async () => {
  await context?.close();
});

/** A signed-in shopper with a saved address in the served area. */
const shopper = () => createShopper(context);

/** `POST /api/orders` of one ₹300 blouse, with `visit` (no visit, "call me", when left out). */
function order(user: TestUser, visit?: { date: string; slotId: string }) {
  return injectAs(context, user, 'POST', '/api/orders', {
    items: [{ productId, quantity: 1 }],
    totalAmt: 300,
    ...(visit ? { visit } : {}),
  });
}

/** The places held in `slotId` on `date`, as `GET /api/visit-slots` shows them. */
async function booked(date: string, slotId: string): Promise<number> {
  const response = await injectAs(context, undefined, 'GET', `/api/visit-slots?from=${date}&days=1`);
  const [day] = VisitDaysResponseSchema.parse(response.json()).days;
  return day!.slots.find((slot) => slot.id === slotId)!.booked;
}

/** How many orders `user` has, whatever their state. */
async function orderCount(user: TestUser): Promise<number> {
  return (await context.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).length;
}

describe('home-visit slot hoarding (ASVS 2.3.2, 2.4.1, 15.4.2)', () => {
  it('ASVS 2.3.2 a second order of one account into the same slot is a 409 that says to put the garments in one order; another shopper still gets the place', async () => {
    const hoarder = await shopper();
    const visit = { date: '2026-11-03', slotId: morning };
    expect((await order(hoarder, visit)).statusCode).toBe(201);

    const refused = await order(hoarder, visit);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', message: VISIT_MESSAGES.alreadyBooked, reason: 'visit.alreadyBooked' });
    expect(refused.json().message).toMatch(/one order/);
    expect(await orderCount(hoarder)).toBe(1);
    expect(await booked('2026-11-03', morning)).toBe(1);

    // The places the hoarder could not take are still there for others.
    expect((await order(await shopper(), visit)).statusCode).toBe(201);
    expect((await order(await shopper(), visit)).statusCode).toBe(201);
    expect(await booked('2026-11-03', morning)).toBe(3);
    // As the message says: the same account may still order with "call me to arrange the visit".
    expect((await order(hoarder)).statusCode).toBe(201);
  });

  it('ASVS 2.4.1 an account holds at most 2 visits of open orders (429); cancelling or delivering one frees a place', async () => {
    const user = await shopper();
    const first = await order(user, { date: '2026-11-04', slotId: morning });
    const second = await order(user, { date: '2026-11-04', slotId: afternoon });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);

    const refused = await order(user, { date: '2026-11-05', slotId: evening });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({ code: 'too_many_requests', ...MESSAGES_WITH_DATA.tooManyOpenVisits(OPEN_VISITS_MAX) });
    expect(refused.json()).toMatchObject({ reason: 'visit.tooManyOpenVisits', params: { maxOpenVisits: OPEN_VISITS_MAX } });
    expect(await booked('2026-11-05', evening)).toBe(0);

    // Cancelling one frees its place and its slot for the same account.
    const cancel = await injectAs(context, user, 'POST', '/api/orders/cancel', {
      orderId: first.json().order.orderId,
      reason: 'Booked twice',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const third = await order(user, { date: '2026-11-04', slotId: morning });
    expect(third.statusCode, third.body).toBe(201);
    expect((await order(user, { date: '2026-11-05', slotId: evening })).statusCode).toBe(429);

    // A delivered order's visit is over: it no longer counts.
    const delivered = await injectAs(context, admin, 'PUT', `/api/orders/status/${second.json().order.orderId}`, { status: 'delivered' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await order(user, { date: '2026-11-05', slotId: evening })).statusCode).toBe(201);
    expect((await order(user, { date: '2026-11-06', slotId: evening })).statusCode).toBe(429);
  });

  it('ASVS 15.4.2 orders of one account sent at once into one slot: exactly one gets the visit', async () => {
    for (const [date, slotId] of [
      ['2026-11-06', morning],
      ['2026-11-07', afternoon],
    ] as const) {
      const user = await shopper();
      const answers = await Promise.all([1, 2, 3].map(() => order(user, { date, slotId })));
      expect(answers.map((answer) => answer.statusCode).sort(), date).toEqual([201, 409, 409]);
      for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json().reason).toBe('visit.alreadyBooked');
      expect(await booked(date, slotId), date).toBe(1);
    }
  });

  it('ASVS 15.4.2 orders of one account sent at once into different slots: never more than 2 visits', async () => {
    const user = await shopper();
    const answers = await Promise.all([morning, afternoon, evening].map((slotId) => order(user, { date: '2026-11-09', slotId })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 429]);
    expect(await orderCount(user)).toBe(OPEN_VISITS_MAX);
  });
});
