import { vi } from 'vitest';

/** A JSON response as the API sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** One recorded API call. */
export interface ApiCall {
  method: string;
  /** Path after `/api`, e.g. `/cart/abc`. */
  path: string;
  body: unknown;
}

const headersOfCall = new WeakMap<ApiCall, Record<string, string>>();

/** The headers a recorded call was sent with, names lower-cased (kept out of the call, so calls compare as before). */
export function requestHeaders(call: ApiCall): Record<string, string> {
  return headersOfCall.get(call) ?? {};
}

/** A handler's answer: a status and a JSON body, or a promise of one (to hold a request). */
export type MockAnswer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * Replaces `fetch` with a table of `"METHOD /path"` → answer (a path may end in `*`). Unknown
 * requests answer 404. Returns the list of calls made, in order. Undo with `vi.unstubAllGlobals()`.
 */
export function mockApi(routes: Record<string, (call: ApiCall) => MockAnswer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input).replace(/^\/api/, '');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method, path, body };
      headersOfCall.set(call, Object.fromEntries(new Headers(init?.headers).entries()));
      calls.push(call);
      const key = Object.keys(routes).find((route) => {
        const [routeMethod, routePath = ''] = route.split(' ');
        if (routeMethod !== method) return false;
        return routePath.endsWith('*') ? path.startsWith(routePath.slice(0, -1)) : path === routePath;
      });
      const answer = key ? await routes[key]!(call) : { status: 404, body: { message: 'Not found', code: 'not_found' } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
