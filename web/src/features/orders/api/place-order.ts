import type { Order, PlaceOrderBody } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORDERS_KEY } from './orders';

/**
 * `POST /api/orders` with `{items: [{productId, quantity}], totalAmt}` → 201 `{order}`
 * (SPEC §7; cash on delivery). The server prices every line from its own catalog.
 * @throws ApiError: 409 when `totalAmt` is not the server's total (its message gives the
 *   current total), 400 without an address, 404 for a product no longer sold.
 */
export async function placeOrder(body: PlaceOrderBody): Promise<Order> {
  const { order } = await api<{ order: Order }>('/orders', { method: 'POST', body });
  return order;
}

/** Mutation that places an order and refreshes the shopper's orders. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
