import type { AdminProductListResponse, Product } from '@thaiyal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { mapPages, type Pages } from '../../../lib/paged';
import { adminKeys } from './keys';

/**
 * Edits the products of every loaded page of the Products tab, whatever its search, without
 * fetching any (docs/product.md#lists-by-page): `edit` answers the product to show in place of
 * one, or null to take it out.
 */
export function editAdminProducts(queryClient: QueryClient, edit: (product: Product) => Product | null): void {
  queryClient.setQueriesData<Pages<AdminProductListResponse>>({ queryKey: adminKeys.products }, (data) =>
    mapPages(data, (page) => ({
      ...page,
      products: page.products.flatMap((product) => {
        const edited = edit(product);
        return edited ? [edited] : [];
      }),
    })),
  );
}

/** The product `productId` as a loaded page of the Products tab holds it, if one does. */
export function listedAdminProduct(queryClient: QueryClient, productId: string): Product | undefined {
  for (const [, data] of queryClient.getQueriesData<Pages<AdminProductListResponse>>({ queryKey: adminKeys.products })) {
    const found = data?.pages.flatMap((page) => page.products).find((product) => product._id === productId);
    if (found) return found;
  }
  return undefined;
}
