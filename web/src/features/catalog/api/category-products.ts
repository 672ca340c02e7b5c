import type { Product, ProductListResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiStatus } from '../../../lib/api';
import { PRODUCTS_KEY } from './products';

/**
 * `GET /api/product/category/{category}` → that category's products. An unknown category is
 * a 404 on the server and an empty list here, so the page shows 'No products found'
 * (docs/product.md#category-listing).
 * @throws ApiError for failures other than 404.
 */
export async function fetchCategoryProducts(category: string): Promise<Product[]> {
  try {
    const { products } = await api<ProductListResponse>(`/product/category/${encodeURIComponent(category)}`);
    return products;
  } catch (error) {
    if (isApiStatus(error, 404) || isApiStatus(error, 400)) return [];
    throw error;
  }
}

/** Query options of one category's listing. */
export function categoryProductsQuery(category: string) {
  return queryOptions({
    queryKey: [...PRODUCTS_KEY, 'category', category],
    queryFn: () => fetchCategoryProducts(category),
  });
}

/** One category's products as a query. */
export function useCategoryProducts(category: string) {
  return useQuery(categoryProductsQuery(category));
}
