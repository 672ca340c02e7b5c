import { LIMITS } from '@thaiyal/contract/limits';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePreview } from './file-preview';
import { FileField } from './form-fields';
import { ImageFileSchema } from './image-file-schema';

/** Props of the photo picker of a status change to "designed". */
export interface DesignedPhotosPickerProps {
  /** The photos chosen so far, in the order chosen; may hold more than the limit (then the message asks to remove some). */
  files: File[];
  /** The new list: after a pick (added to the end, a file already chosen is not added twice) or a removal. */
  onChange: (files: File[]) => void;
  /** While the photos are on their way: no picking, no removing. */
  disabled?: boolean;
}

/** Whether two chosen files are the same one picked twice. */
function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/**
 * Whether `files` may be sent with "designed": at most LIMITS.maxDesignedPhotos
 * (docs/product.md#designed-photos; the picker has already refused what is not an image or too large).
 */
export function designedPhotosFit(files: File[]): boolean {
  return files.length <= LIMITS.maxDesignedPhotos;
}

/**
 * The optional photos of the finished garment when the admin sets "designed"
 * (docs/product.md#designed-photos): a labelled multiple image picker, each chosen photo's
 * preview with its remove button, and clear messages. Picking again adds to the photos already
 * chosen. A file that is not an image or is over 10 MB (the same client checks as the product
 * and banner forms, {@link ImageFileSchema}) is not added and named in a message; more than
 * LIMITS.maxDesignedPhotos photos are kept, so the admin chooses which to remove, with a message
 * saying how many to remove ({@link designedPhotosFit} is then false and nothing may be sent).
 * The server checks everything again (413, 415).
 */
export function DesignedPhotosPicker({ files, onChange, disabled = false }: DesignedPhotosPickerProps) {
  const { t } = useTranslation();
  // What the last pick left out, one line per file.
  const [refused, setRefused] = useState<string[]>([]);
  const max = LIMITS.maxDesignedPhotos;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Emptied, so that picking the same file again (after removing it) is a change.
    event.target.value = '';
    const added: File[] = [];
    const messages: string[] = [];
    for (const file of picked) {
      const checked = ImageFileSchema.safeParse(file);
      if (!checked.success) {
        messages.push(
          t('admin.orders.photos.refused', { name: file.name, reason: t(checked.error.issues[0]?.message ?? 'admin.imageType') }),
        );
      } else if (![...files, ...added].some((chosen) => sameFile(chosen, file))) {
        added.push(file);
      }
    }
    setRefused(messages);
    if (added.length > 0) onChange([...files, ...added]);
  };

  return (
    <div className="space-y-3">
      <FileField
        label={t('admin.orders.photos.label', { max })}
        hint={t('admin.orders.photos.hint')}
        accept="image/*"
        multiple
        disabled={disabled}
        onChange={onPick}
      />
      {refused.length > 0 && (
        <ul role="alert" className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {refused.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {!designedPhotosFit(files) && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          {t('admin.orders.photos.tooMany', { max, count: files.length, extra: files.length - max })}
        </p>
      )}
      {files.length > 0 && (
        <ul aria-label={t('admin.orders.photos.chosen')} className="grid grid-cols-3 gap-2">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="space-y-1">
              <FilePreview
                file={file}
                alt={t('admin.orders.photos.previewAlt', { index: index + 1, name: file.name })}
                className="aspect-[3/4] w-full"
              />
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(files.filter((_, at) => at !== index))}
                aria-label={t('admin.orders.photos.removeNamed', { index: index + 1, name: file.name })}
                className="w-full rounded-full px-2 py-1 text-sm font-semibold text-rose-900 ring-1 ring-rose-900/20 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-rose-700/40 disabled:opacity-60"
              >
                {t('admin.orders.photos.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
