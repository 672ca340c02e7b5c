import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  LIMITS,
  MESSAGES_WITH_DATA,
  VISIT_MESSAGES,
  type DaySlot,
  type OrderVisit,
  type VisitBody,
  type VisitDaysResponse,
  type VisitSettings,
  type VisitSettingsBodySchema,
} from '@thaiyal/contract';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.js';
import { orderAppointments, orders, users, visitClosedDates, visitClosedWeekdays, visitSlots } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { addDays, shopNow, weekdayOf } from '../../platform/shop-calendar.js';

/**
 * The days a visit may be booked for (docs/product.md#home-visit-slot): the shop's today and
 * the last of the {@link LIMITS.visitDaysAhead} days from it.
 */
function bookableWindow(now: Date): { today: string; time: string; last: string } {
  const { date, time } = shopNow(now);
  return { today: date, time, last: addDays(date, LIMITS.visitDaysAhead - 1) };
}

/**
 * Whether `date` may be booked at `now`: 400 for a date before the shop's today or past the
 * last bookable day.
 * @throws AppError('bad_request', VISIT_MESSAGES.pastDate | VISIT_MESSAGES.beyondWindow)
 */
function checkInWindow(date: string, window: { today: string; last: string }): void {
  if (date < window.today) throw new AppError('bad_request', VISIT_MESSAGES.pastDate);
  if (date > window.last) throw new AppError('bad_request', VISIT_MESSAGES.beyondWindow);
}

/** How one slot stands on one day, from its capacity, the places held and the day's state. */
function daySlot(
  slot: { id: string; label: string; startsAt: string; endsAt: string; capacity: number },
  booked: number,
  state: { closed: boolean; started: boolean },
): DaySlot {
  const status = state.closed ? 'closed' : state.started ? 'past' : booked >= slot.capacity ? 'full' : 'open';
  return {
    id: slot.id,
    label: slot.label,
    start: slot.startsAt,
    end: slot.endsAt,
    capacity: slot.capacity,
    booked,
    available: status === 'open' ? slot.capacity - booked : 0,
    status,
  };
}

/**
 * `GET /visit-slots` (docs/product.md#home-visit-slot): from `from` (default the shop's today)
 * for `days` days (default all {@link LIMITS.visitDaysAhead}), never past the last bookable
 * day, each day with its slots, their capacity, the places held by orders (measuring, trial and
 * delivery visits, docs/product.md#trial-and-delivery-visits) and the places left.
 * Three statements whatever the number of days.
 * @throws AppError('bad_request') for a `from` before today or past the last bookable day.
 */
export async function visitDays(
  db: Db,
  now: Date,
  query: { from?: string | undefined; days?: number | undefined },
): Promise<VisitDaysResponse> {
  const window = bookableWindow(now);
  const from = query.from ?? window.today;
  checkInWindow(from, window);
  const asked = addDays(from, (query.days ?? LIMITS.visitDaysAhead) - 1);
  const to = asked < window.last ? asked : window.last;

  const slots = await db
    .select()
    .from(visitSlots)
    .where(isNull(visitSlots.retiredAt))
    .orderBy(asc(visitSlots.startsAt), asc(visitSlots.id));
  const closures = await rowsOf<{ kind: 'weekday' | 'date'; day: string; note: string }>(
    db,
    sql`select 'weekday' as kind, weekday::text as day, '' as note from ${visitClosedWeekdays}
        union all
        select 'date' as kind, date::text as day, note from ${visitClosedDates} where date between ${from} and ${to}`,
  );
  // Measuring visits and trial and delivery visits share the places (docs/product.md#trial-and-delivery-visits).
  const counts = await rowsOf<{ date: string; slot_id: string; booked: number }>(
    db,
    sql`select date, slot_id, count(*)::int as booked from (
          select visit_date::text as date, visit_slot_id as slot_id from ${orders}
            where visit_date between ${from} and ${to} and visit_slot_id is not null and status <> 'cancelled'
          union all
          select a.date::text, a.slot_id from ${orderAppointments} a join ${orders} o on o.id = a.order_id
            where a.date between ${from} and ${to} and a.ended_at is null and o.status <> 'cancelled'
        ) v group by 1, 2`,
  );
  const closedWeekdays = new Set(closures.filter((row) => row.kind === 'weekday').map((row) => Number(row.day)));
  const closedDates = new Map(closures.filter((row) => row.kind === 'date').map((row) => [row.day, row.note]));
  const booked = new Map(counts.map((row) => [`${row.date} ${row.slot_id}`, Number(row.booked)]));

  const days: VisitDaysResponse['days'] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = weekdayOf(date);
    const closedNote = closedDates.get(date);
    const closed = closedNote !== undefined || closedWeekdays.has(weekday);
    days.push({
      date,
      weekday,
      closed,
      closedNote: closedNote ?? '',
      slots: slots.map((slot) =>
        daySlot(slot, booked.get(`${date} ${slot.id}`) ?? 0, { closed, started: date === window.today && slot.startsAt <= window.time }),
      ),
    });
  }
  return { today: window.today, days };
}

