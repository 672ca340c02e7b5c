import type { MessageResponse, ShareLinkResponse } from '@thaiyal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `POST /api/orders/{orderId}/share-link` → `{url}` (docs/product.md#sharing-an-orders-progress):
 * a new tracking link to her order, replacing the old one (which stops working).
 * @throws ApiError (404 not her order; 409 delivered or cancelled 30 days ago or more).
 */
async function createShareLink(orderId: string): Promise<string> {
  const { url } = await api<ShareLinkResponse>(`/orders/${encodeURIComponent(orderId)}/share-link`, { method: 'POST' });
  return url;
}

/**
 * `DELETE /api/orders/{orderId}/share-link` → `{message}` (docs/product.md#sharing-an-orders-progress):
 * the order's tracking link stops working; stopping again is harmless.
 * @throws ApiError (404 not her order).
 */
async function stopShareLink(orderId: string): Promise<string> {
  const { message } = await api<MessageResponse>(`/orders/${encodeURIComponent(orderId)}/share-link`, { method: 'DELETE' });
  return message;
}

/** Mutation of "Share tracking link": the order number in, the link's full address out. Nothing cached changes. */
export function useCreateShareLink() {
  return useMutation({ mutationFn: createShareLink });
}

/** Mutation of "Stop sharing": the order number in. Nothing cached changes (orders do not carry their link). */
export function useStopShareLink() {
  return useMutation({ mutationFn: stopShareLink });
}
