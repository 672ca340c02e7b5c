import type { CartResponse } from '@thaiyal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query key of the signed-in user's cart; logout removes it. */
export const CART_KEY = ['cart'] as const;

/** `GET /api/cart` → lines and total (DESIGN.md cart). @throws ApiError (401 when signed out). */
export async function fetchCart(): Promise<CartResponse> {
  return api<CartResponse>('/cart');
}

/** Query options of the cart. */
export const cartQuery = queryOptions({ queryKey: CART_KEY, queryFn: fetchCart });

/**
 * The cart as a query, fetched only for a signed-in user (SPEC §2 Header: the badge counts
 * lines of a signed-in user's cart).
 */
export function useCart(signedIn: boolean) {
  return useQuery({ ...cartQuery, enabled: signedIn });
}

/**
 * `POST /api/cart` with `{productId}` → the new cart (SPEC §7).
 * @throws ApiError; the caller shows 'An error occurred while adding to the cart' (SPEC §8).
 */
export async function addToCart(productId: string): Promise<CartResponse> {
  return api<CartResponse>('/cart', { method: 'POST', body: { productId } });
}

/** Mutation that adds one product and stores the cart the server answers. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(CART_KEY, cart);
    },
  });
}
