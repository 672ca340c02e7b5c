import type { AdminOrderListResponse } from '@thaiyal/contract';
import type { SeededOrders } from './order-history.js';
import type { Scenario, ScenarioContext } from './scenarios.js';

/**
 * The history scenarios of `npm run bench` (docs/performance.md#history; `BENCH_ONLY=history`
 * picks them alone): what an admin waits for, and what a shopper's request pays meanwhile, as the
 * shop's order history grows from a thousand orders to fifty thousand. Each admin list request is
 * measured on a shop of {@link SMALL_SHOP} and of {@link LARGE_SHOP} orders, one connection (the
 * shop has one admin); the report compares the two sizes ({@link historyReport}): p50 and p99
 * latency and the answer's size at 50,000 over 1,000, each at most {@link MAX_GROWTH} times. Then
 * the category listing, at 50,000 orders, alone and while an admin's list requests run in a loop
 * beside it: its p99 with them at most {@link MAX_SLOWDOWN} times its p99 without.
 */

/** A seeded shop: its orders, the customers who placed them (about 6.7 orders each, at either size), its history's span in days. */
interface ShopSize {
  orders: number;
  customers: number;
  days: number;
}

/** A shop in its first year or so (docs/product.md#lists-by-page: ten orders a day make a thousand in three months). */
const SMALL_SHOP: ShopSize = { orders: 1_000, customers: 150, days: 800 };
/** Years of orders: the size the paged lists must not slow down at. */
const LARGE_SHOP: ShopSize = { orders: 50_000, customers: 7_500, days: 800 };

/** The most an admin list figure at 50,000 orders may be, as a multiple of the same figure at 1,000. */
const MAX_GROWTH = 1.5;
/** The most the category listing's p99 may be with the admin's requests beside it, as a multiple of its p99 without. */
const MAX_SLOWDOWN = 2;
/**
 * Shoppers' requests: 1,000 a second, evenly spaced (paced-load.ts), on up to 10 connections: a
 * fifteenth of what the server answers from memory, so p99 is what a request waits for, not a queue.
 */
const SHOPPER_RATE = 1_000;
const SHOPPER_CONNECTIONS = 10;
const CATEGORY = 'saree-blouse';

/**
 * The admin's list requests measured, each built from what the seeded shop holds (the phone typed
 * as an admin types it, with +91 and a space). `noGrowthTarget` says why a request's figures are
 * shown at both sizes but not held to {@link MAX_GROWTH}.
 */
const ADMIN_REQUESTS: readonly { kind: AdminRequestKind; query: (seeded: SeededOrders) => string; noGrowthTarget?: string }[] = [
  { kind: 'first page', query: () => '' },
  { kind: 'status=designed', query: () => '?status=designed' },
  { kind: 'search by phone', query: (seeded) => `?q=${encodeURIComponent(`+91 ${seeded.phone.slice(0, 5)} ${seeded.phone.slice(5)}`)}` },
  { kind: 'search by order number', query: (seeded) => `?q=${seeded.orderNumber}` },
  {
    kind: 'search by name',
    query: (seeded) => `?q=${encodeURIComponent(seeded.username)}`,
    noGrowthTarget: 'a larger shop has more customers of one name, so the page fills',
  },
];
type AdminRequestKind = 'first page' | 'status=designed' | 'search by phone' | 'search by order number' | 'search by name';

/** Which admin request on which shop each admin scenario measures, for the report. */
const roles = new Map<Scenario, { admin: AdminRequestKind; size: ShopSize }>();

/** The shop of `size`, seeded once per round for all the scenarios of that size (fixtures.ts `seedOrders`). */
async function seededShop(ctx: ScenarioContext, size: ShopSize): Promise<SeededOrders> {
  const seeded = await ctx.fixture('seedOrders', { count: size.orders, customers: size.customers, days: size.days, reuse: true });
  if (seeded.orders !== size.orders) throw new Error(`the shop holds ${seeded.orders} orders, not ${size.orders}`);
  if (!seeded.reused) console.error(`    seeded ${size.orders.toLocaleString('en-US')} orders in ${(seeded.seedMs / 1000).toFixed(1)} s`);
  return seeded;
}

/**
 * What `path` must answer for the figure to count: a page of orders that is what was asked for
 * (a full first page with a next one, only designed orders, only the customer's phone, the one
 * order, only orders whose customer or address bears the name).
 * @throws Error when it is not.
 */
