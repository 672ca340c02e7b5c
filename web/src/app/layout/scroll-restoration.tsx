import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const STORAGE_KEY = 'thaiyal.scroll';

/** Scroll positions by history entry (`location.key`), kept across reloads of the tab. */
const positions = new Map<string, number>(readStored());

function readStored(): Array<[string, number]> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as Array<[string, number]>) : [];
  } catch {
    return [];
  }
}

/**
 * Scroll restoration for the declarative router (what React Router's data-mode
 * `<ScrollRestoration />` did): a new page starts at the top, or at its `#hash` target; Back
 * and Forward return to where the shopper was on that entry, also after a reload of the tab.
 * A new entry for the same path (the full-screen viewer's entry, an admin tab in the query
 * string) keeps the scroll where it is, as `preventScrollReset` did. Renders nothing.
 */
export function ScrollRestoration() {
  const location = useLocation();
  // The entry being shown and its path: set before any scrolling below, so a scroll event
  // that scrolling fires is written to the new entry, never to the one left.
  const current = useRef({ key: location.key, pathname: location.pathname });

  useEffect(() => {
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-100)));
      } catch {
        // Private mode may refuse storage; restoring within the visit still works.
      }
      history.scrollRestoration = previous;
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      history.scrollRestoration = previous;
    };
  }, []);

  // Remember where the shown entry is scrolled to, as the shopper scrolls.
  useEffect(() => {
    const onScroll = () => positions.set(current.current.key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const samePath = current.current.pathname === location.pathname;
    current.current = { key: location.key, pathname: location.pathname };
    const saved = positions.get(location.key);
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (samePath && !location.hash) {
      positions.set(location.key, window.scrollY);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash]);

  return null;
}
