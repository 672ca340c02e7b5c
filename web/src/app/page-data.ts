import type { ShopInfo } from '@thaiyal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { seedCatalog } from '../features/catalog/api/page-data';
import { shopInfoQuery } from '../features/contact/api/shop-info';
import { readPageData } from '../lib/page-data';

/**
 * Seeds the query cache with every API answer the server put into this page (docs/decisions/013-first-load.md): the catalog's (features/catalog `seedCatalog`) and the shop's contact
 * points (`/shop-info`, on every page, for the footer). Call once, before the first render.
 */
export function seedFromPage(queryClient: QueryClient, doc: Document = document): void {
  const data = readPageData(doc);
  seedCatalog(queryClient, data);
  const shop = data['/shop-info'];
  if (shop && typeof shop === 'object' && 'phone' in shop && 'social' in shop) {
    queryClient.setQueryData(shopInfoQuery.queryKey, shop as ShopInfo);
  }
}
