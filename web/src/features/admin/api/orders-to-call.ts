import type { AdminOrder, AdminOrderListResponse } from '@thaiyal/contract';
import { PAGE_LIMITS } from '@thaiyal/contract/paging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { listPath } from '../../../lib/paged';
import { ADMIN_KEY } from './keys';

/** The new orders still to call, as the Today tab shows them: the oldest first, and whether more wait. */
export interface OrdersToCall {
  orders: AdminOrder[];
  /** More orders are in state `call` than one page holds: the OrderStatus tab lists them all. */
  more: boolean;
}

/**
 * `GET /api/orders/status?status=call&limit=100` → the newest {@link PAGE_LIMITS.maxPageSize} orders
 * still in state `call` (docs/product.md#admin-dashboard Today), turned oldest first: the customer
 * who has waited longest is called first. Its own key, outside the OrderStatus tab's lists
 * (`adminKeys.orders`), whose pages the status changes edit in place.
 * @throws ApiError: 401/403 when not the admin.
 */
function ordersToCallQuery() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'orders-to-call'],
    queryFn: async (): Promise<OrdersToCall> => {
      const page = await api<AdminOrderListResponse>(
        listPath('/orders/status', { status: 'call', limit: String(PAGE_LIMITS.maxPageSize) }),
      );
      const oldestFirst = [...page.orders].sort((a, b) => Date.parse(a.purchaseDate) - Date.parse(b.purchaseDate));
      return { orders: oldestFirst, more: page.nextCursor !== null };
    },
    staleTime: 0,
  });
}

/** The new orders still to call as a query (the Today tab). */
export function useOrdersToCall() {
  return useQuery(ordersToCallQuery());
}
