import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * Shown when a page fails to render or its code cannot be fetched (for example after a new
 * version replaced the old chunks): a short apology and a way back home.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
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
 * Shown on a first visit straight to a lazily loaded page while its code arrives: the brand
 * and 'Please wait...'.
 */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3">
      <p className="font-serif text-3xl font-bold text-rose-900">{t('brand')}</p>
      <p role="status" className="text-stone-600">
        {t('common.pleaseWait')}
      </p>
    </div>
  );
}
