import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../../i18n';
import pagingEnglish from '../../i18n/en-paging.json';
import { Button } from './button';

addEnglish(pagingEnglish);

/** What {@link LoadMore} reads of a TanStack Query infinite query (`useInfiniteQuery`'s result fits). */
export interface NextPageSource {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * How far below the screen the end of a list may be when the next page is asked for, so it is
 * there before the owner's thumb reaches it: about one phone screen.
 */
const AHEAD = '0px 0px 800px 0px';

/**
 * The end of a list that comes by page (docs/product.md#lists-by-page): while there is more,
 * the next page loads by itself as the end of the list nears the screen (an
 * IntersectionObserver on an empty line after the list), and a `Load more` button does the
 * same for a keyboard, a screen reader, or a browser without IntersectionObserver (and after a
 * failed page, which is never asked for again by itself). `Showing 60` says how many rows are
 * on screen; on the last page `That is all: 73 shown`. A page that fails says so with the
 * button to try again. `shown` is the number of rows drawn.
 */
export function LoadMore({ query, shown }: { query: NextPageSource; shown: number }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (!hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    // A new observer after each page reports at once whether the end is still near (a short
    // page on a tall screen), so pages keep coming until the screen is full.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        // One page per observer: fetchNextPage again while one is on its way would restart it.
        observer.disconnect();
        void fetchNextPage();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (!hasNextPage) {
    return (
      <p role="status" className="py-4 text-center text-sm text-stone-600">
        {t('paging.end', { count: shown })}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2 py-4">
      <div ref={sentinel} aria-hidden="true" data-testid="load-more-sentinel" className="h-px w-full" />
      <p role="status" className="text-sm text-stone-600">
        {isFetchNextPageError ? t('paging.moreFailed') : t('paging.shown', { count: shown })}
      </p>
      <Button
        variant="secondary"
        // Not disabled while loading: a disabled button drops the keyboard's focus.
        aria-disabled={isFetchingNextPage || undefined}
        onClick={() => {
          if (!isFetchingNextPage) void fetchNextPage();
        }}
        className="w-full sm:w-auto"
      >
        {isFetchingNextPage ? t('paging.loadingMore') : t('paging.loadMore')}
      </Button>
    </div>
  );
}
