import type { Product, ProductResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useCatalogSync } from './catalog-sync';
import { editAdminProducts, listedAdminProduct } from './admin-product-cache';
import { adminKeys } from './keys';

/** `PUT /api/product/{id}` (no body) flips featured → the product (docs/product.md#api). @throws ApiError. */
export async function toggleFeatured(productId: string): Promise<Product> {
  const { product } = await api<ProductResponse>(`/product/${encodeURIComponent(productId)}`, { method: 'PUT' });
  return product;
}

/**
 * Mutation of the Products tab's Featured toggle (docs/product.md#states-and-transitions: flips isFeatured and reloads the
 * featured list). The switch flips at once, on whichever loaded page holds the product, and goes
 * back if the server refuses; only this product's flag goes back, so another toggle meanwhile is
 * kept. The server's answer then takes its place; no page is fetched again (docs/product.md#lists-by-page).
 */
export function useToggleFeatured() {
  const queryClient = useQueryClient();
  const catalogChanged = useCatalogSync();
  return useMutation({
    mutationFn: toggleFeatured,
    onMutate: async (productId) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.products });
      const wasFeatured = listedAdminProduct(queryClient, productId)?.isFeatured;
      if (wasFeatured !== undefined) {
        editAdminProducts(queryClient, (item) => (item._id === productId ? { ...item, isFeatured: !wasFeatured } : item));
      }
      return { wasFeatured };
    },
    onError: (_error, productId, context) => {
      const wasFeatured = context?.wasFeatured;
      if (wasFeatured === undefined) return;
      editAdminProducts(queryClient, (item) => (item._id === productId ? { ...item, isFeatured: wasFeatured } : item));
    },
    onSuccess: (product) => editAdminProducts(queryClient, (item) => (item._id === product._id ? product : item)),
    onSettled: () => catalogChanged('products'),
  });
}
