import type { User, UserResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiStatus } from '../../../lib/api';
import { useHydrated } from '../../../lib/hydration';
import { AUTH_USER_KEY } from '../../../lib/query-keys';

export { AUTH_USER_KEY };

/**
 * `GET /api/auth/check` → the signed-in user, or null for a visitor (a 401 means visitor;
 * docs/product.md#screens: on start the product checks authentication).
 * @throws ApiError for any other failure.
 */
async function fetchAuthUser(): Promise<User | null> {
  try {
    const { user } = await api<UserResponse>('/auth/check');
    return user;
  } catch (error) {
    if (isApiStatus(error, 401)) return null;
    throw error;
  }
}

/** Query options of the auth check; the answer holds until sign-in, logout or expiry change it. */
export const authUserQuery = queryOptions({
  queryKey: AUTH_USER_KEY,
  queryFn: fetchAuthUser,
  staleTime: 5 * 60_000,
});

/**
 * The auth state of docs/product.md#states-and-transitions: `user` (null when signed out) and
 * whether it is still unknown (the check not answered yet). A page the server rendered asks
 * only once it is wholly hydrated (lib/hydration.ts): the server drew it with the check pending.
 */
export function useAuth(): { user: User | null; isLoading: boolean; isAdmin: boolean } {
  const hydrated = useHydrated();
  const query = useQuery({ ...authUserQuery, enabled: hydrated });
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAdmin: user?.role === 'admin' };
}
