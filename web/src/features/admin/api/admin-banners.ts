import type { Banner, BannerListResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/** `GET /api/banner` → every banner, for the Banners tab (docs/product.md#api). @throws ApiError. */
async function fetchAdminBanners(): Promise<Banner[]> {
  const { banners } = await api<BannerListResponse>('/banner');
  return banners;
}

/** Query options of the Banners tab's list. */
const adminBannersQuery = queryOptions({ queryKey: adminKeys.banners, queryFn: fetchAdminBanners, staleTime: 0 });

/** Every banner as a query (the Banners tab). */
export function useAdminBanners() {
  return useQuery(adminBannersQuery);
}
