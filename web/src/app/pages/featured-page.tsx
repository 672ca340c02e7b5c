import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/ui/page-heading';
import { PageTitle } from '../../components/ui/page-title';
import { useFeaturedProducts } from '../../features/catalog/api/featured-products';
import { ProductGrid } from '../../features/catalog/components/product-grid';

/** /featured: 'Groom collections', the featured products as a grid (docs/product.md#screens). */
export function FeaturedPage() {
  const { t } = useTranslation();
  const featured = useFeaturedProducts();
  return (
    <>
      <PageTitle title={t('featured.title')} />
      <PageHeading sub={t('featured.sub')}>{t('featured.title')}</PageHeading>
      <ProductGrid products={featured.data} isLoading={featured.isPending} prioritizeFirst />
    </>
  );
}

export default FeaturedPage;
