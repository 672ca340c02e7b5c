import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element `ref` points at has been scrolled past: wholly out of sight ABOVE the
 * screen, as an IntersectionObserver reports it. An element still below the first screen (not
 * yet reached) is not scrolled past, so what shows in its stead (the product page's bottom bar,
 * docs/product.md#product-detail) never covers the page's first screen. False on the server, at
 * first paint and where the browser has no IntersectionObserver, so the page renders the same on
 * both sides and hydrates without a mismatch; the first report comes after.
 */
export function useScrolledPast(ref: RefObject<Element | null>): boolean {
  const [scrolledPast, setScrolledPast] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        // Out of the stretched screen, and above its top edge (the root's, or the viewport's 0).
        const top = entry.rootBounds?.top ?? 0;
        setScrolledPast(!entry.isIntersecting && (entry.boundingClientRect?.bottom ?? Infinity) <= top);
      },
      // The screen stretched far down: the element counts as intersecting on screen AND anywhere
      // below it, so the observer reports each crossing of the screen's top edge, even a jump
      // (to an anchor, back to the top) that never shows the element on the way.
      { rootMargin: '0px 0px 100000px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return scrolledPast;
}
