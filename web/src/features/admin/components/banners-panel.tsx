import { zodResolver } from '@hookform/resolvers/zod';
import type { Banner } from '@thaiyal/contract';
import { BANNER_CATEGORIES, BANNER_FEATURED, PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS } from '@thaiyal/contract/catalog';
import { LIMITS } from '@thaiyal/contract/limits';
import { BannerFieldsSchema } from '@thaiyal/contract/product';
import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { TextField } from '../../../components/ui/text-field';
import { useAdminBanners } from '../api/admin-banners';
import { useCreateBanner } from '../api/create-banner';
import { useDeleteBanner } from '../api/delete-banner';
import { TrashIcon } from '../../../components/ui/icons';
import { failureWithReason } from './admin-text';
import { ConfirmDelete } from './confirm-delete';
import { ImageFileSchema } from './image-file-schema';
import { FilePreview } from './file-preview';
import { FileField, SelectField } from './form-fields';
import { tableClass } from './table-class';
import { Thumb } from './thumb';
import { UploadProgress } from './upload-progress';

/**
 * The banner form: the contract's banner category, the optional headline and line over the
 * picture in English and Tamil, and one picture (docs/product.md#validation Banner form).
 */
const BannerFormSchema = BannerFieldsSchema.extend({ image: ImageFileSchema });
type FormInput = z.input<typeof BannerFormSchema>;
type FormOutput = z.output<typeof BannerFormSchema>;

/** Blank fields; the category '' selects the prompt, which the schema refuses. */
const EMPTY: Partial<FormInput> = { category: '' as FormInput['category'], headline: '', headlineTa: '', line: '', lineTa: '' };

/** The banner's text fields: name, whether Tamil, and the longest it may be (contract LIMITS). */
const TEXT_FIELDS = [
  { name: 'headline', tamil: false, max: LIMITS.maxBannerHeadlineLength },
  { name: 'headlineTa', tamil: true, max: LIMITS.maxBannerHeadlineLength },
  { name: 'line', tamil: false, max: LIMITS.maxBannerLineLength },
  { name: 'lineTa', tamil: true, max: LIMITS.maxBannerLineLength },
] as const;

/**
 * The Banners tab (docs/product.md#admin-dashboard): the banner form (banner category of docs/product.md#limits,
 * one picture, 'Banner Upload'), a grid of the banners' pictures and a table (a banner has
 * no price: the Price column says 'Banner'). Clicking a banner or its delete icon asks
 * 'Confirm Deletion?' with Yes/No. Every change reloads the home carousel. Messages of
 * docs/product.md#messages: 'Failed to create banner. Please try again.' (also for an answer without a
 * banner); 'Failed to upload banner. Please try again.' followed by the server's reason when
 * it gave one (decision 011); a failed delete shows both of the product's texts, the toast 'Failed to
 * delete banners.' and the status line 'banner not delete' above the list, which stays until
 * the next delete.
 */
