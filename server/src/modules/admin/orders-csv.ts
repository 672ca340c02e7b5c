import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATES, SHOP_TIME_ZONE, type ReportPeriodQuery } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { addDays } from '../../platform/shop-calendar.js';
import { periodBounds } from './admin-reports.service.js';

/**
 * The order lines' CSV for the owner's accountant (docs/product.md#the-order-lines-csv): one row per
 * line of the orders placed in the period, read a week and a page of orders at a time and written
 * as it is read, so a period of tens of thousands of orders never sits in memory whole.
 */

/** Orders read per statement. */
const ORDERS_PER_PAGE = 500;

/** The header row, in the columns' order. */
const CSV_COLUMNS = [
  'Order number',
  'Placed',
  'Status',
  'Customer',
  'Phone',
  'Garment',
  'Category',
  'HSN',
  'Quantity',
  'Price',
  'Final price',
  'Paid',
  'Bill number',
  'Ready by',
  'Delivered',
] as const;

/** One order of a page, with what its rows repeat. */
interface CsvOrder {
  id: string;
  order_number: string;
  placed: string;
  status: string;
  customer: string | null;
  phone: string | null;
  paid_paise: number;
  bill_number: string | null;
  ready_by: string | null;
  delivered: string | null;
  cursor_at: string;
}

/** One line of a page's orders, with its product's category and that category's HSN code. */
interface CsvLine {
  order_id: string;
  garment: string;
  category: string | null;
  hsn: string | null;
  quantity: number;
  price_paise: number;
  final_paise: number;
}

/** Where the next page starts: after this order (its placing time as PostgreSQL wrote it, to the microsecond, and number). */
interface Cursor {
  at: string;
  orderNumber: string;
}

/** `to_char` of a timestamp column's day in the shop's calendar. */
function shopDay(column: string): SQL {
  return sql.raw(`to_char((${column} at time zone '${SHOP_TIME_ZONE}')::date, 'YYYY-MM-DD')`);
}

/**
 * One page of orders placed in the period after `cursor`, oldest first, then their lines in one
 * statement by their ids: two index walks (`orders_status_created_idx`, `order_lines_order_idx`),
 * never a scan of every line per page.
 */
async function page(db: Db, period: ReportPeriodQuery, cursor: Cursor | null): Promise<{ orders: CsvOrder[]; lines: CsvLine[] }> {
  const { start, end } = periodBounds(period);
  const states = sql.raw(ORDER_STATES.map((state) => `'${state}'`).join(', '));
  const after = cursor ? sql`and (o.created_at, o.order_number) > (${cursor.at}::timestamptz, ${cursor.orderNumber})` : sql``;
  const orders = await rowsOf<CsvOrder>(
    db,
    sql`select o.id, o.order_number, ${shopDay('o.created_at')} as placed, o.status, o.address ->> 'name' as customer,
        o.address ->> 'phoneNumber' as phone, o.paid_paise, o.bill_number, to_char(o.ready_by, 'YYYY-MM-DD') as ready_by,
        case when o.status = 'delivered' then (
          select ${shopDay('min(e.at)')} from order_events e where e.order_id = o.id and e.status = 'delivered'
        ) end as delivered,
        o.created_at::text as cursor_at
      from orders o
      where o.status in (${states}) and o.created_at >= ${start} and o.created_at < ${end} ${after}
      order by o.created_at, o.order_number limit ${ORDERS_PER_PAGE}`,
  );
  if (orders.length === 0) return { orders, lines: [] };
  const ids = sql.join(
    orders.map((order) => sql`${order.id}::uuid`),
    sql`, `,
  );
  const lines = await rowsOf<CsvLine>(
    db,
    sql`select l.order_id, l.name as garment, pr.category, h.code as hsn, l.quantity, l.price_paise,
        coalesce(l.final_price_paise, l.price_paise) as final_paise
      from order_lines l
      left join products pr on pr.id = l.product_id
      left join category_hsn_codes h on h.category = pr.category
      where l.order_id in (${ids})
      order by l.order_id, l.position`,
  );
  return { orders, lines };
}

/** Rupees with two decimals, from paise. */
function rupees(paise: number): string {
  return (Number(paise) / 100).toFixed(2);
}

/** The days of the CSV's windows: the period cut into weeks (the last one shorter), each a short walk of the index. */
const WINDOW_DAYS = 7;

/** One order's rows: a row per line, the order's cells repeated. */
function rowsOfOrder(order: CsvOrder, orderLines: readonly CsvLine[]): (string | number)[][] {
  return orderLines.map((line) => [
    order.order_number,
    order.placed,
    order.status,
    order.customer ?? '',
    order.phone ?? '',
    line.garment,
    line.category ?? '',
    line.hsn ?? '',
    line.quantity,
    rupees(line.price_paise),
    rupees(line.final_paise),
    rupees(order.paid_paise),
    order.bill_number ?? '',
    order.ready_by ?? '',
    order.delivered ?? '',
  ]);
}

/**
 * Every line of the period as the CSV's cells, a week of the period at a time and within it a
 * page of orders at a time: the index on orders leads with the state, so a page of the whole
 * period would sort all of the period's orders left to read; a week's are few.
 */
async function* lines(db: Db, period: ReportPeriodQuery): AsyncGenerator<(string | number)[]> {
  for (let from = period.from; from <= period.to; from = addDays(from, WINDOW_DAYS)) {
    const window = { from, to: [addDays(from, WINDOW_DAYS - 1), period.to].sort()[0]! };
    let cursor: Cursor | null = null;
    for (;;) {
      const { orders, lines: pageLines } = await page(db, window, cursor);
      const byOrder = new Map<string, CsvLine[]>();
      for (const line of pageLines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
      for (const order of orders) yield* rowsOfOrder(order, byOrder.get(order.id) ?? []);
      const last = orders.at(-1);
      if (!last || orders.length < ORDERS_PER_PAGE) break;
      cursor = { at: last.cursor_at, orderNumber: last.order_number };
    }
  }
}

/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * gets a `'` in front, so it is shown as text and never run (OWASP "CSV Injection";
 * docs/security.md#output-stored-markup-stays-data-asvs-v12-v32-v411; ASVS 1.2.10). Any other text is returned as it is.
 */
function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * `GET /admin/orders.csv?from=&to=` (docs/product.md#the-order-lines-csv): the period's order lines
 * as a stream of CSV text (UTF-8 with a byte order mark, so Excel reads Tamil; quoting by
 * csv-stringify, RFC 4180; every text cell defused by {@link defuseFormula}), the header row first.
 */
export function ordersCsv(db: Db, period: ReportPeriodQuery): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...CSV_COLUMNS],
    cast: { string: defuseFormula },
    record_delimiter: 'windows',
  });
  const source = Readable.from(lines(db, period));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
