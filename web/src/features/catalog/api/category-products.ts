import type { Product, ProductListResponse } from '@thaiyal/contract';
import { listQueryString, withoutSearch, type ListQuery } from '@thaiyal/contract/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiStatus } from '../../../lib/api';
import { PRODUCTS_KEY } from './products';

/** `path` with `query`'s sort and price range as its query string (contract `listQueryString`). */
export function listPath(path: string, query: ListQuery = {}): string {
  const search = listQueryString(query);
  return search ? `${path}?${search}` : path;
}

/**
 * `GET /api/product/category/{category}?sort=&min=&max=` → that category's products, sorted and
 * narrowed as `query` asks (docs/product.md#category-listing; `q` is ignored). An unknown
 * category is a 404 on the server and an empty list here, so the page shows 'No products found'.
 * @throws ApiError for failures other than 404 and 400.
 */
async function fetchCategoryProducts(category: string, query: ListQuery = {}): Promise<Product[]> {
  try {
    const { products } = await api<ProductListResponse>(
      listPath(`/product/category/${encodeURIComponent(category)}`, withoutSearch(query)),
    );
    return products;
  } catch (error) {
    if (isApiStatus(error, 404) || isApiStatus(error, 400)) return [];
    throw error;
  }
}

/**
 * Query options of one category's listing, sorted and narrowed as `query` asks; the plain
 * listing keeps the key `[…, 'category', slug]`.
 */
export function categoryProductsQuery(category: string, query: ListQuery = {}) {
  const search = listQueryString(withoutSearch(query));
  return queryOptions({
    queryKey: search ? [...PRODUCTS_KEY, 'category', category, search] : [...PRODUCTS_KEY, 'category', category],
    queryFn: () => fetchCategoryProducts(category, query),
  });
}

/** One category's products as a query; the previous list stays on screen while another sort loads. */
export function useCategoryProducts(category: string, query: ListQuery = {}) {
  return useQuery({ ...categoryProductsQuery(category, query), placeholderData: keepPreviousData });
}