function checkAnswer(kind: AdminRequestKind, seeded: SeededOrders, answer: AdminOrderListResponse): void {
  const { orders } = answer;
  const name = seeded.username.toLowerCase();
  const wrongOrder: Record<AdminRequestKind, (order: AdminOrderListResponse['orders'][number]) => boolean> = {
    'first page': () => false,
    'status=designed': (order) => order.status !== 'designed',
    'search by phone': (order) => order.address.phoneNumber !== seeded.phone,
    'search by order number': (order) => order.orderId !== seeded.orderNumber,
    'search by name': (order) => ![order.address.name, order.customer?.username ?? ''].some((text) => text.toLowerCase().includes(name)),
  };
  const wrong =
    orders.length === 0 ||
    orders.some(wrongOrder[kind]) ||
    (kind === 'first page' && (orders.length !== 30 || answer.nextCursor === null)) ||
    (kind === 'search by order number' && orders.length !== 1);
  if (wrong) throw new Error(`${kind}: ${orders.length} orders, not what the seeded shop holds`);
}

/** The scenario of one admin list request on a shop of `size`. */
function adminListScenario(kind: AdminRequestKind, size: ShopSize): Scenario {
  const request = ADMIN_REQUESTS.find((one) => one.kind === kind)!;
  const scenario: Scenario = {
    name: `history: admin orders, ${kind} (${size.orders.toLocaleString('en-US')} orders)`,
    expectStatus: 200,
    // One admin: at N connections p99 would be N answers queued behind one another.
    connections: 1,
    comparedToHelloWorld: false,
    targets: { maxP99Ms: 50 },
    async prepare(ctx) {
      const seeded = await seededShop(ctx, size);
      const { cookie } = await ctx.fixture('admin', {});
      const path = `/api/orders/status${request.query(seeded)}`;
      // As autocannon asks (no Accept-Encoding): the bytes are the JSON's own.
      const response = await ctx.request(path, { headers: { cookie, 'accept-encoding': 'identity' } });
      const text = await response.text();
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 200)}`);
      const answer = JSON.parse(text) as AdminOrderListResponse;
      checkAnswer(kind, seeded, answer);
      const answerBytes = Buffer.byteLength(text);
      return {
        path,
        headers: { cookie },
        answerBytes,
        check: async () => ({ note: `${answer.orders.length} orders, ${(answerBytes / 1024).toFixed(1)} KiB per answer` }),
      };
    },
  };
  roles.set(scenario, { admin: kind, size });
  return scenario;
}

/**
 * The category listing at 50,000 orders as shoppers ask for it ({@link SHOPPER_RATE}), in turns
 * of a tenth of a second: alone, then with an admin's list requests beside it (one connection
 * asking the admin requests above in turn without pause, far more than one admin asks;
 * docs/performance.md#history), and so on. Both figures come from the same seconds, so the
 * machine's other work weighs on them alike.
 */
const categoryScenario: Scenario = {
  name: `history: category listing, alone and in turns with admin list requests (${LARGE_SHOP.orders.toLocaleString('en-US')} orders)`,
  expectStatus: 200,
  connections: SHOPPER_CONNECTIONS,
  comparedToHelloWorld: false,
  async prepare(ctx) {
    const seeded = await seededShop(ctx, LARGE_SHOP);
    const { cookie } = await ctx.fixture('admin', {});
    return {
      path: `/api/product/category/${CATEGORY}`,
      pacedRatePerS: SHOPPER_RATE,
      besideInTurns: { paths: ADMIN_REQUESTS.map((request) => `/api/orders/status${request.query(seeded)}`), headers: { cookie } },
    };
  },
  // The last history scenario leaves the shop without orders, as the next round's others found it in the first.
  teardown: async (ctx) => void (await ctx.fixture('clearOrders', {})),
};

/** The history scenarios, in the order measured: the small shop's, the large shop's, the category listing beside the admin's. */
export const historyScenarios: Scenario[] = [
  ...ADMIN_REQUESTS.map((request) => adminListScenario(request.kind, SMALL_SHOP)),
  ...ADMIN_REQUESTS.map((request) => adminListScenario(request.kind, LARGE_SHOP)),
  categoryScenario,
];

/** A history scenario's figures as bench.ts combines them over the rounds (latencies to the microsecond, from each answer's own time). */
export interface HistoryFigure {
  scenario: Scenario;
  exactP50Ms: number;
  exactP99Ms: number;
  /** The category scenario's figures in its turns without the admin's requests (the two above are with them). */
  alone: { exactP50Ms: number; exactP99Ms: number } | undefined;
  answerBytes: number | undefined;
  problem: string | undefined;
  note: string | undefined;
}

const ms = (value: number) => value.toFixed(1);
const times = (value: number) => `${value.toFixed(2)}×`;
/** `met ≤ 1.50×` or `MISSED ≤ 1.50×`. */
const verdict = (ratio: number, most: number) => `${ratio <= most ? 'met' : 'MISSED'} ≤ ${most.toFixed(2)}×`;

/** The admin rows: each request at both sizes, and each figure's growth against {@link MAX_GROWTH}. */
function adminRows(figures: readonly HistoryFigure[]): string[] {
  const find = (kind: AdminRequestKind, size: ShopSize) =>
    figures.find((figure) => {
      const role = roles.get(figure.scenario);
      return role !== undefined && role.admin === kind && role.size === size;
    });
  return ADMIN_REQUESTS.flatMap(({ kind, noGrowthTarget }) => {
    const [small, large] = [find(kind, SMALL_SHOP), find(kind, LARGE_SHOP)];
    if (!small || !large) return [];
    if (small.problem || large.problem) return [`| ${kind} | VOID: ${small.problem ?? large.problem} |||||||||`];
    const kib = (figure: HistoryFigure) => ((figure.answerBytes ?? 0) / 1024).toFixed(1);
    const growth = [small.exactP50Ms, small.exactP99Ms, small.answerBytes ?? 0].map((before, index) => {
      const after = [large.exactP50Ms, large.exactP99Ms, large.answerBytes ?? 0][index]!;
      return after / before;
    });
    return [
      `| ${kind} | ${ms(small.exactP50Ms)} | ${ms(small.exactP99Ms)} | ${kib(small)} | ${ms(large.exactP50Ms)} | ${ms(large.exactP99Ms)} | ${kib(large)} | ` +
        `${growth.map(times).join(' | ')} | ${noGrowthTarget ? `none: ${noGrowthTarget}` : growth.map((ratio) => verdict(ratio, MAX_GROWTH)).join(', ')} |`,
    ];
  });
}

/** The category line: its p99 in the turns with the admin's requests beside it against without, and what the admin's loop answered. */
function categoryLine(figures: readonly HistoryFigure[]): string | undefined {
  const figure = figures.find((one) => one.scenario === categoryScenario);
  if (!figure) return undefined;
  if (figure.problem || !figure.alone) return `Category listing beside the admin's list: VOID: ${figure.problem ?? 'no figure alone'}`;
  const slowdown = figure.exactP99Ms / figure.alone.exactP99Ms;
  return (
    `Category listing at ${LARGE_SHOP.orders.toLocaleString('en-US')} orders (${SHOPPER_RATE.toLocaleString('en-US')} requests a second, ` +
    `evenly spaced, on up to ${SHOPPER_CONNECTIONS} connections, in turns of 0.1 s): p50 ${ms(figure.alone.exactP50Ms)} ms and ` +
    `p99 ${ms(figure.alone.exactP99Ms)} ms alone; p50 ${ms(figure.exactP50Ms)} ms and p99 ${ms(figure.exactP99Ms)} ms with the ` +
    `admin's list requests (${figure.note ?? 'none counted'}): p99 ${times(slowdown)}, ${verdict(slowdown, MAX_SLOWDOWN)}.`
  );
}

/**
 * The history figures of one database as Markdown, or undefined when none was measured: for each
 * admin list request, p50 and p99 (ms) and the answer (KiB) at 1,000 and at 50,000 orders, each
 * figure's growth (50,000 over 1,000) and its verdict against {@link MAX_GROWTH}; then the
 * category listing's p99 beside the admin's requests against alone ({@link MAX_SLOWDOWN}).
 */
export function historyReport(label: string, figures: readonly HistoryFigure[]): string | undefined {
  const rows = adminRows(figures);
  const category = categoryLine(figures);
  if (rows.length === 0 && category === undefined) return undefined;
  const small = SMALL_SHOP.orders.toLocaleString('en-US');
  const large = LARGE_SHOP.orders.toLocaleString('en-US');
  return [
    `### History, ${label}`,
    '',
    ...(rows.length > 0
      ? [
          `| admin list request | p50 ms at ${small} | p99 ms | KiB | p50 ms at ${large} | p99 ms | KiB | p50 growth | p99 growth | size growth | target |`,
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
          ...rows,
          '',
        ]
      : []),
    ...(category ? [category] : []),
  ].join('\n');
}