/** Whose order is holding a visit, and how many open orders with a visit the account may have. */
export interface VisitHolder {
  userId: string;
  /**
   * `MAX_OPEN_VISITS` (docs/security.md finding 10): the account's open orders (neither delivered
   * nor cancelled) with a visit, at most. No limit when absent (tools and tests of other rules).
   */
  maxOpenVisits?: number | undefined;
}

/**
 * Hold a place in a slot for an order being placed, inside the order's transaction
 * (docs/product.md#home-visit-slot). The account's row is locked (`FOR NO KEY UPDATE`), then the
 * slot's row (`FOR UPDATE`), before the places are counted in a statement of its own: of two
 * orders racing for the last place the second counts after the first commits and is refused, and
 * of two orders of one account (same slot or not) the second counts the first's visit, so exactly
 * one gets it, on PGlite and on PostgreSQL. The places counted are the measuring visits of orders not
 * cancelled and their open trial and delivery visits (docs/product.md#trial-and-delivery-visits).
 * Every order locks the account before the slot, so two
 * orders never wait on each other crosswise. An account holds at most one visit in a slot and at
 * most `holder.maxOpenVisits` visits of open orders (docs/security.md finding 10: one account could
 * take every place). The place is held by the order's row (`visit_date`, `visit_slot_id`) and
 * freed when the order is cancelled (docs/product.md#cancellations-kept) or deleted; the
 * account's own limits also free when it is delivered. Three statements.
 * @returns the visit to store and answer with the order.
 * @throws AppError('bad_request', VISIT_MESSAGES.pastDate | VISIT_MESSAGES.beyondWindow) for a date outside the bookable days.
 * @throws AppError('conflict', VISIT_MESSAGES.unknownSlot | dayClosed | slotPast | slotFull) for a slot
 *   no longer offered, a closed day, today's slot that has started, or a full slot.
 * @throws AppError('conflict', VISIT_MESSAGES.alreadyBooked) when the account has an open order with a visit in this slot.
 * @throws AppError('too_many_requests', MESSAGES_WITH_DATA.tooManyOpenVisits) at `holder.maxOpenVisits`.
 */
