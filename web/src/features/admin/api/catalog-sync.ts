import { createContext, useContext } from 'react';

/** What an admin write changed in the shop's catalog. */
export type CatalogChange = 'products' | 'banners';

/**
 * How the dashboard tells the rest of the app that the catalog changed, so the home
 * carousel, the Featured row and the category pages reload (docs/product.md#states-and-transitions Featured toggle; docs/product.md#admin-dashboard). The app page supplies it: a feature never imports another feature.
 */
export const CatalogSyncContext = createContext<(change: CatalogChange) => void>(() => {});

/** The function that reports a catalog change (a no-op outside the dashboard). */
export function useCatalogSync(): (change: CatalogChange) => void {
  return useContext(CatalogSyncContext);
}
