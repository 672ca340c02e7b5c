import { asc, count, like, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_CATEGORIES, SERVICE_CITY, SERVICE_STATE, type Address } from '@thaiyal/contract';
import type { Config } from '../src/config.js';
import { rowsOf, type Database, type Db } from '../src/db/client.js';
import { addresses, cartLines, orderEvents, orderLines, orders, productImages, products, users } from '../src/db/schema/index.js';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../src/modules/auth/index.js';
import { ORDER_NUMBER_ALPHABET } from '../src/modules/orders/index.js';
import { hashPassword } from '../src/platform/passwords.js';

/** What a fixture runs against: the benchmarked server's own app and database. */
export interface FixtureDeps {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/** Makes every bench e-mail address unique within one server process. */
let batch = 0;

/** A plausible shipping address (the form's checks: 10-digit phone, 6-digit pin code). */
function benchAddress(index: number): Address {
  return {
    name: `Bench Shopper ${index + 1}`,
    phoneNumber: String(9_000_000_000 + index),
    doorNumber: `${(index % 200) + 1}/${(index % 7) + 1}`,
    street: ['Kottur Road', 'Palghat Road', 'Udumalai Road', 'Coimbatore Road'][index % 4]!,
    city: SERVICE_CITY,
    state: SERVICE_STATE,
    pinCode: '642001',
  };
}

/** `count` verified users with `role`, and an address each when `withAddress`; their ids. */
async function insertUsers(db: Db, args: { count: number; role: 'customer' | 'admin'; withAddress?: boolean }): Promise<string[]> {
  const passwordHash = await hashPassword('bench-password');
  const stamp = `${Date.now().toString(36)}-${++batch}`;
  const ids: string[] = [];
  // In chunks: PostgreSQL takes at most 65,535 parameters per statement.
  for (let start = 0; start < args.count; start += 1000) {
    const size = Math.min(1000, args.count - start);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, offset) => ({
          username: `Bench ${args.role} ${start + offset + 1}`,
          email: `bench-${args.role}-${stamp}-${start + offset + 1}@example.com`,
          passwordHash,
          role: args.role,
          verified: true,
        })),
      )
      .returning({ id: users.id });
    if (args.withAddress) {
      await db.insert(addresses).values(rows.map((row, offset) => ({ userId: row.id, ...benchAddress(start + offset) })));
    }
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** A fresh session for each user, through the app's own session service, as `Cookie` values. */
async function sessionCookies(app: FastifyInstance, userIds: readonly string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (const id of userIds) {
    const { accessToken, refreshToken } = await app.sessions.mint(id);
    cookies.push(`${ACCESS_COOKIE}=${accessToken}; ${REFRESH_COOKIE}=${refreshToken}`);
  }
  return cookies;
}

/** The mark at the start of a generated product's description (`catalogSize`). */
const BENCH_CATALOG_MARK = 'Bench catalog:';
/** Syllables of the generated products' made-up words. */
const BENCH_SYLLABLES = [
  'ka',
  'ri',
  'mo',
  'la',
  'pe',
  'su',
  'ti',
  'na',
  'vo',
  'de',
  'gu',
  'ya',
  'ze',
  'bo',
  'chi',
  'ran',
  'mal',
  'kun',
  'dha',
  'vel',
];

/** The shop the last `seedOrders` made, and what it was asked for. */
let lastSeeded: { key: string; seeded: SeededOrders } | undefined;

/** What {@link seedOrderHistory} is asked for: how many orders, for how many new customers, over how many days. */
export interface SeedOrdersArgs {
  count: number;
  customers: number;
  days?: number;
}

/** What {@link seedOrderHistory} made, with one customer's phone and username and one order number for searches to find. */
export interface SeededOrders {
  orders: number;
  orderLines: number;
  phone: string;
  username: string;
  orderNumber: string;
}

