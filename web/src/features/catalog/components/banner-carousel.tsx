import type { Banner } from '@thaiyal/contract';
import { BANNER_CATEGORIES, bannerTarget, type BannerLink } from '@thaiyal/contract/catalog';
import { BANNER_IMAGE_ASPECT, IMAGE_WIDTHS, imageSrcSet, imageUrlAt } from '@thaiyal/contract/images';
import { LIMITS } from '@thaiyal/contract/limits';
import { memo, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CarouselDots } from '../../../components/ui/carousel-dots';
import { carouselArrowKeys } from '../../../components/ui/carousel-keys';
import { useCarouselSelection } from '../../../components/ui/use-carousel-selection';
import { useDeferredEmbla } from '../../../components/ui/use-deferred-embla';
import { paths } from '../../../lib/paths';

/** Props of the banner carousel. */
export interface BannerCarouselProps {
  banners: Banner[] | undefined;
  isLoading: boolean;
}

const BANNER_WIDTH = IMAGE_WIDTHS[1];
/** The carousel loops: after the last banner comes the first (docs/product.md#states-and-transitions Home carousel). */
const CAROUSEL_OPTIONS = { loop: true } as const;
const BANNER_HEIGHT = Math.round(BANNER_WIDTH / BANNER_IMAGE_ASPECT);

/**
 * A banner's headline and line in the page's language (docs/product.md#home): on a Tamil page
 * each is the Tamil one when the shop wrote it, else the English; '' when neither was written.
 * @param language the page's language code (`i18n.language`: 'en' or 'ta').
 */
function bannerText(banner: Banner, language: string | undefined): { headline: string; line: string } {
  const tamil = language === 'ta';
  return { headline: (tamil && banner.headlineTa) || banner.headline, line: (tamil && banner.lineTa) || banner.line };
}

/**
 * The text over a banner's picture: light on a dark gradient scrim that keeps it at WCAG AA
 * contrast (4.5:1) over any picture, in the left 70 % of the banner, where the scrim is at
 * least 60 % black; nothing without text. At most three lines each, which the longest Tamil
 * demo text fits on a 360-px phone (e2e screens.spec.ts).
 */
function BannerWords({ headline, line }: { headline: string; line: string }) {
  if (!headline && !line) return null;
  return (
    <div className="absolute inset-0 flex flex-col justify-center gap-1 bg-linear-to-r from-black/75 via-black/60 via-70% to-transparent p-3 pr-[30%] break-words text-white sm:gap-2 sm:p-8 sm:pr-[30%]">
      {headline && <p className="line-clamp-3 font-serif text-base leading-tight font-bold sm:text-2xl lg:text-4xl">{headline}</p>}
      {line && <p className="line-clamp-3 text-xs leading-snug sm:text-base lg:text-lg">{line}</p>}
    </div>
  );
}

/** Where a banner leads (docs/product.md#home): its product category's page, or the featured page. */
function bannerHref(link: BannerLink): string {
  const target = bannerTarget(link);
  return target === 'featured' ? paths.featured : paths.category(target);
}

/** A banner picture's alt text: the banner category's words, else the category or page it opens. */
function bannerAlt(link: BannerLink, t: TFunction): string {
  if ((BANNER_CATEGORIES as readonly string[]).includes(link)) return t(`home.bannerAlt.${link}`);
  if (link === 'featured') return t('home.bannerAltFeatured');
  return t('home.bannerAltCategory', { category: t(`categories.${link}`) });
}

/**
 * The home page's banner carousel (docs/product.md#home, docs/product.md#states-and-transitions Home carousel): advances every
 * `LIMITS.carouselIntervalMs` (3000 ms) and wraps to the first; a click on a banner opens
 * what its `category` names ({@link bannerHref}): a banner category's product category, a product
 * category, or the featured page. It pauses while hovered or focused,
 * and has a pause button (WCAG 2.2.2); ArrowLeft and ArrowRight move between banners while
 * focus is inside it. The first banner loads with high priority; the carousel library starts
 * once the page is idle (useDeferredEmbla). Each banner's headline and line show over its
 * picture as page text in the page's language ({@link bannerText}).
 * Memoized: a page re-renders on every query it watches, and this one only needs to when its own props change (docs/decisions/013-first-load.md).
 */
