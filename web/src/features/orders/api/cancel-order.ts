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
 * @throws ApiError: 400 blank reason, 404 unknown order, 409 a delivered or already cancelled order.
 */
export async function cancelOrder(input: CancelOrderInput): Promise<string> {
  const { message } = await api<MessageResponse>('/orders/cancel', { method: 'POST', body: input });
  return message;
}

/**
 * `order` as the server will answer it once cancelled (docs/product.md#cancellations-kept):
 * `status: 'cancelled'`, `cancelledAt` now, the reason, and a `cancelled` step ending its timeline.
 */
export function asCancelled(order: Order, reason: string, now: Date = new Date()): Order {
  const at = now.toISOString();
  return { ...order, status: 'cancelled', cancelledAt: at, reason, timeline: [...order.timeline, { status: 'cancelled', at }] };
}

/**
 * Cancel an order (docs/product.md#states-and-transitions Cancelling an order; docs/product.md#cancellations-kept):
 * it shows as cancelled at once and comes back as it was if the server refuses
 * (docs/architecture.md#http-api: restoring works). The caller shows the toasts.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CANCEL_KEY,
    mutationFn: cancelOrder,
    onMutate: async (input: CancelOrderInput) => {
      await queryClient.cancelQueries({ queryKey: ORDERS_KEY });
      const previous = queryClient.getQueryData<Order[]>(ORDERS_KEY)?.find((order) => order.orderId === input.orderId);
      if (previous) {
        queryClient.setQueryData<Order[]>(ORDERS_KEY, (current = []) =>
          current.map((order) => (order.orderId === input.orderId ? asCancelled(order, input.reason) : order)),
        );
      }
      return { previous };
    },
    onError: (_error, input, context) => {
      const restored = context?.previous;
      if (!restored) return;
      // Put back only this order as it was, so another cancellation meanwhile is not undone.
      queryClient.setQueryData<Order[]>(ORDERS_KEY, (current = []) =>
        current.some((order) => order.orderId === input.orderId)
          ? current.map((order) => (order.orderId === input.orderId ? restored : order))
          : newestFirst([...current, restored]),
      );
    },
    onSettled: async () => {
      // A refetch while another cancellation is on its way would show that order uncancelled.
      if (queryClient.isMutating({ mutationKey: CANCEL_KEY }) <= 1) await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}

/** Orders sorted newest first by purchase date (docs/product.md#my-orders). */
export function newestFirst(orders: Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.purchaseDate) - Date.parse(a.purchaseDate));
}
