import type { User, UserResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { keepOwner } from '../../../lib/owner-day';
import { AUTH_USER_KEY } from './auth-check';

/** Sign-in body (docs/product.md#validation Sign-in). */
export interface SigninInput {
  email: string;
  password: string;
}

/**
 * `POST /api/auth/signin` → the user (docs/product.md#api).
 * @throws ApiError with the server's message (wrong credentials, unverified account, 429).
 */
async function signin(input: SigninInput): Promise<User> {
  const { user } = await api<UserResponse>('/auth/signin', { method: 'POST', body: input });
  return user;
}

/** Mutation that signs in and stores the user in the auth query (docs/product.md#states-and-transitions: sign-in sets the user). */
export function useSignin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signin,
    onSuccess: (user) => {
      queryClient.setQueryData(AUTH_USER_KEY, user);
      // The owner's dashboard opens offline with her kept account (docs/decisions/024-owners-day-offline.md#opening-the-dashboard-offline).
      keepOwner(user);
    },
  });
}
