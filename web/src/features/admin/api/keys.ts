import { ADMIN_KEY } from '../../../lib/query-keys';
/**
 * Query keys of the admin dashboard's data (docs/product.md#admin-dashboard). The dashboard keeps
 * its own copies, loaded when a tab opens; shoppers' catalog queries are refreshed through
 * {@link useCatalogSync} after every write.
 */
export { ADMIN_KEY };

export const adminKeys = {
  products: [...ADMIN_KEY, 'products'],
  banners: [...ADMIN_KEY, 'banners'],
  orders: [...ADMIN_KEY, 'orders'],
  cancelledOrders: [...ADMIN_KEY, 'cancelled-orders'],
} as const;
