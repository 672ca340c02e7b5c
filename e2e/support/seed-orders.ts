/**
 * Fills a fresh shop's database with many customers' orders, straight through the server's own
 * database client, before the shop starts (PGlite has one owner: docs/architecture.md#data). Run
 * by support/seeded-shop.ts as `node --import tsx e2e/support/seed-orders.ts` with
 * `SEED_DATA_DIR` (the shop's DATA_DIR; the database is `DATA_DIR/db`, migrated here) and
 * `SEED_ORDERS` (how many). The orders are stored as `POST /orders` stores them: the order with
 * a copy of its address, one line and its first timeline step, a ready-by date a week after it
 * was placed; newest first every 10 minutes, every state represented, one in ten cancelled with
 * its reason.
 *
 * One order is there to be found: {@link SEEDED_TARGET}, the only one with its phone number
 * (its customer has no other order), placed an hour before the oldest of the rest so no first
 * page shows it.
 */
import { SERVICE_CITY, SERVICE_STATE, type Address, type OrderState } from '@thaiyal/contract';
import { openDatabase } from '../../server/src/db/client.js';
import { addresses, orderEvents, orderLines, orders, users } from '../../server/src/db/schema/index.js';
import { SEEDED_TARGET } from './seeded-target.js';

/**
 * The alphabet of order numbers (`TH-` and 6 of these: server/src/modules/orders/place-order.ts),
 * written out here because importing the orders module would bring its routes into e2e's type
 * check.
 */
const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The `index`-th seeded order number: `index` in base 31 over the alphabet, from `TH-S22222`, never the target's. */
function orderNumber(index: number): string {
  let digits = '';
  for (let rest = index, place = 0; place < 5; place++, rest = Math.floor(rest / ORDER_NUMBER_ALPHABET.length)) {
    digits = ORDER_NUMBER_ALPHABET[rest % ORDER_NUMBER_ALPHABET.length]! + digits;
  }
  return `TH-S${digits}`;
}

/** Rows per insert: well under PostgreSQL's 65,535 parameters a statement. */
const CHUNK = 500;
/** Customers the orders are spread over (the target's not counted). */
const CUSTOMERS = 200;
const STATES: readonly OrderState[] = [
  'call',
  'visited',
  'designed',
  'delivered',
  'call',
  'visited',
  'designed',
  'delivered',
  'delivered',
  'cancelled',
];

function address(index: number): Address {
  return {
    name: `Seeded Shopper ${index + 1}`,
    // 10 digits starting with 7, so none is the target's 98… number.
    phoneNumber: String(7_000_000_000 + index),
    doorNumber: `${(index % 200) + 1}`,
    street: ['Kottur Road', 'Palghat Road', 'Udumalai Road'][index % 3]!,
    city: SERVICE_CITY,
    state: SERVICE_STATE,
    pinCode: '642001',
  };
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** `count` customers with an address each (the account's phone is searched too); their ids. */
async function insertCustomers(db: Db, count: number, first: (index: number) => Address): Promise<string[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        username: first(index).name,
        email: `seeded-${index + 1}-${first(index).phoneNumber}@example.test`,
        // Never signed in with: no password hashes to this.
        passwordHash: 'seeded-without-password',
        role: 'customer' as const,
        verified: true,
      })),
    )
    .returning({ id: users.id });
  await db.insert(addresses).values(rows.map((row, index) => ({ userId: row.id, ...first(index) })));
  return rows.map((row) => row.id);
}

/** Days of work the seeded orders are promised in: a blouse's at the demo's lead times. */
const SEEDED_LEAD_DAYS = 7;

/** The shop's calendar day (India Standard Time, UTC+5:30) `days` after `at`, `YYYY-MM-DD`. */
function shopDayAfter(at: Date, days: number): string {
  return new Date(at.getTime() + (5.5 * 60 + days * 24 * 60) * 60_000).toISOString().slice(0, 10);
}

/**
 * One order as placing it stores it, `minutesAgo` old, promised ready {@link SEEDED_LEAD_DAYS}
 * days after it was placed (docs/product.md#dates-a-tailor-promises): the open ones of the older
 * weeks are overdue, as a shop's forgotten orders are.
 */
function plannedOrder(index: number, userId: string, shipTo: Address, minutesAgo: number, state: OrderState) {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  return {
    readyBy: state === 'cancelled' ? null : shopDayAfter(createdAt, SEEDED_LEAD_DAYS),
    orderNumber: index < 0 ? SEEDED_TARGET.orderId : orderNumber(index),
    userId,
    status: state,
    totalPaise: 125_000,
    address: shipTo,
    createdAt,
    ...(state === 'cancelled' ? { cancelledAt: createdAt, cancelReason: 'Ordered by mistake' } : {}),
  };
}

async function insertOrders(db: Db, planned: ReturnType<typeof plannedOrder>[]): Promise<void> {
  for (let start = 0; start < planned.length; start += CHUNK) {
    const rows = await db
      .insert(orders)
      .values(planned.slice(start, start + CHUNK))
      .returning({ id: orders.id, createdAt: orders.createdAt });
    await db
      .insert(orderLines)
      .values(
        rows.map((row) => ({ orderId: row.id, position: 0, name: 'Seeded Saree Blouse', image: '', quantity: 1, pricePaise: 125_000 })),
      );
    await db.insert(orderEvents).values(rows.map((row) => ({ orderId: row.id, status: 'call' as const, at: row.createdAt })));
  }
}

async function main(): Promise<void> {
  const dataDir = process.env.SEED_DATA_DIR;
  const count = Number(process.env.SEED_ORDERS);
  if (!dataDir || !Number.isInteger(count) || count < 1) throw new Error('seed-orders: set SEED_DATA_DIR and SEED_ORDERS');
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: `${dataDir}/db` });
  try {
    const db = database.db;
    const customerIds = await insertCustomers(db, CUSTOMERS, address);
    const [targetId] = await insertCustomers(db, 1, () => SEEDED_TARGET.address);
    const planned = Array.from({ length: count }, (_, index) =>
      plannedOrder(index, customerIds[index % CUSTOMERS]!, address(index % CUSTOMERS), index * 10, STATES[index % STATES.length]!),
    );
    planned.push(plannedOrder(-1, targetId!, SEEDED_TARGET.address, count * 10 + 60, 'visited'));
    await insertOrders(db, planned);
    console.log(`seed-orders: ${planned.length} orders in ${dataDir}`);
  } finally {
    await database.close();
  }
}

await main();
