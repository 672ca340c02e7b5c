import type { MeasurementProfile, ProfileListResponse, ReferencePictureResponse } from '@thaiyal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { MEASUREMENTS_KEY } from '../../../lib/query-keys';

/** `GET /api/measurements` → the shopper's measurement profiles, for the "for whom" choice (docs/product.md#stitching-details). */
export const checkoutProfilesQuery = queryOptions({
  queryKey: MEASUREMENTS_KEY,
  queryFn: async (): Promise<MeasurementProfile[]> => (await api<ProfileListResponse>('/measurements')).profiles,
});

// The visit calendar is shared with trial and delivery visits (docs/product.md#trial-and-delivery-visits).
export { visitSlotsQuery } from '../../../lib/visit-days';

/**
 * `POST /api/orders/reference-pictures` (multipart, `picture`) → `{id, url}` of the stored
 * picture (docs/product.md#stitching-details). @throws ApiError: 413 too large, 415 not an
 * image, 429 too many.
 */
export async function uploadReferencePicture(file: File): Promise<ReferencePictureResponse['picture']> {
  const form = new FormData();
  form.append('picture', file);
  const { picture } = await api<ReferencePictureResponse>('/orders/reference-pictures', { method: 'POST', body: form });
  return picture;
}
