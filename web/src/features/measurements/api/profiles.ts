import type { LengthUnit, MeasurementProfile, Measurements, ProfileListResponse, ProfileResponse } from '@thaiyal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { MEASUREMENTS_KEY } from '../../../lib/query-keys';

/**
 * `GET /api/measurements` → the signed-in shopper's measurement profiles, oldest first
 * (docs/product.md#measurement-profiles). @throws ApiError (401 signed out).
 */
async function fetchProfiles(): Promise<MeasurementProfile[]> {
  const { profiles } = await api<ProfileListResponse>('/measurements');
  return profiles;
}

/** Query options of the shopper's measurement profiles (also read once by "Order again" on My Orders, to find a profile by name). */
export const profilesQuery = queryOptions({ queryKey: MEASUREMENTS_KEY, queryFn: fetchProfiles });

/** The shopper's measurement profiles as a query (the account page; the stitching details' picker). */
export function useProfiles() {
  return useQuery(profilesQuery);
}

/** What the profile form saves: a new profile (no `id`) or the changed one, values in whole millimetres, and the unit she typed them in. */
export interface ProfileInput {
  id?: string;
  name: string;
  unit: LengthUnit;
  measurements: Measurements;
}

/**
 * `POST /api/measurements` (new) or `PUT /api/measurements/:id` (changed; replaces every
 * measurement) → the profile as saved; the list is reloaded after.
 * @throws ApiError: 400 a name or a value out of range (the server's message names it), 404 a
 *   profile deleted meanwhile, 409 a name already used or the limit of profiles reached.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: ProfileInput) => {
      const path = id ? `/measurements/${encodeURIComponent(id)}` : '/measurements';
      const { profile } = await api<ProfileResponse>(path, { method: id ? 'PUT' : 'POST', body });
      return profile;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
  });
}

/**
 * `DELETE /api/measurements/:id` → the profiles left, put in the query at once. Placed orders
 * keep their copy of the measurements (docs/product.md#measurement-profiles).
 * @throws ApiError: 404 already deleted.
 */
export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { profiles } = await api<ProfileListResponse>(`/measurements/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return profiles;
    },
    onSuccess: (profiles) => queryClient.setQueryData(MEASUREMENTS_KEY, profiles),
    onError: () => queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
  });
}
