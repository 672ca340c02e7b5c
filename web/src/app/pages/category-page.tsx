import { categoryTitle, PRODUCT_CATEGORIES, type ProductCategory } from '@thaiyal/contract/catalog';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { PageTitle } from '../../components/ui/page-title';
import { useCategoryProducts } from '../../features/catalog/api/category-products';
import { ListControls, useListQuery } from '../../features/catalog/components/list-controls';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { NotFoundPage } from './not-found-page';

function isCategory(slug: string): slug is ProductCategory {
  return (PRODUCT_CATEGORIES as readonly string[]).includes(slug);
}

/**
 * A category listing (docs/product.md#category-listing): the slug title-cased as heading
 * (translated when the shopper reads Tamil), a grid of product cards (4 columns from md),
 * 'Please wait...' while loading, 'No products found' when empty. A category that does not
 * exist is the not-found page (HTTP 404 from the server). The heading is the category's label
 * (`categories.*`, which follows PRODUCT_CATEGORY_LABELS on the home tiles) except where the
 * label is not the slug: `categoryHeadings.*` holds those (party-wear-chudithar is labelled
 * gather-chudithar, but its page is "Party Wear Chudithar"). Above the grid, the list's sort
 * and price range, kept in the address (`?sort=&min=&max=`).
 */
export function CategoryPage() {
  const slug = useParams().category ?? '';
  if (!isCategory(slug)) return <NotFoundPage />;
  return <CategoryListing slug={slug} />;
}

function CategoryListing({ slug }: { slug: ProductCategory }) {
  const { t } = useTranslation();
  const query = useListQuery();
  const products = useCategoryProducts(slug, query);
  const title = t(`categoryHeadings.${slug}`, { defaultValue: t(`categories.${slug}`, { defaultValue: categoryTitle(slug) }) });
  return (
    <>
      <PageTitle title={title} />
      <PageHeading>{title}</PageHeading>
      <ListControls query={query} />
      <ProductGrid products={products.data} isLoading={products.isPending} prioritizeFirst />
    </>
  );
}
