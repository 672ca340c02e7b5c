import { sql, type SQL } from 'drizzle-orm';
import {
  GARMENT_GROUPS,
  garmentGroupOf,
  MAX_TOP_PRODUCTS,
  ORDER_STATES,
  paiseToRupees,
  PRODUCT_CATEGORIES,
  SHOP_TIME_ZONE,
  type GarmentGroup,
  type ReportPeriodQuery,
  type ReportResponse,
} from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { addDays, weekdayOf } from '../../platform/shop-calendar.js';

/**
 * The owner's numbers (docs/product.md#reports), each figure one aggregate statement: the
 * history may hold tens of thousands of orders, and none is read into the process whole.
 */

/** Most cancellation reasons listed, most frequent first. */
const MAX_REASONS = 20;

/** The period's first instant and the instant after its last day, in the shop's calendar. */
export function periodBounds(period: ReportPeriodQuery): { start: SQL; end: SQL } {
  return {
    start: sql`((${period.from}::date)::timestamp at time zone ${SHOP_TIME_ZONE})`,
    end: sql`((${period.to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})`,
  };
}

/**
 * The orders delivered in the period (docs/product.md#reports), as a `delivered` CTE: an order
 * still delivered whose first "delivered" step falls in the period (the day its bill was numbered).
 * Found from the timeline's steps of the period (`order_events_status_at_idx`), so the work
 * follows the period's deliveries, not the whole history.
 */
function deliveredInPeriod(period: ReportPeriodQuery): SQL {
  const { start, end } = periodBounds(period);
  return sql`delivered as (
    select o.id, o.total_paise, o.ready_by, o.created_at, first.at as delivered_at
    from (
      select e.order_id, min(e.at) as at from order_events e
      where e.status = 'delivered' and e.at >= ${start} and e.at < ${end}
      group by e.order_id
    ) first
    join orders o on o.id = first.order_id and o.status = 'delivered'
    where not exists (
      select 1 from order_events earlier
      where earlier.order_id = first.order_id and earlier.status = 'delivered' and earlier.at < ${start}
    )
  )`;
}

/** `YYYY-MM-DD` of a timestamp's day in the shop's calendar. */
function shopDay(column: SQL): SQL {
  return sql`((${column}) at time zone ${SHOP_TIME_ZONE})::date`;
}

/** Every category with its garment group (contract `garmentGroupOf`, as the ready-by dates group them), as SQL `values`. */
const CATEGORY_GROUPS = sql.raw(
  `(values ${PRODUCT_CATEGORIES.map((category) => `('${category}', '${garmentGroupOf(category)}')`).join(', ')}) as g(category, grp)`,
);

interface PlacedWeekRow {
  week: string;
  orders: number;
}
interface DeliveredWeekRow {
  week: string;
  delivered: number;
  revenue_paise: string | number;
  with_ready_by: number;
  on_time: number;
  days: number;
}
interface GroupRow {
  grp: GarmentGroup;
  orders: number;
  revenue_paise: string | number;
}
interface TopRow {
  product_id: string | null;
  name: string;
  name_ta: string | null;
  count: number;
  revenue_paise: string | number;
}

/** Orders placed in the period, per week (Monday). Every state is named so `orders_status_created_idx` serves the range. */
function placedByWeek(db: Db, period: ReportPeriodQuery) {
  const { start, end } = periodBounds(period);
  const states = sql.raw(ORDER_STATES.map((state) => `'${state}'`).join(', '));
  return rowsOf<PlacedWeekRow>(
    db,
    sql`select to_char(date_trunc('week', ${shopDay(sql`o.created_at`)}), 'YYYY-MM-DD') as week, count(*)::int as orders
      from orders o
      where o.status in (${states}) and o.created_at >= ${start} and o.created_at < ${end}
      group by 1`,
  );
}

/** The period's deliveries per week: how many, their totals, how many had a ready-by date and met it, and their days from order to delivery. */
function deliveredByWeek(db: Db, period: ReportPeriodQuery) {
  const day = shopDay(sql`d.delivered_at`);
  return rowsOf<DeliveredWeekRow>(
    db,
    sql`with ${deliveredInPeriod(period)}
      select to_char(date_trunc('week', ${day}), 'YYYY-MM-DD') as week, count(*)::int as delivered,
        sum(d.total_paise)::bigint as revenue_paise, count(d.ready_by)::int as with_ready_by,
        (count(*) filter (where ${day} <= d.ready_by))::int as on_time,
        sum(${day} - ${shopDay(sql`d.created_at`)})::int as days
      from delivered d group by 1`,
  );
}

