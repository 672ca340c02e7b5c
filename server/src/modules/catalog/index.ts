/**
 * The catalog module's public face (docs/architecture.md#server-modules-and-their-edges): the
 * in-memory catalog and its snapshot (docs/decisions/001-in-memory-catalog.md), shared across
 * processes by NOTIFY on {@link CATALOG_CHANNEL}; the catalog routes; search; and the list
 * order and price filter the rendered pages use too.
 */
export { catalogRoutes } from './catalog.routes.js';
export { catalogSnapshotOf, sortAndFilter, type Catalog, type CatalogSnapshot } from './catalog.service.js';
export { CATALOG_CHANNEL, CATALOG_LISTENER_NAME, createSharedCatalog } from './catalog-sync.js';
export { searchProducts, searchStatement, searchWords } from './search.service.js';
