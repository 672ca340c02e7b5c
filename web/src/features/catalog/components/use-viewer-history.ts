import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHydrated } from '../../../lib/hydration';

interface ViewerState {
  viewer?: number;
}

/**
 * Open state of the full-screen image viewer, kept in the browser history (docs/product.md#screens Product
 * detail: the browser back button closes it). Opening pushes an entry on the same URL with
 * `state.viewer = index`; Back pops it; `close()` goes back the same way. A page reloaded
 * with the viewer open closes it by replacing the entry, so Back never leaves the page.
 */
export function useViewerHistory(): { openIndex: number | null; open: (index: number) => void; close: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const pushedHere = useRef(false);
  const state = (location.state ?? null) as ViewerState | null;
  // A page reloaded on the viewer's entry opens it once hydrated: the server drew it closed.
  const hydrated = useHydrated();
  const openIndex = hydrated && typeof state?.viewer === 'number' ? state.viewer : null;
  const target = { pathname: location.pathname, search: location.search, hash: location.hash };

  const open = useCallback(
    (index: number) => {
      pushedHere.current = true;
      void navigate(target, { state: { ...(state ?? {}), viewer: index } });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate, location.key],
  );

  const close = useCallback(() => {
    if (pushedHere.current) {
      pushedHere.current = false;
      void navigate(-1);
    } else {
      const { viewer: _closed, ...rest } = state ?? {};
      void navigate(target, { replace: true, state: rest });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigate, location.key]);

  return { openIndex, open, close };
}
