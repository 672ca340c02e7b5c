import { asc, sql, type SQL } from 'drizzle-orm';
import { SERVICE_CITY, SERVICE_STATE } from '@thaiyal/contract';
import { rowsOf, type Database, type Db } from '../src/db/client.js';
import { productImages, products } from '../src/db/schema/index.js';
import { ORDER_NUMBER_ALPHABET } from '../src/modules/orders/index.js';
import { hashPassword } from '../src/platform/passwords.js';

/**
 * A shop's order history made in a few SQL statements (docs/performance.md#history): the bench's
 * history scenarios (history.ts) and the plan test of the admin's list
 * (server/test/performance/order-list-plan.test.ts) both take their shop from here.
 */

/** What {@link seedOrderHistory} is asked for: how many orders, by how many customers, over how many days. */
export interface SeedOrdersArgs {
  count: number;
  customers: number;
  /** The history's span: the oldest order was placed this many days ago (default 800, two years and two months). */
  days?: number;
}

/**
 * What {@link seedOrderHistory} made, and what the searches look for: the phone and username of a
 * customer with a typical history (`count / customers` orders, rounded down, none cancelled), and
 * the number of an order from the middle of the history (not cancelled, 2 lines).
 */
export interface SeededOrders {
  orders: number;
  orderLines: number;
  phone: string;
  username: string;
  orderNumber: string;
}

/** The domain of the history's customers' e-mails, by which the seed finds them again. */
const HISTORY_DOMAIN = 'bench-history.example.com';
/** Names as a Pollachi tailor's customers write them: a given name and an initial. */
const GIVEN_NAMES = [
  'Kavitha',
  'Lakshmi',
  'Priya',
  'Meena',
  'Revathi',
  'Anitha',
  'Deepa',
  'Saranya',
  'Gayathri',
  'Divya',
  'Malathi',
  'Selvi',
  'Vasanthi',
  'Bhuvana',
  'Nithya',
  'Keerthana',
  'Sangeetha',
  'Jayanthi',
  'Kalaivani',
  'Pavithra',
  'Uma',
  'Radha',
  'Shanthi',
  'Yamuna',
];
const INITIALS = ['A', 'B', 'C', 'D', 'G', 'J', 'K', 'L', 'M', 'N', 'P', 'R', 'S', 'T', 'V'];
const STREETS = ['Kottur Road', 'Palghat Road', 'Udumalai Road', 'Coimbatore Road', 'Mahalingapuram', 'New Scheme Road', 'Market Road'];
const LANDMARKS = ['Near Mariamman Kovil', 'Opposite the bus stand', 'Behind the government school', 'Near the post office'];

/** SQL text array literal of `values`, typed `type` (one parameter, whatever the length). */
function sqlArray(values: readonly (string | number)[], type: 'text[]' | 'int[]' | 'uuid[]'): SQL {
  return sql`${`{${values.map((value) => JSON.stringify(String(value))).join(',')}}`}::${sql.raw(type)}`;
}

/**
 * SQL: a deterministic spread of the integer column `of` for `salt`, 0 … 2^31 - 1: PostgreSQL's
 * own integer hash (`hashint8`, the one its hash indexes use), so every remainder is about as likely.
 */
function spread(of: string, salt: number): SQL {
  return sql.raw(`(hashint8(${of}::bigint * 64 + ${salt})::bigint & 2147483647)`);
}

/**
 * SQL: the history's customers 1 … `customers`, each a function of its number `n` alone, so a
 * customer is the same person in every seed: `n, username, email, name, phone, alternate_phone,
 * door_number, street, pin_code, landmark`. Phones are ten digits starting 6 to 9, as India's
 * mobile numbers; 1 in 5 has an alternate phone, 1 in 3 a landmark, 1 in 6 orders for someone of
 * another name.
 */
