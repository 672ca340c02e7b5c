import type { ShopTrust, TailorPhotoResponse } from '@thaiyal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `GET /api/shop/trust` → who is behind the shop: the tailor's name and photo, the reviews' and
 * delivered orders' counts (docs/product.md#home). The server puts it into home. @throws ApiError.
 */
async function fetchShopTrust(): Promise<ShopTrust> {
  return api<ShopTrust>('/shop/trust');
}

/** Query options of who is behind the shop: its counts move slowly, so a minute fresh. */
export const shopTrustQuery = queryOptions({ queryKey: ['shop', 'trust'], queryFn: fetchShopTrust, staleTime: 60_000 });

/** Who is behind the shop, as a query (home's "Who is behind the shop"; the admin's tailor photo). */
export function useShopTrust() {
  return useQuery(shopTrustQuery);
}

/**
 * `PUT /api/tailor-photo` with the picture as `image` (multipart), or `DELETE` it with `null`
 * (docs/product.md#admin-dashboard, the tailor's photo); on success the answer's photo goes into
 * {@link shopTrustQuery} at once. @throws ApiError (400 no picture, 413 over 10 MB, 415 not a picture).
 */
export function useSetTailorPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null): Promise<TailorPhotoResponse> => {
      if (!file) return api<TailorPhotoResponse>('/tailor-photo', { method: 'DELETE' });
      const form = new FormData();
      form.append('image', file);
      return api<TailorPhotoResponse>('/tailor-photo', { method: 'PUT', body: form });
    },
    onSuccess: ({ tailorPhoto }) => {
      queryClient.setQueryData(shopTrustQuery.queryKey, (trust) => (trust ? { ...trust, tailorPhoto } : trust));
      void queryClient.invalidateQueries({ queryKey: shopTrustQuery.queryKey });
    },
  });
}
