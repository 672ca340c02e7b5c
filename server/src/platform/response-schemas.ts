import type { RouteOptions } from 'fastify';

/**
 * An `onRoute` hook for the routes under `/api`: every route declares what it answers
 * (`schema.response`, contract zod schemas by status), so the serializer checks each answer
 * against the contract and the OpenAPI document (`GET /api/openapi.json`) is whole
 * (docs/architecture.md#http-api). A route that answers an HTML page says so with
 * `config: {html: true}` and needs none.
 * @throws Error naming the method and path, at registration: the shop does not start.
 */
export function requireResponseSchema(route: RouteOptions): void {
  if (route.config?.html || route.schema?.response) return;
  throw new Error(`${String(route.method)} ${route.url} declares no response schema (docs/architecture.md#http-api)`);
}
