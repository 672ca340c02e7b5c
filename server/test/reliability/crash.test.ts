import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect } from 'vitest';
import type { Order } from '@thaiyal/contract';
import {
  itOnEachDatabase,
  seedShopAt,
  signIn,
  startServer,
  stopCleanly,
  type SeededShop,
  type ServerProcess,
  type ShopPlace,
} from './server-process.js';

// Crash safety (docs/architecture.md#crash-safety): the real shop is killed with SIGKILL again and again while
// orders are being placed; after each restart every order it acknowledged (201) must be
// there, whole. Then SIGTERM under load must close cleanly (exit 0, every committed order
// answered, the rest refused) and the next start must be clean. PGlite always; PostgreSQL
// too when DATABASE_URL is set.

/** Where the shop's mails go, so the shop's copy of each order mail can be told apart. */
const SHOP_EMAIL = 'shop@crash.test';
/**
 * One customer places orders as fast as the workers can: far past a live shop's per-account
 * order limits (docs/security.md, order limits), which still count every order here.
 */
const SERVER_ENV = { SHOP_EMAIL, MAX_OPEN_ORDERS: '1000000', MAX_ORDERS_PER_HOUR: '1000000' };

/** SIGKILL cycles per database. */
const CYCLES = 5;
/** Concurrent order loops, so transactions are in flight when the process dies. */
const WORKERS = 4;
/** Upper bound of orders per worker per cycle. */
const MAX_ORDERS_PER_WORKER = 150;

/** An order as it was asked for. */
interface Attempt {
  items: { productId: string; quantity: number }[];
  totalPaise: number;
}

/** Every order asked for: acknowledged by order number, and those with no 201. */
interface Ledger {
  acknowledged: Map<string, Attempt>;
  unanswered: Attempt[];
}

/** What the responses were during one run of the load. */
interface Outcomes {
  statuses: Map<number, number>;
  errors: Map<string, number>;
}

function randomAttempt(shop: SeededShop): Attempt {
  const count = 1 + Math.floor(Math.random() * shop.products.length);
  const chosen = [...shop.products].sort(() => Math.random() - 0.5).slice(0, count);
  const items = chosen.map((product) => ({ productId: product.id, quantity: 1 + Math.floor(Math.random() * 5) }));
  const totalPaise = items.reduce((sum, item) => sum + item.quantity * shop.products.find((p) => p.id === item.productId)!.pricePaise, 0);
  return { items, totalPaise };
}

/**
 * Place orders from {@link WORKERS} loops until `stop()` or a worker's connection fails,
 * recording each attempt in the ledger. `acked` counts the 201s of this run.
 */
function runLoad(server: ServerProcess, cookie: string, shop: SeededShop, ledger: Ledger) {
  let stopped = false;
  let acked = 0;
  const outcomes: Outcomes = { statuses: new Map(), errors: new Map() };
  let waiter: { count: number; resolve: () => void } | undefined;
  const worker = async () => {
    for (let n = 0; n < MAX_ORDERS_PER_WORKER && !stopped; n++) {
      const attempt = randomAttempt(shop);
      let response: Response;
      try {
        response = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ items: attempt.items, totalAmt: attempt.totalPaise / 100 }),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        const code = cause?.code ?? (error as Error).name;
        outcomes.errors.set(code, (outcomes.errors.get(code) ?? 0) + 1);
        ledger.unanswered.push(attempt);
        return;
      }
      outcomes.statuses.set(response.status, (outcomes.statuses.get(response.status) ?? 0) + 1);
      if (response.status === 201) {
        const { order } = (await response.json()) as { order: Order };
        expect(Math.round(order.totalPrice * 100)).toBe(attempt.totalPaise);
        ledger.acknowledged.set(order.orderId, attempt);
        acked += 1;
        if (waiter && acked >= waiter.count) {
          waiter.resolve();
          waiter = undefined;
        }
      } else {
        await response.body?.cancel();
        ledger.unanswered.push(attempt);
      }
    }
  };
  const done = Promise.all(Array.from({ length: WORKERS }, worker));
  return {
    outcomes,
    done,
    /** Resolves once this run has `count` acknowledged orders (or the load has ended). */
    acknowledged(count: number): Promise<void> {
      if (acked >= count) return Promise.resolve();
      return Promise.race([new Promise<void>((resolve) => (waiter = { count, resolve })), done.then(() => undefined)]);
    },
    stop() {
      stopped = true;
    },
  };
}

