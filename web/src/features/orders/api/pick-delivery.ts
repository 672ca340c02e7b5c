import type { DeliveryPickBody, OrderListResponse, OrderResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { mapPages, type Pages } from '../../../lib/paged';
import { visitSlotsQuery } from '../../../lib/visit-days';
import { myOrderKeys } from './orders';

/**
 * `POST /api/orders/{orderId}/appointments` `{kind: 'delivery', date, slotId}` → `{order}`
 * (docs/product.md#trial-and-delivery-visits): the shopper picks (or moves) the delivery visit of
 * her designed order; the server mails her and the shop.
 * @throws ApiError (400 a bad or past day; 404 not her order; 409 not designed yet, delivered or
 *   cancelled, a closed day, a full or started slot).
 */
async function pickDelivery({ orderId, ...body }: DeliveryPickBody & { orderId: string }): Promise<OrderResponse> {
  return api<OrderResponse>(`/orders/${encodeURIComponent(orderId)}/appointments`, { method: 'POST', body });
}

/**
 * Mutation of "Pick your delivery slot": the answered order replaces the listed one in every loaded
 * list of My Orders, and the calendar's places are read again.
 */
export function usePickDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pickDelivery,
    onSuccess: ({ order }) => {
      queryClient.setQueriesData<Pages<OrderListResponse>>({ queryKey: myOrderKeys.lists }, (data) =>
        mapPages(data, (page) => ({ ...page, orders: page.orders.map((one) => (one.orderId === order.orderId ? order : one)) })),
      );
      void queryClient.invalidateQueries({ queryKey: visitSlotsQuery.queryKey });
    },
  });
}
