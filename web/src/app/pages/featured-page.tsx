import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/ui/page-heading';
import { useFeaturedProducts } from '../../features/catalog/api/featured-products';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /featured: 'Groom collections', the featured products as a grid (docs/product.md#screens routes table). */
export function FeaturedPage() {
  const { t } = useTranslation();
  const featured = useFeaturedProducts();
  useDocumentTitle(t('featured.title'));
  return (
    <>
      <PageHeading sub={t('featured.sub')}>{t('featured.title')}</PageHeading>
      <ProductGrid products={featured.data} isLoading={featured.isPending} prioritizeFirst />
    </>
  );
}

export default FeaturedPage;
