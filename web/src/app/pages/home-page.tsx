import { HOME_SECTIONS, type ProductCategory } from '@thaiyal/contract/catalog';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../features/auth/api/auth-check';
import { useBanners } from '../../features/catalog/api/banners';
import { useFeaturedProducts } from '../../features/catalog/api/featured-products';
import { useRecommendedProducts } from '../../features/catalog/api/recommended-products';
import { useTilePictures } from '../../features/catalog/api/tile-pictures';
import { BannerCarousel } from '../../features/catalog/components/banner-carousel';
import { CategoryTiles } from '../../features/catalog/components/category-tiles';
import { ProductRow } from '../../features/catalog/components/product-row';
import { HowItWorks, ShopTrustCard } from '../../features/contact/components/how-it-works';
import { PageTitle } from '../../components/ui/page-title';

/**
 * The home page (docs/product.md#home): the 'top' anchor, the banner carousel, How it works (the
 * five steps after ordering), the five tile sections (6/8/6/4/6 tiles), Who is behind the shop,
 * then the Featured Products and For You rows. It draws from the banners, the tiles' pictures
 * (`GET /api/product/tiles`), the featured products, the recommendations and who is behind the
 * shop (`GET /api/shop/trust`, with the address of `/api/shop-info`), never the whole catalog, so what the server puts into it does not grow with
 * the catalog (docs/performance.md#what-a-page-carries). Its sections are memoized and
 * `pictureOf` changes only with the tiles' pictures, so each answer that arrives re-renders only
 * the section that shows it (no long task per answer on a slow phone: docs/performance.md).
 */
export function HomePage() {
  const { t } = useTranslation();
  const { user, isLoading: authLoading } = useAuth();
  const banners = useBanners();
  const pictures = useTilePictures().data;
  const featured = useFeaturedProducts();
  const recommended = useRecommendedProducts(user?._id ?? null, !authLoading);
  const pictureOf = useCallback((slug: ProductCategory) => pictures?.[slug], [pictures]);

  return (
    <div id="top" className="scroll-mt-20">
      <PageTitle />
      <h1 className="sr-only">{t('home.title')}</h1>
      <div className="space-y-8 sm:space-y-10">
        <BannerCarousel banners={banners.data} isLoading={banners.isPending} />
        <HowItWorks />
        {HOME_SECTIONS.map((section) => (
          <div key={section.key} className="render-when-near">
            <CategoryTiles section={section} pictureOf={pictureOf} />
          </div>
        ))}
        {/* Laid out always: at a few lines, the card is far shorter than render-when-near's
            30rem estimate, and a page measured with the estimate once and its real height on Back
            would not reach the remembered scroll position. */}
        <ShopTrustCard />
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
