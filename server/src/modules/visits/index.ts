/**
 * The home-visit slots module's public face (docs/architecture.md#server-modules-and-their-edges):
 * the slot routes, and holding a place in a slot, which placing an order does in its own
 * transaction (docs/product.md#home-visit-slot), as booking a trial or delivery visit does in its own
 * (docs/product.md#trial-and-delivery-visits).
 */
export { visitRoutes } from './visits.routes.js';
export { holdAppointmentPlace, holdVisitPlace } from './visits.service.js';
