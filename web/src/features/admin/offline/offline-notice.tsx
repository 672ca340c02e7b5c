import { SHOP_TIME_ZONE } from '@thaiyal/contract/limits';
import { useTranslation } from 'react-i18next';

/** `savedAtMs` (epoch ms) as the shop's clock reads it, `07:12`. */
function shopTime(savedAtMs: number, language: string | undefined): string {
  return new Intl.DateTimeFormat(language === 'ta' ? 'ta-IN' : 'en-IN', {
    timeZone: SHOP_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(savedAtMs);
}

/**
 * Above a list shown from the phone for lack of a connection
 * (docs/decisions/024-owners-day-offline.md#the-days-visits): "Offline — saved at 07:12", the time
 * it was loaded in the shop's clock, and that it will be updated when the connection is back.
 * Nothing when `savedAtMs` is undefined (a fresh answer).
 */
export function OfflineNotice({ savedAtMs }: { savedAtMs: number | undefined }) {
  const { t, i18n } = useTranslation();
  if (savedAtMs === undefined) return null;
  return (
    <div
      role="status"
      className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300"
      data-testid="offline-saved-at"
    >
      <p className="font-semibold">{t('admin.offline.offlineSavedAt', { time: shopTime(savedAtMs, i18n.resolvedLanguage) })}</p>
      <p>{t('admin.offline.offlineSavedAtHint')}</p>
    </div>
  );
}
