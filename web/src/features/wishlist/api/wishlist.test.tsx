import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { makeProduct, makeUser, testQueryClient } from '../../../test/render';
import { recommendedProductsQuery } from '../../catalog/api/recommended-products';
import { useToggleWishlist, WISHLIST_KEY } from './wishlist';

const saree = makeProduct();
const frock = makeProduct({ _id: '1c7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e11', name: 'Ball Frock' });

function setup() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(WISHLIST_KEY, [saree]);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useToggleWishlist(), { wrapper });
  return { queryClient, result };
}

describe('wishlist toggle (docs/product.md#states-and-transitions Wishlist toggle)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is applied at once, then replaced by the server’s list', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const calls = mockApi({ 'POST /wishlist': () => new Promise((resolve) => (answer = resolve)) });
    const { queryClient, result } = setup();
    act(() => result.current.mutate(frock));
    await waitFor(() => expect(queryClient.getQueryData(WISHLIST_KEY)).toEqual([saree, frock]));
    expect(calls[0]).toEqual({ method: 'POST', path: '/wishlist', body: { productId: frock._id } });
    await act(async () => answer({ status: 200, body: { products: [frock] } }));
    await waitFor(() => expect(queryClient.getQueryData(WISHLIST_KEY)).toEqual([frock]));
  });

  it('takes a product out at once', async () => {
    mockApi({ 'POST /wishlist': () => new Promise(() => {}) });
    const { queryClient, result } = setup();
    act(() => result.current.mutate(saree));
    await waitFor(() => expect(queryClient.getQueryData(WISHLIST_KEY)).toEqual([]));
  });

  it('marks the signed-in shopper’s recommendations stale once the server took the toggle (docs/product.md#recommendations)', async () => {
    mockApi({ 'POST /wishlist': () => ({ status: 200, body: { products: [saree, frock] } }) });
    const { queryClient, result } = setup();
    const recommended = recommendedProductsQuery(makeUser()._id).queryKey;
    queryClient.setQueryData(recommended, [saree]);
    expect(queryClient.getQueryState(recommended)?.isInvalidated).toBe(false);
    act(() => result.current.mutate(frock));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryState(recommended)?.isInvalidated).toBe(true);
  });

  it('empties the wishlist when the server refuses', async () => {
    mockApi({ 'POST /wishlist': () => ({ status: 500, body: { message: 'boom', code: 'internal' } }) });
    const { queryClient, result } = setup();
    act(() => result.current.mutate(frock));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(WISHLIST_KEY)).toEqual([]);
  });
});
