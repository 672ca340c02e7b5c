import { imageSrcSet, imageUrlAt, PRODUCT_IMAGE_ASPECT } from '@thaiyal/contract/images';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CarouselDots } from '../../../components/ui/carousel-dots';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/ui/icons';
import { trapTab } from '../../../components/ui/carousel-keys';
import { useCarouselSelection } from '../../../components/ui/use-carousel-selection';

/** A picture's intrinsic size at the widest stored width (3:4), so none shifts the layout. */
const VIEWER_WIDTH = 1280;
const VIEWER_HEIGHT = Math.round(VIEWER_WIDTH / PRODUCT_IMAGE_ASPECT);

/** Props of the full-screen viewer. */
export interface ImageViewerProps {
  images: string[];
  name: string;
  startIndex: number;
  onClose: () => void;
}

/**
 * The full-screen image carousel of the product detail page (docs/product.md#screens): swipe or arrows
 * between pictures, Escape or the close button to leave; page scroll is locked while it is
 * open. The browser's Back button is wired by `useViewerHistory`.
 */
export function ImageViewer({ images, name, startIndex, onClose }: ImageViewerProps) {
  const { t } = useTranslation();
  const [emblaRef, emblaApi] = useEmblaCarousel({ startIndex, loop: false });
  const { selected, count } = useCarouselSelection(emblaApi);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      previousFocus?.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'ArrowRight') emblaApi?.scrollNext();
      else if (event.key === 'ArrowLeft') emblaApi?.scrollPrev();
      else trapTab(event, dialogRef.current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [emblaApi, onClose]);

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={t('product.viewerLabel', { name })}
      className="fixed inset-0 z-50 flex flex-col bg-stone-950 text-white"
    >
      <div className="flex items-center justify-between p-3">
        <p className="text-sm text-stone-200" aria-live="polite">
          {t('product.pictureOf', { index: selected + 1, count: images.length })}
        </p>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={t('common.close')}
          className="grid size-11 place-items-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:outline-3 focus-visible:outline-white"
        >
          <CloseIcon />
        </button>
      </div>
      <div ref={emblaRef} className="min-h-0 flex-1 overflow-hidden">
        <div className="flex h-full">
          {images.map((url, index) => (
            <div key={url} className="flex min-w-0 shrink-0 grow-0 basis-full items-center justify-center p-2">
              <img
                src={imageUrlAt(url, 1280)}
                srcSet={imageSrcSet(url)}
                sizes="100vw"
                width={VIEWER_WIDTH}
                height={VIEWER_HEIGHT}
                alt={t('product.pictureAlt', { name, index: index + 1 })}
                loading={index === startIndex ? 'eager' : 'lazy'}
                decoding="async"
                className="h-full w-full object-contain"
              />
            </div>
          ))}
        </div>
      </div>
      <div className="flex items-center justify-center gap-4 p-4">
        <button
          type="button"
          onClick={() => emblaApi?.scrollPrev()}
          disabled={selected === 0}
          aria-label={t('product.previousPicture')}
          className="grid size-11 place-items-center rounded-full bg-white/10 hover:bg-white/20 disabled:opacity-30 focus-visible:outline-3 focus-visible:outline-white"
        >
          <ChevronLeftIcon />
        </button>
        <CarouselDots
          count={count}
          selected={selected}
          onSelect={(index) => emblaApi?.scrollTo(index)}
          labelFor={(index) => t('product.showPicture', { index: index + 1 })}
          tone="light"
        />
        <button
          type="button"
          onClick={() => emblaApi?.scrollNext()}
          disabled={selected >= count - 1}
          aria-label={t('product.nextPicture')}
          className="grid size-11 place-items-center rounded-full bg-white/10 hover:bg-white/20 disabled:opacity-30 focus-visible:outline-3 focus-visible:outline-white"
        >
          <ChevronRightIcon />
        </button>
      </div>
    </div>
  );
}
