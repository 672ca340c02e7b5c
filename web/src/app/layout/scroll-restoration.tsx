import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const STORAGE_KEY = 'thaiyal.scroll';

/** React Router's key of an entry it did not make: the same for every page loaded afresh. */
const UNKEYED = 'default';

/** Scroll positions by history entry (`location.key`), kept across reloads of the tab; read on first use. */
let positions: Map<string, number> | undefined;

function storedPositions(): Map<string, number> {
  if (!positions) {
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
      positions = new Map(Array.isArray(stored) ? (stored as Array<[string, number]>) : []);
    } catch {
      positions = new Map();
    }
    positions.delete(UNKEYED);
  }
  return positions;
}

/**
 * Gives the history entry of a page loaded afresh (a link from elsewhere, a typed address) a
 * key of its own, before the router reads it: React Router keys such an entry `default`, the
 * same for every fresh load, so a page opened by URL in a tab used before would be scrolled to
 * where another page of that tab once was. A reload, Back or Forward to the entry keeps its key
 * (it is in `history.state`), and so its remembered position. Call once, before the router starts.
 */
export function giveEntryItsOwnKey(): void {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && typeof (state as { key?: unknown }).key === 'string') return;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ ...(state && typeof state === 'object' ? state : {}), key }, '');
}

/**
 * Scrolls to a remembered position with every part of the page laid out at its real size.
 * Parts below the first screen are normally laid out only near the viewport
 * (`render-when-near`, docs/performance.md), at an estimated height until then: a page drawn
 * again on Back would put the estimate above the remembered position, and the shopper would
 * land somewhere else (and be moved as the parts above her were laid out). For two frames the
 * page is laid out whole (`<html data-restoring-scroll>`, index.css), long enough for each part
 * to record its real size, which it keeps when it is skipped again.
 */
function restoreTo(y: number): void {
  const root = document.documentElement;
  root.dataset.restoringScroll = '';
  window.scrollTo(0, y);
  requestAnimationFrame(() => requestAnimationFrame(() => delete root.dataset.restoringScroll));
}

/**
 * Scroll restoration for the declarative router (what React Router's data-mode
 * `<ScrollRestoration />` does): a new page starts at the top, or at its `#hash` target; Back
 * and Forward return to where the shopper was on that entry, also after a reload of the tab; a
 * page loaded afresh starts where the browser puts it (the top, or its `#hash`), never where
 * an earlier page of the tab was ({@link giveEntryItsOwnKey}).
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
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...storedPositions()].slice(-100)));
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
    const onScroll = () => storedPositions().set(current.current.key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const samePath = current.current.pathname === location.pathname;
    current.current = { key: location.key, pathname: location.pathname };
    const saved = storedPositions().get(location.key);
    if (saved !== undefined) {
      restoreTo(saved);
      return;
    }
    if (samePath && !location.hash) {
      storedPositions().set(location.key, window.scrollY);
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
