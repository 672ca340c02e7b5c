import type { Order, OrderListResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORDERS_KEY } from '../../../lib/query-keys';

export { ORDERS_KEY };

/**
 * `GET /api/orders` → the shopper's orders, newest first; a failure gives an empty list
 * silently (docs/product.md#messages: order list load failures give an empty list).
 */
export async function fetchMyOrders(): Promise<Order[]> {
  try {
    const { orders } = await api<OrderListResponse>('/orders');
    return orders;
  } catch {
    return [];
  }
}

/** Query options of the shopper's orders. */
export const myOrdersQuery = queryOptions({ queryKey: ORDERS_KEY, queryFn: fetchMyOrders });

/** The shopper's orders as a query. */
export function useMyOrders() {
  return useQuery(myOrdersQuery);
}
