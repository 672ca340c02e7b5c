/**
 * The measurement profiles module's public face (docs/architecture.md#server-modules-and-their-edges): its routes, and
 * for the admin's measurement book (docs/product.md#the-measurement-book) how a profile keeps a version.
 */
export { measurementRoutes } from './measurements.routes.js';
export { addProfileVersion, onlyTaken } from './measurements.service.js';