export function BannersPanel() {
  const { t } = useTranslation();
  const banners = useAdminBanners();
  const remove = useDeleteBanner();
  const [deleting, setDeleting] = useState<Banner | null>(null);

  const label = (banner: Banner) => t('admin.banners.bannerAlt', { category: banner.category });

  const list = (
    <QueryState query={banners} failed={t('admin.loadFailed')} retry={t('admin.retry')} empty={t('admin.banners.empty')}>
      {(all) => (
        <>
          <ul aria-label={t('admin.banners.gridLabel')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {all.map((banner) => (
              <li key={banner._id}>
                <button
                  type="button"
                  onClick={() => setDeleting(banner)}
                  aria-label={t('admin.banners.deleteNamed', { category: banner.category })}
                  className="group relative block w-full overflow-hidden rounded-xl ring-1 ring-rose-900/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
                >
                  <Thumb
                    url={banner.image}
                    alt={label(banner)}
                    shape="banner"
                    sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                    className="w-full rounded-none"
                  />
                  <span className="absolute bottom-2 left-2 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-rose-950">
                    {banner.category}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div className={tableClass.wrap} tabIndex={0} role="region" aria-label={t('admin.banners.tableLabel')}>
            <table className={tableClass.table}>
              <caption className="sr-only">{t('admin.banners.tableLabel')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={tableClass.th}>
                    {t('admin.products.product')}
                  </th>
                  <th scope="col" className={tableClass.th}>
                    {t('admin.products.price')}
                  </th>
                  <th scope="col" className={tableClass.th}>
                    {t('admin.products.category')}
                  </th>
                  <th scope="col" className={tableClass.th}>
                    {t('admin.products.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {all.map((banner) => (
                  <tr key={banner._id}>
                    <th scope="row" className={`${tableClass.td} font-medium`}>
                      <Thumb url={banner.image} alt={label(banner)} shape="banner" className="w-24 sm:w-32" />
                    </th>
                    <td className={tableClass.td}>{t('admin.banners.noPrice')}</td>
                    <td className={tableClass.td}>{banner.category}</td>
                    <td className={tableClass.td}>
                      <button
                        type="button"
                        className={tableClass.iconButton}
                        aria-label={t('admin.banners.deleteNamed', { category: banner.category })}
                        onClick={() => setDeleting(banner)}
                      >
                        <TrashIcon />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-6">
      <BannerForm />
      <section aria-labelledby="admin-banners-heading" className="space-y-4">
        <h2 id="admin-banners-heading" className="font-serif text-xl font-semibold text-rose-950">
          {t('admin.banners.heading')}
        </h2>
        {/* The mutation's error stays until the next delete starts. */}
        {remove.isError && (
          <p role="status" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {t('admin.banners.notDeleted')}
          </p>
        )}
        {list}
      </section>
      <ConfirmDelete
        item={deleting}
        mutation={remove}
        idOf={(banner) => banner._id}
        describe={(banner) => t('admin.banners.deleteBody', { category: banner.category })}
        deleted={() => t('admin.banners.deleted')}
        failed={() => t('admin.banners.deleteFailed')}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/**
 * The banner upload form: category select, the optional headline and line in English and
 * Tamil (shown over the picture on the home page, docs/product.md#home), one picture with
 * its preview, 'Banner Upload'.
 */
function BannerForm() {
  const { t } = useTranslation();
  const create = useCreateBanner();
  const [progress, setProgress] = useState<number | null>(null);
  // A new key gives a fresh, empty file input after a reset (file inputs cannot be set).
  const [fileInputKey, setFileInputKey] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    control,
    formState: { errors, isSubmitted },
  } = useForm<FormInput, unknown, FormOutput>({ defaultValues: EMPTY, resolver: zodResolver(BannerFormSchema) });
  const image = useWatch({ control, name: 'image' });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setValue('image', file as FormInput['image'], { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const onSubmit = handleSubmit((values) => {
    setProgress(0);
    create.mutate(
      { ...values, onProgress: setProgress },
      {
        onSuccess: (banner) => {
          if (!banner) {
            toast.error(t('admin.banners.createFailed'));
            return;
          }
          toast.success(t('admin.banners.created'));
          reset(EMPTY);
          setFileInputKey((key) => key + 1);
        },
        onError: (error) => toast.error(failureWithReason(error, t('admin.banners.uploadFailed'), t)),
        onSettled: () => setProgress(null),
      },
    );
  });

  const imageError = errors.image?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10 sm:p-6">
      <h2 className="font-serif text-xl font-semibold text-rose-950">{t('admin.banners.formHeading')}</h2>
      <SelectField
        label={t('admin.banners.category')}
        required
        error={errors.category ? t('admin.banners.categoryRequired') : undefined}
        {...register('category')}
      >
        <option value="" disabled>
          {t('admin.chooseCategory')}
        </option>
        {/* Where the banner leads (docs/product.md#home): a banner category, any product category or the featured page. */}
        <optgroup label={t('admin.banners.destinationsBanner')}>
          {BANNER_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('admin.banners.destinationsProduct')}>
          {PRODUCT_CATEGORIES.map((slug) => (
            <option key={slug} value={slug}>
              {t(`admin.categoryLabels.${slug}`, { defaultValue: PRODUCT_CATEGORY_LABELS[slug] })}
            </option>
          ))}
        </optgroup>
        <option value={BANNER_FEATURED}>{t('admin.banners.featuredPage')}</option>
      </SelectField>
      <fieldset className="space-y-3">
        <legend className="text-sm text-stone-600">{t('admin.banners.textHint')}</legend>
        {TEXT_FIELDS.map(({ name, tamil, max }) => (
          <TextField
            key={name}
            label={t(`admin.banners.${name}`)}
            lang={tamil ? 'ta' : undefined}
            autoComplete="off"
            maxLength={max}
            error={errors[name] ? t('admin.edit.tooLong') : undefined}
            {...register(name)}
          />
        ))}
      </fieldset>
      <FileField
        key={fileInputKey}
        label={t('admin.banners.image')}
        hint={t('admin.banners.imageHint')}
        accept="image/*"
        required
        onChange={onFile}
        error={imageError ? t(imageError === 'admin.imageRequired' ? 'admin.banners.imageRequired' : imageError) : undefined}
      />
      {image instanceof File && (
        <FilePreview file={image} alt={t('admin.banners.previewAlt', { name: image.name })} className="aspect-[16/7] w-full max-w-md" />
      )}
      {progress !== null && <UploadProgress fraction={progress} />}
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        {create.isPending ? t('admin.banners.uploading') : t('admin.banners.upload')}
      </Button>
    </form>
  );
}
