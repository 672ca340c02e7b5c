import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useState } from 'react';

/** How long the browser may wait for an idle moment before the carousel starts anyway. */
const START_TIMEOUT_MS = 1500;

function whenIdle(start: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(start, { timeout: START_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(start, 200);
  return () => window.clearTimeout(handle);
}

/**
 * An embla carousel (docs/architecture.md#http-api: embla-carousel) on the viewport element given to the returned
 * ref, like embla-carousel-react's `useEmblaCarousel`, but fetched and started only once the
 * page is idle after its first paint (docs/decisions/013-first-load.md): the slides are plain markup
 * until then, so the first picture paints without waiting for the library, and its start-up
 * (reading every slide's size) never delays the page's first paint. The carousel is destroyed
 * on unmount. `options` must keep its identity between renders (a module-level constant).
 * @returns the ref callback for the viewport and the carousel's API once it runs (undefined before).
 */
export function useDeferredEmbla(options: EmblaOptionsType): [(viewport: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!viewport) return;
    let carousel: EmblaCarouselType | undefined;
    let cancelled = false;
    const cancelStart = whenIdle(() => {
      void import('embla-carousel').then(({ default: EmblaCarousel }) => {
        if (cancelled) return;
        carousel = EmblaCarousel(viewport, options);
        setApi(carousel);
      });
    });
    return () => {
      cancelled = true;
      cancelStart();
      carousel?.destroy();
      setApi(undefined);
    };
  }, [viewport, options]);
  return [setViewport, api];
}
