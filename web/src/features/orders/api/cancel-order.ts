import type { MessageResponse, Order, OrderListResponse, OrderState } from '@thaiyal/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { allRows, mapPages, type Pages } from '../../../lib/paged';
import { myOrderKeys } from './orders';

const CANCEL_KEY = ['orders', 'cancel'] as const;

type OrderPages = Pages<OrderListResponse>;

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

/** The order `orderId` as any loaded page of My Orders holds it, whichever filter loaded it. */
function listedOrder(queryClient: QueryClient, orderId: string): Order | undefined {
  for (const [, data] of queryClient.getQueriesData<OrderPages>({ queryKey: myOrderKeys.lists })) {
    const found = allRows(data, (page) => page.orders).find((order) => order.orderId === orderId);
    if (found) return found;
  }
  return undefined;
}

/**
 * In every loaded list of My Orders, whatever its filter and on whichever page: `order` in place
 * of the listed one of the same number, and one order moved from state `from` to `to` in the
 * counts. The counts are the shopper's whole (no filter narrows them), so they move in every list,
 * also in one that does not hold the order.
 */
function replaceListed(queryClient: QueryClient, order: Order, from: OrderState, to: OrderState): void {
  queryClient.setQueriesData<OrderPages>({ queryKey: myOrderKeys.lists }, (data) =>
    mapPages(data, (page) => ({
      ...page,
      orders: page.orders.map((one) => (one.orderId === order.orderId ? order : one)),
      counts: { ...page.counts, [from]: Math.max(0, page.counts[from] - 1), [to]: page.counts[to] + (from === to ? 0 : 1) },
    })),
  );
}

/**
 * Cancel an order (docs/product.md#states-and-transitions Cancelling an order; docs/product.md#cancellations-kept):
 * it shows as cancelled at once, on whichever page it is, the All / Active / Cancelled counts
 * moving with it, and comes back as it was if the server refuses (docs/architecture.md#http-api:
 * restoring works). The caller shows the toasts.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CANCEL_KEY,
    mutationFn: cancelOrder,
    onMutate: async (input: CancelOrderInput) => {
      await queryClient.cancelQueries({ queryKey: myOrderKeys.lists });
      const previous = listedOrder(queryClient, input.orderId);
      if (previous && previous.status !== 'cancelled')
        replaceListed(queryClient, asCancelled(previous, input.reason), previous.status, 'cancelled');
      return { previous };
    },
    onError: (_error, _input, context) => {
      const restored = context?.previous;
      // Put back only this order as it was, so another cancellation meanwhile is not undone.
      if (restored && restored.status !== 'cancelled') replaceListed(queryClient, restored, 'cancelled', restored.status);
    },
    onSettled: async () => {
      // A refetch while another cancellation is on its way would show that order uncancelled.
      if (queryClient.isMutating({ mutationKey: CANCEL_KEY }) <= 1) await queryClient.invalidateQueries({ queryKey: myOrderKeys.lists });
    },
  });
}

/** Orders sorted newest first by purchase date (docs/product.md#my-orders). */
export function newestFirst(orders: Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.purchaseDate) - Date.parse(a.purchaseDate));
}
