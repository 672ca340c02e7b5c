import type { Product, ProductListResponse } from '@thaiyal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
// A deliberate exception to "a feature never imports another feature" (docs/architecture.md#code-shape): the toggle
// is used from every product card and the detail page, so the recommendations it makes stale
// are refreshed here, with the catalog's own key, not by each page.
import { RECOMMENDATIONS_KEY } from '../../../lib/query-keys';
import { WISHLIST_KEY } from '../../../lib/query-keys';

export { WISHLIST_KEY };

/**
 * `GET /api/wishlist` → the wishlist's products; a failure gives an empty list
 * (docs/product.md#messages: wishlist load failure gives an empty list).
 */
async function fetchWishlist(): Promise<Product[]> {
  try {
    const { products } = await api<ProductListResponse>('/wishlist');
    return products;
  } catch {
    return [];
  }
}

/** Query options of the wishlist. */
const wishlistQuery = queryOptions({ queryKey: WISHLIST_KEY, queryFn: fetchWishlist });

/** The wishlist as a query, fetched only for a signed-in user. */
export function useWishlist(signedIn: boolean) {
  return useQuery({ ...wishlistQuery, enabled: signedIn });
}

/**
 * `POST /api/wishlist` with `{productId}`: toggles it and answers the new list (docs/product.md#api).
 * @throws ApiError.
 */
export async function toggleWishlist(productId: string): Promise<Product[]> {
  const { products } = await api<ProductListResponse>('/wishlist', { method: 'POST', body: { productId } });
  return products;
}

/**
 * Keep the wishlist the server answered, and mark the recommendations (which draw on it) stale
 * so they are fetched again at once (docs/product.md#recommendations).
 */
export function storeWishlist(queryClient: QueryClient, products: Product[]): void {
  queryClient.setQueryData(WISHLIST_KEY, products);
  void queryClient.invalidateQueries({ queryKey: RECOMMENDATIONS_KEY });
}

/**
 * Wishlist toggle per docs/product.md#states-and-transitions: applied at once, then replaced by the server's list; on
 * failure the wishlist is emptied. Takes the whole product so the optimistic list can show it.
 * A toggle the server took marks the recommendations (For You, 'Tailored for You') stale so
 * they are fetched again at once, not after the 60 s stale time (docs/product.md#recommendations).
 */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Product) => toggleWishlist(product._id),
    onMutate: async (product) => {
      await queryClient.cancelQueries({ queryKey: WISHLIST_KEY });
      const current = queryClient.getQueryData<Product[]>(WISHLIST_KEY) ?? [];
      const next = current.some((item) => item._id === product._id)
        ? current.filter((item) => item._id !== product._id)
        : [...current, product];
      queryClient.setQueryData(WISHLIST_KEY, next);
    },
    onSuccess: (products) => storeWishlist(queryClient, products),
    onError: () => {
      queryClient.setQueryData(WISHLIST_KEY, []);
    },
  });
}
