import type { Banner, Product } from '@thaiyal/contract';
import { readListQuery } from '@thaiyal/contract/catalog';
import type { QueryClient } from '@tanstack/react-query';
import { bannersQuery } from './banners';
import { categoryProductsQuery } from './category-products';
import { featuredListQuery, featuredProductsQuery } from './featured-products';
import { productQuery } from './product';
import { recommendedProductsQuery } from './recommended-products';
import { searchProductsQuery } from './search-products';
import { tilePicturesQuery, type TilePictures } from './tile-pictures';

const CATEGORY_PATH = /^\/product\/category\/([^/?]+)(?:\?(.*))?$/;
const FEATURED_LIST_PATH = /^\/product\/featured\?(.+)$/;
const SEARCH_PATH = /^\/product\/search\?(.+)$/;
const PRODUCT_PATH = /^\/product\/([^/]+)$/;

/** Product lists the server may put into home, by API path, and the query each answers. */
const LISTS = {
  '/product/featured': featuredProductsQuery.queryKey,
  // A visitor's selection; a signed-in shopper's own is asked for once the session is known.
  '/product/recommend': recommendedProductsQuery(null).queryKey,
} as const;

/**
 * Seeds the query cache with the catalog answers the server put into the page
 * (docs/decisions/013-first-load.md; read by lib/page-data.ts `readPageData`): the first render shows the
 * banners, a category's cards or a product at once instead of 'Please wait...', with no request
 * after the JavaScript has run and no re-render when the answer would have come. Understood:
 * `/banner` → `{banners}`; `/product/tiles` → `{tiles}` (home's tile pictures);
 * `/product/featured`, `/product/recommend` (a visitor's),
 * `/product/category/{slug}`, and with a sort, price range or search (`?sort=&min=&max=`,
 * `/product/search?q=…`: docs/product.md#search) `/product/category/{slug}?…`, `/product/featured?…`
 * → `{products}`; `/product/{id}` → `{product}`, or `{product: null}`
 * for a product the catalog does not hold (`{product: null, unavailable: true}` for a hidden one). Other paths and answers of another shape are left
 * alone.
 */
export function seedCatalog(queryClient: QueryClient, data: Record<string, unknown>): void {
  for (const [path, body] of Object.entries(data)) {
    if (!body || typeof body !== 'object') continue;
    if (path === '/banner' && 'banners' in body && Array.isArray(body.banners)) {
      queryClient.setQueryData(bannersQuery.queryKey, body.banners as Banner[]);
      continue;
    }
    if (path === '/product/tiles') {
      const tiles = 'tiles' in body ? body.tiles : undefined;
      if (tiles && typeof tiles === 'object' && !Array.isArray(tiles)) {
        queryClient.setQueryData(tilePicturesQuery.queryKey, tiles as TilePictures);
      }
      continue;
    }
    if (path in LISTS) {
      if ('products' in body && Array.isArray(body.products)) {
        queryClient.setQueryData(LISTS[path as keyof typeof LISTS], body.products as Product[]);
      }
      continue;
    }
    const list = 'products' in body && Array.isArray(body.products) ? (body.products as Product[]) : undefined;
    const category = CATEGORY_PATH.exec(path);
    if (category && list) {
      queryClient.setQueryData(categoryProductsQuery(category[1]!, readListQuery(new URLSearchParams(category[2] ?? ''))).queryKey, list);
      continue;
    }
    const featured = FEATURED_LIST_PATH.exec(path);
    if (featured && list) {
      queryClient.setQueryData(featuredListQuery(readListQuery(new URLSearchParams(featured[1]))).queryKey, list);
      continue;
    }
    const search = SEARCH_PATH.exec(path);
    if (search && list) {
      queryClient.setQueryData(searchProductsQuery(readListQuery(new URLSearchParams(search[1]))).queryKey, list);
      continue;
    }
    const product = PRODUCT_PATH.exec(path);
    // `{product: null}`: the server knows there is no such product (the page says so at once);
    // with `unavailable: true`, the shop has hidden it (docs/product.md#hidden-products).
    if (product && 'product' in body && (body.product === null || typeof body.product === 'object')) {
      const unavailable = body.product === null && 'unavailable' in body && body.unavailable === true;
      queryClient.setQueryData(productQuery(product[1]!).queryKey, unavailable ? 'unavailable' : (body.product as Product | null));
    }
  }
}
