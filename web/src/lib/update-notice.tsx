import i18n from 'i18next';
import toast from 'react-hot-toast';
import { buttonClass } from '../components/ui/button';
import { addEnglish } from '../i18n';
import appEnglish from '../i18n/en-app.json';

addEnglish(appEnglish);

/** One notice at a time, however often a new version is found. */
const NOTICE_ID = 'app-update';

/**
 * "A new version of Thaiyal is ready" with a Reload button, in the page's language, until she
 * taps it (docs/product.md#installing-the-shop, docs/decisions/022-installable-app.md): the
 * button asks the waiting worker to take over (`{type: 'SKIP_WAITING'}`); the page then reloads
 * under it (service-worker.ts).
 * @param waiting the new version's worker, installed and waiting.
 */
export function showUpdateNotice(waiting: ServiceWorker): void {
  toast(
    (notice) => (
      <span className="flex flex-wrap items-center gap-3">
        <span>{i18n.t('app.update.ready')}</span>
        <button
          type="button"
          className={buttonClass.primary}
          onClick={() => {
            toast.dismiss(notice.id);
            waiting.postMessage({ type: 'SKIP_WAITING' });
          }}
        >
          {i18n.t('app.update.reload')}
        </button>
      </span>
    ),
    { id: NOTICE_ID, duration: Infinity },
  );
}
