import type { Order, PlaceOrderBody, OrderResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api';
// The recommendations an order makes stale are the catalog's; their key lives in lib, so that this
// feature need not import the catalog feature (docs/architecture.md#code-shape).
import { RECOMMENDATIONS_KEY } from '../../../lib/query-keys';
import { ORDERS_KEY } from './orders';

/**
 * A new `Idempotency-Key`: 16 random bytes as hex. `crypto.getRandomValues`, which browsers
 * also give pages served over plain http on the shop's network (randomUUID needs https).
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * `POST /api/orders` with `{items: [{productId, quantity, stitching?}], totalAmt, visit?}` → 201
 * `{order}` (docs/product.md#api; cash on delivery). The server prices every line from its own
 * catalog. `idempotencyKey` names the checkout attempt: sent again (a double tap, a retry after a
 * lost answer), it gets the same order back instead of a second one (docs/security.md).
 * @throws ApiError: 409 when `totalAmt` is not the server's total (its message gives the
 *   current total), a product is hidden from sale, the address's pin code is not served or the
 *   chosen visit slot cannot be had; 400 without an address; 404 for a product no longer sold;
 *   429 over the account's order limits (its message says which).
 */
export async function placeOrder(body: PlaceOrderBody, idempotencyKey?: string): Promise<Order> {
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
  const { order } = await api<OrderResponse>('/orders', { method: 'POST', body, headers });
  return order;
}

/**
 * Mutation that places an order, then refreshes the shopper's orders and recommendations
 * (docs/product.md#recommendations: they draw on orders and cart, both just changed). The cart is the caller's.
 * One `Idempotency-Key` per checkout attempt: every submit of this page's visit sends the same
 * key, so a double tap places one order; a placed order starts a new attempt.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => placeOrder(body, idempotencyKey),
    onSuccess: () => {
      setIdempotencyKey(newIdempotencyKey());
      void queryClient.invalidateQueries({ queryKey: RECOMMENDATIONS_KEY });
      return queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
