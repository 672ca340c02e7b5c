import { PRODUCTS_KEY } from '../../../lib/query-keys';

/**
 * The key every catalog query starts with (lib/query-keys.ts), re-exported where the catalog's
 * queries are. No page asks for the whole catalog (`GET /api/product`): home draws its tiles'
 * pictures (tile-pictures.ts) and its two rows (docs/performance.md#what-a-page-carries).
 */
export { PRODUCTS_KEY };
