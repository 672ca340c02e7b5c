import { ADMIN_KEY } from '../../../lib/query-keys';
/**
 * Query keys of the admin dashboard's data (docs/product.md#admin-dashboard). The dashboard keeps
 * its own copies, loaded when a tab opens; shoppers' catalog queries are refreshed through
 * {@link useCatalogSync} after every write. A list by page (docs/product.md#lists-by-page) has one
 * key per filter and search under its list's key, so a write can reach every loaded copy of it
 * through the prefix (`adminKeys.orders`).
 */
export { ADMIN_KEY };

export const adminKeys = {
  products: [...ADMIN_KEY, 'products'],
  /** The Products tab's pages under one search (`q`, '' for none). */
  productList: (q: string) => [...ADMIN_KEY, 'products', { q }] as const,
  banners: [...ADMIN_KEY, 'banners'],
  orders: [...ADMIN_KEY, 'orders'],
  /** The OrderStatus tab's pages under one filter: the states asked for (null: the server's default), the search and the sort (null: newest first). */
  orderList: (filters: { status: string | null; q: string; sort: string | null }) => [...ADMIN_KEY, 'orders', filters] as const,
  cancelledOrders: [...ADMIN_KEY, 'cancelled-orders'],
  /** The CancelOrders tab's pages under one search. */
  cancelledList: (q: string) => [...ADMIN_KEY, 'cancelled-orders', { q }] as const,
} as const;
