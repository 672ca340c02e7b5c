import type { User, UserResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiStatus } from '../../../lib/api';
import { useHydrated } from '../../../lib/hydration';
import { keepOwner, keptOwner } from '../../../lib/owner-day';
import { AUTH_USER_KEY } from '../../../lib/query-keys';

export { AUTH_USER_KEY };

/**
 * `GET /api/auth/check` → the signed-in user, or null for a visitor (a 401 means visitor;
 * docs/product.md#screens: on start the product checks authentication). Without a connection, the
 * admin account kept on this phone, so the owner's dashboard opens offline
 * (docs/decisions/024-owners-day-offline.md#opening-the-dashboard-offline).
 * @throws ApiError for any other failure, and for no connection when no admin account is kept.
 */
async function fetchAuthUser(): Promise<User | null> {
  try {
    const { user } = await api<UserResponse>('/auth/check');
    keepOwner(user);
    return user;
  } catch (error) {
    if (isApiStatus(error, 401)) {
      keepOwner(null);
      return null;
    }
    const kept = isApiStatus(error, 0) ? keptOwner<User>() : undefined;
    if (kept) return kept;
    throw error;
  }
}

/** Query options of the auth check; the answer holds until sign-in, logout or expiry change it. */
export const authUserQuery = queryOptions({
  queryKey: AUTH_USER_KEY,
  queryFn: fetchAuthUser,
  staleTime: 5 * 60_000,
  // Asked once even offline (not paused until the connection returns), so the kept admin account can answer.
  networkMode: 'offlineFirst',
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
