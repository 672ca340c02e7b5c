import { LIMITS } from '@thaiyal/contract/limits';
import { imageUrlAt } from '@thaiyal/contract/images';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/server-message';
import { useSetTailorPhoto, useShopTrust } from '../api/shop-trust';

/** The i18n key of what is wrong with a chosen file before it is sent, or undefined (the server decodes it anyway). */
function fileProblem(file: File | undefined): string | undefined {
  if (!file) return 'tailorPhoto.required';
  if (file.type !== '' && !file.type.startsWith('image/')) return 'admin.imageType';
  if (file.size > LIMITS.maxImageBytes) return 'admin.imageTooLarge';
  return undefined;
}

/**
 * The photo, the picker and the buttons of {@link TailorPhotoSection}, mounted once it is opened
 * (so the dashboard asks nothing for it until then).
 */
function TailorPhotoForm() {
  const { t } = useTranslation();
  const trust = useShopTrust();
  const setPhoto = useSetTailorPhoto();
  const [problem, setProblem] = useState<string | undefined>();
  const inputId = useId();
  const photo = trust.data?.tailorPhoto ?? null;

  function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem('image') as HTMLInputElement | null)?.files?.[0];
    const wrong = fileProblem(file);
    setProblem(wrong);
    if (wrong || !file) return;
    setPhoto.mutate(file, {
      onSuccess: () => {
        form.reset();
        toast.success(t('tailorPhoto.saved'));
      },
      onError: (error) => toast.error(serverMessage(error, t) ?? t('tailorPhoto.failed')),
    });
  }

  function remove() {
    setPhoto.mutate(null, {
      onSuccess: () => toast.success(t('tailorPhoto.removed')),
      onError: (error) => toast.error(serverMessage(error, t) ?? t('tailorPhoto.failed')),
    });
  }

  return (
    <div className="space-y-3 pt-3">
      <p className="text-sm text-stone-700">{t('tailorPhoto.intro')}</p>
      {photo ? (
        <img
          src={imageUrlAt(photo, 320)}
          width={96}
          height={128}
          alt={t('tailorPhoto.current')}
          className="h-32 w-24 rounded-xl object-cover"
        />
      ) : (
        <p className="text-sm text-stone-600">{t('tailorPhoto.none')}</p>
      )}
      <form onSubmit={upload} className="flex flex-wrap items-end gap-3" noValidate>
        <label htmlFor={inputId} className="flex flex-col gap-1 text-sm font-semibold text-stone-800">
          {t('tailorPhoto.choose')}
          <input
            id={inputId}
            name="image"
            type="file"
            accept="image/*"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-problem` : undefined}
            className="min-h-11 max-w-full text-sm"
          />
        </label>
        <Button type="submit" disabled={setPhoto.isPending} className="min-h-11">
          {t('tailorPhoto.upload')}
        </Button>
        {photo && (
          <Button variant="secondary" onClick={remove} disabled={setPhoto.isPending} className="min-h-11">
            {t('tailorPhoto.remove')}
          </Button>
        )}
        {problem && (
          <p id={`${inputId}-problem`} role="alert" className="w-full text-sm text-red-700">
            {t(problem)}
          </p>
        )}
      </form>
    </div>
  );
}

/**
 * The admin's "Tailor's photo" (docs/product.md#admin-dashboard, the tailor's photo), a section of
 * its own below the dashboard's tabs, closed until the owner opens it: the photo home shows under
 * "Who is behind the shop" (or that there is none), a file picker and `Upload photo`
 * (`PUT /api/tailor-photo`, which stores it as product pictures are stored and replaces the one
 * before), and `Remove photo`. A file that is not a picture or is over 10 MB is refused here with
 * its message; the server's refusal is shown as its message.
 */
export function TailorPhotoSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)} className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-rose-900/10">
      <summary className="flex min-h-11 cursor-pointer items-center font-serif text-xl font-semibold text-rose-950 focus-visible:outline-3 focus-visible:outline-rose-700">
        <h2>{t('tailorPhoto.heading')}</h2>
      </summary>
      {open && <TailorPhotoForm />}
    </details>
  );
}
