import type { AddressBody, User, UserResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUTH_USER_KEY } from './auth-check';

/**
 * `POST /api/auth/address` with the address (docs/product.md#api; city and state are set by the server)
 * → the user with the saved address.
 * @throws ApiError: 400 with docs/product.md#validation first failing check, 401 when signed out.
 */
async function saveAddress(body: AddressBody): Promise<User> {
  const { user } = await api<UserResponse>('/auth/address', { method: 'POST', body });
  return user;
}

/** Mutation that saves the address and puts the updated user in the auth query. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: (user) => {
      queryClient.setQueryData(AUTH_USER_KEY, user);
    },
  });
}
