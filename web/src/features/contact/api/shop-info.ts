import type { ShopInfo } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `GET /api/shop-info` → the shop's phone, WhatsApp, e-mail, social and portfolio links, as
 * the server's configuration sets them (docs/product.md#contact). @throws ApiError.
 */
async function fetchShopInfo(): Promise<ShopInfo> {
  return api<ShopInfo>('/shop-info');
}

/** Query options of the shop's contact points: configuration, so fetched once a visit. */
export const shopInfoQuery = queryOptions({ queryKey: ['shop-info'], queryFn: fetchShopInfo, staleTime: Infinity });

/** The shop's contact points as a query (footer, drawer, contact page). */
export function useShopInfo() {
  return useQuery(shopInfoQuery);
}
