import { zodResolver } from '@hookform/resolvers/zod';
import type { Product } from '@thaiyal/contract';
import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS } from '@thaiyal/contract/catalog';
import { LIMITS } from '@thaiyal/contract/limits';
import { ProductFieldsSchema } from '@thaiyal/contract/product';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useUpdateProduct, type EditedPicture } from '../api/update-product';
import { failureWithReason } from './admin-text';
import { FilePreview } from './file-preview';
import { FileField, SelectField } from './form-fields';
import { ImageFileSchema } from './image-file-schema';
import { CompareAtHint, CompareAtPriceField, PriceField, PricePaysForField, ProductTextFields, withMrpAbovePrice } from './product-fields';
import { Thumb } from './thumb';

/**
 * The edit form's fields: the create form's (the contract's, so the server checks the same
 * rules) with the Tamil text, the compare-at price above the price, and the two flags.
 * Messages are i18n keys where the form shows its own.
 */
const EditProductFormSchema = withMrpAbovePrice(
  ProductFieldsSchema.extend({
    isFeatured: z.boolean(),
    hidden: z.boolean(),
  }),
);
type FormInput = z.input<typeof EditProductFormSchema>;
type FormOutput = z.output<typeof EditProductFormSchema>;

/** A picture in the form: kept from the product (its URL) or newly chosen (a file), with a stable key. */
type Picture = EditedPicture & { key: string };

/** The product's values as the form holds them (prices as typed text). */
function formValues(product: Product): FormInput {
  return {
    name: product.name,
    nameTa: product.nameTa,
    description: product.description,
    descriptionTa: product.descriptionTa,
    category: product.category,
    price: String(product.price),
    compareAtPrice: product.compareAtPrice === null ? '' : String(product.compareAtPrice),
    priceIncludesFabric: product.priceIncludesFabric ? 'true' : 'false',
    isFeatured: product.isFeatured,
    hidden: product.hidden ?? false,
  };
}

let pictureCounter = 0;

/** Props of the edit dialog. */
export interface EditProductDialogProps {
  product: Product;
  /** Cancel, Escape, or a saved edit. */
  onClose: () => void;
}

/**
 * The dashboard's product editor (docs/product.md#editing-a-product), a modal
 * opened from the Products tab's Edit button: name and description in English and Tamil,
 * category, price, compare-at price (MRP; empty for none, else above the price), what the price
 * pays for, featured, hidden from the shop, and the pictures (1 to 6: add, remove, move
 * left or right, each with its preview). Saving sends `PATCH /api/product/:id` (JSON, or
 * multipart when the pictures changed); the shop's pages show the edit at once. A refusal
 * keeps the dialog open with the server's message in the dashboard's language.
 */