export async function holdVisitPlace(tx: Db, now: Date, visit: VisitBody, holder: VisitHolder): Promise<OrderVisit> {
  const window = bookableWindow(now);
  checkInWindow(visit.date, window);
  await tx.select({ id: users.id }).from(users).where(eq(users.id, holder.userId)).for('no key update');
  const slot = await lockOpenSlot(tx, window, visit);
  // A statement of its own, after the locks: it sees every order committed before they were granted.
  const [held] = await rowsOf<{ booked: number; own_here: number; own_open: number }>(
    tx,
    sql`select count(*)::int + (${appointmentsHeld(visit, null)}) as booked,
          count(*) filter (where user_id = ${holder.userId} and status <> 'delivered')::int as own_here,
          (select count(*)::int from ${orders} where user_id = ${holder.userId} and visit_slot_id is not null
            and status not in ('delivered', 'cancelled')) as own_open
        from ${orders}
        where visit_date = ${visit.date}::date and visit_slot_id = ${visit.slotId} and status <> 'cancelled'`,
  );
  if (Number(held?.own_here ?? 0) > 0) throw new AppError('conflict', VISIT_MESSAGES.alreadyBooked);
  if (holder.maxOpenVisits !== undefined && Number(held?.own_open ?? 0) >= holder.maxOpenVisits) {
    throw new AppError('too_many_requests', MESSAGES_WITH_DATA.tooManyOpenVisits(holder.maxOpenVisits));
  }
  if (Number(held?.booked ?? 0) >= slot.capacity) throw new AppError('conflict', VISIT_MESSAGES.slotFull);
  return { date: visit.date, slotId: slot.id, label: slot.label };
}

/**
 * Lock slot `visit.slotId`'s row (`FOR UPDATE`) and check it may take a visit on `visit.date`:
 * offered, the day open, and not a slot of today that has started.
 * @throws AppError('conflict', VISIT_MESSAGES.unknownSlot | dayClosed | slotPast)
 */
async function lockOpenSlot(
  tx: Db,
  window: { today: string; time: string },
  visit: VisitBody,
): Promise<{ id: string; label: string; capacity: number }> {
  const [slot] = await rowsOf<{ id: string; label: string; starts_at: string; capacity: number; closed: boolean }>(
    tx,
    sql`select s.id, s.label, s.starts_at, s.capacity,
          exists (select 1 from ${visitClosedWeekdays} where weekday = ${weekdayOf(visit.date)})
          or exists (select 1 from ${visitClosedDates} where date = ${visit.date}::date) as closed
        from ${visitSlots} s where s.id = ${visit.slotId} and s.retired_at is null
        for update of s`,
  );
  if (!slot) throw new AppError('conflict', VISIT_MESSAGES.unknownSlot);
  if (slot.closed) throw new AppError('conflict', VISIT_MESSAGES.dayClosed);
  if (visit.date === window.today && slot.starts_at <= window.time) throw new AppError('conflict', VISIT_MESSAGES.slotPast);
  return slot;
}

/**
 * The trial and delivery visits holding a place in `visit`'s slot on its day (open, of orders not
 * cancelled), as an int subquery; `except` (an appointment's id) is left out: the booking it is
 * being moved from.
 */
function appointmentsHeld(visit: VisitBody, except: string | null) {
  return sql`select count(*)::int from ${orderAppointments} a join ${orders} o on o.id = a.order_id
    where a.date = ${visit.date}::date and a.slot_id = ${visit.slotId} and a.ended_at is null and o.status <> 'cancelled'
      and a.id is distinct from ${except}::uuid`;
}

/**
 * Hold a place in a slot for a trial or delivery visit (docs/product.md#trial-and-delivery-visits),
 * inside the booking's transaction, which has already locked the order's row: the same window,
 * day and slot checks as a measuring visit ({@link holdVisitPlace}), the slot's row locked
 * (`FOR UPDATE`), then the places counted in a statement of its own (measuring visits of orders
 * not cancelled and open trial and delivery visits), so of two bookings racing for the last place
 * exactly one gets it, on PGlite and on PostgreSQL. `movingFrom` (the id of the order's open visit
 * of the same kind, being moved) does not count against its new place.
 * @returns the visit as booked (the slot's name now).
 * @throws AppError('bad_request', VISIT_MESSAGES.pastDate | VISIT_MESSAGES.beyondWindow) for a date outside the bookable days.
 * @throws AppError('conflict', VISIT_MESSAGES.unknownSlot | dayClosed | slotPast | slotFull)
 */
