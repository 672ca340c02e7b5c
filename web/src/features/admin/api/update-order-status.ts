import type { AdminOrder, OrderStatus, StatusUpdateResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/** One status change (docs/product.md#states-and-transitions Order status: any of call, visited, designed, delivered). */
export interface StatusChange {
  orderId: string;
  status: OrderStatus;
}

/**
 * `PUT /api/orders/status/{orderId}` with `{status}` → `{message, order}`; the message is
 * what the success toast shows (docs/product.md#api, docs/product.md#messages). The server e-mails the customer.
 * @throws ApiError (400 unknown status, 404 unknown order).
 */
export async function updateOrderStatus({ orderId, status }: StatusChange): Promise<StatusUpdateResponse> {
  return api<StatusUpdateResponse>(`/orders/status/${encodeURIComponent(orderId)}`, { method: 'PUT', body: { status } });
}

/** Mutation of one order's status selector; the answered order replaces the listed one. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: ({ order }) => {
      queryClient.setQueryData<AdminOrder[]>(adminKeys.orders, (list) =>
        list?.map((item) => (item.orderId === order.orderId ? order : item)),
      );
    },
  });
}
