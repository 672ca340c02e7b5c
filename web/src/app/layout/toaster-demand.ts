import { useSyncExternalStore } from 'react';

let demanded = false;
const listeners = new Set<() => void>();

/**
 * Says that code which may show a toast has been loaded: a lazily loaded page or the drawer.
 * The toasts' own code (react-hot-toast, about 4 KiB gzip) is fetched only then, so the home
 * page's first load, which never toasts, goes without it (issue "Performance" §3). A toast
 * raised before the toaster is on screen waits in react-hot-toast's store and shows at once.
 */
export function demandToaster(): void {
  if (demanded) return;
  demanded = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the toaster is wanted yet (see demandToaster). */
export function useToasterDemanded(): boolean {
  return useSyncExternalStore(subscribe, () => demanded);
}
