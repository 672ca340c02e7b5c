import type { AlterationInput, AlterationResponse, OrderListResponse, ReferencePictureResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { mapPages, type Pages } from '../../../lib/paged';
import { myOrderKeys } from './orders';

/**
 * `POST /api/orders/{orderId}/alterations` `{productId, problem, where, note, pictureIds}` →
 * `{message, alteration}` (docs/product.md#free-alterations): she asks for a free alteration of a
 * garment of her delivered order; the server mails the shop.
 * @throws ApiError (400 a bad body or picture; 404 not her order; 409 not delivered, the window over, one already open).
 */
async function requestAlteration({ orderId, ...body }: AlterationInput & { orderId: string }): Promise<AlterationResponse> {
  return api<AlterationResponse>(`/orders/${encodeURIComponent(orderId)}/alterations`, { method: 'POST', body });
}

/**
 * `POST /api/orders/reference-pictures` (multipart, `picture`) → `{id, url}`: an alteration's
 * picture goes through the stitching pictures' pipeline (docs/product.md#stitching-details), private to her.
 * @throws ApiError: 413 too large, 415 not an image, 429 too many.
 */
export async function uploadAlterationPicture(file: File): Promise<ReferencePictureResponse['picture']> {
  const form = new FormData();
  form.append('picture', file);
  const { picture } = await api<ReferencePictureResponse>('/orders/reference-pictures', { method: 'POST', body: form });
  return picture;
}

/** Mutation of "Ask for an alteration"'s Send: the new alteration joins its order in every loaded list of My Orders. */
export function useRequestAlteration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAlteration,
    onSuccess: ({ alteration }, { orderId }) => {
      queryClient.setQueriesData<Pages<OrderListResponse>>({ queryKey: myOrderKeys.lists }, (data) =>
        mapPages(data, (page) => ({
          ...page,
          orders: page.orders.map((one) =>
            one.orderId === orderId ? { ...one, alterations: [...(one.alterations ?? []), alteration] } : one,
          ),
        })),
      );
    },
  });
}