export async function holdAppointmentPlace(tx: Db, now: Date, visit: VisitBody, movingFrom: string | null): Promise<OrderVisit> {
  const window = bookableWindow(now);
  checkInWindow(visit.date, window);
  const slot = await lockOpenSlot(tx, window, visit);
  const [held] = await rowsOf<{ booked: number }>(
    tx,
    sql`select (select count(*)::int from ${orders}
          where visit_date = ${visit.date}::date and visit_slot_id = ${visit.slotId} and status <> 'cancelled')
        + (${appointmentsHeld(visit, movingFrom)}) as booked`,
  );
  if (Number(held?.booked ?? 0) >= slot.capacity) throw new AppError('conflict', VISIT_MESSAGES.slotFull);
  return { date: visit.date, slotId: slot.id, label: slot.label };
}

/**
 * The visit settings as the admin edits them (docs/product.md#admin-dashboard Visit slots): the
 * slots offered by start, the closed weekdays, and the closed dates from the shop's today on.
 */
export async function getVisitSettings(db: Db, now: Date): Promise<VisitSettings> {
  const { today } = bookableWindow(now);
  const slots = await db
    .select()
    .from(visitSlots)
    .where(isNull(visitSlots.retiredAt))
    .orderBy(asc(visitSlots.startsAt), asc(visitSlots.id));
  const weekdays = await db.select().from(visitClosedWeekdays).orderBy(asc(visitClosedWeekdays.weekday));
  const dates = await db.select().from(visitClosedDates).where(gte(visitClosedDates.date, today)).orderBy(asc(visitClosedDates.date));
  return {
    slots: slots.map((slot) => ({ id: slot.id, label: slot.label, start: slot.startsAt, end: slot.endsAt, capacity: slot.capacity })),
    closedWeekdays: weekdays.map((row) => row.weekday),
    closedDates: dates.map((row) => ({ date: row.date, note: row.note })),
  };
}

/**
 * Replace the visit settings (docs/product.md#home-visit-slot) in one transaction, with every
 * offered slot's row locked so no order books one halfway through: a slot with an `id` is
 * changed (its booked visits stay, even above a lowered capacity), one without is added, an
 * offered slot left out is retired (orders that booked it keep their visit); the closed weekdays
 * and dates are replaced (dates before the shop's today are dropped). Shoppers see the change on
 * their next `GET /visit-slots`.
 * @returns the settings after the change.
 * @throws AppError('bad_request', VISIT_MESSAGES.unknownSlot) for an `id` that is not an offered slot.
 */
export async function setVisitSettings(db: Db, now: Date, body: z.output<typeof VisitSettingsBodySchema>): Promise<VisitSettings> {
  const { today } = bookableWindow(now);
  await db.transaction(async (tx) => {
    const offered = await tx.select({ id: visitSlots.id }).from(visitSlots).where(isNull(visitSlots.retiredAt)).for('update');
    const offeredIds = new Set(offered.map((row) => row.id));
    const kept: string[] = [];
    for (const slot of body.slots) {
      const values = { label: slot.label || `${slot.start}-${slot.end}`, startsAt: slot.start, endsAt: slot.end, capacity: slot.capacity };
      if (slot.id === undefined) {
        await tx.insert(visitSlots).values(values);
        continue;
      }
      if (!offeredIds.has(slot.id)) throw new AppError('bad_request', VISIT_MESSAGES.unknownSlot);
      await tx.update(visitSlots).set(values).where(eq(visitSlots.id, slot.id));
      kept.push(slot.id);
    }
    const retired = [...offeredIds].filter((id) => !kept.includes(id));
    if (retired.length > 0) {
      await tx
        .update(visitSlots)
        .set({ retiredAt: now })
        .where(and(inArray(visitSlots.id, retired), isNull(visitSlots.retiredAt)));
    }
    await tx.delete(visitClosedWeekdays);
    if (body.closedWeekdays.length > 0) await tx.insert(visitClosedWeekdays).values(body.closedWeekdays.map((weekday) => ({ weekday })));
    await tx.delete(visitClosedDates);
    const dates = body.closedDates.filter((entry) => entry.date >= today);
    if (dates.length > 0) await tx.insert(visitClosedDates).values(dates);
  });
  return getVisitSettings(db, now);
}
