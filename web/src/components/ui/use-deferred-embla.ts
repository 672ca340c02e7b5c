import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState } from 'react';

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

/** Runs `action` on the carousel: at once when it runs, else as soon as it has started (starting it now). */
export type WithCarousel = (action: (api: EmblaCarouselType) => void) => void;

/**
 * An embla carousel (docs/architecture.md#http-api: embla-carousel) on the viewport element given to the returned
 * ref, like embla-carousel-react's `useEmblaCarousel`, but fetched and started only once the
 * page is idle after its first paint (docs/decisions/013-first-load.md): the slides are plain markup
 * until then, so the first picture paints without waiting for the library, and its start-up
 * (reading every slide's size) never delays the page's first paint. A shopper who reaches the
 * carousel first (a dot, an arrow key) is not ignored: `withCarousel` starts it at once and
 * runs her action when it runs. The carousel is destroyed on unmount. `options` must keep its
 * identity between renders (a module-level constant).
 * @returns the ref callback for the viewport, the carousel's API once it runs (undefined
 *   before), and `withCarousel`.
 */
export function useDeferredEmbla(
  options: EmblaOptionsType,
): [(viewport: HTMLElement | null) => void, EmblaCarouselType | undefined, WithCarousel] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const running = useRef<EmblaCarouselType | undefined>(undefined);
  const pending = useRef<Array<(api: EmblaCarouselType) => void>>([]);
  const startNow = useRef<() => void>(() => {});
  useEffect(() => {
    if (!viewport) return;
    let carousel: EmblaCarouselType | undefined;
    let cancelled = false;
    let started = false;
    let cancelStart = () => {};
    const start = () => {
      if (started) return;
      started = true;
      cancelStart();
      void import('embla-carousel').then(({ default: EmblaCarousel }) => {
        if (cancelled) return;
        carousel = EmblaCarousel(viewport, options);
        running.current = carousel;
        for (const action of pending.current.splice(0)) action(carousel);
        setApi(carousel);
      });
    };
    cancelStart = whenIdle(start);
    startNow.current = start;
    return () => {
      cancelled = true;
      cancelStart();
      carousel?.destroy();
      running.current = undefined;
      startNow.current = () => {};
      setApi(undefined);
    };
  }, [viewport, options]);
  const withCarousel = useCallback<WithCarousel>((action) => {
    if (running.current) {
      action(running.current);
      return;
    }
    // Only the latest wish counts: two quick presses before the start are one move, not a queue.
    pending.current = [action];
    startNow.current();
  }, []);
  return [setViewport, api, withCarousel];
}
