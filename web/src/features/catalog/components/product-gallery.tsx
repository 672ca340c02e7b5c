import { imageSrcSet, imageUrlAt } from '@thaiyal/contract/images';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CarouselDots } from '../../../components/ui/carousel-dots';
import { carouselArrowKeys } from '../../../components/ui/carousel-keys';
import { useCarouselSelection } from '../../../components/ui/use-carousel-selection';
import { useDeferredEmbla } from '../../../components/ui/use-deferred-embla';
import { ProductImage } from './product-image';
import { useViewerHistory } from './use-viewer-history';

const loadViewer = () => import('./image-viewer');
/** The full-screen viewer's code comes when the page is idle, or on the first tap. */
const ImageViewer = lazy(async () => ({ default: (await loadViewer()).ImageViewer }));

/** The gallery does not loop: the first picture is the product's main one. */
const CAROUSEL_OPTIONS = { loop: false } as const;

/** Props of the product gallery. */
export interface ProductGalleryProps {
  images: string[];
  name: string;
}

/**
 * The detail page's image carousel with dots and thumbnails (docs/product.md#product-detail).
 * Tapping a picture opens the full-screen viewer, which the browser's Back button closes.
 * ArrowLeft and ArrowRight move between pictures while focus is inside it. The first picture
 * loads with `fetchpriority="high"`; the carousel library starts, and the viewer's code comes,
 * once the page is idle.
 */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const { t } = useTranslation();
  // The carousel starts once the page is idle (docs/decisions/013-first-load.md): the first picture paints first.
  const [emblaRef, emblaApi, withCarousel] = useDeferredEmbla(CAROUSEL_OPTIONS);
  useEffect(() => {
    if (emblaApi) void loadViewer();
  }, [emblaApi]);
  const { selected, count } = useCarouselSelection(emblaApi, images.length);
  const viewer = useViewerHistory();

  if (images.length === 0) return <ProductImage url={undefined} alt={name} sizes="100vw" />;

  return (
    <div
      className="space-y-3"
      role="group"
      aria-roledescription="carousel"
      aria-label={t('product.viewerLabel', { name })}
      onKeyDown={carouselArrowKeys(withCarousel)}
    >
      <div ref={emblaRef} className="overflow-hidden rounded-2xl bg-rose-50">
        <div className="flex">
          {images.map((url, index) => (
            <div key={url} className="min-w-0 shrink-0 grow-0 basis-full">
              <button
                type="button"
                onClick={() => viewer.open(index)}
                aria-label={t('product.openViewer', { index: index + 1 })}
                className="block w-full cursor-zoom-in focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-rose-700"
              >
                <ProductImage
                  url={url}
                  alt={t('product.pictureAlt', { name, index: index + 1 })}
                  sizes="(min-width: 768px) 50vw, 100vw"
                  width={640}
                  priority={index === 0}
                />
              </button>
            </div>
          ))}
        </div>
      </div>
      <CarouselDots
        count={count}
        selected={selected}
        onSelect={(index) => withCarousel((api) => api.scrollTo(index))}
        labelFor={(index) => t('product.showPicture', { index: index + 1 })}
      />
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto p-1">
          {images.map((url, index) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                onClick={() => withCarousel((api) => api.scrollTo(index))}
                aria-label={t('product.showPicture', { index: index + 1 })}
                aria-current={index === selected ? 'true' : undefined}
                className={`block w-16 overflow-hidden rounded-lg ring-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 ${index === selected ? 'ring-rose-700' : 'ring-transparent'}`}
              >
                <img
                  src={imageUrlAt(url, 320)}
                  srcSet={imageSrcSet(url)}
                  sizes="64px"
                  width={64}
                  height={85}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/4] h-auto w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewer.openIndex !== null && (
        <Suspense fallback={<div aria-hidden="true" className="fixed inset-0 z-50 bg-stone-950/95" />}>
          <ImageViewer images={images} name={name} startIndex={Math.min(viewer.openIndex, images.length - 1)} onClose={viewer.close} />
        </Suspense>
      )}
    </div>
  );
}
