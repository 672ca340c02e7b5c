import type { CartResponse } from '@thaiyal/contract';
import { LIMITS } from '@thaiyal/contract/limits';
import { api, isApiStatus } from '../../../lib/api';

/**
 * Puts `quantity` of a product in the cart through the cart API (docs/product.md#my-orders,
 * "Order again"): `POST /api/cart {productId}` adds one (or one more), then, when the line then
 * holds fewer than `quantity`, `PUT /api/cart/{productId} {quantity}` raises it (at most 10, the
 * cart's cap, docs/product.md#cart). A line she already had with more is left as it was.
 * @returns the cart the server answered last, or `'gone'` when the shop no longer sells the
 *   product (404: deleted or hidden).
 * @throws ApiError for any other refusal (a network failure, 401 signed out).
 */
export async function putInCart(productId: string, quantity: number): Promise<CartResponse | 'gone'> {
  let cart: CartResponse;
  try {
    cart = await api<CartResponse>('/cart', { method: 'POST', body: { productId } });
  } catch (error) {
    if (isApiStatus(error, 404)) return 'gone';
    // 409: the line is already at the cap of 10, which holds the garments she ordered.
    if (isApiStatus(error, 409)) return api<CartResponse>('/cart');
    throw error;
  }
  const held = cart.items.find((item) => item._id === productId)?.quantity ?? 0;
  const wanted = Math.min(quantity, LIMITS.maxQuantity);
  if (held >= wanted) return cart;
  return api<CartResponse>(`/cart/${encodeURIComponent(productId)}`, { method: 'PUT', body: { quantity: wanted } });
}
