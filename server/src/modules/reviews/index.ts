/** The reviews module's public face (docs/architecture.md#server-modules-and-their-edges): its routes. */
export { reviewsRoutes } from './reviews.routes.js';
