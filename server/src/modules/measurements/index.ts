/** The measurement profiles module's public face (docs/architecture.md#server-modules-and-their-edges): its routes. */
export { measurementRoutes } from './measurements.routes.js';
