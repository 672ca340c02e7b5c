/**
 * The home-visit slots module's public face (docs/architecture.md#server-modules-and-their-edges):
 * the slot routes, and holding a place in a slot, which placing an order does in its own
 * transaction (docs/product.md#home-visit-slot).
 */
export { visitRoutes } from './visits.routes.js';
export { holdVisitPlace } from './visits.service.js';
