import type { AdminAlterationListResponse, AdminAlterationResponse, AlterationStatusBody } from '@thaiyal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN_KEY } from './keys';

/**
 * `GET /api/admin/alterations?status=open` → `{alterations}`: the free alterations not done yet,
 * oldest asked first (docs/product.md#free-alterations). Never cached stale: the Today tab shows what waits now.
 * @throws ApiError: 401/403 when not the admin.
 */
function openAlterationsQuery() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'alterations', 'open'],
    queryFn: () => api<AdminAlterationListResponse>('/admin/alterations?status=open'),
    staleTime: 0,
  });
}

/** The open alterations as a query (the Today tab). */
export function useOpenAlterations() {
  return useQuery(openAlterationsQuery());
}

/**
 * `PUT /api/admin/alterations/{id}` `{status}` → `{message, alteration}`: the next step (picked up,
 * then done); the server mails the customer.
 * @throws ApiError (404 unknown; 409 not the next step).
 */
async function moveAlteration({ id, ...body }: AlterationStatusBody & { id: string }): Promise<AdminAlterationResponse> {
  return api<AdminAlterationResponse>(`/admin/alterations/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** Mutation of "Mark picked up" / "Mark done": the open alterations and the orders are read again. */
export function useMoveAlteration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveAlteration,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
