import toast, { Toaster } from 'react-hot-toast';

// jsdom has no `matchMedia`, which the toaster asks about reduced motion: answer "no preference".
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/**
 * react-hot-toast's `<Toaster>` for component tests (importing this module installs a
 * `matchMedia` for jsdom). Call `clearToasts()` after each test: the toast store is global.
 */
export function TestToaster() {
  return <Toaster />;
}

/** Removes every toast at once (between tests). */
export function clearToasts(): void {
  toast.remove();
}
