import { useTranslation } from 'react-i18next';

/**
 * The upload's progress bar: the share of bytes sent, then 'Preparing the pictures…' while
 * the server decodes and re-encodes them.
 */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  return (
    <div className="space-y-1">
      <progress
        value={percent}
        max={100}
        aria-label={t('admin.uploadProgress')}
        className="h-2 w-full overflow-hidden rounded-full accent-rose-800 [&::-webkit-progress-bar]:bg-rose-100 [&::-webkit-progress-value]:bg-rose-800"
      />
      <p className="text-sm text-stone-600">{percent < 100 ? t('admin.uploading', { percent }) : t('admin.processing')}</p>
    </div>
  );
}
