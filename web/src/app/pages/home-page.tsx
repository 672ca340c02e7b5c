import { HOME_SECTIONS } from '@thaiyal/contract/catalog';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../features/auth/api/auth-check';
import { useBanners } from '../../features/catalog/api/banners';
import { useFeaturedProducts } from '../../features/catalog/api/featured-products';
import { useAllProducts } from '../../features/catalog/api/products';
import { useRecommendedProducts } from '../../features/catalog/api/recommended-products';
import { BannerCarousel } from '../../features/catalog/components/banner-carousel';
import { CategoryTiles, firstPictureByCategory } from '../../features/catalog/components/category-tiles';
import { ProductRow } from '../../features/catalog/components/product-row';
import { PageTitle } from '../../components/ui/page-title';

/**
 * The home page (docs/product.md#home): the 'top' anchor, the banner carousel, the five tile
 * sections (6/8/6/4/6 tiles), then the Featured Products and For You rows. Its sections are
 * memoized and `pictureOf` is stable, so each answer that arrives re-renders only the section
 * that shows it (no long task per answer on a slow phone: docs/performance.md).
 */
export function HomePage() {
  const { t } = useTranslation();
  const { user, isLoading: authLoading } = useAuth();
  const banners = useBanners();
  const catalog = useAllProducts();
  const featured = useFeaturedProducts();
  const recommended = useRecommendedProducts(user?._id ?? null, !authLoading);
  const pictures = useMemo(() => firstPictureByCategory(catalog.data), [catalog.data]);
  const pictureOf = useCallback((slug: string) => pictures.get(slug), [pictures]);

  return (
    <div id="top" className="scroll-mt-20">
      <PageTitle />
      <h1 className="sr-only">{t('home.title')}</h1>
      <div className="space-y-8 sm:space-y-10">
        <BannerCarousel banners={banners.data} isLoading={banners.isPending} />
        {HOME_SECTIONS.map((section) => (
          <div key={section.key} className="render-when-near">
            <CategoryTiles section={section} pictureOf={pictureOf} />
          </div>
        ))}
        <div className="render-when-near">
          <ProductRow title={t('home.featured')} products={featured.data} isLoading={featured.isPending} />
        </div>
        <div className="render-when-near">
          <ProductRow title={t('home.forYou')} products={recommended.data} isLoading={recommended.isPending} />
        </div>
      </div>
    </div>
  );
}
