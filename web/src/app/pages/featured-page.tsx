import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/ui/page-heading';
import { PageTitle } from '../../components/ui/page-title';
import { useFeaturedList } from '../../features/catalog/api/featured-products';
import { ListControls, useListQuery } from '../../features/catalog/components/list-controls';
import { ProductGrid } from '../../features/catalog/components/product-grid';

/**
 * /featured: 'Groom collections', the featured products as a grid (docs/product.md#screens),
 * with the list's sort and price range kept in the address (docs/product.md#category-listing).
 */
export function FeaturedPage() {
  const { t } = useTranslation();
  const query = useListQuery();
  const featured = useFeaturedList(query);
  return (
    <>
      <PageTitle title={t('featured.title')} />
      <PageHeading sub={t('featured.sub')}>{t('featured.title')}</PageHeading>
      <ListControls query={query} />
      <ProductGrid products={featured.data} isLoading={featured.isPending} prioritizeFirst />
    </>
  );
}
