import type { OrderListResponse, SignOffAnswerBody, SignOffAnswerResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { mapPages, type Pages } from '../../../lib/paged';
import { myOrderKeys } from './orders';

/**
 * `POST /api/orders/{orderId}/sign-off` `{decision: 'approve' | 'call-me', comment?}` → `{message, order}`
 * (docs/product.md#sign-off-before-cutting): her answer to the shop's ask before cutting; the
 * server mails the shop.
 * @throws ApiError (400 a bad body; 404 not her order; 409 not asked, already answered, delivered or cancelled).
 */
async function answerSignOff({ orderId, ...body }: SignOffAnswerBody & { orderId: string }): Promise<SignOffAnswerResponse> {
  return api<SignOffAnswerResponse>(`/orders/${encodeURIComponent(orderId)}/sign-off`, { method: 'POST', body });
}

/** Mutation of the approval panel: the answered order replaces the listed one in every loaded list of My Orders. */
export function useAnswerSignOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerSignOff,
    onSuccess: ({ order }) => {
      queryClient.setQueriesData<Pages<OrderListResponse>>({ queryKey: myOrderKeys.lists }, (data) =>
        mapPages(data, (page) => ({ ...page, orders: page.orders.map((one) => (one.orderId === order.orderId ? order : one)) })),
      );
    },
  });
}
