import { sql } from 'drizzle-orm';
import {
  DUE_SOON_DAYS,
  garmentGroupOf,
  MAX_NEEDED_BY_DAYS,
  NEEDED_SOON_DAYS,
  type GarmentGroup,
  type LeadTimes,
  type OrderRisk,
  type OrderState,
} from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { leadTimes, orderLines, orders, visitClosedDates, visitClosedWeekdays } from '../../db/schema/index.js';
import { addDays, shopNow, weekdayOf } from '../../platform/shop-calendar.js';

/**
 * The ready-by date (docs/product.md#dates-a-tailor-promises): when the shop can promise an
 * order, from its lead times, the working days of the visit calendar and the work already promised.
 */

/** What {@link computeReadyBy} needs; every date is the shop's calendar `YYYY-MM-DD`. */
export interface ReadyByInput {
  /** The shop's today: the first day the shop's capacity is counted from. */
  today: string;
  /** The day work can start from: the measuring visit's date, or tomorrow when she asks to be called. */
  start: string;
  /** Working days of work of the slowest garment of the order (at least 1). */
  leadDays: number;
  /** Garments in the order (the sum of its quantities, at least 1). */
  garments: number;
  /** Garments the shop finishes per working day (at least 1). */
  dailyCapacity: number;
  /** The work already promised: each open order's ready-by date and its garments, in any order. */
  promised: readonly { readyBy: string; garments: number }[];
  /** Whether the shop is closed on a date (a closed weekday or closed date of the visit calendar). */
  isClosed: (date: string) => boolean;
}

/** Working days the computation looks ahead at most, so a calendar closed on every day still ends. */
const MAX_DAYS_AHEAD = 3 * 366;

/**
 * The day an order would be ready (docs/product.md#dates-a-tailor-promises), in three steps:
 * 1. The earliest day: `leadDays` working days counted after `start` (the visit day itself is
 *    not a working day of the order; closed days do not count).
 * 2. The work already promised fills the shop's working days from `today`, `dailyCapacity`
 *    garments a day, in ready-by order (an overdue order first).
 * 3. The order's garments take the next free places, none before the earliest day; it is ready
 *    on the day its last garment gets a place.
 * Pure: the same input gives the same date. A calendar closed every day gives the last day looked at.
 * @returns the ready-by date, `YYYY-MM-DD`.
 */
export function computeReadyBy(input: ReadyByInput): string {
  const capacity = Math.max(1, input.dailyCapacity);
  const limit = addDays(input.today, MAX_DAYS_AHEAD);
  const nextWorkingDay = (date: string): string => {
    let day = addDays(date, 1);
    while (input.isClosed(day) && day < limit) day = addDays(day, 1);
    return day;
  };
  let earliest = input.start;
  for (let counted = 0; counted < Math.max(1, input.leadDays) && earliest < limit; counted++) earliest = nextWorkingDay(earliest);

  // The shop's places: `day` is the day being filled, `left` its places still free.
  let day = input.isClosed(input.today) ? nextWorkingDay(input.today) : input.today;
  let left = capacity;
  const take = (garments: number): void => {
    for (let needed = garments; needed > 0 && day < limit;) {
      if (left === 0) {
        day = nextWorkingDay(day);
        left = capacity;
      }
      const taken = Math.min(left, needed);
      left -= taken;
      needed -= taken;
    }
  };
  for (const order of [...input.promised].sort((a, b) => (a.readyBy < b.readyBy ? -1 : a.readyBy > b.readyBy ? 1 : 0))) {
    take(order.garments);
  }
  if (day < earliest) {
    day = earliest;
    left = capacity;
  }
  take(Math.max(1, input.garments));
  return day;
}

/**
 * What is at risk in an order on the shop's `today` (docs/product.md#dates-a-tailor-promises), the
 * first that applies: `overdue` (ready-by passed, not delivered), `due-soon` (ready-by within
 * {@link DUE_SOON_DAYS} days, not yet designed), `needed-soon` (function date within
 * {@link NEEDED_SOON_DAYS} days, not delivered); null for none, and for a delivered or cancelled order.
 * admin-order-statements.ts writes the same rule in SQL for the admin's list.
 */
