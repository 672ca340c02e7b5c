import type { Product } from '@thaiyal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productKey } from '../../../lib/query-keys';
import { mockApi } from '../../../test/mock-api';
import { makeProduct, testQueryClient } from '../../../test/render';
import { usePostComment } from './comment';

const product = makeProduct();
const key = productKey(product._id);
const review = { productId: product._id, userComment: 'Lovely stitching', stars: 5, username: 'Meena' };

function setup() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(key, product);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => usePostComment(), { wrapper });
  return { queryClient, result };
}

describe('a review (docs/product.md#states-and-transitions Product comments)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows at once under her name, sends only the comment and stars, then takes the server’s product', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const calls = mockApi({ 'POST /comment': () => new Promise((resolve) => (answer = resolve)) });
    const { queryClient, result } = setup();
    act(() => result.current.mutate(review));
    await waitFor(() =>
      expect(queryClient.getQueryData<Product>(key)?.reviews).toEqual([
        { username: 'Meena', comment: 'Lovely stitching', stars: 5, createdAt: expect.any(String) },
      ]),
    );
    expect(calls).toEqual([
      { method: 'POST', path: '/comment', body: { productId: product._id, userComment: 'Lovely stitching', stars: 5 } },
    ]);
    const saved = {
      ...product,
      rating: { average: 5, count: 1 },
      reviews: [{ username: 'Meena', comment: 'Lovely stitching', stars: 5, createdAt: '2026-01-02T00:00:00.000Z' }],
    };
    await act(async () => answer({ status: 200, body: { product: saved } }));
    await waitFor(() => expect(queryClient.getQueryData(key)).toEqual(saved));
  });

  it('goes back to the product as it was when the server refuses', async () => {
    mockApi({ 'POST /comment': () => ({ status: 403, body: { message: 'Only after delivery', code: 'forbidden' } }) });
    const { queryClient, result } = setup();
    act(() => result.current.mutate(review));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(key)).toEqual(product);
  });
});
