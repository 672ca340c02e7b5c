/** The service area module's public face (docs/architecture.md#server-modules-and-their-edges): its routes. */
export { serviceAreaRoutes } from './service-area.routes.js';
