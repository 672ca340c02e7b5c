import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * An empty state that leads somewhere (docs/product.md#screens): the line that says what is
 * missing ('No products found', 'Your cart is empty.'), announced like a status, then links
 * on to the whole catalog (home, its category sections), the featured designs and search, so
 * an empty page is never a dead end. On the search page the search link is left out: it would
 * lead to the page she is on.
 */
export function EmptyState({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const onSearchPage = useLocation().pathname === paths.search;
  const linkClass =
    'inline-block rounded-full px-4 py-2 font-semibold text-rose-800 ring-1 ring-rose-800/40 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-rose-700';
  return (
    <div className="rounded-xl bg-white/60 px-4 py-10 text-center">
      <p role="status" className="text-stone-600">
        {children}
      </p>
      <p className="mt-4 flex flex-wrap justify-center gap-3 text-sm">
        <Link to={paths.home} className={linkClass}>
          {t('common.browseAll')}
        </Link>
        <Link to={paths.featured} className={linkClass}>
          {t('common.seeFeatured')}
        </Link>
        {!onSearchPage && (
          <Link to={paths.search} className={linkClass}>
            {t('common.searchShop')}
          </Link>
        )}
      </p>
    </div>
  );
}
