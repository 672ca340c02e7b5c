import type { MessageResponse } from '@thaiyal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `PUT /api/auth/reset/{token}` with `{password}` (docs/product.md#api).
 * @throws ApiError for an unknown, spent or expired token, or a too-short password.
 */
async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await api<MessageResponse>(`/auth/reset/${encodeURIComponent(input.token)}`, {
    method: 'PUT',
    body: { password: input.password },
  });
}

/** Mutation wrapper of `resetPassword`. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
