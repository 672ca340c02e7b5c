import type autocannon from 'autocannon';
import type { FixtureName, fixtures } from './fixtures.js';

/** What a scenario may use while it prepares, once per server. */
export interface ScenarioContext {
  /** `http://127.0.0.1:<port>` of the benchmarked server. */
  baseUrl: string;
  /** A plain request to the server (to read ids, ETags, cookies before the run). */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Run a server-side fixture (fixtures.ts) in the server's process and return its answer. */
  fixture<N extends FixtureName>(name: N, args: Parameters<(typeof fixtures)[N]>[1]): Promise<Awaited<ReturnType<(typeof fixtures)[N]>>>;
}

/**
 * The requests of one run: a path plus any of autocannon's request options (`method`,
 * `headers`, `body`, `requests` for sequences, `setupClient` to give each connection its own
 * cookie).
 */
export type ScenarioRequest = { path: string } & Pick<
  autocannon.Options,
  'method' | 'headers' | 'body' | 'requests' | 'setupClient'
>;

/** Where a figure should land (issue "Performance" §1); any of them may be set. */
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
  targets?: Targets;
  prepare(ctx: ScenarioContext): Promise<ScenarioRequest>;
}

const CATEGORY = 'saree-blouse';

/** The baseline: a bare route on the same Fastify instance, with the app's hooks. */
export const helloWorld: Scenario = {
  name: 'hello-world',
  expectStatus: 200,
  prepare: async () => ({ path: '/__bench/hello' }),
};

/**
 * The scenarios, measured in this order after {@link helloWorld}. A later issue adds its
 * own here (add to cart signed in: `ctx.fixture('customers', {count: 20})` and a
 * `setupClient` that gives each connection one cookie; place order; the admin orders list).
 */
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
];
