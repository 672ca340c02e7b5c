import { PLATFORM_MESSAGES } from '@thaiyal/contract';
import type { FastifyRequest } from 'fastify';
import type { SessionService, SessionUser } from '../modules/auth/session.js';
import { AppError } from './errors.js';
import { markGuard } from './route-traits.js';

/**
 * An `onRequest` hook for routes that need a signed-in user (docs/product.md#roles-and-permissions: wishlist, cart, review
 * and orders need sign-in): reads the session, then answers 401 'Please sign in' for a
 * visitor, before the body is parsed or validated. Marked as a signed-in guard, so the OpenAPI
 * document says the route needs a session (platform/route-traits.ts).
 * @throws AppError('unauthorized') for a visitor.
 */
export function signedInHook(sessions: SessionService): (request: FastifyRequest) => Promise<void> {
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
