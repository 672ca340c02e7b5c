import { zodResolver } from '@hookform/resolvers/zod';
import type { Address } from '@thaiyal/contract';
import { AddressBodySchema } from '@thaiyal/contract/account';
import { LIMITS, SERVICE_CITY, SERVICE_STATE } from '@thaiyal/contract/limits';
import { useEffect } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { placeName } from '../../../lib/places';
import { TextField } from '../../../components/ui/text-field';
import { addEnglish } from '../../../i18n';
import areaEnglish from '../../../i18n/en-area.json';
import { readAddressDraft, saveAddressDraft } from '../address-draft';

// The optional fields' labels come with this form's chunk, not the first load.
addEnglish(areaEnglish);

type AddressInput = z.input<typeof AddressBodySchema>;
/** The address as validated by the contract's schema (trimmed), ready for `POST /api/auth/address`. */
export type AddressFormValues = z.output<typeof AddressBodySchema>;

/** docs/product.md#validation: the checks run in this order and the first failure is the one shown. */
const CHECK_ORDER = ['name', 'phoneNumber', 'pinCode', 'doorNumber', 'street', 'landmark', 'alternatePhone'] as const;
type CheckedField = (typeof CHECK_ORDER)[number];

const ERROR_KEY: Record<CheckedField, string> = {
  name: 'checkout.address.errors.name',
  phoneNumber: 'checkout.address.errors.phone',
  pinCode: 'checkout.address.errors.pinCode',
  doorNumber: 'checkout.address.errors.doorNumber',
  street: 'checkout.address.errors.street',
  landmark: 'serverMessages.address.landmark',
  alternatePhone: 'serverMessages.address.alternatePhone',
};

/** Toast id: a new failure replaces the last one instead of piling up. */
const ERROR_TOAST_ID = 'address-form-error';

/** The first failing field in docs/product.md#validation order, or null. */
function firstAddressError(errors: FieldErrors<AddressInput>): CheckedField | null {
  return CHECK_ORDER.find((field) => errors[field]) ?? null;
}

/** Props of the address form. */
export interface AddressFormProps {
  /** The saved address, to edit; empty fields otherwise. */
  initial: Address | null;
  onSubmit: (values: AddressFormValues) => void;
  pending: boolean;
}

/**
 * The 'Order Checkout' form (docs/product.md#address): name, phone number, door number, street, city,
 * state and pin code, then an optional landmark and alternate phone number; city and state are read-only, shown by name in the page's language and sent
 * as the stored `pollachi` and `tamilnadu` (docs/product.md#limits, docs/product.md#address).
 * Validated with the contract's `AddressBodySchema`; the first failing check in docs/product.md#validation order
 * (name, 10-digit phone as people type it — '+91 98430 12345', '098430 12345', '98430-12345' —, 6-digit pin
 * code, door number, street, then the landmark's length and the alternate phone) shows as an error
 * toast and its field gets focus. What is typed is kept in the tab's address draft and filled
 * back after a reload (over the saved address); the page forgets it once the address is saved.
 */
export function AddressForm({ initial, onSubmit, pending }: AddressFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setFocus,
    subscribe,
    formState: { errors },
  } = useForm<AddressInput, unknown, AddressFormValues>({
    defaultValues: {
      name: initial?.name ?? '',
      phoneNumber: initial?.phoneNumber ?? '',
      doorNumber: initial?.doorNumber ?? '',
      street: initial?.street ?? '',
      city: SERVICE_CITY,
      state: SERVICE_STATE,
      pinCode: initial?.pinCode ?? '',
      landmark: initial?.landmark ?? '',
      alternatePhone: initial?.alternatePhone ?? '',
      // What she typed before a reload goes over the saved address (the form is drawn in the browser only).
      ...readAddressDraft(),
    },
    resolver: zodResolver(AddressBodySchema),
    shouldFocusError: false,
  });

  // Every keystroke is kept in the tab, so a reload loses nothing (docs/product.md#address).
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => saveAddressDraft(values) }), [subscribe]);

  const submit = handleSubmit(
    (values) => {
      toast.dismiss(ERROR_TOAST_ID);
      onSubmit(values);
    },
    (failed) => {
      const field = firstAddressError(failed);
      if (!field) return;
      toast.error(t(ERROR_KEY[field], { maxLength: LIMITS.maxLandmarkLength }), { id: ERROR_TOAST_ID });
      setFocus(field);
    },
  );

  const invalid = (field: CheckedField) => (errors[field] ? true : undefined);

  return (
    <form onSubmit={submit} noValidate className="grid max-w-xl gap-4 sm:grid-cols-2">
      <TextField
        label={t('address.name')}
        autoComplete="name"
        maxLength={80}
        required
        aria-invalid={invalid('name')}
        className="sm:col-span-2"
        {...register('name')}
      />
      <TextField
        label={t('address.phoneNumber')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        // docs/product.md#address: '+91 98430 12345' is taken too; the schema keeps the 10 digits.
        maxLength={20}
        required
        aria-invalid={invalid('phoneNumber')}
        {...register('phoneNumber')}
      />
      <TextField
        label={t('address.doorNumber')}
        autoComplete="address-line1"
        maxLength={40}
        required
        aria-invalid={invalid('doorNumber')}
        {...register('doorNumber')}
      />
      <TextField
        label={t('address.street')}
        autoComplete="address-line2"
        maxLength={120}
        required
        aria-invalid={invalid('street')}
        className="sm:col-span-2"
        {...register('street')}
      />
      {/* Shown by name in the page's language; the form sends the stored values (defaultValues). */}
      <TextField label={t('address.city')} name="city" readOnly value={placeName(SERVICE_CITY, t)} />
      <TextField label={t('address.state')} name="state" readOnly value={placeName(SERVICE_STATE, t)} />
      <TextField
        label={t('address.pinCode')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        required
        aria-invalid={invalid('pinCode')}
        {...register('pinCode')}
      />
      <TextField
        label={t('address.optionalField', { label: t('address.landmark') })}
        autoComplete="off"
        maxLength={LIMITS.maxLandmarkLength + 20}
        aria-invalid={invalid('landmark')}
        {...register('landmark')}
      />
      <TextField
        label={t('address.optionalField', { label: t('address.alternatePhone') })}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={20}
        aria-invalid={invalid('alternatePhone')}
        {...register('alternatePhone')}
      />
      <div className="flex items-end sm:col-span-2">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? t('checkout.address.saving') : t('checkout.address.save')}
        </Button>
      </div>
    </form>
  );
}
