import type { LeadTimes } from '@thaiyal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN_KEY } from './keys';

/** The Lead times tab's query key. */
const LEAD_TIMES_KEY = [...ADMIN_KEY, 'lead-times'] as const;

/** `GET /api/admin/lead-times` → days of work per garment group and garments finished per day (docs/product.md#dates-a-tailor-promises). @throws ApiError. */
const leadTimesQuery = queryOptions({
  queryKey: LEAD_TIMES_KEY,
  queryFn: () => api<LeadTimes>('/admin/lead-times'),
  staleTime: 0,
});

/** The shop's lead times as a query (the Lead times tab). */
export function useLeadTimes() {
  return useQuery(leadTimesQuery);
}

/**
 * `PUT /api/admin/lead-times` with the whole setting → the setting as saved, put in the query; the
 * next quote and order use it (docs/product.md#dates-a-tailor-promises).
 * @throws ApiError: 400 with the first failing rule's message (days 1 to 90, capacity 1 to 200).
 */
export function useSaveLeadTimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadTimes) => api<LeadTimes>('/admin/lead-times', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(LEAD_TIMES_KEY, saved),
  });
}
