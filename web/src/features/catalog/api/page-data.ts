import type { Banner, Product } from '@thaiyal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { bannersQuery } from './banners';
import { categoryProductsQuery } from './category-products';
import { featuredProductsQuery } from './featured-products';
import { productQuery } from './product';
import { allProductsQuery } from './products';
import { recommendedProductsQuery } from './recommended-products';

/**
 * Id of the `<script type="application/json">` the server puts into index.html for home, a
 * category and a product (server/src/modules/seo/seo.service.ts `PAGE_DATA_ELEMENT_ID`).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

const CATEGORY_PATH = /^\/product\/category\/([^/]+)$/;
const PRODUCT_PATH = /^\/product\/([^/]+)$/;

/** Product lists the server may put into home, by API path, and the query each answers. */
const LISTS = {
  '/product': allProductsQuery.queryKey,
  '/product/featured': featuredProductsQuery.queryKey,
  // A visitor's selection; a signed-in shopper's own is asked for once the session is known.
  '/product/recommend': recommendedProductsQuery(null).queryKey,
} as const;

/**
 * Seeds the query cache with the API answers the server put into the page (issue 7
 * "Performance" §3): the first render shows the banners, a category's cards or a product at
 * once instead of 'Please wait...', with no request after the JavaScript has run and no
 * re-render when the answer would have come. The data are keyed by API path without `/api`
 * and are the API's own bodies (`/banner` → `{banners}`, `/product`, `/product/featured`,
 * `/product/recommend` and `/product/category/{slug}` → `{products}`, `/product/{id}` →
 * `{product}`). Read once: the element is removed, so later navigations fetch as usual. A
 * missing or malformed element seeds nothing.
 */
export function seedCatalogFromPage(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let data: unknown;
  try {
    data = JSON.parse(element.textContent ?? '');
  } catch {
    return;
  }
  if (!data || typeof data !== 'object') return;
  for (const [path, body] of Object.entries(data)) {
    if (!body || typeof body !== 'object') continue;
    if (path === '/banner' && 'banners' in body && Array.isArray(body.banners)) {
      queryClient.setQueryData(bannersQuery.queryKey, body.banners as Banner[]);
      continue;
    }
    if (path in LISTS) {
      if ('products' in body && Array.isArray(body.products)) {
        queryClient.setQueryData(LISTS[path as keyof typeof LISTS], body.products as Product[]);
      }
      continue;
    }
    const category = CATEGORY_PATH.exec(path);
    if (category && 'products' in body && Array.isArray(body.products)) {
      queryClient.setQueryData(categoryProductsQuery(category[1]!).queryKey, body.products as Product[]);
      continue;
    }
    const product = PRODUCT_PATH.exec(path);
    if (product && 'product' in body && body.product) {
      queryClient.setQueryData(productQuery(product[1]!).queryKey, body.product as Product);
    }
  }
}
