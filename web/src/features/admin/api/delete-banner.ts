import type { Banner, MessageResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useCatalogSync } from './catalog-sync';
import { adminKeys } from './keys';

/** `DELETE /api/banner/{id}` → the server's message (docs/product.md#api). @throws ApiError (404 unknown). */
async function deleteBanner(bannerId: string): Promise<string> {
  const { message } = await api<MessageResponse>(`/banner/${encodeURIComponent(bannerId)}`, { method: 'DELETE' });
  return message;
}

/** Mutation that deletes a banner, drops it from the Banners tab and reloads the carousel. */
export function useDeleteBanner() {
  const queryClient = useQueryClient();
  const catalogChanged = useCatalogSync();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: (_message, bannerId) => {
      queryClient.setQueryData<Banner[]>(adminKeys.banners, (list) => list?.filter((item) => item._id !== bannerId));
      catalogChanged('banners');
    },
  });
}
