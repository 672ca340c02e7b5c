import { useEffect, useState } from 'react';

/** Whether a page drawn in stages has been shown once already in this visit. */
const stagedOnce = new Set<string>();

/**
 * How many of a page's `total` parts to draw (docs/decisions/013-first-load.md): on the page's first
 * showing in a visit, `first` at once and then one more per task after each paint, so a slow
 * phone paints what it shows first sooner and is never blocked for long by the rest (Preact,
 * unlike React, does not split a render into short tasks). Later showings, such as Back to the
 * page, draw every part at once, so the scroll position can be restored.
 * @param page a name for the page, e.g. 'home'.
 */
export function useStagedCount(page: string, total: number, first: number): number {
  const [count, setCount] = useState(() => (stagedOnce.has(page) ? total : Math.min(first, total)));
  useEffect(() => {
    if (count >= total) {
      stagedOnce.add(page);
      return;
    }
    const timer = window.setTimeout(() => setCount((value) => value + 1), 0);
    return () => window.clearTimeout(timer);
  }, [page, count, total]);
  return Math.min(count, total);
}
