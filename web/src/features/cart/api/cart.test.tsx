import type { CartResponse } from '@thaiyal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { makeProduct, makeUser, testQueryClient } from '../../../test/render';
import { recommendedProductsQuery } from '../../catalog/api/recommended-products';
import { CART_KEY, useAddToCart, useRemoveFromCart, useSetCartQuantity } from './cart';

const saree = makeProduct();
const line = {
  _id: saree._id,
  name: saree.name,
  description: saree.description,
  images: saree.images,
  price: saree.price,
  quantity: 2,
  category: saree.category,
};
const cart: CartResponse = { items: [line], total: 2500 };
const recommended = recommendedProductsQuery(makeUser()._id).queryKey;

function setup<T>(hook: () => T) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(CART_KEY, cart);
  queryClient.setQueryData(recommended, [saree]);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(hook, { wrapper });
  return { queryClient, result };
}

function recommendationsStale(queryClient: ReturnType<typeof testQueryClient>) {
  return queryClient.getQueryState(recommended)?.isInvalidated;
}

describe('cart writes refresh the recommendations (docs/product.md#recommendations: they draw on the cart)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('after adding a product', async () => {
    mockApi({ 'POST /cart': () => ({ status: 200, body: { items: [{ ...line, quantity: 3 }], total: 3750 } }) });
    const { queryClient, result } = setup(() => useAddToCart());
    act(() => result.current.mutate(saree._id));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData(CART_KEY)).toEqual({ items: [{ ...line, quantity: 3 }], total: 3750 });
    expect(recommendationsStale(queryClient)).toBe(true);
  });

  it('after removing a line, or setting its quantity to 0', async () => {
    mockApi({
      'DELETE /cart': () => ({ status: 200, body: { items: [], total: 0 } }),
      'PUT /cart/*': () => ({ status: 200, body: { items: [], total: 0 } }),
    });
    const removed = setup(() => useRemoveFromCart(() => {}));
    act(() => removed.result.current.mutate(saree._id));
    await waitFor(() => expect(removed.result.current.isSuccess).toBe(true));
    expect(recommendationsStale(removed.queryClient)).toBe(true);

    const zeroed = setup(() => useSetCartQuantity(() => {}));
    act(() => zeroed.result.current.mutate({ productId: saree._id, quantity: 0 }));
    await waitFor(() => expect(zeroed.result.current.isSuccess).toBe(true));
    expect(recommendationsStale(zeroed.queryClient)).toBe(true);
  });

  it('not after a quantity change that keeps the line, nor after a refused write', async () => {
    mockApi({
      'PUT /cart/*': () => ({ status: 200, body: { items: [{ ...line, quantity: 3 }], total: 3750 } }),
      'POST /cart': () => ({ status: 409, body: { message: 'At most 10', code: 'conflict' } }),
    });
    const changed = setup(() => useSetCartQuantity(() => {}));
    act(() => changed.result.current.mutate({ productId: saree._id, quantity: 3 }));
    await waitFor(() => expect(changed.result.current.isSuccess).toBe(true));
    expect(recommendationsStale(changed.queryClient)).toBe(false);

    const refused = setup(() => useAddToCart());
    act(() => refused.result.current.mutate(saree._id));
    await waitFor(() => expect(refused.result.current.isError).toBe(true));
    expect(recommendationsStale(refused.queryClient)).toBe(false);
  });
});
