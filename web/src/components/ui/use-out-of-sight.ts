import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element `ref` points at is out of sight (scrolled past, or below the first screen),
 * as an IntersectionObserver reports it. False on the server, at first paint and where the
 * browser has no IntersectionObserver, so the page renders the same on both sides and
 * hydrates without a mismatch; the first report comes after.
 */
export function useOutOfSight(ref: RefObject<Element | null>): boolean {
  const [outOfSight, setOutOfSight] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOutOfSight(entry ? !entry.isIntersecting : false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return outOfSight;
}
