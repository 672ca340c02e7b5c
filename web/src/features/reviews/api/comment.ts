import type { Product } from '@thaiyal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `POST /api/comment` with `{productId, userComment, stars}` → the product with its new review
 * (docs/product.md#api). The server accepts it only from a shopper with a delivered order holding the
 * product (docs/architecture.md#http-api), otherwise a 403.
 * @throws ApiError.
 */
export async function postComment(input: { productId: string; userComment: string; stars: number }): Promise<Product | null> {
  const body = await api<{ product?: Product }>('/comment', { method: 'POST', body: input });
  return body?.product ?? null;
}

/** Mutation wrapper of `postComment`. */
export function usePostComment() {
  return useMutation({ mutationFn: postComment });
}
