import type { MessageResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useCatalogSync } from './catalog-sync';
import { editAdminProducts } from './admin-product-cache';

/** `DELETE /api/product/{id}` → the server's message (docs/product.md#api). @throws ApiError (404 unknown). */
export async function deleteProduct(productId: string): Promise<string> {
  const { message } = await api<MessageResponse>(`/product/${encodeURIComponent(productId)}`, { method: 'DELETE' });
  return message;
}

/** Mutation that deletes a product, drops it from its page of the Products tab (the other pages are not fetched) and reloads the catalog. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const catalogChanged = useCatalogSync();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_message, productId) => {
      editAdminProducts(queryClient, (item) => (item._id === productId ? null : item));
      catalogChanged('products');
    },
  });
}
