import type { ShopInfo, ShopTrust } from '@thaiyal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { seedCatalog } from '../features/catalog/api/page-data';
import { shopInfoQuery } from '../features/contact/api/shop-info';
import { shopTrustQuery } from '../features/contact/api/shop-trust';
import { readPageData } from '../lib/page-data';

/**
 * Seeds the query cache with the API answers a page is drawn from (keyed by API path without
 * `/api`, each the API's own body; contract/src/pages.ts `data`): the catalog's (features/catalog
 * `seedCatalog`), the shop's contact points (`/shop-info`, on every page, for the footer) and
 * who is behind the shop (`/shop/trust`, on home).
 * The server seeds its render with them and puts the same answers into the page, and the
 * browser seeds its cache from there (`seedFromPage`), so both draw the same page and the
 * browser asks the API for none of it again (docs/architecture.md#rendering).
 */
export function seedPageData(queryClient: QueryClient, data: Record<string, unknown>): void {
  seedCatalog(queryClient, data);
  const shop = data['/shop-info'];
  if (shop && typeof shop === 'object' && 'phone' in shop && 'social' in shop) {
    queryClient.setQueryData(shopInfoQuery.queryKey, shop as ShopInfo);
  }
  const trust = data['/shop/trust'];
  if (trust && typeof trust === 'object' && 'reviewCount' in trust && 'deliveredCount' in trust) {
    queryClient.setQueryData(shopTrustQuery.queryKey, trust as ShopTrust);
  }
}

/** {@link seedPageData} with the answers the server put into this page. Call once, before the first render. */
export function seedFromPage(queryClient: QueryClient, doc: Document = document): void {
  seedPageData(queryClient, readPageData(doc));
}
