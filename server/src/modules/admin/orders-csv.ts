import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import { ORDER_STATES, SHOP_TIME_ZONE, type ReportPeriodQuery } from '@thaiyal/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { periodBounds } from './admin-reports.service.js';

/**
 * The order lines' CSV for the owner's accountant (docs/product.md#the-order-lines-csv): one row per
 * line of the orders placed in the period, read a page of orders at a time and written as it is
 * read, so a period of tens of thousands of orders never sits in memory whole.
 */

/** Orders read per statement. */
const ORDERS_PER_PAGE = 500;

/** The header row, in the columns' order. */
export const CSV_COLUMNS = [
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

interface CsvRow {
  order_number: string;
  placed: string;
  status: string;
  customer: string | null;
  phone: string | null;
  garment: string;
  category: string | null;
  hsn: string | null;
  quantity: number;
  price_paise: number;
  final_paise: number;
  paid_paise: number;
  bill_number: string | null;
  ready_by: string | null;
  delivered: string | null;
  cursor_at: string;
}

/** Where the next page starts: after this order (its placing time as PostgreSQL wrote it, to the microsecond, and number). */
interface Cursor {
  at: string;
  orderNumber: string;
}

/** One page of orders placed in the period after `cursor`, as their lines, oldest order first. */
function page(db: Db, period: ReportPeriodQuery, cursor: Cursor | null) {
  const { start, end } = periodBounds(period);
  const states = sql.raw(ORDER_STATES.map((state) => `'${state}'`).join(', '));
  const after = cursor ? sql`and (o.created_at, o.order_number) > (${cursor.at}::timestamptz, ${cursor.orderNumber})` : sql``;
  const day = (column: string) => sql.raw(`to_char((${column} at time zone '${SHOP_TIME_ZONE}')::date, 'YYYY-MM-DD')`);
  return rowsOf<CsvRow>(
    db,
    sql`with page as (
        select o.* from orders o
        where o.status in (${states}) and o.created_at >= ${start} and o.created_at < ${end} ${after}
        order by o.created_at, o.order_number limit ${ORDERS_PER_PAGE}
      )
      select p.order_number, ${day('p.created_at')} as placed, p.status, p.address ->> 'name' as customer,
        p.address ->> 'phoneNumber' as phone, l.name as garment, pr.category, h.code as hsn, l.quantity,
        l.price_paise, coalesce(l.final_price_paise, l.price_paise) as final_paise, p.paid_paise, p.bill_number,
        to_char(p.ready_by, 'YYYY-MM-DD') as ready_by,
        case when p.status = 'delivered' then (
          select ${day('min(e.at)')} from order_events e where e.order_id = p.id and e.status = 'delivered'
        ) end as delivered,
        p.created_at::text as cursor_at
      from page p
      join order_lines l on l.order_id = p.id
      left join products pr on pr.id = l.product_id
      left join category_hsn_codes h on h.category = pr.category
      order by p.created_at, p.order_number, l.position`,
  );
}

/** Rupees with two decimals, from paise. */
function rupees(paise: number): string {
  return (Number(paise) / 100).toFixed(2);
}

/** Every line of the period, page by page, as the CSV's cells. */
async function* lines(db: Db, period: ReportPeriodQuery): AsyncGenerator<(string | number)[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await page(db, period, cursor);
    for (const row of rows) {
      yield [
        row.order_number,
        row.placed,
        row.status,
        row.customer ?? '',
        row.phone ?? '',
        row.garment,
        row.category ?? '',
        row.hsn ?? '',
        row.quantity,
        rupees(row.price_paise),
        rupees(row.final_paise),
        rupees(row.paid_paise),
        row.bill_number ?? '',
        row.ready_by ?? '',
        row.delivered ?? '',
      ];
    }
    const last = rows.at(-1);
    // A page holds whole orders; fewer orders than a page's means the last page.
    if (!last || new Set(rows.map((row) => row.order_number)).size < ORDERS_PER_PAGE) return;
    cursor = { at: last.cursor_at, orderNumber: last.order_number };
  }
}

/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * gets a `'` in front, so it is shown as text and never run (OWASP "CSV Injection";
 * docs/security.md#output-stored-markup-stays-data-asvs-v12-v32-v411; ASVS 1.2.10). Any other text is returned as it is.
 */
export function defuseFormula(value: string): string {
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
