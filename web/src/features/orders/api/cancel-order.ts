import type { Order, MessageResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORDERS_KEY } from './orders';

const CANCEL_KEY = ['orders', 'cancel'] as const;

/** What a cancellation sends (docs/product.md#entities Cancellation request). */
export interface CancelOrderInput {
  orderId: string;
  reason: string;
  items: { name: string; image: string }[];
}

/**
 * `POST /api/orders/cancel` with `{orderId, reason, items}` → `{message}` ('Order canceled
 * successfully', docs/product.md#messages).
 * @throws ApiError: 400 blank reason, 404 unknown order, 409 a delivered order.
 */
export async function cancelOrder(input: CancelOrderInput): Promise<string> {
  const { message } = await api<MessageResponse>('/orders/cancel', { method: 'POST', body: input });
  return message;
}

/**
 * Cancel an order (docs/product.md#states-and-transitions Cancelling an order): it leaves the list at once and comes back
 * where it was if the server refuses (docs/architecture.md#http-api: restoring works). The caller shows the toasts.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CANCEL_KEY,
    mutationFn: cancelOrder,
    onMutate: async (input: CancelOrderInput) => {
      await queryClient.cancelQueries({ queryKey: ORDERS_KEY });
      const previous = queryClient.getQueryData<Order[]>(ORDERS_KEY);
      if (previous) {
        queryClient.setQueryData<Order[]>(
          ORDERS_KEY,
          previous.filter((order) => order.orderId !== input.orderId),
        );
      }
      return { previous };
    },
    onError: (_error, input, context) => {
      const restored = context?.previous?.find((order) => order.orderId === input.orderId);
      if (!restored) return;
      // Put back only this order, so another cancellation meanwhile is not undone.
      queryClient.setQueryData<Order[]>(ORDERS_KEY, (current = []) =>
        current.some((order) => order.orderId === input.orderId) ? current : newestFirst([...current, restored]),
      );
    },
    onSettled: async () => {
      // A refetch while another cancellation is on its way would show that order again.
      if (queryClient.isMutating({ mutationKey: CANCEL_KEY }) <= 1) await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}

/** Orders sorted newest first by purchase date (docs/product.md#my-orders). */
export function newestFirst(orders: Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.purchaseDate) - Date.parse(a.purchaseDate));
}
