import { LIMITS } from '@thaiyal/contract/limits';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../i18n';
import tailoringEnglish from '../i18n/en-tailoring.json';
import { serverMessage } from '../lib/server-message';
import { PrivatePicture } from './private-picture';
import { focusRing } from './ui/controls';
import { FileButton } from './ui/file-picker';

addEnglish(tailoringEnglish);

/** A customer's private picture as the upload answers it (`{id, url}`; docs/security.md#private-pictures). */
export interface PickedPicture {
  id: string;
  url: string;
}

/** What {@link usePictureUpload} needs. */
export interface PictureUploadOptions {
  /** How many pictures there are now: nothing is sent once there are `LIMITS.maxStitchingPictures`. */
  count: number;
  /** Sends the file; rejects with the server's refusal. */
  upload: (file: File) => Promise<PickedPicture>;
  /** Takes the stored picture. */
  onUploaded: (picture: PickedPicture) => void;
  /** Called when an upload starts; the function it returns when it ends (e.g. so a step can wait for it). */
  track?: () => () => void;
}

/**
 * Uploads the picture picked in a file input at once, while there is room for one more
 * (docs/product.md#stitching-details, docs/product.md#free-alterations): `uploading` meanwhile, and
 * a refusal kept in the server's words, or "The picture could not be added". The input is emptied,
 * so the same file can be picked again.
 * @returns `{uploading, uploadError, onPicture}`, `onPicture` for the input's change event.
 */
export function usePictureUpload({ count, upload, onUploaded, track }: PictureUploadOptions) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const onPicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || count >= LIMITS.maxStitchingPictures) return;
    setUploading(true);
    setUploadError(null);
    const done = track?.();
    try {
      onUploaded(await upload(file));
    } catch (error) {
      setUploadError(serverMessage(error, t) || t('tailoring.uploadFailed'));
    } finally {
      done?.();
      setUploading(false);
    }
  };
  return { uploading, uploadError, onPicture };
}

/** Props of {@link PicturePicker}. */
export interface PicturePickerProps {
  pictures: readonly PickedPicture[];
  onRemove: (id: string) => void;
  /** What {@link usePictureUpload} answered. */
  upload: ReturnType<typeof usePictureUpload>;
  /** The file input's test id. */
  inputTestId: string;
}

/**
 * Up to `LIMITS.maxStitchingPictures` private pictures with previews, each removable by a 44-px ×
 * (docs/product.md#accessibility), the picker while there is room, and the upload's refusal.
 * Used by the stitching details at checkout and by the alteration form.
 */
export function PicturePicker({ pictures, onRemove, upload, inputTestId }: PicturePickerProps) {
  const { t } = useTranslation();
  return (
    <>
      {pictures.length > 0 && (
        <ul className="flex flex-wrap gap-4 pt-2">
          {pictures.map((picture, index) => (
            <li key={picture.id} className="relative">
              <PrivatePicture src={picture.url} alt={t('tailoring.picture', { n: index + 1 })} className="h-20 w-16 rounded object-cover" />
              <button
                type="button"
                // A 44-px target around the small round ×, so a finger finds it.
                className={`absolute -top-4 -right-4 grid size-11 place-items-center rounded-full ${focusRing}`}
                aria-label={t('tailoring.removePicture', { n: index + 1 })}
                onClick={() => onRemove(picture.id)}
              >
                <span
                  aria-hidden="true"
                  className="grid size-7 place-items-center rounded-full bg-white text-sm font-bold text-rose-900 shadow ring-1 ring-rose-900/20"
                >
                  ×
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {pictures.length < LIMITS.maxStitchingPictures && (
        <FileButton
          label={upload.uploading ? t('tailoring.uploading') : t('tailoring.addPicture')}
          accept="image/*"
          disabled={upload.uploading}
          onChange={(event) => void upload.onPicture(event)}
          data-testid={inputTestId}
        />
      )}
      {upload.uploadError && (
        <p role="alert" className="text-sm text-red-700">
          {upload.uploadError}
        </p>
      )}
    </>
  );
}
