import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Sign-up body (SPEC §5 Sign-up). */
export interface SignupInput {
  username: string;
  email: string;
  password: string;
}

/** sessionStorage key holding the e-mail awaiting its one-time code, for 'Resend OTP'. */
export const PENDING_EMAIL_KEY = 'thaiyal.pendingEmail';

/**
 * `POST /api/auth/signup`: creates an unverified account and mails a one-time code. It does
 * not sign in (SPEC §4); the caller goes on to /otp.
 * @throws ApiError 409 for an e-mail already in use.
 */
export async function signup(input: SignupInput): Promise<void> {
  await api<unknown>('/auth/signup', { method: 'POST', body: input });
}

/** Mutation wrapper of `signup`; remembers the e-mail for the OTP screen. */
export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: (_data, input) => rememberPendingEmail(input.email),
  });
}

/** Keeps the e-mail awaiting its one-time code for this tab, so 'Resend OTP' can name it. */
export function rememberPendingEmail(email: string): void {
  try {
    sessionStorage.setItem(PENDING_EMAIL_KEY, email);
  } catch {
    // Storage may be refused; resending then sends an empty e-mail and the server says so.
  }
}