/**
 * Exactly `count` orders in the shop: every order there is deleted (the bench's own, from
 * earlier scenarios), then `count` orders are inserted for `customers` new customers with
 * addresses, as `POST /orders` would have stored them: 1 to 3 lines of catalog products
 * (the name, first image and price copied), quantities 1 to 3, the total in paise, a copy of
 * the address, a timeline step for each state reached, purchase dates spread over the last
 * `days` days (180 unless asked). Older orders are mostly delivered, the newest spread over
 * the four statuses; 1 in 40 is cancelled, with a reason. Made in SQL from
 * `generate_series` (50,000 orders in about 10 s on PostgreSQL, 15 to 20 s on PGlite) and
 * deterministic: every round lists the same shop, with order numbers `TH-` and 6 characters
 * as the shop draws them. The tables are
 * then analyzed on PostgreSQL, as its autovacuum soon would after so many rows; PGlite has no
 * autovacuum, so there they stay as a PGlite shop's are, never analyzed.
 * @returns the numbers of orders and lines inserted, and one customer's phone number and
 *   username, and one order number, for searches to find.
 */
export async function seedOrderHistory(database: Database, args: SeedOrdersArgs): Promise<SeededOrders> {
  const db = database.db;
  await db.delete(orders);
  const customerIds = await insertUsers(db, { count: args.customers, role: 'customer', withAddress: true });
  const productRows = await db
    .select({ id: products.id, name: products.name, pricePaise: products.pricePaise })
    .from(products)
    .orderBy(asc(products.createdAt), asc(products.id));
  const imageRows = await db
    .selectDistinctOn([productImages.productId], { productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .orderBy(asc(productImages.productId), asc(productImages.position));
  if (productRows.length < 16) throw new Error('seedOrders needs a catalog of at least 16 products (the demo catalog)');
  const imageOf = new Map(imageRows.map((row) => [row.productId, row.url]));
  const spanSeconds = (args.days ?? 180) * 24 * 60 * 60;
  const array = (values: readonly (string | number)[], type: string) =>
    sql`${`{${values.map((value) => JSON.stringify(String(value))).join(',')}}`}::${sql.raw(type)}`;
  // h(g, salt): a deterministic spread of the order number g, 0 … 2^31 - 2.
  const h = (salt: number) => sql.raw(`((g::bigint * 2654435761 + ${salt * 40503}) % 2147483647)`);
  const [inserted] = await rowsOf<{ orders: number; lines: number }>(
    db,
    sql`
    with c as (select ${array(customerIds, 'uuid[]')} as ids),
    p as (select ${array(
      productRows.map((row) => row.id),
      'uuid[]',
    )} as ids,
      ${array(
        productRows.map((row) => row.name),
        'text[]',
      )} as names,
      ${array(
        productRows.map((row) => imageOf.get(row.id) ?? ''),
        'text[]',
      )} as images,
      ${array(
        productRows.map((row) => row.pricePaise),
        'int[]',
      )} as prices),
    plan as (
      select g, ${h(1)} % ${customerIds.length} as k, 1 + ${h(2)} % 3 as line_count,
        (${args.count}::float8 - g) / ${args.count} as age,
        'TH-' || (select string_agg(substr(${ORDER_NUMBER_ALPHABET}, ((g::bigint * 7919 + 104729) / (31 ^ i)::bigint % 31)::int + 1, 1), '' order by i desc)
          from generate_series(0, 5) i) as order_number
      from generate_series(1, ${args.count}::int) g
    ),
    lines as (
      select plan.g, j as position, 1 + (${h(3)} + j * 7) % array_length(p.ids, 1) as product, 1 + (${h(4)} + j) % 3 as quantity
      from plan, p, generate_series(0, plan.line_count - 1) j
    ),
    totals as (select l.g, sum(p.prices[l.product] * l.quantity) as total from lines l, p group by l.g),
    placed as (
      insert into ${orders} (order_number, user_id, status, total_paise, address, created_at, cancelled_at, cancel_reason)
      select plan.order_number, c.ids[plan.k + 1], s.status,
        totals.total,
        jsonb_build_object('name', 'Bench Shopper ' || (plan.k + 1), 'phoneNumber', (9000000000 + plan.k)::text,
          'doorNumber', (plan.k % 200 + 1) || '/' || (plan.k % 7 + 1),
          'street', (array['Kottur Road', 'Palghat Road', 'Udumalai Road', 'Coimbatore Road'])[plan.k % 4 + 1],
          'city', ${SERVICE_CITY}::text, 'state', ${SERVICE_STATE}::text, 'pinCode', '642001'),
        now() - make_interval(secs => plan.age * ${spanSeconds}),
        case when s.status = 'cancelled' then now() - make_interval(secs => plan.age * ${spanSeconds}) + interval '2 hours' end,
        case when s.status = 'cancelled' then 'Bench: changed my mind' end
      from plan join totals using (g), c, lateral (select case
        when ${h(5)} % 40 = 0 then 'cancelled'
        when plan.age > 0.3 and ${h(6)} % 100 < 85 then 'delivered'
        else (array['call', 'visited', 'designed', 'delivered'])[${h(7)} % 4 + 1] end as status) s
      returning id, order_number, status, created_at
    ),
    numbered as (select placed.*, plan.g from placed join plan using (order_number)),
    line_rows as (
      insert into ${orderLines} (order_id, position, product_id, name, image, quantity, price_paise)
      select n.id, l.position, p.ids[l.product], p.names[l.product], p.images[l.product], l.quantity, p.prices[l.product]
      from numbered n join lines l on l.g = n.g, p
      returning 1
    ),
    steps as (
      insert into ${orderEvents} (order_id, status, at)
      select n.id, step.status, n.created_at + make_interval(hours => (step.place - 1)::int * 20)
      from numbered n, lateral (select t.status, t.place from unnest(
        case when n.status = 'cancelled' then array['call', 'cancelled']
        else (array['call', 'visited', 'designed', 'delivered'])[1:array_position(array['call', 'visited', 'designed', 'delivered'], n.status)] end
      ) with ordinality as t(status, place)) step
      returning 1
    )
    select (select count(*) from placed)::int as orders, (select count(*) from line_rows)::int as lines`,
  );
  if (database.kind === 'postgres') await db.execute(sql`analyze orders, order_lines, order_events, users, addresses`);
  const [sample] = await rowsOf<{ phone: string; username: string; order_number: string }>(
    db,
    sql`select o.address ->> 'phoneNumber' as phone, u.username, o.order_number from ${orders} o join ${users} u on u.id = o.user_id
      order by o.created_at limit 1`,
  );
  return {
    orders: inserted!.orders,
    orderLines: inserted!.lines,
    phone: sample!.phone,
    username: sample!.username,
    orderNumber: sample!.order_number,
  };
}

/**
 * Server-side preparation that a scenario asks for by name (`ctx.fixture(name, args)` in
 * scenarios.ts), run inside the benchmarked server's process: data that the public API
 * cannot make quickly (signed-in customers, a thousand orders) is written straight to the
 * database, and sessions are minted by the app's own session service (`app.sessions.mint`,
 * what sign-in calls after checking the password), so no run meets sign-in's rate limits.
 * Each fixture takes JSON-able arguments and answers JSON.
 */
export const fixtures = {
  /**
   * `count` verified customers with a fresh session each; with `withAddress`, each has a
   * shipping address too (placing an order needs one).
   * @returns `{cookies}`: one `Cookie` header value per customer.
   */
  async customers({ app, database }: FixtureDeps, args: { count: number; withAddress?: boolean }): Promise<{ cookies: string[] }> {
    const ids = await insertUsers(database.db, { count: args.count, role: 'customer', withAddress: args.withAddress });
    return { cookies: await sessionCookies(app, ids) };
  },

  /**
   * A verified admin with a fresh session (as `npm run admin` makes one, then signs in).
   * @returns `{cookie}`: its `Cookie` header value.
   */
  async admin({ app, database }: FixtureDeps, _args: Record<string, never>): Promise<{ cookie: string }> {
    const [id] = await insertUsers(database.db, { count: 1, role: 'admin' });
    const [cookie] = await sessionCookies(app, [id!]);
    return { cookie: cookie! };
  },

  /**
   * What the write scenarios check their 2xx answers against: the number of orders and of
   * order lines, and the units in all carts (Σ quantity).
   */
  async counts(
    { database }: FixtureDeps,
    _args: Record<string, never>,
  ): Promise<{ orders: number; orderLines: number; cartUnits: number }> {
    const db = database.db;
    const [[orderCount], [lineCount], [units]] = await Promise.all([
      db.select({ n: count() }).from(orders),
      db.select({ n: count() }).from(orderLines),
      db.select({ n: sum(cartLines.quantity) }).from(cartLines),
    ]);
    return { orders: Number(orderCount?.n ?? 0), orderLines: Number(lineCount?.n ?? 0), cartUnits: Number(units?.n ?? 0) };
  },

  /**
   * {@link seedOrderHistory} in the benchmarked server's database, unless the shop still holds
   * exactly what the last call with the same arguments made (scenarios of one round share it).
   */
  async seedOrders({ database }: FixtureDeps, args: SeedOrdersArgs): Promise<SeededOrders> {
    const [row] = await database.db.select({ n: count() }).from(orders);
    const key = JSON.stringify(args);
    if (lastSeeded?.key === key && Number(row?.n ?? 0) === lastSeeded.seeded.orders) return lastSeeded.seeded;
    lastSeeded = { key, seeded: await seedOrderHistory(database, args) };
    return lastSeeded.seeded;
  },

  /**
   * Exactly `products` products in the catalog: the demo's, plus generated ones up to that
   * number (removed again for a smaller number), as a big shop's catalog would read: names of
   * two made-up words (thousands of distinct words, like fabrics and designs) and the
   * category's words, a Tamil name on every third, a sentence of description, a price of
   * ₹300 to ₹5,299, every category. They carry the description's mark `Bench catalog:`, by
   * which they are removed; they have no pictures. The in-memory catalog is rebuilt before
   * this answers, so a measurement never pays for the rebuild.
   * @returns how many products the catalog then holds.
   */
  async catalogSize({ app, database }: FixtureDeps, args: { products: number }): Promise<{ products: number }> {
    const db = database.db;
    await db.delete(products).where(like(products.description, `${BENCH_CATALOG_MARK}%`));
    const [row] = await db.select({ n: count() }).from(products);
    const missing = args.products - Number(row?.n ?? 0);
    if (missing > 0) {
      const syllables = sql.join(
        BENCH_SYLLABLES.map((syllable) => sql`${syllable}`),
        sql`, `,
      );
      const categories = sql.join(
        PRODUCT_CATEGORIES.map((category) => sql`${category}`),
        sql`, `,
      );
      await db.execute(sql`
        with s(list) as (select array[${syllables}]::text[]), c(list) as (select array[${categories}]::text[])
        insert into products (name, name_ta, description, price_paise, category, created_at)
        select
          initcap(w1) || ' ' || initcap(w2) || ' ' || replace(category, '-', ' '),
          case when g % 3 = 0 then 'பட்டு ' || w1 else '' end,
          ${BENCH_CATALOG_MARK} || ' a ' || w3 || ' garment stitched to measure, with ' || w4 || ' work.',
          30000 + (g * 7919 % 500000),
          category,
          now() - interval '1 day' - make_interval(secs => g)
        from generate_series(1, ${missing}::int) g, s, c,
          lateral (select
            s.list[1 + g % 20] || s.list[1 + (g / 20) % 20] || s.list[1 + (g / 400) % 20] as w1,
            s.list[1 + (g * 3) % 20] || s.list[1 + (g / 7) % 20] as w2,
            s.list[1 + (g * 11) % 20] || s.list[1 + (g / 3) % 20] || s.list[1 + (g * 13 / 17) % 20] as w3,
            s.list[1 + (g * 17) % 20] || s.list[1 + (g / 11) % 20] as w4,
            c.list[1 + g % 28] as category) words`);
    }
    // As a maintained database would be (PostgreSQL's autovacuum; PGlite has none): no dead
    // rows of the products just removed, statistics of the ones just added.
    await db.execute(sql`vacuum analyze products`);
    await db.execute(sql`vacuum analyze search_words`);
    app.catalog.invalidate();
    return { products: (await app.catalog.get()).products.length };
  },
} satisfies Record<string, (deps: FixtureDeps, args: never) => Promise<unknown>>;

/** A fixture's name. */
export type FixtureName = keyof typeof fixtures;