function historyPeople(customers: number): SQL {
  return sql`select n, given || ' ' || initial as username,
      lower(given) || '.' || lower(initial) || n || '@' || ${HISTORY_DOMAIN} as email,
      case when ${spread('n', 13)} % 6 = 0 then other || ' ' || initial else given || ' ' || initial end as name,
      (6 + ${spread('n', 14)} % 4)::text || lpad((${spread('n', 15)} % 1000000000)::text, 9, '0') as phone,
      case when ${spread('n', 16)} % 5 = 0 then (6 + ${spread('n', 17)} % 4)::text || lpad((${spread('n', 18)} % 1000000000)::text, 9, '0') end
        as alternate_phone,
      (n % 240 + 1) || '/' || (n % 9 + 1) as door_number,
      s.streets[1 + ${spread('n', 19)} % array_length(s.streets, 1)] as street,
      '64200' || (1 + n % 7) as pin_code,
      case when ${spread('n', 20)} % 3 = 0 then s.landmarks[1 + n % array_length(s.landmarks, 1)] end as landmark
    from generate_series(1, ${customers}::int) n,
      (select ${sqlArray(GIVEN_NAMES, 'text[]')} as given_names, ${sqlArray(INITIALS, 'text[]')} as initials,
        ${sqlArray(STREETS, 'text[]')} as streets, ${sqlArray(LANDMARKS, 'text[]')} as landmarks) s,
      lateral (select s.given_names[1 + ${spread('n', 11)} % array_length(s.given_names, 1)] as given,
        s.given_names[1 + ${spread('n', 21)} % array_length(s.given_names, 1)] as other,
        s.initials[1 + ${spread('n', 12)} % array_length(s.initials, 1)] as initial) picked`;
}

/**
 * Exactly the history's customers 1 … `customers`, verified, each with an address: those of a
 * larger seed before are deleted, the missing ones inserted (two INSERT … SELECT), the others kept.
 */
async function seedCustomers(tx: Db, customers: number, days: number): Promise<void> {
  await tx.execute(sql`delete from users where email like ${`%@${HISTORY_DOMAIN}`}
    and substring(email from '([0-9]+)@')::int > ${customers}`);
  const passwordHash = await hashPassword('bench-password');
  await withGinPendingLists(tx, 'users', () =>
    tx.execute(sql`insert into users (username, email, password_hash, role, verified, created_at)
      select username, email, ${passwordHash}, 'customer', true, now() - make_interval(days => ${days + 1})
      from (${historyPeople(customers)}) people
      on conflict (email) do nothing`),
  );
  await tx.execute(sql`insert into addresses (user_id, name, phone_number, door_number, street, city, state, pin_code, landmark, alternate_phone)
    select u.id, p.name, p.phone, p.door_number, p.street, ${SERVICE_CITY}, ${SERVICE_STATE}, p.pin_code, p.landmark, p.alternate_phone
    from (${historyPeople(customers)}) p join users u on u.email = p.email
    on conflict (user_id) do nothing`);
}

