import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One query parameter of the page's address as state (docs/product.md#admin-dashboard: the open
 * tab, a list's filters and search live in the address, so a reload or a shared link keeps
 * them). Returns the value (null when absent) and a setter that writes it (an empty value too:
 * a list may give `?status=` a meaning), or removes it for null, replacing the history entry as the dashboard's tabs do; other parameters stay.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      );
    },
    [name, setParams],
  );
  return [params.get(name), set];
}
