import type { CommentBody, Product } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productKey } from '../../../lib/query-keys';

/**
 * `POST /api/comment` with `{productId, userComment, stars}` → the product with its new review
 * (docs/product.md#api). The server accepts it only from a shopper with a delivered order holding the
 * product (docs/architecture.md#http-api), otherwise a 403.
 * @throws ApiError.
 */
async function postComment(input: CommentBody): Promise<Product | null> {
  const body = await api<{ product?: Product }>('/comment', { method: 'POST', body: input });
  return body?.product ?? null;
}

/** A review as the page sends it, with the name it is shown under until the server answers. */
export interface ReviewInput extends CommentBody {
  /** The signed-in shopper's username, shown on the optimistic review. */
  username: string;
}

/** What the product's cache held before the optimistic review, for the rollback. */
interface ReviewSnapshot {
  previous: Product | 'unavailable' | null | undefined;
}

/**
 * A review (docs/product.md#states-and-transitions Product comments): shown at once on the
 * product's page (its cached product gains the review, `createdAt` now), sent as
 * `POST /api/comment`, then replaced by the product the server answers. If the server refuses
 * (a 403 without a delivered order), the product goes back to what it was; the caller's own
 * `onError` says so.
 */
export function usePostComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username: _username, ...body }: ReviewInput) => postComment(body),
    onMutate: async ({ productId, username, userComment, stars }): Promise<ReviewSnapshot> => {
      const key = productKey(productId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Product | 'unavailable' | null>(key);
      if (previous && previous !== 'unavailable') {
        const review = { username, comment: userComment, stars: stars ?? null, createdAt: new Date().toISOString() };
        queryClient.setQueryData<Product>(key, { ...previous, reviews: [...previous.reviews, review] });
      }
      return { previous };
    },
    onSuccess: (updated, { productId }) => {
      if (updated) queryClient.setQueryData(productKey(productId), updated);
    },
    onError: (_error, { productId }, snapshot) => {
      queryClient.setQueryData(productKey(productId), snapshot?.previous);
    },
  });
}
