import type { ProductTilesResponse } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PRODUCTS_KEY } from './products';

/** Each home tile's picture, by category slug (contract `ProductTilesResponseSchema`). */
export type TilePictures = ProductTilesResponse['tiles'];

/**
 * `GET /api/product/tiles` → each home tile's picture by category slug: the first picture of
 * the category's newest product that has one; a category without one is absent and its tile
 * is a plain fabric panel (docs/product.md#home). Home carries this, never the whole catalog
 * (docs/performance.md#what-a-page-carries).
 * @throws ApiError.
 */
async function fetchTilePictures(): Promise<TilePictures> {
  const { tiles } = await api<ProductTilesResponse>('/product/tiles');
  return tiles;
}

/** Query options of the tiles' pictures: under {@link PRODUCTS_KEY}, so any catalog change refreshes them. */
export const tilePicturesQuery = queryOptions({
  queryKey: [...PRODUCTS_KEY, 'tiles'],
  queryFn: fetchTilePictures,
});

/** The home tiles' pictures as a query. */
export function useTilePictures() {
  return useQuery(tilePicturesQuery);
}
