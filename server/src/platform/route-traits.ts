import type { ErrorCode } from '@thaiyal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Who may call a route (docs/product.md#roles-and-permissions): any signed-in user, or an
 * admin only. A route with neither is public.
 */
export type RouteAccess = 'signed-in' | 'admin';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The refusals the route's handler (or a service it calls) can throw, by `AppError` code
     * (contract `ERROR_STATUS` gives each its status), for the OpenAPI document only: the
     * refusals that follow from the route itself (400 of a schema it validates, 401/403 of its
     * guard, 429 of its rate limit, 403 of another site's request) are added without being
     * listed here (docs/architecture.md#http-api). Nothing at run time reads it, so it cannot
     * change an answer.
     */
    errors?: readonly ErrorCode[];
  }
}

/** What a hook does that the API document tells a client about. */
type HookTrait = { kind: 'guard'; access: RouteAccess } | { kind: 'rate-limit' };

const traits = new WeakMap<object, HookTrait>();

/**
 * Mark `hook` as the guard that refuses everyone but `access` (401 a visitor; 403 a customer
 * when `access` is `'admin'`), so the OpenAPI document reads who may call a route from the
 * hook that really runs (docs/architecture.md#http-api). Returns `hook` itself.
 */
export function markGuard<H extends object>(hook: H, access: RouteAccess): H {
  traits.set(hook, { kind: 'guard', access });
  return hook;
}

/** Mark `hook` as a rate limit that answers 429 with `Retry-After` (the document says so). Returns `hook`. */
export function markRateLimit<H extends object>(hook: H): H {
  traits.set(hook, { kind: 'rate-limit' });
  return hook;
}

/** What a route's own hooks tell about it: who may call it, and whether a rate limit can refuse it. */
export interface RouteTraits {
  /** `undefined`: public. An admin guard wins over a signed-in one. */
  access: RouteAccess | undefined;
  rateLimited: boolean;
}

/** The hooks that run before a handler, where guards and limits sit. */
const GUARDING_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/**
 * The traits of a route's hooks (`onRequest` … `preHandler`, as a function or a list), read
 * from the marks of {@link markGuard} and {@link markRateLimit}. Only hooks on the route
 * itself are seen: a plugin that guards all its routes does so with {@link guardEveryRoute}.
 */
export function routeTraits(route: Pick<RouteOptions, (typeof GUARDING_HOOKS)[number]>): RouteTraits {
  const found: RouteTraits = { access: undefined, rateLimited: false };
  for (const name of GUARDING_HOOKS) {
    for (const hook of [route[name] ?? []].flat()) {
      const trait = traits.get(hook);
      if (trait?.kind === 'rate-limit') found.rateLimited = true;
      if (trait?.kind === 'guard' && found.access !== 'admin') found.access = trait.access;
    }
  }
  return found;
}

/**
 * Put `guard` first among the `onRequest` hooks of every route this plugin (and any plugin
 * it registers) declares from here on, as `app.addHook('onRequest', guard)` would guard them
 * all, but on each route, where the OpenAPI document can see it ({@link routeTraits}).
 * Call it before the plugin's first route. Each route gets a new list, so the HEAD route
 * Fastify copies from a GET is guarded once.
 */
export function guardEveryRoute(app: FastifyInstance, guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>): void {
  app.addHook('onRoute', (route) => {
    route.onRequest = [guard, route.onRequest ?? []].flat() as RouteOptions['onRequest'];
  });
}
