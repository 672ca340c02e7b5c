/** The whole data model (docs/product.md#entities), one file per domain. */
export * from './users.js';
export * from './catalog.js';
export * from './orders.js';
export * from './rate-limits.js';
export * from './service-area.js';
export * from './measurements.js';
export * from './mail.js';
export * from './visits.js';
export * from './shop.js';
export * from './payments.js';
export * from './appointments.js';
export * from './share-links.js';
export * from './alterations.js';
export * from './push.js';
