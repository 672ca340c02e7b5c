import type { MessageResponse } from '@thaiyal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `POST /api/auth/forgot` with `{email}`: mails a reset link; the answer is the same whether
 * or not the e-mail has an account (docs/product.md#forgot-and-reset-password).
 * @throws ApiError on bad input or too many attempts.
 */
async function requestPasswordReset(email: string): Promise<void> {
  await api<MessageResponse>('/auth/forgot', { method: 'POST', body: { email } });
}

/** Mutation wrapper of `requestPasswordReset`. */
export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
