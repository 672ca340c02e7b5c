/**
 * The API reference module's public face (docs/architecture.md#server-modules-and-their-edges):
 * `GET /api/openapi.json` and the reference page drawn from it.
 */
export { apiDocsRoutes } from './api-docs.routes.js';
export { registerOpenApi } from './openapi.js';