export function EditProductDialog({ product, onClose }: EditProductDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdateProduct();
  const [pictures, setPictures] = useState<Picture[]>(() => product.images.map((url) => ({ url, key: url })));
  const [pictureNote, setPictureNote] = useState<string | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ defaultValues: formValues(product), resolver: zodResolver(EditProductFormSchema) });

  const picturesChanged =
    pictures.length !== product.images.length ||
    pictures.some((picture, index) => !('url' in picture) || picture.url !== product.images[index]);

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    setFileInputKey((key) => key + 1);
    const room = LIMITS.maxProductImages - pictures.length;
    const refused = chosen.find((file) => !ImageFileSchema.safeParse(file).success);
    if (refused) {
      setPictureNote(t(ImageFileSchema.safeParse(refused).error?.issues[0]?.message ?? 'admin.imageType'));
      return;
    }
    setPictureNote(chosen.length > room ? t('admin.edit.tooMany', { max: LIMITS.maxProductImages }) : null);
    const added = chosen.slice(0, Math.max(0, room)).map((file) => ({ file, key: `new-${(pictureCounter += 1)}` }));
    setPictures((list) => [...list, ...added]);
  };

  const move = (index: number, by: -1 | 1) =>
    setPictures((list) => {
      const next = [...list];
      const [picture] = next.splice(index, 1);
      next.splice(index + by, 0, picture!);
      return next;
    });

  const remove = (index: number) => {
    setPictureNote(null);
    setPictures((list) => list.filter((_, at) => at !== index));
  };

  const onSubmit = handleSubmit((values) => {
    if (pictures.length === 0) {
      setPictureNote(t('admin.edit.needOnePicture'));
      return;
    }
    update.mutate(
      {
        id: product._id,
        fields: {
          name: values.name,
          nameTa: values.nameTa ?? '',
          description: values.description,
          descriptionTa: values.descriptionTa ?? '',
          category: values.category,
          price: values.price,
          compareAtPrice: values.compareAtPrice ?? null,
          priceIncludesFabric: values.priceIncludesFabric ?? false,
          isFeatured: values.isFeatured,
          hidden: values.hidden,
        },
        ...(picturesChanged ? { pictures: pictures.map(({ key: _key, ...picture }) => picture) } : {}),
      },
      {
        onSuccess: (saved) => {
          toast.success(t('admin.edit.saved', { name: saved.name }));
          onClose();
        },
        onError: (error) => toast.error(failureWithReason(error, t('admin.edit.saveFailed'), t)),
      },
    );
  });

  const pictureButton =
    'inline-flex size-9 items-center justify-center rounded-full bg-white text-rose-900 ring-1 ring-rose-800/40 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-rose-700 disabled:opacity-40';

  return (
    <ModalDialog labelledBy={titleId} onDismiss={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <h2 id={titleId} className="font-serif text-xl font-semibold text-rose-950">
          {t('admin.edit.heading', { name: product.name })}
        </h2>
        <ProductTextFields register={register} errors={errors} />
        <SelectField label={t('admin.product.category')} required {...register('category')}>
          {PRODUCT_CATEGORIES.map((slug) => (
            <option key={slug} value={slug}>
              {t(`admin.categoryLabels.${slug}`, { defaultValue: PRODUCT_CATEGORY_LABELS[slug] })}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <PriceField register={register} errors={errors} />
          <CompareAtPriceField register={register} errors={errors} />
        </div>
        <CompareAtHint />
        <PricePaysForField register={register} />
        <fieldset className="space-y-2">
          <legend className="sr-only">{t('admin.edit.visibility')}</legend>
          <label className="flex min-h-11 items-center gap-3 text-stone-800">
            <input type="checkbox" className="size-5 accent-rose-800" {...register('isFeatured')} />
            {t('admin.edit.featured')}
          </label>
          <label className="flex min-h-11 items-start gap-3 text-stone-800">
            <input type="checkbox" className="mt-0.5 size-5 accent-rose-800" {...register('hidden')} />
            <span>
              {t('admin.edit.hidden')}
              <span className="block text-sm text-stone-600">{t('admin.edit.hiddenHint')}</span>
            </span>
          </label>
        </fieldset>
        <section aria-labelledby={`${titleId}-pictures`} className="space-y-2">
          <h3 id={`${titleId}-pictures`} className="text-sm font-medium text-stone-800">
            {t('admin.edit.pictures', { count: pictures.length, max: LIMITS.maxProductImages })}
          </h3>
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {pictures.map((picture, index) => {
              const alt = t('admin.edit.pictureAlt', { index: index + 1 });
              return (
                <li key={picture.key} className="space-y-1">
                  {'url' in picture ? (
                    <Thumb url={picture.url} alt={alt} className="w-full" />
                  ) : (
                    <FilePreview file={picture.file} alt={alt} className="aspect-[3/4] w-full" />
                  )}
                  <div className="flex justify-center gap-1.5">
                    <button
                      type="button"
                      className={pictureButton}
                      disabled={index === 0}
                      aria-label={t('admin.edit.moveLeft', { index: index + 1 })}
                      onClick={() => move(index, -1)}
                    >
                      <span aria-hidden="true">←</span>
                    </button>
                    <button
                      type="button"
                      className={pictureButton}
                      disabled={index === pictures.length - 1}
                      aria-label={t('admin.edit.moveRight', { index: index + 1 })}
                      onClick={() => move(index, 1)}
                    >
                      <span aria-hidden="true">→</span>
                    </button>
                    <button
                      type="button"
                      className={pictureButton}
                      aria-label={t('admin.edit.removePicture', { index: index + 1 })}
                      onClick={() => remove(index)}
                    >
                      <span aria-hidden="true">✕</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
          {pictures.length < LIMITS.maxProductImages && (
            <FileField
              key={fileInputKey}
              label={t('admin.edit.addPictures')}
              hint={t('admin.product.imagesHint', { max: LIMITS.maxProductImages })}
              accept="image/*"
              multiple
              onChange={onFiles}
            />
          )}
          {pictureNote && (
            <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
              {pictureNote}
            </p>
          )}
        </section>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('admin.edit.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('admin.edit.saving') : t('admin.edit.save')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
