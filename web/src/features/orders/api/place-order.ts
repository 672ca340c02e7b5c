import type { Order, PlaceOrderBody } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
// A deliberate exception to "a feature never imports another feature" (docs/architecture.md#code-shape): the
// recommendations an order makes stale are refreshed with the catalog's own key.
import { RECOMMENDATIONS_KEY } from '../../catalog/api/recommended-products';
import { ORDERS_KEY } from './orders';

/**
 * `POST /api/orders` with `{items: [{productId, quantity}], totalAmt}` → 201 `{order}`
 * (docs/product.md#api; cash on delivery). The server prices every line from its own catalog.
 * @throws ApiError: 409 when `totalAmt` is not the server's total (its message gives the
 *   current total), 400 without an address, 404 for a product no longer sold.
 */
export async function placeOrder(body: PlaceOrderBody): Promise<Order> {
  const { order } = await api<{ order: Order }>('/orders', { method: 'POST', body });
  return order;
}

/**
 * Mutation that places an order, then refreshes the shopper's orders and recommendations
 * (docs/product.md#recommendations: they draw on orders and cart, both just changed). The cart is the caller's.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: RECOMMENDATIONS_KEY });
      return queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
