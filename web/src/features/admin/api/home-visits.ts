import type { AdminServiceArea, AreaRequestList, ServiceAreaBody, VisitSettings, VisitSettingsBody } from '@thaiyal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN_KEY } from './keys';

/** Query keys of the Visit times and Service area tabs (docs/product.md#admin-dashboard). */
const visitKeys = {
  settings: [...ADMIN_KEY, 'visit-slots'],
  serviceArea: [...ADMIN_KEY, 'service-area'],
  requests: (pinCode: string) => [...ADMIN_KEY, 'service-area', 'requests', pinCode],
} as const;

/** `GET /api/admin/visit-slots` → the slots, closed weekdays and closed dates (docs/product.md#home-visit-slot). @throws ApiError. */
const visitSettingsQuery = queryOptions({
  queryKey: visitKeys.settings,
  queryFn: () => api<VisitSettings>('/admin/visit-slots'),
  staleTime: 0,
});

/** The visit settings as a query (the Visit times tab). */
export function useVisitSettings() {
  return useQuery(visitSettingsQuery);
}

/**
 * `PUT /api/admin/visit-slots` with the whole setting → the setting as saved, put in the query.
 * Shoppers' `GET /api/visit-slots` answers it at once (docs/product.md#home-visit-slot).
 * @throws ApiError: 400 with the first failing rule's message (a time, a capacity, a date).
 */
export function useSaveVisitSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitSettingsBody) => api<VisitSettings>('/admin/visit-slots', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(visitKeys.settings, saved),
  });
}

/** `GET /api/admin/service-area` → the served pin codes and the requests counted per pin code (docs/product.md#service-area). */
const serviceAreaQuery = queryOptions({
  queryKey: visitKeys.serviceArea,
  queryFn: () => api<AdminServiceArea>('/admin/service-area'),
  staleTime: 0,
});

/** The service area as a query (the Service area tab). */
export function useAdminServiceArea() {
  return useQuery(serviceAreaQuery);
}

/**
 * `PUT /api/admin/service-area` with the whole list of served pin codes → the service area as
 * saved, put in the query. @throws ApiError: 400 a pin code, a missing area name or a pin code twice.
 */
export function useSaveServiceArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceAreaBody) => api<AdminServiceArea>('/admin/service-area', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(visitKeys.serviceArea, saved),
  });
}

/**
 * `GET /api/admin/service-area/requests?pinCode=` → who asked to be told about one pin code
 * (a phone's 10 digits or an e-mail), newest first; fetched when the admin opens that list.
 */
export function useAreaRequests(pinCode: string, enabled: boolean) {
  return useQuery({
    queryKey: visitKeys.requests(pinCode),
    queryFn: () => api<AreaRequestList>(`/admin/service-area/requests?pinCode=${encodeURIComponent(pinCode)}`),
    enabled,
    staleTime: 0,
  });
}