/** The delivered orders' lines with their amount (final price × quantity) and garment group, as a `lines` CTE after `delivered`. */
function deliveredLines(period: ReportPeriodQuery): SQL {
  return sql`${deliveredInPeriod(period)},
    lines as (
      select l.order_id, l.product_id, l.name, l.name_ta, l.quantity,
        (coalesce(l.final_price_paise, l.price_paise)::bigint * l.quantity) as amount,
        coalesce(g.grp, 'blouse') as grp
      from order_lines l
      join delivered d on d.id = l.order_id
      left join products p on p.id = l.product_id
      left join ${CATEGORY_GROUPS} on g.category = p.category
    )`;
}

/** Per garment group: the delivered orders holding one of its garments, and those garments' amounts. */
function byGroup(db: Db, period: ReportPeriodQuery) {
  return rowsOf<GroupRow>(
    db,
    sql`with ${deliveredLines(period)}
      select grp, count(distinct order_id)::int as orders, sum(amount)::bigint as revenue_paise from lines group by grp`,
  );
}

/** The designs most delivered: garments, then amount; a deleted design is counted by its name. */
function topProducts(db: Db, period: ReportPeriodQuery) {
  return rowsOf<TopRow>(
    db,
    sql`with ${deliveredLines(period)}
      select product_id, min(name) as name, min(name_ta) as name_ta, sum(quantity)::int as count, sum(amount)::bigint as revenue_paise
      from lines group by product_id, case when product_id is null then name end
      order by count desc, revenue_paise desc, name limit ${MAX_TOP_PRODUCTS}`,
  );
}

/** The period's cancellations by reason (trimmed), most frequent first, and their number. */
function cancellations(db: Db, period: ReportPeriodQuery) {
  const { start, end } = periodBounds(period);
  return rowsOf<{ reason: string; count: number }>(
    db,
    sql`select btrim(coalesce(cancel_reason, '')) as reason, count(*)::int as count
      from orders where status = 'cancelled' and cancelled_at >= ${start} and cancelled_at < ${end}
      group by 1 order by 2 desc, 1`,
  );
}

/** Every Monday from the week holding `from` to the week holding `to`. */
function weeksOf(period: ReportPeriodQuery): string[] {
  const weeks: string[] = [];
  const monday = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));
  for (let week = monday(period.from); week <= period.to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/**
 * `GET /admin/reports?from=&to=` (docs/product.md#reports): the period's figures as
 * ReportResponseSchema describes them. Six aggregate statements; sums are added in paise and
 * answered in rupees. The period is already checked (ReportPeriodQuerySchema).
 */
export async function buildReport(db: Db, period: ReportPeriodQuery): Promise<ReportResponse> {
  const [placed, delivered, groups, top, reasons] = await Promise.all([
    placedByWeek(db, period),
    deliveredByWeek(db, period),
    byGroup(db, period),
    topProducts(db, period),
    cancellations(db, period),
  ]);
  const placedIn = new Map(placed.map((row) => [row.week, row.orders]));
  const deliveredIn = new Map(delivered.map((row) => [row.week, row]));
  const sum = (pick: (row: DeliveredWeekRow) => number) => delivered.reduce((total, row) => total + pick(row), 0);
  const count = sum((row) => row.delivered);
  const withReadyBy = sum((row) => row.with_ready_by);
  const groupOf = new Map(groups.map((row) => [row.grp, row]));
  return {
    from: period.from,
    to: period.to,
    orders: placed.reduce((total, row) => total + row.orders, 0),
    delivered: count,
    cancelled: reasons.reduce((total, row) => total + row.count, 0),
    revenue: paiseToRupees(sum((row) => Number(row.revenue_paise))),
    byWeek: weeksOf(period).map((weekStart) => ({
      weekStart,
      orders: placedIn.get(weekStart) ?? 0,
      revenue: paiseToRupees(Number(deliveredIn.get(weekStart)?.revenue_paise ?? 0)),
    })),
    byGroup: GARMENT_GROUPS.map((group) => ({
      group,
      orders: groupOf.get(group)?.orders ?? 0,
      revenue: paiseToRupees(Number(groupOf.get(group)?.revenue_paise ?? 0)),
    })),
    onTimeRate: withReadyBy === 0 ? null : sum((row) => row.on_time) / withReadyBy,
    averageDaysToDeliver: count === 0 ? null : Math.round((sum((row) => row.days) / count) * 10) / 10,
    cancellationReasons: reasons.slice(0, MAX_REASONS),
    topProducts: top.map((row) => ({
      productId: row.product_id,
      name: row.name,
      nameTa: row.name_ta,
      count: row.count,
      revenue: paiseToRupees(Number(row.revenue_paise)),
    })),
  };
}
