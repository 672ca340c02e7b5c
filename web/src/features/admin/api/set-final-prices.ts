import type { PricesBody, PricesResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { putAdminOrder } from './admin-order-cache';

/** The final prices of one order's lines (docs/product.md#final-price). */
export interface FinalPrices {
  orderId: string;
  lines: PricesBody['lines'];
}

/**
 * `PUT /api/admin/orders/{orderId}/prices` with `{lines: [{productId, price, note}]}` → `{message,
 * order}` (docs/product.md#final-price): each line's final unit price in rupees and a note; the
 * server mails the customer both totals.
 * @throws ApiError (400 a refused price or note, with its message; 404 unknown order; 409 delivered).
 */
export async function setFinalPrices({ orderId, lines }: FinalPrices): Promise<PricesResponse> {
  return api<PricesResponse>(`/admin/orders/${encodeURIComponent(orderId)}/prices`, { method: 'PUT', body: { lines } });
}

/** Mutation of an order's price editor; the answered order replaces the listed one, nothing else is fetched ({@link putAdminOrder}). */
export function useSetFinalPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFinalPrices,
    onSuccess: ({ order }) => putAdminOrder(queryClient, order),
  });
}
