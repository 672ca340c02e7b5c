import type { Banner, BannerListResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/banner` → the home carousel's banners (docs/product.md#api). @throws ApiError. */
async function fetchBanners(): Promise<Banner[]> {
  const { banners } = await api<BannerListResponse>('/banner');
  return banners;
}

/** Query options of the banners; banner uploads (a later issue) invalidate them. */
export const bannersQuery = queryOptions({ queryKey: ['banners'], queryFn: fetchBanners });

/** The banners as a query. */
export function useBanners() {
  return useQuery(bannersQuery);
}
