import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * Shown when a page fails to render or its code cannot be fetched (for example after a new
 * version replaced the old chunks): a short apology and a way back home.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="font-serif text-3xl font-semibold text-rose-950">{t('errors.pageFailed')}</h1>
      <p className="mt-2 text-stone-700">{t('errors.pageFailedBody')}</p>
      <div className="mt-6 flex justify-center gap-4">
        <button type="button" onClick={() => window.location.reload()} className="font-semibold text-rose-800 underline underline-offset-2">
          {t('errors.reload')}
        </button>
        <Link to={paths.home} reloadDocument className="font-semibold text-rose-800 underline underline-offset-2">
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}

/**
 * Shown while a lazily loaded page's code arrives: a thin bar at the top of the window and
 * 'Please wait...' for screen readers. It holds the page's height, so the footer does not
 * appear and then jump away when the page comes (no layout shift).
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh">
      <div role="progressbar" aria-label={t('common.pleaseWait')} className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-rose-600" />
      <p role="status" className="sr-only">
        {t('common.pleaseWait')}
      </p>
    </div>
  );
}
