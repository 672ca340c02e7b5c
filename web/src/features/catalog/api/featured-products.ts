import type { Product, ProductListResponse } from '@thaiyal/contract';
import { listQueryString, withoutSearch, type ListQuery } from '@thaiyal/contract/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiStatus } from '../../../lib/api';
import { listPath } from './category-products';
import { PRODUCTS_KEY } from './products';

/** `GET /api/product/featured` → the featured products (docs/product.md#api). @throws ApiError. */
async function fetchFeaturedProducts(): Promise<Product[]> {
  const { products } = await api<ProductListResponse>('/product/featured');
  return products;
}

/** Query options of the featured list; the featured toggle (a later issue) invalidates it. */
export const featuredProductsQuery = queryOptions({
  queryKey: [...PRODUCTS_KEY, 'featured'],
  queryFn: fetchFeaturedProducts,
});

/** The featured products as a query (home's Featured Products row, /featured). */
export function useFeaturedProducts() {
  return useQuery(featuredProductsQuery);
}

/**
 * `GET /api/product/featured?sort=&min=&max=` as `query` asks (docs/product.md#category-listing):
 * the plain featured list's query when `query` asks for neither a sort nor a price range.
 * @throws ApiError for failures other than 400.
 */
export function featuredListQuery(query: ListQuery) {
  const search = listQueryString(withoutSearch(query));
  if (!search) return featuredProductsQuery;
  return queryOptions({
    queryKey: [...PRODUCTS_KEY, 'featured', search],
    queryFn: async () => {
      try {
        return (await api<ProductListResponse>(listPath('/product/featured', withoutSearch(query)))).products;
      } catch (error) {
        if (isApiStatus(error, 400)) return [];
        throw error;
      }
    },
  });
}

/** /featured's list, sorted and narrowed as its address asks; the previous list stays while another loads. */
export function useFeaturedList(query: ListQuery) {
  return useQuery({ ...featuredListQuery(query), placeholderData: keepPreviousData });
}