/** The catalog's products as SQL arrays, in a fixed order (the order of their creation): ids, names, first pictures, prices. */
async function catalogArrays(tx: Db): Promise<{ size: number; ids: SQL; names: SQL; images: SQL; prices: SQL }> {
  const productRows = await tx
    .select({ id: products.id, name: products.name, pricePaise: products.pricePaise })
    .from(products)
    .orderBy(asc(products.createdAt), asc(products.id));
  if (productRows.length < 16) throw new Error('seedOrders needs a catalog of at least 16 products (the demo catalog)');
  const imageRows = await tx
    .selectDistinctOn([productImages.productId], { productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .orderBy(asc(productImages.productId), asc(productImages.position));
  const imageOf = new Map(imageRows.map((row) => [row.productId, row.url]));
  return {
    size: productRows.length,
    ids: sqlArray(
      productRows.map((row) => row.id),
      'uuid[]',
    ),
    names: sqlArray(
      productRows.map((row) => row.name),
      'text[]',
    ),
    images: sqlArray(
      productRows.map((row) => imageOf.get(row.id) ?? ''),
      'text[]',
    ),
    prices: sqlArray(
      productRows.map((row) => row.pricePaise),
      'int[]',
    ),
  };
}

/**
 * SQL: order g's 6 characters after `TH-`, in the shop's alphabet ({@link ORDER_NUMBER_ALPHABET}):
 * the digits of `g × 7919 + 104729` in base 31, so that no two orders up to 100,000 share one.
 */
function orderNumberDigits(): SQL {
  const base = ORDER_NUMBER_ALPHABET.length;
  const digits = [5, 4, 3, 2, 1, 0].map((place) =>
    sql.raw(`substr('${ORDER_NUMBER_ALPHABET}', ((g::bigint * 7919 + 104729) / ${base ** place} % ${base})::int + 1, 1)`),
  );
  return sql.join(digits, sql` || `);
}

/**
 * The one statement that writes the orders, their lines and their timelines, from
 * `generate_series`. `plan` decides each order g (1 … count, newest last): its id (a UUID made
 * from g, so the same in every seed), number, customer, number of lines, age and status; the
 * three inserts read it, so no insert waits for another's RETURNING.
 */
function ordersStatement(args: Required<SeedOrdersArgs>, catalog: Awaited<ReturnType<typeof catalogArrays>>): SQL {
  const spanSeconds = args.days * 24 * 60 * 60;
  return sql`
    with product as (
      select * from unnest(${catalog.ids}, ${catalog.names}, ${catalog.images}, ${catalog.prices})
        with ordinality as p(id, name, image, price_paise, k)
    ),
    customer as (
      select people.n - 1 as k, u.id as user_id, jsonb_strip_nulls(jsonb_build_object('name', a.name, 'phoneNumber', a.phone_number,
          'doorNumber', a.door_number, 'street', a.street, 'city', a.city, 'state', a.state, 'pinCode', a.pin_code,
          'landmark', a.landmark, 'alternatePhone', a.alternate_phone)) as address
      from (${historyPeople(args.customers)}) people join users u on u.email = people.email join addresses a on a.user_id = u.id
    ),
    plan as materialized (
      select g, md5('bench-order-' || g)::uuid as id, ${spread('g', 1)} % ${args.customers} as k, 1 + ${spread('g', 2)} % 3 as line_count,
        (${args.count}::float8 - g) / ${args.count} as age,
        'TH-' || ${orderNumberDigits()} as order_number,
        case
          when ${spread('g', 5)} % 40 = 0 then 'cancelled'
          when (${args.count}::float8 - g) / ${args.count} > 0.3 and ${spread('g', 6)} % 100 < 85 then 'delivered'
          else (array['call', 'visited', 'designed', 'delivered'])[${spread('g', 7)} % 4 + 1]
        end as status
      from generate_series(1, ${args.count}::int) g
    ),
    line as materialized (
      select plan.g, plan.id as order_id, j as position, 1 + (${spread('plan.g', 3)} + j * 7) % ${catalog.size} as product,
        1 + (${spread('plan.g', 4)} + j) % 3 as quantity
      from plan, generate_series(0, plan.line_count - 1) j
    ),
    placed as (
      insert into orders (id, order_number, user_id, status, total_paise, address, created_at, cancelled_at, cancel_reason)
      select plan.id, plan.order_number, customer.user_id, plan.status, totals.total, customer.address,
        now() - make_interval(secs => plan.age * ${spanSeconds}),
        case when plan.status = 'cancelled' then now() - make_interval(secs => plan.age * ${spanSeconds}) + interval '2 hours' end,
        case when plan.status = 'cancelled' then 'Bench: changed my mind' end
      from plan join customer using (k)
        join (select l.g, sum(p.price_paise * l.quantity) as total from line l join product p on p.k = l.product group by l.g) totals using (g)
      returning 1
    ),
    line_rows as (
      insert into order_lines (order_id, position, product_id, name, image, quantity, price_paise)
      select l.order_id, l.position, p.id, p.name, p.image, l.quantity, p.price_paise from line l join product p on p.k = l.product
      returning 1
    ),
    steps as (
      insert into order_events (order_id, status, at)
      select plan.id, step.status, now() - make_interval(secs => plan.age * ${spanSeconds}) + make_interval(hours => (step.place - 1)::int * 20)
      from plan, lateral (select t.status, t.place from unnest(
        case when plan.status = 'cancelled' then array['call', 'cancelled']
        else (array['call', 'visited', 'designed', 'delivered'])[1:array_position(array['call', 'visited', 'designed', 'delivered'], plan.status)] end
      ) with ordinality as t(status, place)) step
      returning 1
    )
    select (select count(*) from placed)::int as orders, (select count(*) from line_rows)::int as lines`;
}

/**
 * Run `write` with the GIN indexes of `table` collecting new entries in their pending list and
 * merging them once at the end (`fastupdate` on, then `gin_clean_pending_list`), then set back as
 * they were (the schema turns the pending list off, db/schema/users.ts `trigramIndex`: PGlite has
 * no autovacuum to merge it). Inside the caller's transaction, so a failure leaves them as they
 * were. Tens of thousands of rows, each with a dozen trigrams in each of four indexes, are about
 * three times faster to index so.
 */
async function withGinPendingLists<T>(tx: Db, table: string, write: () => Promise<T>): Promise<T> {
  const indexes = await rowsOf<{ name: string; options: string[] | null }>(
    tx,
    sql`select c.relname as name, c.reloptions as options from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_am am on am.oid = c.relam where i.indrelid = ${table}::regclass and am.amname = 'gin' order by c.relname`,
  );
  for (const index of indexes) await tx.execute(sql`alter index ${sql.identifier(index.name)} set (fastupdate = on)`);
  const result = await write();
  for (const index of indexes) {
    await tx.execute(sql`select gin_clean_pending_list(${index.name}::regclass)`);
    const before = (index.options ?? []).find((option) => option.startsWith('fastupdate='));
    await tx.execute(
      before
        ? sql`alter index ${sql.identifier(index.name)} set (${sql.raw(before)})`
        : sql`alter index ${sql.identifier(index.name)} reset (fastupdate)`,
    );
  }
  return result;
}

/**
 * The per-state counts (`order_state_counts`, kept by the triggers of the lists-by-page migration)
 * against the orders themselves.
 * @throws Error when they disagree: the list's counts would be wrong.
 */
async function checkStateCounts(db: Db): Promise<void> {
  const [row] = await rowsOf<{ kept: string; actual: string }>(
    db,
    sql`select
      (select coalesce(json_object_agg(status, n order by status), '{}')::text from
        (select status, sum(orders)::int as n from order_state_counts group by status having sum(orders) <> 0) k) as kept,
      (select coalesce(json_object_agg(status, n order by status), '{}')::text from
        (select status, count(*)::int as n from orders group by status) a) as actual`,
  );
  if (row!.kept !== row!.actual) throw new Error(`order_state_counts holds ${row!.kept}, the orders ${row!.actual}`);
}

/** The searches' targets in the seeded shop ({@link SeededOrders}). */
async function searchTargets(db: Db, args: Required<SeedOrdersArgs>): Promise<Pick<SeededOrders, 'phone' | 'username' | 'orderNumber'>> {
  const typical = Math.max(1, Math.floor(args.count / args.customers));
  const [customer] = await rowsOf<{ phone: string; username: string }>(
    db,
    sql`with lines as (select order_id, count(*) as n from order_lines group by order_id),
      history as (
        select o.user_id, count(*) filter (where o.status <> 'cancelled') as kept, count(*) filter (where o.status = 'cancelled') as cancelled,
          sum(lines.n) as lines
        from orders o join lines on lines.order_id = o.id group by o.user_id
      )
      select a.phone_number as phone, u.username from history h join users u on u.id = h.user_id join addresses a on a.user_id = u.id
      where u.email like ${`%@${HISTORY_DOMAIN}`} and h.kept = ${typical} and h.cancelled = 0
      order by abs(h.lines - ${2 * typical}), u.email limit 1`,
  );
  const [order] = await rowsOf<{ order_number: string }>(
    db,
    sql`select order_number from (
        select o.order_number, row_number() over (order by o.created_at) as place, count(*) over () as total
        from orders o join (select order_id from order_lines group by order_id having count(*) = 2) two on two.order_id = o.id
        where o.status <> 'cancelled'
      ) two_lines where place = total / 2 + 1`,
  );
  if (!customer || !order) throw new Error(`no customer with ${typical} orders, or no order of 2 lines, in the seeded shop`);
  return { phone: customer.phone, username: customer.username, orderNumber: order.order_number };
}

/**
 * No order in the shop and none of the history's customers (what {@link seedOrderHistory} adds,
 * taken away again): the bench's history scenarios leave the shop so for the next round's others.
 */
export async function clearOrderHistory(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(
      sql`truncate orders, order_lines, order_events, order_ready_by_changes, order_payments, order_appointments, order_alterations, order_share_links`,
    );
    await tx.execute(sql`delete from users where email like ${`%@${HISTORY_DOMAIN}`}`);
  });
  await database.db.execute(sql`vacuum users, addresses`);
}

