import type { OrderStatus, StatusUpdateResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { putAdminOrder } from './admin-order-cache';
import { uploadMultipart } from './upload';

/** One status change (docs/product.md#states-and-transitions Order status: any of call, visited, designed, delivered). */
export interface StatusChange {
  orderId: string;
  status: OrderStatus;
  /**
   * Photos of the finished garment, only with "designed", at most 3 image files of at most
   * 10 MB each (docs/product.md#designed-photos). Empty or absent: the order keeps its photos.
   */
  photos?: File[];
  /** With photos: called as the upload goes out, with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** With photos: aborts the upload (the promise then rejects with a DOMException 'AbortError'). */
  signal?: AbortSignal;
}

/**
 * `PUT /api/orders/status/{orderId}` → `{message, order}`; the message is what the success
 * toast shows (docs/product.md#api, docs/product.md#messages). The server e-mails the customer.
 * Without photos the body is JSON `{status}`; with photos it is multipart, the text field
 * `status` and one file field `photos` per photo, sent with upload progress
 * (docs/product.md#designed-photos): the photos replace the order's.
 * @throws ApiError (400 unknown status or photos with another status, 404 unknown order,
 *   413 more than 3 photos or one over 10 MB, 415 a file that is not an image; status 0 for a
 *   network failure); a DOMException 'AbortError' when `signal` aborts an upload.
 */
export async function updateOrderStatus({ orderId, status, photos = [], onProgress, signal }: StatusChange): Promise<StatusUpdateResponse> {
  const path = `/orders/status/${encodeURIComponent(orderId)}`;
  if (photos.length === 0) return api<StatusUpdateResponse>(path, { method: 'PUT', body: { status } });
  const form = new FormData();
  form.append('status', status);
  for (const photo of photos) form.append('photos', photo);
  return uploadMultipart<StatusUpdateResponse>(path, form, { method: 'PUT', onProgress, signal });
}

/**
 * Mutation of one order's status selector (and its designed photos); the answered order replaces
 * the listed one and the chips' counts move with it, without fetching the list again
 * (docs/product.md#lists-by-page: {@link putAdminOrder}).
 */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: ({ order }) => putAdminOrder(queryClient, order),
  });
}
