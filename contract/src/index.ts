/** @thaiyal/contract: the API's single source of truth (docs/architecture.md#packages). */
export * from './catalog.js';
export * from './limits.js';
export * from './images.js';
export * from './product.js';
export * from './account.js';
export * from './order.js';
export * from './money.js';
export * from './errors.js';
export * from './admin.js';
export * from './contact.js';
export * from './service-area.js';
export * from './measurements.js';
export * from './visits.js';
export * from './stitching.js';
export * from './pages.js';
export * from './text.js';
export * from './paging.js';
