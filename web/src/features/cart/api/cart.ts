import type { CartResponse } from '@thaiyal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
// A deliberate exception to "a feature never imports another feature" (docs/architecture.md#code-shape): cart writes
// come from the product and cart pages, so the recommendations they make stale are refreshed
// here, with the catalog's own key, not by each page.
import { RECOMMENDATIONS_KEY } from '../../../lib/query-keys';
import { CART_KEY } from '../../../lib/query-keys';

export { CART_KEY };

/**
 * Every cart write shares this mutation scope, so TanStack Query sends them one at a time in
 * the order they were made (the last quantity clicked is the one the server keeps), while each
 * one's optimistic update still shows at once.
 */
const CART_SCOPE = { id: 'cart' } as const;
const CART_MUTATION_KEY = ['cart', 'write'] as const;

/** A signed-in shopper's recommendations draw on the cart (docs/product.md#recommendations): fetched again at once, not after the 60 s stale time. */
function refreshRecommendations(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: RECOMMENDATIONS_KEY });
}

/** `GET /api/cart` → lines and total (docs/architecture.md#http-api cart). @throws ApiError (401 when signed out). */
async function fetchCart(): Promise<CartResponse> {
  return api<CartResponse>('/cart');
}

/** Query options of the cart. */
const cartQuery = queryOptions({ queryKey: CART_KEY, queryFn: fetchCart });

/**
 * The cart as a query, fetched only for a signed-in user (docs/product.md#header: the badge counts
 * lines of a signed-in user's cart).
 */
export function useCart(signedIn: boolean) {
  return useQuery({ ...cartQuery, enabled: signedIn });
}

/**
 * `POST /api/cart` with `{productId}` → the new cart (docs/product.md#api); 409 at 10 of one product.
 * @throws ApiError; the caller shows 'An error occurred while adding to the cart' (docs/product.md#messages).
 */
async function addToCart(productId: string): Promise<CartResponse> {
  return api<CartResponse>('/cart', { method: 'POST', body: { productId } });
}

/**
 * `PUT /api/cart/{productId}` with `{quantity}` (0 to 10; 0 removes the line) → the new cart.
 * @throws ApiError (404 when the line is not in the cart, 400 out of range).
 */
async function setCartQuantity(input: { productId: string; quantity: number }): Promise<CartResponse> {
  return api<CartResponse>(`/cart/${encodeURIComponent(input.productId)}`, {
    method: 'PUT',
    body: { quantity: input.quantity },
  });
}

/** `DELETE /api/cart` with `{productId}` in the body → the new cart (docs/product.md#api). @throws ApiError. */
async function removeFromCart(productId: string): Promise<CartResponse> {
  return api<CartResponse>('/cart', { method: 'DELETE', body: { productId } });
}

/**
 * Mutation that adds one product, stores the cart the server answers and refreshes the
 * recommendations (docs/product.md#recommendations).
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MUTATION_KEY,
    scope: CART_SCOPE,
    mutationFn: addToCart,
    onSuccess: (cart) => {
      acceptServerCart(queryClient, cart);
      refreshRecommendations(queryClient);
    },
  });
}

/**
 * The cart with one line's quantity changed and the total recomputed (docs/product.md#states-and-transitions Cart: quantity 0
 * removes the line). Totals are summed in paise, as the server does.
 */
function withQuantity(cart: CartResponse, productId: string, quantity: number): CartResponse {
  const items =
    quantity <= 0
      ? cart.items.filter((item) => item._id !== productId)
      : cart.items.map((item) => (item._id === productId ? { ...item, quantity } : item));
  const totalPaise = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return { items, total: totalPaise / 100 };
}

/**
 * Stores the server's cart unless another cart write is still queued: a later write's
 * optimistic state must not flicker back to this earlier answer; the last answer settles it.
 */
function acceptServerCart(queryClient: QueryClient, cart: CartResponse): void {
  if (queryClient.isMutating({ mutationKey: CART_MUTATION_KEY }) <= 1) queryClient.setQueryData(CART_KEY, cart);
}

/** What an optimistic cart write remembers for its rollback. */
interface CartSnapshot {
  previous: CartResponse | undefined;
}

function optimisticCartWrite<TInput>(
  queryClient: QueryClient,
  mutationFn: (input: TInput) => Promise<CartResponse>,
  apply: (cart: CartResponse, input: TInput) => CartResponse,
  onRollback: () => void,
  /** Whether this write adds or removes a line (which changes the recommendations). */
  changesLines: (input: TInput) => boolean,
) {
  return {
    mutationKey: CART_MUTATION_KEY,
    scope: CART_SCOPE,
    mutationFn,
    onMutate: async (input: TInput): Promise<CartSnapshot> => {
      await queryClient.cancelQueries({ queryKey: CART_KEY });
      const previous = queryClient.getQueryData<CartResponse>(CART_KEY);
      if (previous) queryClient.setQueryData(CART_KEY, apply(previous, input));
      return { previous };
    },
    onSuccess: (cart: CartResponse, input: TInput) => {
      acceptServerCart(queryClient, cart);
      if (changesLines(input)) refreshRecommendations(queryClient);
    },
    onError: (_error: unknown, _input: TInput, snapshot: CartSnapshot | undefined) => {
      if (snapshot?.previous) queryClient.setQueryData(CART_KEY, snapshot.previous);
      onRollback();
    },
  };
}

/**
 * A quantity change (docs/product.md#states-and-transitions Cart): shown at once, sent as `PUT /api/cart/{id}`, replaced by
 * the server's cart; if the server refuses, the cart goes back to what it was and `onRollback`
 * runs (the caller shows 'Server slow, please try later', docs/product.md#messages). Quantity 0 removes the line
 * and refreshes the recommendations (docs/product.md#recommendations).
 */
export function useSetCartQuantity(onRollback: () => void) {
  const queryClient = useQueryClient();
  return useMutation(
    optimisticCartWrite(
      queryClient,
      setCartQuantity,
      (cart, input) => withQuantity(cart, input.productId, input.quantity),
      onRollback,
      (input) => input.quantity <= 0,
    ),
  );
}

/**
 * Remove a line (docs/product.md#cart: Remove): gone at once, sent as `DELETE /api/cart`, rolled back
 * with `onRollback` if the server refuses; once removed, the recommendations are refreshed
 * (docs/product.md#recommendations).
 */
export function useRemoveFromCart(onRollback: () => void) {
  const queryClient = useQueryClient();
  return useMutation(
    optimisticCartWrite(
      queryClient,
      removeFromCart,
      (cart, productId) => withQuantity(cart, productId, 0),
      onRollback,
      () => true,
    ),
  );
}
