import type { Product, ShopInfo } from '@thaiyal/contract';
import { PAGE_DATA_ELEMENT_ID } from '@thaiyal/contract/pages';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { bannersQuery } from '../features/catalog/api/banners';
import { categoryProductsQuery } from '../features/catalog/api/category-products';
import { featuredProductsQuery } from '../features/catalog/api/featured-products';
import { productQuery } from '../features/catalog/api/product';
import { recommendedProductsQuery } from '../features/catalog/api/recommended-products';
import { tilePicturesQuery } from '../features/catalog/api/tile-pictures';
import { shopInfoQuery } from '../features/contact/api/shop-info';
import { makeBanner, makeShopInfo } from '../test/render';
import { seedFromPage } from './page-data';

const product: Product = {
  _id: 'b1c2d3e4-0000-4000-8000-000000000001',
  name: 'Kanchi Silk Saree Blouse',
  nameTa: 'காஞ்சி பட்டு புடவை பிளவுஸ்',
  description: 'Lined silk blouse <with> a zari border.',
  descriptionTa: '',
  price: 850,
  compareAtPrice: null,
  priceIncludesFabric: false,
  category: 'saree-blouse',
  images: ['/uploads/products/silk-640.webp'],
  isFeatured: true,
  rating: { average: null, count: 0 },
  reviews: [],
  createdAt: '2026-03-01T00:00:00.000Z',
};
const banner = makeBanner({ _id: 'b1c2d3e4-0000-4000-8000-000000000002' });
const shop: ShopInfo = makeShopInfo();

/** Puts the server's element into the document, as the server writes it (server/src/modules/pages/template.ts). */
function putPageData(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
});

describe('seedFromPage (docs/decisions/013-first-load.md)', () => {
  it("seeds each answer the server put into the page under its query's key, then removes the element", () => {
    putPageData(
      JSON.stringify({
        '/banner': { banners: [banner] },
        '/product/tiles': { tiles: { 'saree-blouse': product.images[0] } },
        '/product/featured': { products: [product] },
        '/product/recommend': { products: [product] },
        '/product/category/saree-blouse': { products: [product] },
        [`/product/${product._id}`]: { product },
        '/shop-info': shop,
      }).replace(/</g, '\\u003c'),
    );
    const client = new QueryClient();
    seedFromPage(client);
    expect(client.getQueryData(bannersQuery.queryKey)).toEqual([banner]);
    expect(client.getQueryData(tilePicturesQuery.queryKey)).toEqual({ 'saree-blouse': product.images[0] });
    expect(client.getQueryData(featuredProductsQuery.queryKey)).toEqual([product]);
    expect(client.getQueryData(recommendedProductsQuery(null).queryKey)).toEqual([product]);
    expect(client.getQueryData(categoryProductsQuery('saree-blouse').queryKey)).toEqual([product]);
    expect(client.getQueryData(productQuery(product._id).queryKey)).toEqual(product);
    expect(client.getQueryData(shopInfoQuery.queryKey)).toEqual(shop);
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
  });

  it('seeds nothing without the element, from malformed JSON, or from answers of an unexpected shape', () => {
    const client = new QueryClient();
    seedFromPage(client);
    putPageData('{"/banner": ');
    seedFromPage(client);
    putPageData('null');
    seedFromPage(client);
    putPageData('[1]');
    seedFromPage(client);
    putPageData(
      JSON.stringify({
        '/banner': { products: [] },
        '/product/featured': { product },
        '/product/tiles': { products: [] },
        '/somewhere': { products: [] },
        '/shop-info': { products: [] },
      }),
    );
    seedFromPage(client);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
