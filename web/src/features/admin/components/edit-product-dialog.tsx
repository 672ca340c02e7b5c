import { zodResolver } from '@hookform/resolvers/zod';
import type { Product, ProductPatchBody } from '@thaiyal/contract';
import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS } from '@thaiyal/contract/catalog';
import { ProductFieldsSchema } from '@thaiyal/contract/product';
import { useId } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useUpdateProduct } from '../api/update-product';
import { failureWithReason } from './admin-text';
import { SelectField } from './form-fields';
import { Checkbox } from '../../../components/ui/checkbox';
import { PicturesEditor, usePictureList } from './pictures-editor';
import { CompareAtHint, CompareAtPriceField, PriceField, PricePaysForField, ProductTextFields, withMrpAbovePrice } from './product-fields';

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
  const pictures = usePictureList(product.images);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ defaultValues: formValues(product), resolver: zodResolver(EditProductFormSchema) });

  const onSubmit = handleSubmit((values) => {
    if (pictures.list.length === 0) {
      pictures.setNote(t('admin.edit.needOnePicture'));
      return;
    }
    update.mutate(
      { id: product._id, fields: productFields(values), ...(pictures.changed ? { pictures: pictures.edited() } : {}) },
      {
        onSuccess: (saved) => {
          toast.success(t('admin.edit.saved', { name: saved.name }));
          onClose();
        },
        onError: (error) => toast.error(failureWithReason(error, t('admin.edit.saveFailed'), t)),
      },
    );
  });

  return (
    <ModalDialog labelledBy={titleId} onDismiss={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <h2 id={titleId} className="font-serif text-xl font-semibold text-rose-950">
          {t('admin.edit.heading', { name: product.name })}
        </h2>
        <ProductTextFields register={register} errors={errors} />
        <CategoryField register={register} />
        <div className="grid grid-cols-2 gap-3">
          <PriceField register={register} errors={errors} />
          <CompareAtPriceField register={register} errors={errors} />
        </div>
        <CompareAtHint />
        <PricePaysForField register={register} />
        <VisibilityFields register={register} />
        <PicturesEditor headingId={`${titleId}-pictures`} pictures={pictures} />
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

/** The form's values as `PATCH /api/product/:id` takes them: the optional Tamil text empty, no MRP as null. */
function productFields(values: FormOutput): ProductPatchBody {
  return {
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
  };
}

/** The category, one of the catalog's (docs/product.md#limits), named in the dashboard's language. */
function CategoryField({ register }: { register: UseFormRegister<FormInput> }) {
  const { t } = useTranslation();
  return (
    <SelectField label={t('admin.product.category')} required {...register('category')}>
      {PRODUCT_CATEGORIES.map((slug) => (
        <option key={slug} value={slug}>
          {t(`admin.categoryLabels.${slug}`, { defaultValue: PRODUCT_CATEGORY_LABELS[slug] })}
        </option>
      ))}
    </SelectField>
  );
}

/** Featured, and hidden from the shop (docs/product.md#hidden-products) with what that means. */
function VisibilityFields({ register }: { register: UseFormRegister<FormInput> }) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">{t('admin.edit.visibility')}</legend>
      <Checkbox label={t('admin.edit.featured')} {...register('isFeatured')} />
      <Checkbox label={t('admin.edit.hidden')} hint={t('admin.edit.hiddenHint')} {...register('hidden')} />
    </fieldset>
  );
}
