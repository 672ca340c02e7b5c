import type { ProductFields } from '@thaiyal/contract';
import { LIMITS } from '@thaiyal/contract/limits';
import { compareAtIsAbovePrice } from '@thaiyal/contract/product';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { SelectField } from './form-fields';

/**
 * Adds the MRP rule to a product form's schema (docs/product.md#validation, product (admin):
 * an optional compare-at price must be above the price): values whose `compareAtPrice` (rupees,
 * or null/undefined for none) is not above `price` (rupees) fail with the i18n key
 * `admin.edit.compareAtInvalid` on the `compareAtPrice` field. Returns the same schema type, so
 * the create form and the edit dialog keep their own extra fields.
 */
export function withMrpAbovePrice<S extends z.ZodType<{ price: number; compareAtPrice?: number | null | undefined }>>(schema: S): S {
  return schema.refine((values) => compareAtIsAbovePrice(values.price, values.compareAtPrice), {
    message: 'admin.edit.compareAtInvalid',
    path: ['compareAtPrice'],
  });
}

/**
 * What a product field needs from the form around it: react-hook-form's `register` and
 * `formState.errors` of a form whose values `T` include the contract's product fields
 * (`ProductFields`: name, nameTa, description, descriptionTa, category, price and
 * compareAtPrice as typed text, priceIncludesFabric as 'true' or 'false'), and maybe more
 * (the create form's images, the edit dialog's flags).
 */
export interface ProductFieldProps<T extends ProductFields> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}

/**
 * The translator, and the form's `register` and `errors` seen as the product fields' alone.
 * Safe: `T` extends `ProductFields`, so each of those fields is a field of `T` with the same
 * type; TypeScript cannot see that through react-hook-form's function type, hence the casts.
 */
function useProductForm<T extends ProductFields>({ register, errors }: { register: UseFormRegister<T>; errors?: FieldErrors<T> }) {
  const { t } = useTranslation();
  return {
    t,
    register: register as unknown as UseFormRegister<ProductFields>,
    errors: (errors ?? {}) as FieldErrors<ProductFields>,
  };
}

/**
 * The product's name and description in English (required) and Tamil (optional, `lang="ta"`),
 * in that order: `Product Name`, `Product name in Tamil (optional)`, `Description`,
 * `Description in Tamil (optional)`. Limits are the contract's (`LIMITS.maxNameLength`,
 * `LIMITS.maxDescriptionLength`); an English field's error says it is required, a Tamil one's
 * that it is too long (docs/product.md#validation, product (admin);
 * docs/product.md#editing-a-product). Shared by the create form and the edit dialog.
 */
export function ProductTextFields<T extends ProductFields>(props: ProductFieldProps<T>) {
  const { t, register, errors } = useProductForm(props);
  return (
    <>
      <TextField
        label={t('admin.product.name')}
        autoComplete="off"
        required
        maxLength={LIMITS.maxNameLength}
        error={errors.name ? t('admin.product.nameRequired') : undefined}
        {...register('name')}
      />
      <TextField
        label={t('admin.edit.nameTa')}
        lang="ta"
        autoComplete="off"
        maxLength={LIMITS.maxNameLength}
        error={errors.nameTa ? t('admin.edit.tooLong') : undefined}
        {...register('nameTa')}
      />
      <TextArea
        rows={4}
        label={t('admin.product.description')}
        required
        maxLength={LIMITS.maxDescriptionLength}
        error={errors.description ? t('admin.product.descriptionRequired') : undefined}
        {...register('description')}
      />
      <TextArea
        rows={4}
        label={t('admin.edit.descriptionTa')}
        lang="ta"
        maxLength={LIMITS.maxDescriptionLength}
        error={errors.descriptionTa ? t('admin.edit.tooLong') : undefined}
        {...register('descriptionTa')}
      />
    </>
  );
}

/** Rupee amounts typed into the form: positive, at most 2 decimals (the contract checks the text). */
const rupeeInput = { type: 'number', inputMode: 'decimal', min: '0.01', step: '0.01' } as const;

/**
 * `Price (₹)` (required): a positive number of rupees with at most 2 decimals, else
 * `admin.product.priceInvalid` (docs/product.md#validation, product (admin)).
 */
export function PriceField<T extends ProductFields>(props: ProductFieldProps<T>) {
  const { t, register, errors } = useProductForm(props);
  return (
    <TextField
      label={t('admin.product.price')}
      {...rupeeInput}
      required
      error={errors.price ? t('admin.product.priceInvalid') : undefined}
      {...register('price')}
    />
  );
}

/**
 * `MRP (optional)`: empty for none, else a price as `Price (₹)` takes it and above the price
 * ({@link withMrpAbovePrice}'s `The MRP must be above the price`; a malformed amount
 * shows the price's message). Its hint is {@link CompareAtHint}, placed by the form under the
 * row the field sits in (docs/product.md#validation, product (admin); docs/product.md#editing-a-product).
 */
export function CompareAtPriceField<T extends ProductFields>(props: ProductFieldProps<T>) {
  const { t, register, errors } = useProductForm(props);
  const message = errors.compareAtPrice?.message;
  return (
    <TextField
      label={t('admin.edit.compareAtPrice')}
      {...rupeeInput}
      error={errors.compareAtPrice ? t(message?.startsWith('admin.') ? message : 'admin.product.priceInvalid') : undefined}
      {...register('compareAtPrice')}
    />
  );
}

/** The MRP's hint: `Leave the MRP empty for none. …` (docs/product.md#editing-a-product). */
export function CompareAtHint() {
  const { t } = useTranslation();
  return <p className="-mt-2 text-sm text-stone-600">{t('admin.edit.compareAtHint')}</p>;
}

/**
 * `The price is for`: `Stitching only` ('false', the default) or `Stitching and fabric` ('true'),
 * sent as `priceIncludesFabric`, with the hint that says who brings the fabric
 * (docs/product.md#admin-dashboard). The choices are short so a 360-px phone shows the chosen one whole.
 */
export function PricePaysForField<T extends ProductFields>(props: Pick<ProductFieldProps<T>, 'register'>) {
  const { t, register } = useProductForm(props);
  return (
    <SelectField label={t('admin.product.pricePaysFor')} hint={t('admin.product.pricePaysForHint')} {...register('priceIncludesFabric')}>
      <option value="false">{t('admin.product.stitchingOnly')}</option>
      <option value="true">{t('admin.product.withFabric')}</option>
    </SelectField>
  );
}
