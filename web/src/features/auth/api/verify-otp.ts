import type { User, UserResponse, MessageResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUTH_USER_KEY } from './auth-check';

/**
 * `POST /api/auth/verify/otp` with `{otp}` → the signed-in user (docs/product.md#api; docs/product.md#states-and-transitions: OTP
 * verification sets the user).
 * @throws ApiError for a wrong, expired or spent code.
 */
async function verifyOtp(otp: string): Promise<User> {
  const { user } = await api<UserResponse>('/auth/verify/otp', { method: 'POST', body: { otp } });
  return user;
}

/** Mutation that verifies the code and stores the user. */
export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: (user) => {
      queryClient.setQueryData(AUTH_USER_KEY, user);
    },
  });
}

/**
 * `POST /api/auth/resend-otp` with `{}`: a new code for the account the `otp_session` cookie
 * names (docs/product.md#sign-up; 60 s cooldown, a 429 inside it). The cookie, set at sign-up or an
 * unverified sign-in, goes with every tab of the browser, so Resend works in any of them, and it
 * is the account verification checks (docs/decisions/005).
 * @throws ApiError 400 when no sign-up is pending in this browser, 429 inside the cooldown or
 *   over the abuse limits.
 */
async function resendOtp(): Promise<void> {
  await api<MessageResponse>('/auth/resend-otp', { method: 'POST', body: {} });
}

/** Mutation wrapper of `resendOtp`. */
export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
