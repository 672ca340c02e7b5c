import type { User } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUTH_USER_KEY } from './auth-check';
import { PENDING_EMAIL_KEY } from './signup';

/**
 * `POST /api/auth/verify/otp` with `{otp}` → the signed-in user (SPEC §7; §4: OTP
 * verification sets the user).
 * @throws ApiError for a wrong, expired or spent code.
 */
export async function verifyOtp(otp: string): Promise<User> {
  const { user } = await api<{ user: User }>('/auth/verify/otp', { method: 'POST', body: { otp } });
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
 * `POST /api/auth/resend-otp` with the pending e-mail: a new code (issue "Accounts" §1;
 * 60 s cooldown, a 429 inside it).
 * @throws ApiError when no sign-up is pending or the cooldown has not passed.
 */
export async function resendOtp(): Promise<void> {
  await api<unknown>('/auth/resend-otp', { method: 'POST', body: { email: pendingEmail() } });
}

function pendingEmail(): string {
  try {
    return sessionStorage.getItem(PENDING_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Mutation wrapper of `resendOtp`. */
export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
