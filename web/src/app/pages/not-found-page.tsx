import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { paths } from '../../lib/paths';
import { useHttpStatus } from '../render-context';

/**
 * Any path the app does not know, and a category that does not exist: answered with HTTP 404
 * when rendered on the server (docs/architecture.md#rendering). In the first load's chunk, so a
 * category page can draw it at once.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  useHttpStatus(404);
  return (
    <div className="py-16 text-center">
      <PageTitle title={t('notFound.title')} />
      <h1 className="font-serif text-3xl font-semibold text-rose-950">{t('notFound.title')}</h1>
      <p className="mt-2 text-stone-700">{t('notFound.body')}</p>
      <Link to={paths.home} className="mt-6 inline-block font-semibold text-rose-800 underline underline-offset-2">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