/**
 * Exactly `count` orders in the shop, the same every time for the same arguments (a benchmark's
 * rounds see one shop), as `POST /orders` would have stored them:
 * - the history's `customers` (1 … customers, each the same person in every seed: a name, an
 *   e-mail, a ten-digit mobile number, an address, some with a landmark or a second phone), who
 *   place the orders (about `count / customers` each); every other order and its lines and
 *   timeline are removed first (TRUNCATE: the bench's own orders, from earlier scenarios), and
 *   history customers beyond `customers` (a larger seed's) are deleted (and the accounts vacuumed);
 * - 1 to 3 lines each of catalog products (name, first picture and price copied), quantities 1
 *   to 3, the total in paise, a copy of the customer's address, a timeline step for each state
 *   reached; purchase dates spread evenly over the last `days` days (800 unless asked);
 * - older orders mostly delivered, the newest 30% spread over the four states; 1 in 40 cancelled,
 *   with a reason; order numbers `TH-` and 6 characters of the shop's alphabet.
 * Made in SQL: the customers in two INSERT … SELECT, the orders, lines and timelines in one
 * statement from `generate_series` (50,000 orders in about 8 s on PGlite and 5 s on PostgreSQL,
 * docs/performance.md#history), inside one transaction, with the trigram indexes' pending lists
 * on meanwhile ({@link withGinPendingLists}). The per-state counts are kept by the orders' own
 * triggers (the TRUNCATE clears them, the INSERT adds each state's), and checked against the
 * orders afterwards. The tables are then analyzed on PostgreSQL, as its autovacuum soon would
 * after so many rows; PGlite has no autovacuum, so there they stay as a PGlite shop's are, never
 * analyzed.
 * @returns the numbers of orders and lines inserted, and what the searches look for.
 * @throws Error for more than 100,000 orders, a catalog of fewer than 16 products, or counts that
 *   disagree with the orders.
 */
