/** The notifications module's public face (docs/architecture.md#server-modules-and-their-edges): its routes. */
export { pushRoutes } from './push.routes.js';
