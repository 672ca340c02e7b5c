import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type autocannon from 'autocannon';
import { LIMITS } from '@thaiyal/contract';
import type { FixtureName, fixtures } from './fixtures.js';
import { historyScenarios } from './history.js';

/** What a scenario may use while it prepares, once per server and round. */
export interface ScenarioContext {
  /** `http://127.0.0.1:<port>` of the benchmarked server. */
  baseUrl: string;
  /** A plain request to the server (to read ids, ETags, cookies before the run). */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Run a server-side fixture (fixtures.ts) in the server's process and return its answer. */
  fixture<N extends FixtureName>(name: N, args: Parameters<(typeof fixtures)[N]>[1]): Promise<Awaited<ReturnType<(typeof fixtures)[N]>>>;
  /** How long the prepared requests are sent for: the warm-up plus the measurement, seconds. */
  loadSeconds: number;
}

/** What autocannon saw over the warm-up and the measurement together, for a {@link Check}. */
export interface Answered {
  /** 2xx answers. */
  ok: number;
  /**
   * Requests sent whose answer was not counted because autocannon stopped first (one per
   * connection at most, per run): the server may still have carried them out.
   */
  cutOff: number;
}

/** What a scenario's own check found: a line for the report, and why the figure is void if it is. */
export interface CheckResult {
  note: string;
  problem?: string;
}

/**
 * The requests of one run: a path plus any of autocannon's request options (`method`,
 * `headers`, `body`, `requests` whose `setupRequest` builds each request, e.g. to give it a
 * cookie and a body of its own). A write scenario adds `check`, run once the load is over and
 * the server has settled, to compare what the database holds with the 2xx answers.
 * `pacedRatePerS` sends GETs of `path` at that even pace instead, on up to the scenario's
 * connections (paced-load.ts: as shoppers' requests arrive, not as fast as answers come); with
 * `besideInTurns`, the paced load runs in turns of a tenth of a second, alone and then with a
 * loop of those GETs on one connection beside it, and its figures are those with the loop, its
 * figures alone kept beside them. `answerBytes` is the size of one answer's body, for a report that
 * compares sizes (history.ts).
 * (autocannon's `setupClient` with `setHeaders` is not offered: its clients share one
 * request object, so per-connection headers end up all alike.)
 */
export type ScenarioRequest = {
  path: string;
  check?: (answered: Answered) => Promise<CheckResult>;
  pacedRatePerS?: number;
  besideInTurns?: BesideInTurns;
  answerBytes?: number;
} & Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests'>;

/** GETs asked in turn on one connection, without pause, every other turn of a paced load ({@link ScenarioRequest.besideInTurns}); each answer must be a 200. */
export interface BesideInTurns {
  paths: string[];
  headers?: OutgoingHttpHeaders;
}

/** Where a figure should land (docs/performance.md#how-it-measures); any of them may be set. */
export interface Targets {
  /** Requests per second as a fraction of hello-world's, measured in the same run. */
  minRatio?: number;
  /** Absolute requests per second. */
  minRps?: number;
  /** 99th percentile latency, milliseconds. */
  maxP99Ms?: number;
}

/** One measured workload. */
export interface Scenario {
  name: string;
  /** Every response must have this status, or the figure is void (the run reports it). */
  expectStatus: number;
  /** Run against the bare Fastify instance beside the app instead of the app (reference). */
  onBareFastify?: boolean;
  /** Concurrent connections (default: BENCH_CONNECTIONS, 10). */
  connections?: number;
  /**
   * Whether its requests per second are read against hello-world's (default true): hello-world is
   * measured again after it. False for a latency at one connection, or a fixed rate, which a ratio
   * of throughputs says nothing about; its ratio is then printed as `–`.
   */
  comparedToHelloWorld?: boolean;
  targets?: Targets;
  prepare(ctx: ScenarioContext): Promise<ScenarioRequest>;
  /** Undo what `prepare` changed that later scenarios must not see (run after the measurement). */
  teardown?(ctx: ScenarioContext): Promise<void>;
}

const CATEGORY = 'saree-blouse';

