import type { AdminOrder, AdminOrderListResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/** Newest first by purchase date (docs/product.md#admin-dashboard Customers Orders), whatever order the answer has. */
function newestFirst<T extends { purchaseDate: string }>(orders: T[]): T[] {
  return [...orders].sort((a, b) => Date.parse(b.purchaseDate) - Date.parse(a.purchaseDate));
}

/**
 * `GET /api/orders/status` → every customer's order with its customer, newest first
 * (docs/product.md#api; docs/architecture.md#http-api). @throws ApiError.
 */
export async function fetchAdminOrders(): Promise<AdminOrder[]> {
  const { orders } = await api<AdminOrderListResponse>('/orders/status');
  return newestFirst(orders);
}

/** Query options of the OrderStatus tab. */
export const adminOrdersQuery = queryOptions({ queryKey: adminKeys.orders, queryFn: fetchAdminOrders, staleTime: 0 });

/** Every customer's order as a query (the OrderStatus tab). */
export function useAdminOrders() {
  return useQuery(adminOrdersQuery);
}