function sameLines(a: { productId: string | null; quantity: number }[], b: { productId: string | null; quantity: number }[]): boolean {
  const key = (lines: { productId: string | null; quantity: number }[]) =>
    lines
      .map((line) => `${line.productId}x${line.quantity}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

/**
 * Check the customer's orders against the ledger: every acknowledged order is there with all
 * its lines, the server's prices and the right total; every other order found is whole too
 * (its lines are exactly one attempt that got no 201, and its total is the sum of its lines).
 * @returns the order numbers found.
 */
async function verifyOrders(server: ServerProcess, cookie: string, shop: SeededShop, ledger: Ledger): Promise<Set<string>> {
  // Every page of her orders (docs/product.md#lists-by-page), 100 at a time.
  const orders: Order[] = [];
  let cursor: string | null = null;
  do {
    const response = await fetch(`${server.url}/api/orders?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { orders: Order[]; nextCursor: string | null };
    orders.push(...page.orders);
    cursor = page.nextCursor;
  } while (cursor !== null);
  const byId = new Map(orders.map((order) => [order.orderId, order]));
  for (const [orderId, attempt] of ledger.acknowledged) {
    const order = byId.get(orderId);
    expect(order, `acknowledged order ${orderId} is missing`).toBeDefined();
    expect(order!.items.map((item) => ({ productId: item.productId, quantity: item.quantity }))).toEqual(attempt.items);
    for (const item of order!.items) {
      expect(Math.round(item.price * 100)).toBe(shop.products.find((product) => product.id === item.productId)!.pricePaise);
    }
    expect(Math.round(order!.totalPrice * 100)).toBe(attempt.totalPaise);
  }
  for (const order of orders) {
    if (ledger.acknowledged.has(order.orderId)) continue;
    const lines = order.items.map((item) => ({ productId: item.productId, quantity: item.quantity }));
    expect(
      ledger.unanswered.some((attempt) => sameLines(attempt.items, lines)),
      `order ${order.orderId} is not one that was asked for`,
    ).toBe(true);
    const sum = order.items.reduce((total, item) => total + Math.round(item.price * 100) * item.quantity, 0);
    expect(Math.round(order.totalPrice * 100)).toBe(sum);
  }
  return new Set(byId.keys());
}

function describeOutcomes(outcomes: Outcomes): string {
  const parts = [...outcomes.statuses].map(([status, count]) => `${status}×${count}`);
  parts.push(...[...outcomes.errors].map(([code, count]) => `${code}×${count}`));
  return parts.join(' ');
}

/** What the mail check found: each acknowledged order's confirmation and new-order mail. */
interface MailCount {
  expected: number;
  found: number;
  duplicates: number;
}

/**
 * Wait (up to 60 s) until `DATA_DIR/outbox` holds, for every order number, the customer's
 * confirmation and the shop's new-order mail, and count them.
 */
async function waitForOrderMails(dataDir: string, orderIds: string[]): Promise<MailCount> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const dir = join(dataDir, 'outbox');
    const texts = readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8'));
    const seen = new Map<string, number>();
    for (const text of texts) {
      const key = /Order number: (TH-[A-Z0-9]{6})/.exec(text)?.[1] ?? /New order (TH-[A-Z0-9]{6})/.exec(text)?.[1];
      if (!key) continue;
      const which = text.includes(`To: ${SHOP_EMAIL}`) ? `shop ${key}` : `customer ${key}`;
      seen.set(which, (seen.get(which) ?? 0) + 1);
    }
    const wanted = orderIds.flatMap((id) => [`customer ${id}`, `shop ${id}`]);
    const found = wanted.filter((key) => seen.has(key)).length;
    if (found === wanted.length || Date.now() > deadline) {
      return { expected: wanted.length, found, duplicates: wanted.filter((key) => (seen.get(key) ?? 0) > 1).length };
    }
    await sleep(250);
  }
}