export function orderRisk(order: { status: OrderState; readyBy: string | null; neededBy: string | null }, today: string): OrderRisk | null {
  if (order.status === 'delivered' || order.status === 'cancelled') return null;
  if (order.readyBy !== null && order.readyBy < today) return 'overdue';
  if (order.readyBy !== null && order.readyBy <= addDays(today, DUE_SOON_DAYS) && (order.status === 'call' || order.status === 'visited')) {
    return 'due-soon';
  }
  if (order.neededBy !== null && order.neededBy <= addDays(today, NEEDED_SOON_DAYS)) return 'needed-soon';
  return null;
}

/** Whether a function date or a ready-by date is from the shop's today to a year ahead. */
export function withinAYear(date: string, now: Date): boolean {
  const { date: today } = shopNow(now);
  return date >= today && date <= addDays(today, MAX_NEEDED_BY_DAYS);
}

/** The shop's lead times and what fills its days, as {@link promiseReadyBy} reads them in one statement. */
interface Calendar {
  lead: LeadTimes;
  closedWeekdays: number[];
  closedDates: string[];
  promised: { readyBy: string; garments: number }[];
}

/**
 * The shop's lead times, its closed weekdays and closed dates from today, and the open orders'
 * garments by ready-by date (orders neither delivered nor cancelled), in ONE statement.
 */
async function readCalendar(db: Db, today: string): Promise<Calendar> {
  const [row] = await rowsOf<{
    lead: LeadTimes['days'] & { dailyCapacity: number };
    weekdays: number[];
    dates: string[];
    promised: Calendar['promised'];
  }>(
    db,
    sql`select
      (select json_build_object('blouse', blouse, 'chudithar', chudithar, 'frock', frock, 'pattupavadai', pattupavadai,
        'pant', pant, 'nightwear', nightwear, 'dailyCapacity', daily_capacity) from ${leadTimes} where id = 1) as lead,
      (select coalesce(json_agg(weekday), '[]'::json) from ${visitClosedWeekdays}) as weekdays,
      (select coalesce(json_agg(date::text), '[]'::json) from ${visitClosedDates} where date >= ${today}::date) as dates,
      (select coalesce(json_agg(json_build_object('readyBy', p.ready_by::text, 'garments', p.garments)), '[]'::json)
        from (select o.ready_by, sum(l.quantity)::int as garments from ${orders} o join ${orderLines} l on l.order_id = o.id
          where o.ready_by is not null and o.status not in ('delivered', 'cancelled') group by o.ready_by) p) as promised`,
  );
  const { dailyCapacity, ...days } = row!.lead;
  return {
    lead: { days, dailyCapacity },
    closedWeekdays: row!.weekdays.map(Number),
    closedDates: row!.dates,
    promised: row!.promised.map((one) => ({ readyBy: one.readyBy, garments: Number(one.garments) })),
  };
}

/** An order's lines as the ready-by date counts them: each product's category and the quantity. */
export interface ReadyByLine {
  category: string;
  quantity: number;
}

/**
 * The ready-by date the shop promises for an order being placed or quoted at `now`
 * (docs/product.md#dates-a-tailor-promises): {@link computeReadyBy} with the slowest garment's
 * lead days, the order's garments, the visit's date (or tomorrow without a visit) and the shop's
 * calendar and promised work, read in one statement. Two orders placed at the same moment count
 * the same promised work: a promise, not a booking.
 */
export async function promiseReadyBy(db: Db, now: Date, lines: readonly ReadyByLine[], visitDate: string | null): Promise<string> {
  const { date: today } = shopNow(now);
  const calendar = await readCalendar(db, today);
  const weekdays = new Set(calendar.closedWeekdays);
  const dates = new Set(calendar.closedDates);
  const groups = lines.map((line) => garmentGroupOf(line.category) as GarmentGroup);
  return computeReadyBy({
    today,
    start: visitDate ?? addDays(today, 1),
    leadDays: Math.max(...groups.map((group) => calendar.lead.days[group])),
    garments: lines.reduce((sum, line) => sum + line.quantity, 0),
    dailyCapacity: calendar.lead.dailyCapacity,
    promised: calendar.promised,
    isClosed: (date) => weekdays.has(weekdayOf(date)) || dates.has(date),
  });
}
