import type { SignupResponse } from '@thaiyal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Sign-up body (docs/product.md#validation Sign-up). */
export interface SignupInput {
  username: string;
  email: string;
  password: string;
}

/**
 * `POST /api/auth/signup`: creates an unverified account, mails a one-time code and sets the
 * `otp_session` cookie that names the account for verify and resend in every tab. It does not
 * sign in (docs/product.md#states-and-transitions); the caller goes on to /otp.
 * @throws ApiError 409 for an e-mail already in use, 400 bad input, 429 too many attempts,
 *   503 when the code could not be mailed.
 */
async function signup(input: SignupInput): Promise<void> {
  await api<SignupResponse>('/auth/signup', { method: 'POST', body: input });
}

/** Mutation wrapper of `signup`. */
export function useSignup() {
  return useMutation({ mutationFn: signup });
}
