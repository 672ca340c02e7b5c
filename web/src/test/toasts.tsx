import toast, { Toaster } from 'react-hot-toast';

/**
 * react-hot-toast's `<Toaster>` for component tests (test/setup.ts gives jsdom the
 * `matchMedia` it asks for). Call `clearToasts()` after each test: the toast store is global.
 */
export function TestToaster() {
  return <Toaster />;
}

/** Removes every toast at once (between tests). */
export function clearToasts(): void {
  toast.remove();
}
