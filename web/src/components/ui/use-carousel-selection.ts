import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';

/**
 * The selected slide index and the number of slides of an embla carousel, kept in step with
 * its `select` and `reInit` events.
 */
export function useCarouselSelection(emblaApi: EmblaCarouselType | undefined): { selected: number; count: number } {
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
  return state;
}
