import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { StatusMessage } from './status-message';

/**
 * What a list shows when its load failed (docs/product.md#admin-dashboard: `This list could not
 * be loaded.` with `Try again`): the message, then a secondary button that asks again.
 *
 * - `children`: the message, e.g. `t('admin.loadFailed')`.
 * - `retry`: the button's text, e.g. `t('admin.retry')`; `onRetry` runs on its click (usually
 *   `() => void query.refetch()`).
 * - `alert`: the message is a `role="alert"` line (a shopper's page, where the failure must be
 *   announced at once) instead of the calm centred `role="status"` of {@link StatusMessage}.
 */
export function QueryFailed({
  children,
  retry,
  onRetry,
  alert = false,
}: {
  children: ReactNode;
  retry: ReactNode;
  onRetry: () => void;
  alert?: boolean;
}) {
  return (
    <div className="space-y-3 text-center">
      {alert ? (
        <p role="alert" className="text-stone-700">
          {children}
        </p>
      ) : (
        <StatusMessage>{children}</StatusMessage>
      )}
      <Button variant="secondary" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

/**
 * What {@link QueryState} reads of a TanStack Query result: `useQuery`'s and `useInfiniteQuery`'s
 * both fit.
 */
export interface QueryStateSource<TData> {
  isPending: boolean;
  isError: boolean;
  data: TData | undefined;
  refetch: () => Promise<unknown>;
  /**
   * An infinite query's next page failed (docs/product.md#lists-by-page): the pages loaded stay
   * on screen, and the list's `Load more` says so and tries again, so it is not a failed list.
   */
  isFetchNextPageError?: boolean;
}

/**
 * The block around one TanStack Query result (docs/product.md#admin-dashboard: each tab shows
 * `Please wait...` while its data loads and, when loading fails, `This list could not be
 * loaded.` with `Try again`):
 *
 * - while `query.isPending`: `Please wait...` (`common.pleaseWait`), a busy `role="status"` line;
 * - when `query.isError` (but not only a next page's failure, `isFetchNextPageError`): {@link QueryFailed} with `failed`, `retry` and `alert`; the button
 *   calls `query.refetch()` (TanStack keeps the query in error while it refetches, so the message
 *   stays until the new answer, which then shows in its place);
 * - when the data is empty (`isEmpty(data)`, by default an array of length 0) and `empty` is
 *   given: `empty` as a plain `role="status"` line;
 * - else `children(data)` with the query's data.
 *
 * `query` is the hook's whole result (`UseQueryResult<TData, TError>`, or an infinite query's),
 * so the data passed to `children` is the loaded `TData`, never `undefined`.
 */
export function QueryState<TData>({
  query,
  failed,
  retry,
  empty,
  isEmpty = isEmptyArray,
  alert = false,
  children,
}: {
  query: QueryStateSource<TData>;
  failed: ReactNode;
  retry: ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: TData) => boolean;
  alert?: boolean;
  children: (data: TData) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>;
  if ((query.isError && !query.isFetchNextPageError) || query.data === undefined)
    return (
      <QueryFailed retry={retry} onRetry={() => void query.refetch()} alert={alert}>
        {failed}
      </QueryFailed>
    );
  if (empty !== undefined && isEmpty(query.data)) return <StatusMessage>{empty}</StatusMessage>;
  return children(query.data);
}

function isEmptyArray(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}
