import type { Banner, Product } from '@thaiyal/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { bannersQuery } from './banners';
import { categoryProductsQuery } from './category-products';
import { featuredProductsQuery } from './featured-products';
import { PAGE_DATA_ELEMENT_ID, seedCatalogFromPage } from './page-data';
import { productQuery } from './product';
import { allProductsQuery } from './products';
import { recommendedProductsQuery } from './recommended-products';

const product: Product = {
  _id: 'b1c2d3e4-0000-4000-8000-000000000001',
  name: 'Kanchi Silk Saree Blouse',
  description: 'Lined silk blouse <with> a zari border.',
  price: 850,
  category: 'saree-blouse',
  images: ['/uploads/products/silk-640.webp'],
  isFeatured: true,
  reviews: [],
  createdAt: '2026-03-01T00:00:00.000Z',
};
const banner: Banner = { _id: 'b1c2d3e4-0000-4000-8000-000000000002', image: '/uploads/banners/aari-640.webp', category: 'aari' };

/** Puts the server's element into the document, as seo.service.ts writes it. */
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

describe('seedCatalogFromPage (issue 7 §3)', () => {
  it("seeds each answer the server put into the page under its query's key, then removes the element", () => {
    putPageData(
      JSON.stringify({
        '/banner': { banners: [banner] },
        '/product': { products: [product] },
        '/product/featured': { products: [product] },
        '/product/recommend': { products: [product] },
        '/product/category/saree-blouse': { products: [product] },
        [`/product/${product._id}`]: { product },
      }).replace(/</g, '\\u003c'),
    );
    const client = new QueryClient();
    seedCatalogFromPage(client);
    expect(client.getQueryData(bannersQuery.queryKey)).toEqual([banner]);
    expect(client.getQueryData(allProductsQuery.queryKey)).toEqual([product]);
    expect(client.getQueryData(featuredProductsQuery.queryKey)).toEqual([product]);
    expect(client.getQueryData(recommendedProductsQuery(null).queryKey)).toEqual([product]);
    expect(client.getQueryData(categoryProductsQuery('saree-blouse').queryKey)).toEqual([product]);
    expect(client.getQueryData(productQuery(product._id).queryKey)).toEqual(product);
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
  });

  it('seeds nothing without the element, from malformed JSON, or from answers of an unexpected shape', () => {
    const client = new QueryClient();
    seedCatalogFromPage(client);
    putPageData('{"/banner": ');
    seedCatalogFromPage(client);
    putPageData('null');
    seedCatalogFromPage(client);
    putPageData(JSON.stringify({ '/banner': { products: [] }, '/product/featured': { product }, '/somewhere': { products: [] } }));
    seedCatalogFromPage(client);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
