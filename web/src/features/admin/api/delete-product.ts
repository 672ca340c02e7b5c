import type { Product, MessageResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useCatalogSync } from './catalog-sync';
import { adminKeys } from './keys';

/** `DELETE /api/product/{id}` → the server's message (docs/product.md#api). @throws ApiError (404 unknown). */
export async function deleteProduct(productId: string): Promise<string> {
  const { message } = await api<MessageResponse>(`/product/${encodeURIComponent(productId)}`, { method: 'DELETE' });
  return message;
}

/** Mutation that deletes a product, drops it from the Products tab and reloads the catalog. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const catalogChanged = useCatalogSync();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_message, productId) => {
      queryClient.setQueryData<Product[]>(adminKeys.products, (list) => list?.filter((item) => item._id !== productId));
      catalogChanged('products');
    },
  });
}
