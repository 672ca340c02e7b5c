import type { Product, ProductResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useCatalogSync } from './catalog-sync';
import { adminKeys } from './keys';

/** `PUT /api/product/{id}` (no body) flips featured → the product (docs/product.md#api). @throws ApiError. */
export async function toggleFeatured(productId: string): Promise<Product> {
  const { product } = await api<ProductResponse>(`/product/${encodeURIComponent(productId)}`, { method: 'PUT' });
  return product;
}

function replaceProduct(list: Product[] | undefined, product: Product): Product[] | undefined {
  return list?.map((item) => (item._id === product._id ? product : item));
}

/**
 * Mutation of the Products tab's Featured toggle (docs/product.md#states-and-transitions: flips isFeatured and reloads the
 * featured list). The switch flips at once and goes back if the server refuses.
 */
export function useToggleFeatured() {
  const queryClient = useQueryClient();
  const catalogChanged = useCatalogSync();
  return useMutation({
    mutationFn: toggleFeatured,
    onMutate: async (productId) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.products });
      const previous = queryClient.getQueryData<Product[]>(adminKeys.products);
      queryClient.setQueryData<Product[]>(adminKeys.products, (list) =>
        list?.map((item) => (item._id === productId ? { ...item, isFeatured: !item.isFeatured } : item)),
      );
      return { previous };
    },
    onError: (_error, _productId, context) => {
      if (context?.previous) queryClient.setQueryData(adminKeys.products, context.previous);
    },
    onSuccess: (product) => {
      queryClient.setQueryData<Product[]>(adminKeys.products, (list) => replaceProduct(list, product));
    },
    onSettled: () => catalogChanged('products'),
  });
}
