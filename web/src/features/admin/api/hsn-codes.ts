import type { HsnCodes, HsnCodesBody } from '@thaiyal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN_KEY } from './keys';

/** The HSN codes' query key. */
const HSN_CODES_KEY = [...ADMIN_KEY, 'hsn-codes'] as const;

/** `GET /api/admin/hsn-codes` → every category's HSN code, null where none (docs/product.md#hsn-codes). @throws ApiError. */
const hsnCodesQuery = queryOptions({
  queryKey: HSN_CODES_KEY,
  queryFn: () => api<HsnCodes>('/admin/hsn-codes'),
  staleTime: 0,
});

/** The categories' HSN codes as a query (the Lead times tab's HSN section). */
export function useHsnCodes() {
  return useQuery(hsnCodesQuery);
}

/**
 * `PUT /api/admin/hsn-codes` with the categories' codes (null clears one) → every category's code,
 * put in the query; the next bill prints them (docs/product.md#hsn-codes).
 * @throws ApiError: 400 a code not of 4, 6 or 8 digits or an unknown category.
 */
export function useSaveHsnCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HsnCodesBody) => api<HsnCodes>('/admin/hsn-codes', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(HSN_CODES_KEY, saved),
  });
}
