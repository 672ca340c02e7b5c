import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';

/**
 * The selected slide index and the number of slides of an embla carousel, kept in step with
 * its `select` and `reInit` events. Until the carousel has reported its slides (it may start
 * late, useDeferredEmbla), the first slide of `slidesBefore` is selected, so dots drawn from
 * it take their place at once and nothing moves when the carousel starts (docs/performance.md#images-and-caching).
 * @param slidesBefore how many slides the page draws, for the time before the carousel starts.
 */
export function useCarouselSelection(emblaApi: EmblaCarouselType | undefined, slidesBefore = 0): { selected: number; count: number } {
  const [state, setState] = useState({ selected: 0, count: 0 });
  useEffect(() => {
    if (!emblaApi) return;
    const update = () => setState({ selected: emblaApi.selectedScrollSnap(), count: emblaApi.scrollSnapList().length });
    update();
    emblaApi.on('select', update).on('reInit', update);
    return () => {
      emblaApi.off('select', update).off('reInit', update);
    };
  }, [emblaApi]);
  return state.count ? state : { selected: 0, count: slidesBefore };
}
