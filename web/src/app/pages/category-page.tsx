import { categoryTitle } from '@thaiyal/contract/catalog';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { useCategoryProducts } from '../../features/catalog/api/category-products';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * A category listing (docs/product.md#screens): the slug title-cased as heading (translated when the shopper
 * reads Tamil), a grid of product cards (4 columns from md), 'Please wait...' while loading,
 * 'No products found' when empty or when the category does not exist. The heading is the
 * category's label (`categories.*`, which follows PRODUCT_CATEGORY_LABELS on the home tiles)
 * except where the label is not the slug: `categoryHeadings.*` holds those (docs/product.md#limits:
 * party-wear-chudithar is labelled gather-chudithar, but its page is "Party Wear Chudithar").
 */
export function CategoryPage() {
  const { t } = useTranslation();
  const slug = useParams().category ?? '';
  const products = useCategoryProducts(slug);
  const title = t(`categoryHeadings.${slug}`, { defaultValue: t(`categories.${slug}`, { defaultValue: categoryTitle(slug) }) });
  useDocumentTitle(title);
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <ProductGrid products={products.data} isLoading={products.isPending} prioritizeFirst />
    </>
  );
}
