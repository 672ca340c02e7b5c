import type { MeasurementKey, MeasurementProfile, Measurements } from '@thaiyal/contract';
import { LIMITS } from '@thaiyal/contract/limits';
import { MEASUREMENT_FIELDS, MEASUREMENT_GROUPS, measurementRange } from '@thaiyal/contract/measurements';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { ProfileInput } from '../api/profiles';
import { formatLength, inRange, parseLength, type LengthUnit } from '../units';
import { MeasureHintIcon } from './measure-hint';

const FIELD_BY_KEY = new Map(MEASUREMENT_FIELDS.map((field) => [field.key as MeasurementKey, field]));
/** The dress group without the measures the blouse group already asks (waist, shoulder, sleeve length). */
const DRESS_ONLY = MEASUREMENT_GROUPS.dress.filter((key) => !(MEASUREMENT_GROUPS.blouse as readonly string[]).includes(key));
const GROUPS = [
  ['blouse', MEASUREMENT_GROUPS.blouse],
  ['dress', DRESS_ONLY],
] as const;

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
      {GROUPS.map(([group, keys]) => (
        <MeasurementGroup key={group} group={group} keys={keys} lengths={lengths} errors={errors} />
      ))}
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

/** The measurements as typed, in the unit shown, and the ways to change them. */
interface LengthTexts {
  unit: LengthUnit;
  texts: Partial<Record<MeasurementKey, string>>;
  setText: (key: MeasurementKey, typed: string) => void;
  /** Shows every value in `next`, converting what was typed. */
  switchUnit: (next: LengthUnit) => void;
  /** The millimetres of one field as typed (null when empty, NaN when not a number); the stored value when shown unchanged. */
  millimetres: (key: MeasurementKey) => number | null;
}

/**
 * The measurement fields' text, first in `storedUnit` (the unit the profile was typed in; inches
 * for a new one) from the `stored` millimetres. A value shown
 * unchanged answers its stored millimetres, so editing the name never shifts a measurement by
 * a rounding; switching the unit converts what was typed (a value that is not a number stays
 * as typed).
 */
function useLengthTexts(stored: Measurements, storedUnit: LengthUnit): LengthTexts {
  const [unit, setUnit] = useState<LengthUnit>(storedUnit);
  const [texts, setTexts] = useState<Partial<Record<MeasurementKey, string>>>(() =>
    Object.fromEntries(Object.entries(stored).map(([key, mm]) => [key, formatLength(mm, storedUnit)])),
  );

  const millimetresIn = (key: MeasurementKey, inUnit: LengthUnit): number | null => {
    const typed = texts[key] ?? '';
    const before = stored[key];
    if (before !== undefined && typed.trim() === formatLength(before, inUnit)) return before;
    return parseLength(typed, inUnit);
  };

  const switchUnit = (next: LengthUnit) => {
    if (next === unit) return;
    setTexts((current) => {
      const converted: Partial<Record<MeasurementKey, string>> = {};
      for (const [key, typed] of Object.entries(current) as [MeasurementKey, string][]) {
        const mm = millimetresIn(key, unit);
        converted[key] = mm === null || Number.isNaN(mm) ? typed : formatLength(mm, next);
      }
      return converted;
    });
    setUnit(next);
  };

  return {
    unit,
    texts,
    setText: (key, typed) => setTexts((current) => ({ ...current, [key]: typed })),
    switchUnit,
    millimetres: (key) => millimetresIn(key, unit),
  };
}

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
  const measurements: Measurements = {};
  for (const field of MEASUREMENT_FIELDS) {
    const key = field.key as MeasurementKey;
    const mm = millimetres(key);
    if (mm === null) continue;
    if (Number.isNaN(mm) || !inRange(key, mm))
      errors[key] = t(`serverMessages.measurement.${key}`, measurementRange(FIELD_BY_KEY.get(key)!));
    else measurements[key] = mm;
  }
  return { errors, name: trimmed, measurements };
}

/** Inches or centimetres, the unit shown pressed. */
function UnitToggle({ unit, onChange }: { unit: LengthUnit; onChange: (unit: LengthUnit) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('measurements.unit')} className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-stone-800" aria-hidden="true">
        {t('measurements.unit')}
      </span>
      {(['in', 'cm'] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={unit === value}
          onClick={() => onChange(value)}
          className={`rounded-full px-4 py-1.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 ${
            unit === value ? 'bg-rose-800 text-white' : 'text-rose-900 ring-1 ring-rose-800/50 hover:bg-rose-50'
          }`}
        >
          {t(value === 'in' ? 'measurements.inches' : 'measurements.centimetres')}
        </button>
      ))}
    </div>
  );
}

/** One group of measurements (blouse, or chudithar, frock and pant), each field with its picture and where to measure. */
function MeasurementGroup({
  group,
  keys,
  lengths,
  errors,
}: {
  group: (typeof GROUPS)[number][0];
  keys: readonly MeasurementKey[];
  lengths: LengthTexts;
  errors: ProfileErrors;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-serif text-lg font-semibold text-rose-950">{t(`measurements.groups.${group}`)}</legend>
      {group === 'dress' && <p className="text-sm text-stone-600">{t('measurements.shared')}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        {keys.map((key) => (
          <div key={key} className="min-w-0 space-y-1">
            <TextField
              label={`${t(`measurements.labels.${key}`)} (${t(`measurements.unitShort.${lengths.unit}`)})`}
              name={key}
              inputMode="decimal"
              autoComplete="off"
              maxLength={8}
              value={lengths.texts[key] ?? ''}
              error={errors[key]}
              onChange={(event) => lengths.setText(key, event.target.value)}
            />
            <p className="flex items-start gap-2 text-xs text-stone-600">
              <MeasureHintIcon field={key} />
              <span>{t(`measurements.hints.${key}`)}</span>
            </p>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
