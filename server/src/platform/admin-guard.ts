import type { FastifyInstance, FastifyRequest } from 'fastify';
import { markGuard } from './route-traits.js';

/**
 * The `onRequest` hook of every admin route (docs/product.md#roles-and-permissions; docs/product.md#differences-from-the-original-brief "the server enforces
 * roles"): read the session, then refuse a visitor with 401 and a customer with 403
 * 'Admins only'. It runs before the body is read, so a refused upload is never parsed. Marked
 * as an admin guard, so the OpenAPI document says so (platform/route-traits.ts).
 */
export function adminOnly(app: FastifyInstance): (request: FastifyRequest) => Promise<void> {
  return markGuard(async (request: FastifyRequest) => {
    await app.sessions.authenticate(request);
    await app.sessions.requireAdmin(request);
  }, 'admin');
}
