import { zodResolver } from '@hookform/resolvers/zod';
import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS } from '@thaiyal/contract/catalog';
import { LIMITS } from '@thaiyal/contract/limits';
import { ProductFieldsSchema } from '@thaiyal/contract/product';
import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { useCreateProduct } from '../api/create-product';
import { failureWithReason, firstErrorMessage } from './admin-text';
import { FilePreview } from './file-preview';
import { ImageFileSchema } from './image-file-schema';
import { FileField, SelectField } from './form-fields';
import { CompareAtHint, CompareAtPriceField, PriceField, PricePaysForField, ProductTextFields, withMrpAbovePrice } from './product-fields';
import { UploadProgress } from './upload-progress';

/**
 * The create-product form: the contract's product fields (the Tamil text and the compare-at
 * price optional, the MRP above the price, as the edit dialog checks) plus 1 to 6 pictures
 * (docs/product.md#validation).
 */
const CreateProductFormSchema = withMrpAbovePrice(
  ProductFieldsSchema.extend({
    images: z.array(ImageFileSchema).min(1, 'admin.product.imageRequired').max(LIMITS.maxProductImages),
  }),
);
type FormInput = z.input<typeof CreateProductFormSchema>;
type FormOutput = z.output<typeof CreateProductFormSchema>;

/** Blank fields; the category '' selects the 'Select a category' prompt, which the schema refuses. */
const EMPTY: Partial<FormInput> = {
  name: '',
  nameTa: '',
  description: '',
  descriptionTa: '',
  category: '' as FormInput['category'],
  price: '',
  compareAtPrice: '',
  priceIncludesFabric: 'false',
  images: [],
};

/**
 * The CreateProduct tab (docs/product.md#admin-dashboard, docs/product.md#validation Product form): Product Name,
 * its Tamil name (optional), Description, its Tamil description (optional), Category (docs/product.md#limits categories and labels), Price, MRP (optional, above the price), what the price pays
 * for (the stitching alone, or with the fabric) and Product Image (several;
 * only the first 6 are kept, and the form says so). While the pictures go up a progress bar
 * shows and the button reads 'Creating...'. Success toasts and resets; a failure shows the
 * server's message when it gave one (413, 415, 400), else 'Failed to create product. Please
 * try again.' (docs/product.md#messages).
 */
export function CreateProductForm() {
  const { t } = useTranslation();
  const create = useCreateProduct();
  const [progress, setProgress] = useState<number | null>(null);
  const [chosenCount, setChosenCount] = useState(0);
  // A new key gives a fresh, empty file input after a reset (file inputs cannot be set).
  const [fileInputKey, setFileInputKey] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    control,
    formState: { errors, isSubmitted },
  } = useForm<FormInput, unknown, FormOutput>({
    defaultValues: EMPTY,
    resolver: zodResolver(CreateProductFormSchema),
  });
  const images = useWatch({ control, name: 'images' }) ?? [];

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    setChosenCount(chosen.length);
    setValue('images', chosen.slice(0, LIMITS.maxProductImages), { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const onSubmit = handleSubmit((values) => {
    setProgress(0);
    create.mutate(
      { ...values, onProgress: setProgress },
      {
        onSuccess: (product) => {
          toast.success(t('admin.product.created', { name: product.name }));
          reset(EMPTY);
          setChosenCount(0);
          setFileInputKey((key) => key + 1);
        },
        onError: (error) => {
          toast.error(failureWithReason(error, t('admin.product.createFailed'), t));
        },
        onSettled: () => setProgress(null),
      },
    );
  });

  const imagesError = firstErrorMessage(errors.images);

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10 sm:p-6">
      <h2 className="font-serif text-xl font-semibold text-rose-950">{t('admin.product.heading')}</h2>
      <ProductTextFields register={register} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('admin.product.category')}
          required
          error={errors.category ? t('admin.product.categoryRequired') : undefined}
          {...register('category')}
        >
          <option value="" disabled>
            {t('admin.chooseCategory')}
          </option>
          {PRODUCT_CATEGORIES.map((slug) => (
            <option key={slug} value={slug}>
              {t(`admin.categoryLabels.${slug}`, { defaultValue: PRODUCT_CATEGORY_LABELS[slug] })}
            </option>
          ))}
        </SelectField>
        <PriceField register={register} errors={errors} />
      </div>
      <CompareAtPriceField register={register} errors={errors} />
      <CompareAtHint />
      <PricePaysForField register={register} />
      <FileField
        key={fileInputKey}
        label={t('admin.product.images')}
        hint={t('admin.product.imagesHint', { max: LIMITS.maxProductImages })}
        accept="image/*"
        multiple
        required
        onChange={onFiles}
        error={imagesError ? t(imagesError, { max: LIMITS.maxProductImages }) : undefined}
      />
      {chosenCount > LIMITS.maxProductImages && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          {t('admin.product.tooMany', { count: chosenCount, max: LIMITS.maxProductImages })}
        </p>
      )}
      {images.length > 0 && (
        <ul aria-label={t('admin.product.previews')} className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {images.map((file, index) => (
            <li key={`${index}-${file.name}-${file.size}`}>
              <FilePreview
                file={file}
                alt={t('admin.product.previewAlt', { index: index + 1, name: file.name })}
                className="aspect-[3/4] w-full"
              />
            </li>
          ))}
        </ul>
      )}
      {progress !== null && <UploadProgress fraction={progress} />}
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        {create.isPending ? t('admin.product.creating') : t('admin.product.create')}
      </Button>
    </form>
  );
}