/** The baseline: a bare route on the same Fastify instance, with the app's hooks. */
export const helloWorld: Scenario = {
  name: 'hello-world',
  expectStatus: 200,
  prepare: async () => ({ path: '/__bench/hello' }),
};

/** Every product's id and price in paise, read as the shop's web app reads the catalog. */
async function catalogPrices(ctx: ScenarioContext): Promise<{ id: string; pricePaise: number }[]> {
  const response = await ctx.request('/api/product');
  if (!response.ok) throw new Error(`GET /api/product answered ${response.status}`);
  const { products } = (await response.json()) as { products: { _id: string; price: number }[] };
  if (products.length < 3) throw new Error('the bench needs a catalog of at least 3 products (the demo catalog)');
  return products.map((product) => ({ id: product._id, pricePaise: Math.round(product.price * 100) }));
}

/**
 * The database's counts once the server has finished what it was given (requests cut off
 * when autocannon stopped may still be running): read until two reads 100 ms apart agree.
 */
async function settledCounts(ctx: ScenarioContext): ReturnType<typeof fixtures.counts> {
  let last = await ctx.fixture('counts', {});
  for (let attempt = 0; attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await ctx.fixture('counts', {});
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  return last;
}

/**
 * Whether the database grew by exactly one `what` per 2xx answer: `written` must be at least
 * `answered.ok` and at most that plus the requests cut off at the end of a run (the server
 * carried them out but autocannon did not wait for the answer).
 */
function compareWrites(what: string, written: number, answered: Answered): CheckResult {
  const cutOff = answered.cutOff > 0 ? ` (+ ${answered.cutOff} requests cut off when a run stopped)` : '';
  const note = `${answered.ok.toLocaleString('en-US')} answers 2xx${cutOff}; ${what} in the database +${written.toLocaleString('en-US')}`;
  if (written < answered.ok) return { note, problem: `only ${written} ${what} written for ${answered.ok} 2xx answers` };
  if (written > answered.ok + answered.cutOff) {
    return { note, problem: `${written} ${what} written for ${answered.ok} 2xx answers and ${answered.cutOff} cut off` };
  }
  return { note };
}

/**
 * The benchmarked server's PUBLIC_URL (bench-server.ts). The write scenarios send its origin
 * in `Origin`, as a browser's `fetch` POST does, so the app's cross-site check runs as it
 * would for a shopper.
 */
export const BENCH_PUBLIC_URL = 'http://127.0.0.1:3000';
/** Headers of the JSON POSTs, as the web app sends them. */
const JSON_POST = { 'content-type': 'application/json', origin: new URL(BENCH_PUBLIC_URL).origin };

/** Lines each add-to-cart shopper's cart grows to; each line goes from 1 to LIMITS.maxQuantity. */
const CART_LINES = 3;
/**
 * The rate the add-to-cart shoppers are sized for: every request must find a line below the
 * cap, so the run makes `rate × loadSeconds / (CART_LINES × maxQuantity)` shoppers. A faster
 * server would run out and get 409s, which void the figure with a message saying so.
 */
const CART_SIZED_FOR_RPS = 4000;
/** Shoppers placing orders; they take turns, so no two of the 20 connections act for one. */
const ORDER_SHOPPERS = 200;

/** What Chromium sends as Accept-Encoding. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** A GET of `path` as a browser sends it, after checking that the answer really is brotli. */
async function brotliRequest(ctx: ScenarioContext, path: string) {
  const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const response = await ctx.request(path, { headers });
  const encoding = response.headers.get('content-encoding');
  if (!response.ok || encoding !== 'br') throw new Error(`${path} answered ${response.status} with content-encoding ${encoding}, not br`);
  return { path, headers };
}

/** The demo catalog's size (docs/product.md#demo-catalog), which the bench server starts with. */
const DEMO_PRODUCT_COUNT = 92;
/** The big catalog the search figures are also taken at (docs/performance.md). */
const BIG_CATALOG = 10_000;

/**
 * Search as a shopper types it (docs/product.md#search), on a catalog of `products`: the demo
 * catalog, or the demo plus generated products (fixtures.ts `catalogSize`, undone after the
 * run). Two queries: Tamil typed in English letters as two words, sorted by price; and a typo
 * put right from the catalog's words. Each run first checks that the query finds products.
 */
function searchScenarios(products: number): Scenario[] {
  const size = products.toLocaleString('en-US');
  const queries = [
    { label: '"pattu pavadai", by price', path: `/api/product/search?q=${encodeURIComponent('pattu pavadai')}&sort=price-asc` },
    { label: 'a typo, "blose"', path: '/api/product/search?q=blose' },
  ];
  return queries.map(({ label, path }) => ({
    name: `search ${label} (${size} products)`,
    expectStatus: 200,
    async prepare(ctx) {
      const sized = await ctx.fixture('catalogSize', { products });
      if (sized.products !== products) throw new Error(`the catalog holds ${sized.products} products, not ${products}`);
      const response = await ctx.request(path);
      const found = response.ok ? ((await response.json()) as { products: unknown[] }).products.length : 0;
      if (found === 0) throw new Error(`${path} answered ${response.status} with no product`);
      return { path, check: async () => ({ note: `${found} products in each answer` }) };
    },
    async teardown(ctx) {
      if (products !== DEMO_PRODUCT_COUNT) await ctx.fixture('catalogSize', { products: DEMO_PRODUCT_COUNT });
    },
  }));
}

/** The scenarios, measured in this order after {@link helloWorld}. */
export const scenarios: Scenario[] = [
  {
    // What the app's plugins and hooks (helmet headers, cookies, request ids, the Origin
    // check) cost every request: the same route on Fastify with none of them.
    name: 'bare Fastify hello-world (reference)',
    expectStatus: 200,
    onBareFastify: true,
    prepare: async () => ({ path: '/__bench/hello' }),
  },
  {
    name: `category listing (${CATEGORY})`,
    expectStatus: 200,
    targets: { minRatio: 0.5 },
    prepare: async () => ({ path: `/api/product/category/${CATEGORY}` }),
  },
  {
    // As a browser asks for it: the body is over the compression threshold, so it goes out in
    // brotli (docs/performance.md#images-and-caching).
    name: `category listing (${CATEGORY}), brotli`,
    expectStatus: 200,
    targets: { minRatio: 0.5 },
    prepare: (ctx) => brotliRequest(ctx, `/api/product/category/${CATEGORY}`),
  },
  {
    // The home page's whole catalog (92 products, about 70 KB of JSON) as a browser asks for it.
    name: 'whole catalog (GET /api/product), brotli',
    expectStatus: 200,
    prepare: (ctx) => brotliRequest(ctx, '/api/product'),
  },
  {
    name: 'category listing, 304 revalidation',
    expectStatus: 304,
    targets: { minRatio: 0.8 },
    async prepare(ctx) {
      const path = `/api/product/category/${CATEGORY}`;
      const response = await ctx.request(path);
      const etag = response.headers.get('etag');
      if (!response.ok || !etag) throw new Error(`${path} answered ${response.status} without an ETag`);
      return { path, headers: { 'if-none-match': etag } };
    },
  },
  {
    name: 'product detail',
    expectStatus: 200,
    async prepare(ctx) {
      const response = await ctx.request(`/api/product/category/${CATEGORY}`);
      const { products } = (await response.json()) as { products: { _id: string }[] };
      const id = products[0]?._id;
      if (!id) throw new Error(`the demo catalog has no ${CATEGORY} product`);
      return { path: `/api/product/${id}` };
    },
  },
  {
    // Every request is a shopper adding one more of a product: `POST /api/cart` with a real
    // session cookie (minted by the session service for a verified customer) and a JSON
    // body. Request n is shopper n mod S adding product (n div S) mod 3 of their own three,
    // so the 20 requests in flight are 20 different shoppers, each cart stays at 3 lines,
    // and no line passes the cap of 10 while S × 3 × 10 requests last.
    name: 'add to cart, signed in',
    expectStatus: 200,
    connections: 20,
    targets: { minRps: 500, maxP99Ms: 50 },
    async prepare(ctx) {
      const catalog = await catalogPrices(ctx);
      const shoppers = Math.max(100, Math.ceil((CART_SIZED_FOR_RPS * ctx.loadSeconds) / (CART_LINES * LIMITS.maxQuantity)));
      const capacity = shoppers * CART_LINES * LIMITS.maxQuantity;
      const { cookies } = await ctx.fixture('customers', { count: shoppers });
      const bodies = cookies.map((_, shopper) =>
        Array.from({ length: CART_LINES }, (_, line) =>
          JSON.stringify({ productId: catalog[(shopper * CART_LINES + line) % catalog.length]!.id }),
        ),
      );
      const before = await ctx.fixture('counts', {});
      let built = 0;
      return {
        path: '/api/cart',
        method: 'POST',
        headers: JSON_POST,
        requests: [
          {
            setupRequest(request) {
              const n = built++;
              const shopper = n % shoppers;
              const line = Math.floor(n / shoppers) % CART_LINES;
              return { ...request, headers: { ...request.headers, cookie: cookies[shopper]! }, body: bodies[shopper]![line]! };
            },
          },
        ],
        async check(answered) {
          const after = await settledCounts(ctx);
          const result = compareWrites('cart units', after.cartUnits - before.cartUnits, answered);
          result.note += `; ${shoppers} shoppers`;
          if (built > capacity) {
            result.problem = `${built} requests outgrew the ${shoppers} shoppers' ${capacity} adds below the cap: raise CART_SIZED_FOR_RPS in scenarios.ts`;
          }
          return result;
        },
      };
    },
  },
  {
    // Every request is a real order: `POST /api/orders` by a signed-in customer with an
    // address, 2 lines (quantities 1 to 3) and the total the shopper saw, computed from the
    // catalog's prices as the web app does, so the server's own total agrees (a mismatch
    // would be a 409), and an Idempotency-Key of its own, as the web app sends one per
    // checkout (docs/security.md). 200 shoppers take turns; 97 different baskets.
    name: 'place order (2 lines), signed in',
    expectStatus: 201,
    connections: 20,
    targets: { minRps: 200 },
    async prepare(ctx) {
      const catalog = await catalogPrices(ctx);
      const { cookies } = await ctx.fixture('customers', { count: ORDER_SHOPPERS, withAddress: true });
      const baskets = Array.from({ length: 97 }, (_, index) => {
        const lines = [
          { product: catalog[(2 * index) % catalog.length]!, quantity: 1 + (index % 3) },
          { product: catalog[(2 * index + 1) % catalog.length]!, quantity: 1 + (Math.floor(index / 3) % 2) },
        ];
        const totalPaise = lines.reduce((total, line) => total + line.product.pricePaise * line.quantity, 0);
        return JSON.stringify({
          items: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
          totalAmt: totalPaise / 100,
        });
      });
      const before = await ctx.fixture('counts', {});
      let built = 0;
      // Keys stay unique across the rounds of one run, which share the shoppers.
      const runId = randomUUID();
      return {
        path: '/api/orders',
        method: 'POST',
        headers: JSON_POST,
        requests: [
          {
            setupRequest(request) {
              const n = built++;
              return {
                ...request,
                headers: { ...request.headers, cookie: cookies[n % cookies.length]!, 'idempotency-key': `${runId}-${n}` },
                body: baskets[n % baskets.length]!,
              };
            },
          },
        ],
        async check(answered) {
          const after = await settledCounts(ctx);
          const placed = after.orders - before.orders;
          const result = compareWrites('orders', placed, answered);
          const lines = after.orderLines - before.orderLines;
          result.note += `, order lines +${lines.toLocaleString('en-US')}`;
          if (lines !== 2 * placed) result.problem ??= `${lines} order lines for ${placed} orders of 2 lines`;
          return result;
        },
      };
    },
  },
  ...searchScenarios(DEMO_PRODUCT_COUNT),
  ...searchScenarios(BIG_CATALOG),
  // The admin's orders list at 1,000 and 50,000 orders, and a shopper's request beside it.
  ...historyScenarios,
];
