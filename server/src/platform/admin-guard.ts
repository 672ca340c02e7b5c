import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The `onRequest` hook of every admin route (docs/product.md#roles-and-permissions; docs/product.md#differences-from-the-original-brief "the server enforces
 * roles"): read the session, then refuse a visitor with 401 and a customer with 403
 * 'Admins only'. It runs before the body is read, so a refused upload is never parsed.
 */
export function adminOnly(app: FastifyInstance): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    await app.sessions.authenticate(request);
    await app.sessions.requireAdmin(request);
  };
}
