import { count, like, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_CATEGORIES, SERVICE_CITY, SERVICE_STATE, type Address } from '@thaiyal/contract';
import type { Config } from '../src/config.js';
import { rowsOf, type Database, type Db } from '../src/db/client.js';
import { addresses, cartLines, orderLines, orders, products, users } from '../src/db/schema/index.js';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../src/modules/auth/index.js';
import { hashPassword } from '../src/platform/passwords.js';
import { clearOrderHistory, seedOrderHistory, type SeedOrdersArgs, type SeededOrders } from './order-history.js';

export { seedOrderHistory, type SeedOrdersArgs, type SeededOrders } from './order-history.js';

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

/** The last {@link seedOrderHistory} of this server: its arguments (JSON), the orders' fingerprint right after, what it answered. */
let lastSeed: { args: string; fingerprint: string; result: SeededOrders } | undefined;

/** What changes when an order is placed, deleted or changes state: each state's count and the newest placing time. */
async function ordersFingerprint(db: Db): Promise<string> {
  const [row] = await rowsOf<{ fingerprint: string }>(
    db,
    sql`select (select coalesce(json_object_agg(status, n order by status), '{}')::text
        from (select status, sum(orders) as n from order_state_counts group by status) c)
      || coalesce((select max(created_at)::text from orders), '') as fingerprint`,
  );
  return row!.fingerprint;
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
   * {@link seedOrderHistory} in the benchmarked server's database; with `reuse`, only when the
   * shop is not already the one these arguments make (the last seed's, its orders untouched
   * since: the same count in each state and the same newest order), so the scenarios of one size
   * in a round share one seed.
   * @returns what the seed made, whether it was reused, and how long the seeding took (ms; 0 when reused).
   */
  async seedOrders(
    { database }: FixtureDeps,
    args: SeedOrdersArgs & { reuse?: boolean },
  ): Promise<SeededOrders & { reused: boolean; seedMs: number }> {
    const { reuse, ...seedArgs } = args;
    const wanted = JSON.stringify(seedArgs);
    if (reuse && lastSeed?.args === wanted && lastSeed.fingerprint === (await ordersFingerprint(database.db))) {
      return { ...lastSeed.result, reused: true, seedMs: 0 };
    }
    const started = performance.now();
    const result = await seedOrderHistory(database, seedArgs);
    const seedMs = Math.round(performance.now() - started);
    lastSeed = { args: wanted, fingerprint: await ordersFingerprint(database.db), result };
    return { ...result, reused: false, seedMs };
  },

  /** {@link clearOrderHistory}: no order and no history customer left in the benchmarked server's database. */
  async clearOrders({ database }: FixtureDeps, _args: Record<string, never>): Promise<{ orders: number }> {
    await clearOrderHistory(database);
    lastSeed = undefined;
    return { orders: 0 };
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