async function crashAndRestart(options: ShopPlace): Promise<void> {
  const kind = options.databaseUrl ? 'postgres' : 'pglite';
  const startedAt = Date.now();
  const shop = await seedShopAt(options);
  const ledger: Ledger = { acknowledged: new Map(), unanswered: [] };
  const restartMs: number[] = [];

  let server = await startServer({ ...options, env: SERVER_ENV });
  const cookie = await signIn(server.url, shop.customer);
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const load = runLoad(server, cookie, shop, ledger);
    // Kill at a random moment once orders are flowing.
    await load.acknowledged(5 + Math.floor(Math.random() * 25));
    await sleep(Math.floor(Math.random() * 150));
    process.kill(server.pid, 'SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    load.stop();
    await load.done;

    const restartedAt = Date.now();
    server = await startServer({ ...options, env: SERVER_ENV });
    restartMs.push(server.startupMs);
    if (kind === 'pglite') {
      // The killed process's lock was taken over at once (its pid is gone), not waited out.
      // On a machine so busy that the restart reached the lock more than its stale time (10 s)
      // after the dead owner's last refresh (every 2 s), proper-lockfile takes it by itself,
      // silently; that too waits for nothing.
      const tookOver = /Took over the database lock .* left by process \d+, which is no longer running/.test(server.output());
      if (!tookOver) expect(Date.now() - restartedAt + 2_000, server.output()).toBeGreaterThanOrEqual(10_000);
      expect(server.output()).not.toMatch(/waiting \d+ ms for it to turn stale/);
    }
    await verifyOrders(server, cookie, shop, ledger);
  }
  const afterKills = await verifyOrders(server, cookie, shop, ledger);
  const acknowledged = ledger.acknowledged.size;
  const foundAcknowledged = [...ledger.acknowledged.keys()].filter((id) => afterKills.has(id)).length;
  console.log(
    `crash (${kind}): acknowledged ${acknowledged}, found ${foundAcknowledged} (+${afterKills.size - foundAcknowledged} unacknowledged) ` +
      `after ${CYCLES} SIGKILLs; restarts took ${restartMs.join(', ')} ms`,
  );

  // SIGTERM under load: a clean exit, every committed order answered, the rest refused.
  const termLedger: Ledger = { acknowledged: new Map(), unanswered: [] };
  const load = runLoad(server, cookie, shop, termLedger);
  await load.acknowledged(5);
  process.kill(server.pid, 'SIGTERM');
  const exit = await server.exited;
  load.stop();
  await load.done;
  expect(exit, server.output().slice(-4000)).toEqual({ code: 0, signal: null });
  // Refused cleanly: 503 while closing, or no connection once the port is closed; never a 500.
  for (const status of load.outcomes.statuses.keys()) expect([201, 503]).toContain(status);
  for (const code of load.outcomes.errors.keys()) expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(code);

  const next = await startServer({ ...options, env: SERVER_ENV });
  // A clean shutdown released its lock: nothing to take over.
  expect(next.output()).not.toMatch(/Took over the database lock|turn stale/);
  ledger.acknowledged = new Map([...ledger.acknowledged, ...termLedger.acknowledged]);
  ledger.unanswered.push(...termLedger.unanswered);
  const afterTerm = await verifyOrders(next, cookie, shop, ledger);
  const newOrders = [...afterTerm].filter((id) => !afterKills.has(id));
  // Every order committed during the shutdown was answered with its 201.
  expect(newOrders.sort()).toEqual([...termLedger.acknowledged.keys()].sort());

  // Every acknowledged order's two mails went out, through the kills and the shutdown: those
  // still in the outbox when a process died are sent by the next one (at least once).
  const mails = await waitForOrderMails(options.dataDir, [...ledger.acknowledged.keys()]);
  console.log(
    `crash (${kind}): mails of the ${ledger.acknowledged.size} acknowledged orders: ${mails.expected} expected, ` +
      `${mails.found} sent after the restarts, ${mails.duplicates} of them twice (sent, then killed before it was marked)`,
  );
  expect(mails.found).toBe(mails.expected);
  console.log(
    `crash (${kind}): SIGTERM under load exited 0; acknowledged ${termLedger.acknowledged.size}, found ${newOrders.length} ` +
      `(responses: ${describeOutcomes(load.outcomes)}); clean restart in ${next.startupMs} ms; total ${Date.now() - startedAt} ms`,
  );
  await stopCleanly(next);
}

// About 25 s per database on an idle two-core machine; the bounds leave room for a busy one.
describe('crash safety', () => {
  itOnEachDatabase(
    'keeps every acknowledged order through repeated SIGKILLs, and shuts down cleanly on SIGTERM',
    'thaiyal-crash-',
    crashAndRestart,
    180_000,
  );
});
