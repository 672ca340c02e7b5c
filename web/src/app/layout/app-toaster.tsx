import { LIMITS } from '@thaiyal/contract/limits';
import { Toaster, type DefaultToastOptions } from 'react-hot-toast';

/**
 * docs/product.md#limits toast durations by kind: blank 4000 ms, error 4000 ms, success 2000 ms, loading
 * until dismissed, custom 4000 ms; a dismissed toast leaves the list 1000 ms later (docs/product.md#states-and-transitions).
 * These are react-hot-toast's own defaults, written out so a library upgrade cannot change
 * them unnoticed (app-toaster.test.tsx checks them).
 */
const TOAST_OPTIONS = {
  removeDelay: LIMITS.toastRemoveDelayMs,
  blank: { duration: 4000 },
  error: { duration: 4000 },
  success: { duration: 2000 },
  loading: { duration: Infinity },
  custom: { duration: 4000 },
} as const satisfies DefaultToastOptions;

/**
 * The app's toasts (docs/product.md#states-and-transitions Toast notices, docs/product.md#limits), top centre below the header. At most 20 show
 * at once (LIMITS.maxToasts): react-hot-toast keeps only the newest 20 in its store (its
 * `TOAST_LIMIT`, which it does not let an app change); app-toaster.test.tsx holds it to that.
 */
export function AppToaster() {
  return <Toaster position="top-center" toastOptions={TOAST_OPTIONS} containerStyle={{ top: 72 }} />;
}
