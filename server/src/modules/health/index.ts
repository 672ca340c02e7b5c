/** The health module's public face (docs/architecture.md#server-modules-and-their-edges): `GET /api/health`. */
export { healthRoutes } from './health.routes.js';