export async function seedOrderHistory(database: Database, seedArgs: SeedOrdersArgs): Promise<SeededOrders> {
  const args = { days: 800, ...seedArgs };
  if (args.count > 100_000) throw new Error('seedOrders makes at most 100,000 orders (their numbers would repeat)');
  const inserted = await database.db.transaction(async (tx) => {
    // PostgreSQL would spend half a second compiling this one-off statement (its estimates of
    // generate_series are far off); PGlite has no JIT.
    if (database.kind === 'postgres') await tx.execute(sql`set local jit = off`);
    await tx.execute(
      sql`truncate orders, order_lines, order_events, order_ready_by_changes, order_payments, order_appointments, order_alterations, order_share_links`,
    );
    await seedCustomers(tx, args.customers, args.days);
    const catalog = await catalogArrays(tx);
    const [row] = await withGinPendingLists(tx, 'orders', () =>
      rowsOf<{ orders: number; lines: number }>(tx, ordersStatement(args, catalog)),
    );
    return row!;
  });
  await checkStateCounts(database.db);
  // The accounts a larger seed left behind go now, not when PGlite's never-running autovacuum
  // would: every seed of the same size leaves the same tables (and PostgreSQL's are analyzed below).
  await database.db.execute(sql`vacuum users, addresses`);
  if (database.kind === 'postgres') await database.db.execute(sql`analyze orders, order_lines, order_events, users, addresses`);
  return { orders: inserted.orders, orderLines: inserted.lines, ...(await searchTargets(database.db, args)) };
}
