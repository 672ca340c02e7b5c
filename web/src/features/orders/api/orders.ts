import type { Order } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query key of the signed-in shopper's orders; logout removes it. */
export const ORDERS_KEY = ['orders'] as const;

/**
 * `GET /api/orders` → the shopper's orders, newest first; a failure gives an empty list
 * silently (docs/product.md#messages: order list load failures give an empty list).
 */
export async function fetchMyOrders(): Promise<Order[]> {
  try {
    const { orders } = await api<{ orders: Order[] }>('/orders');
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