export const BannerCarousel = memo(function BannerCarousel({ banners, isLoading }: BannerCarouselProps) {
  const { t, i18n } = useTranslation();
  // The carousel starts once the page is idle; until then the first banner shows and the dots
  // already take their place, so nothing moves when it starts (docs/decisions/013-first-load.md).
  const [emblaRef, emblaApi, withCarousel] = useDeferredEmbla(CAROUSEL_OPTIONS);
  const { selected, count } = useCarouselSelection(emblaApi, banners?.length ?? 0);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || stopped;

  useEffect(() => {
    if (!emblaApi || paused || count < 2) return;
    // Restarted on every slide change, so a manual swipe also gets a full interval.
    const timer = window.setInterval(() => {
      if (document.hidden) return;
      if (emblaApi.canScrollNext()) emblaApi.scrollNext();
      else emblaApi.scrollTo(0);
    }, LIMITS.carouselIntervalMs);
    return () => window.clearInterval(timer);
  }, [emblaApi, paused, count, selected]);

  if (isLoading || !banners || banners.length === 0) {
    return (
      <div className="flex aspect-[16/7] w-full items-center justify-center rounded-2xl bg-linear-to-br from-rose-900 to-rose-700 p-6 text-center text-rose-50">
        {isLoading ? (
          <span className="sr-only">{t('common.pleaseWait')}</span>
        ) : (
          <p className="font-serif text-xl sm:text-3xl">{t('home.heroFallback')}</p>
        )}
      </div>
    );
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.bannersLabel')}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      onKeyDown={carouselArrowKeys(withCarousel)}
    >
      <div ref={emblaRef} className="overflow-hidden rounded-2xl">
        <div className="flex">
          {banners.map((banner, index) => (
            <div
              key={banner._id}
              className="min-w-0 shrink-0 grow-0 basis-full"
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slideOf', { index: index + 1, count: banners.length })}
            >
              <Link
                to={bannerHref(banner.category)}
                className="relative block focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-white"
              >
                {index === 0 || emblaApi ? (
                  <img
                    src={imageUrlAt(banner.image, BANNER_WIDTH)}
                    srcSet={imageSrcSet(banner.image)}
                    sizes="(min-width: 1152px) 1120px, 100vw"
                    width={BANNER_WIDTH}
                    height={BANNER_HEIGHT}
                    alt={bannerAlt(banner.category, t)}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                    decoding="async"
                    className="aspect-[16/7] h-auto w-full bg-rose-100 object-cover"
                  />
                ) : (
                  // Out of sight until the carousel runs: its picture is not fetched before then,
                  // so the first banner has the phone's bandwidth to itself.
                  <div role="img" aria-label={t(`home.bannerAlt.${banner.category}`)} className="aspect-[16/7] w-full bg-rose-100" />
                )}
                <BannerWords {...bannerText(banner, i18n.language)} />
              </Link>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-2 flex items-center justify-center gap-2">
        <CarouselDots
          count={count}
          selected={selected}
          onSelect={(index) => withCarousel((api) => api.scrollTo(index))}
          labelFor={(index) => t('home.showSlide', { index: index + 1 })}
        />
        {count > 1 && (
          <button
            type="button"
            onClick={() => setStopped((value) => !value)}
            aria-pressed={stopped}
            className="rounded-full px-2 py-0.5 text-xs font-medium text-rose-900 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-rose-600"
          >
            {stopped ? t('home.playSlides') : t('home.pauseSlides')}
          </button>
        )}
      </div>
    </section>
  );
});
