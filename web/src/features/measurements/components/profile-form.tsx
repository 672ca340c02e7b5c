import type { MeasurementKey, MeasurementProfile, Measurements } from '@thaiyal/contract';
import { LIMITS } from '@thaiyal/contract/limits';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { checkMeasurements, MeasurementGroups, UnitToggle, useLengthTexts } from '../../../components/measurement-fields';
import type { ProfileInput } from '../api/profiles';

/** Props of the profile form. */
export interface ProfileFormProps {
  /** The profile to change; a new one when absent. */
  profile?: MeasurementProfile | undefined;
  /** Called with the checked profile, values in whole millimetres. */
  onSave: (input: ProfileInput) => void;
  onCancel: () => void;
  pending: boolean;
  /** The server's refusal of the last save, in the shopper's language; what she typed stays. */
  serverError?: string | undefined;
}

/**
 * A measurement profile's form (docs/product.md#measurement-profiles): its name, then the blouse
 * group and the chudithar, frock and pant group of measurements, every one optional, each with a
 * picture and a sentence on where to measure. Values are typed in inches or, after the toggle, in
 * centimetres (what was typed is converted), and sent in whole millimetres with the unit shown
 * (a profile opens in the unit it was saved in). Each value is checked
 * against the contract's range with the server's own message; a value shown unchanged is sent as
 * it was stored, so editing the name never shifts a measurement by a rounding.
 */
export function ProfileForm({ profile, onSave, onCancel, pending, serverError }: ProfileFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const lengths = useLengthTexts((profile?.measurements ?? {}) as Measurements, profile?.unit ?? 'in');
  const [name, setName] = useState(profile?.name ?? '');
  const [errors, setErrors] = useState<ProfileErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkProfile(name, lengths.millimetres, t);
    setErrors(checked.errors);
    const first = Object.keys(checked.errors)[0];
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSave({ ...(profile ? { id: profile._id } : {}), name: checked.name, unit: lengths.unit, measurements: checked.measurements });
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="space-y-5 rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="font-serif text-xl font-semibold text-rose-950">
        {profile ? t('measurements.formEdit', { name: profile.name }) : t('measurements.formNew')}
      </h2>
      {serverError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {serverError}
        </p>
      )}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {t('measurements.fixErrors')}
        </p>
      )}
      <TextField
        label={t('measurements.name')}
        name="name"
        placeholder={t('measurements.namePlaceholder')}
        maxLength={LIMITS.maxProfileNameLength + 20}
        autoComplete="off"
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
        className="max-w-md"
      />
      <UnitToggle unit={lengths.unit} onChange={lengths.switchUnit} />
      <p className="text-sm text-stone-600">{t('measurements.optional')}</p>
      <MeasurementGroups lengths={lengths} errors={errors} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t('measurements.saving') : t('measurements.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('measurements.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** What the form says is wrong, by field (a measurement's key, or the name). */
type ProfileErrors = Partial<Record<MeasurementKey | 'name', string>>;

/**
 * Checks the form as the server will (docs/product.md#measurement-profiles): a name of at most
 * the limit's length, and each measurement given within the contract's range, with the server's
 * own messages. Answers the errors found (none: empty), the trimmed name and the measurements
 * in whole millimetres.
 */
function checkProfile(
  name: string,
  millimetres: (key: MeasurementKey) => number | null,
  t: TFunction,
): { errors: ProfileErrors; name: string; measurements: Measurements } {
  const errors: ProfileErrors = {};
  const trimmed = name.trim();
  if (!trimmed) errors.name = t('serverMessages.measurement.nameRequired');
  else if (trimmed.length > LIMITS.maxProfileNameLength)
    errors.name = t('serverMessages.measurement.nameTooLong', { maxLength: LIMITS.maxProfileNameLength });
  const checked = checkMeasurements(millimetres, t);
  return { errors: { ...errors, ...checked.errors }, name: trimmed, measurements: checked.measurements };
}
