import { PLATFORM_MESSAGES } from '@thaiyal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { markGuard } from './route-traits.js';

/** The signed-in user as routes see it (`request.user`). */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: 'admin' | 'customer';
  /** The refresh-token family this request's access token belongs to. */
  familyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by {@link SessionHooks.authenticate} when the access token is valid. */
    user: SessionUser | null;
  }
}

/**
 * What every module asks of the sessions (docs/architecture.md#sessions-and-cookies): who is
 * asking, and whether they may. The auth module's session service (modules/auth/session.ts)
 * is one; it is defined here so that the platform's hooks need nothing from a module.
 */
export interface SessionHooks {
  /**
   * Read and verify the access-token cookie; sets `request.user` when it is valid, its user
   * exists and its family is not revoked; `null` otherwise. Never throws for a bad token.
   */
  authenticate(request: FastifyRequest): Promise<void>;
  /** preHandler: 401 'Please sign in' unless signed in. */
  requireUser(request: FastifyRequest): Promise<void>;
  /** preHandler: 401 for a visitor, 403 'Admins only' for a customer (docs/product.md#roles-and-permissions, docs/architecture.md#http-api). */
  requireAdmin(request: FastifyRequest): Promise<void>;
}

/**
 * An `onRequest` hook for routes that need a signed-in user (docs/product.md#roles-and-permissions: wishlist, cart, review
 * and orders need sign-in): reads the session, then answers 401 'Please sign in' for a
 * visitor, before the body is parsed or validated. Marked as a signed-in guard, so the OpenAPI
 * document says the route needs a session (platform/route-traits.ts).
 * @throws AppError('unauthorized') for a visitor.
 */
export function signedInHook(sessions: SessionHooks): (request: FastifyRequest) => Promise<void> {
  return markGuard(async (request: FastifyRequest) => {
    await sessions.authenticate(request);
    await sessions.requireUser(request);
  }, 'signed-in');
}

/**
 * The signed-in user of a request that passed {@link signedInHook}.
 * @throws AppError('unauthorized') when there is none (a route registered without the hook).
 */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized', PLATFORM_MESSAGES.signInRequired);
  return request.user;
}
