import type { CancelledOrder, CancelledOrderListResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/** `GET /api/orders/cancel` → every cancelled-order record, newest first (docs/product.md#api). @throws ApiError. */
export async function fetchCancelledOrders(): Promise<CancelledOrder[]> {
  const { cancelledOrders } = await api<CancelledOrderListResponse>('/orders/cancel');
  return cancelledOrders;
}

/** Query options of the CancelOrders tab. */
export const cancelledOrdersQuery = queryOptions({
  queryKey: adminKeys.cancelledOrders,
  queryFn: fetchCancelledOrders,
  staleTime: 0,
});

/** The cancelled-order records as a query (the CancelOrders tab). */
export function useCancelledOrders() {
  return useQuery(cancelledOrdersQuery);
}
