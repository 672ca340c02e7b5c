import { vi } from 'vitest';
import type { Order } from '@thaiyal/contract';
import { countStates, makeShopInfo, ordersPage } from './render';

/** A JSON response as the API sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** One recorded API call. */
export interface ApiCall {
  method: string;
  /** Path after `/api`, e.g. `/cart/abc`. */
  path: string;
  /** The body sent: parsed JSON for a JSON body, the FormData itself for a multipart one, else undefined. */
  body: unknown;
}

const headersOfCall = new WeakMap<ApiCall, Record<string, string>>();

/** The headers a recorded call was sent with, names lower-cased (kept out of the call, so calls compare as before). */
export function requestHeaders(call: ApiCall): Record<string, string> {
  return headersOfCall.get(call) ?? {};
}

/** A handler's answer: a status and a JSON body, or a promise of one (to hold a request). */
export type MockAnswer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** A table of `"METHOD /path"` (the path after `/api`; it may end in `*`) → the handler that answers it. */
export type MockRoutes = Record<string, (call: ApiCall) => MockAnswer>;

/**
 * Requests the current mock had no route for. Each also rejects its `fetch`, but the app may
 * catch that as a network failure and show an error the test never looks at; the `afterEach`
 * in setup.ts fails the test with {@link takeUnknownRequests}, so a missing route is never
 * silent.
 */
let unknownRequests: Error[] = [];

/**
 * The requests no route answered since the last call, then forgets them: setup.ts calls it
 * before each test (so a late request of the test before is not blamed on this one) and after
 * it, failing the test with the first.
 */
export function takeUnknownRequests(): Error[] {
  const taken = unknownRequests;
  unknownRequests = [];
  return taken;
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body === 'string') return JSON.parse(init.body) as unknown;
  return init?.body instanceof FormData ? init.body : undefined;
}

function routeFor(routes: MockRoutes, method: string, path: string): string | undefined {
  return Object.keys(routes).find((route) => {
    const [routeMethod, routePath = ''] = route.split(' ');
    if (routeMethod !== method) return false;
    return routePath.endsWith('*') ? path.startsWith(routePath.slice(0, -1)) : path === routePath;
  });
}

/**
 * The demo shop's answer to `POST /orders/quote` (docs/product.md#dates-a-tailor-promises) when a
 * test names no route for it: ready by Thursday 10 December 2026, fitting any function date on or
 * after it. Checkout asks it as she reviews the order; a quote places nothing, so it is answered
 * without being recorded among the calls, and tests of what an order sends see the order alone.
 */
const DEFAULT_READY_BY = '2026-12-10';

function defaultQuote(body: unknown): { status: number; body: unknown } {
  const neededBy = (body as { neededBy?: string | null } | undefined)?.neededBy ?? null;
  return { status: 200, body: { readyBy: DEFAULT_READY_BY, neededBy, fits: neededBy === null || neededBy >= DEFAULT_READY_BY, total: 0 } };
}

/**
 * Replaces `fetch` with a table of `"METHOD /path"` → answer (the path after `/api`; it may end
 * in `*`). Returns the list of calls made, in order. Undo with `vi.unstubAllGlobals()`.
 *
 * `POST /orders/quote` without a route of its own gets {@link defaultQuote}'s answer and is not
 * recorded. A request with no route is a mistake in the test, not a 404: its `fetch` rejects with an error
 * naming the method and path, and the test fails (setup.ts). A test about a 404 lists the route
 * with `{ status: 404, … }`.
 */
export function mockApi(routes: MockRoutes): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input).replace(/^\/api/, '');
      const call = { method, path, body: bodyOf(init) };
      headersOfCall.set(call, Object.fromEntries(new Headers(init?.headers).entries()));
      const key = routeFor(routes, method, path);
      if (!key && method === 'POST' && path === '/orders/quote') {
        const quote = defaultQuote(call.body);
        return new Response(JSON.stringify(quote.body), { status: quote.status, headers: { 'Content-Type': 'application/json' } });
      }
      calls.push(call);
      if (!key) {
        const error = new Error(`mockApi: no route for ${method} ${path} (add "${method} ${path}" to the test's mockApi)`);
        unknownRequests.push(error);
        throw error;
      }
      const answer = await routes[key]!(call);
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/**
 * `GET /shop-info` answered with {@link makeShopInfo}: the shop's contact points, which the
 * drawer, the product page and the order pages ask for (on a real page the footer has them
 * already). Spread into a test's routes: `mockApi({ ...SHOP_INFO_ROUTE, 'GET /orders': … })`.
 */
export const SHOP_INFO_ROUTE: MockRoutes = { 'GET /shop-info': () => ({ status: 200, body: makeShopInfo() }) };

/**
 * `GET /orders` and its narrowed first pages (`GET /orders?status=cancelled`) answered as the
 * server does (docs/product.md#lists-by-page): the orders of the states asked for, all on one
 * page, and the counts of all of them. `orders` is read at each request, so a test can change
 * what the server holds.
 */
export function myOrdersRoutes(orders: () => Order[]): MockRoutes {
  const answer = (call: ApiCall) => {
    const status = new URL(call.path, 'http://shop.test').searchParams.get('status');
    const all = orders();
    const shown = status ? all.filter((order) => status.split(',').includes(order.status)) : all;
    return { status: 200, body: ordersPage(shown, { counts: countStates(all) }) };
  };
  return { 'GET /orders': answer, 'GET /orders?*': answer };
}
