import type { MeasurementKey, Measurements } from '@thaiyal/contract';
import { MEASUREMENT_FIELDS, MEASUREMENT_GROUPS, measurementRange } from '@thaiyal/contract/measurements';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TextField } from './ui/text-field';
import { formatLength, inRange, parseLength, type LengthUnit } from '../lib/length-units';
import { MeasureHintIcon } from './measure-hint';

/**
 * The measurement fields a shopper's profile form and the owner's measurement form share
 * (docs/product.md#measurement-profiles, docs/product.md#the-measurement-book): the typed values
 * in inches or centimetres, the unit toggle, the two groups of fields with their pictures and
 * hints, and the range check with the server's own messages.
 */

const FIELD_BY_KEY = new Map(MEASUREMENT_FIELDS.map((field) => [field.key as MeasurementKey, field]));
/** The dress group without the measures the blouse group already asks (waist, shoulder, sleeve length). */
const DRESS_ONLY = MEASUREMENT_GROUPS.dress.filter((key) => !(MEASUREMENT_GROUPS.blouse as readonly string[]).includes(key));
const GROUPS = [
  ['blouse', MEASUREMENT_GROUPS.blouse],
  ['dress', DRESS_ONLY],
] as const;

/** The measurements as typed, in the unit shown, and the ways to change them (also the owner's measurement form's, docs/product.md#the-measurement-book). */
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
export function useLengthTexts(stored: Measurements, storedUnit: LengthUnit): LengthTexts {
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
 * Checks each measurement given against the contract's range, with the server's own message
 * (docs/product.md#measurement-profiles); answers the errors by key and the measurements in whole mm.
 */
export function checkMeasurements(
  millimetres: (key: MeasurementKey) => number | null,
  t: TFunction,
): { errors: Partial<Record<MeasurementKey, string>>; measurements: Measurements } {
  const errors: Partial<Record<MeasurementKey, string>> = {};
  const measurements: Measurements = {};
  for (const field of MEASUREMENT_FIELDS) {
    const key = field.key as MeasurementKey;
    const mm = millimetres(key);
    if (mm === null) continue;
    if (Number.isNaN(mm) || !inRange(key, mm))
      errors[key] = t(`serverMessages.measurement.${key}`, measurementRange(FIELD_BY_KEY.get(key)!));
    else measurements[key] = mm;
  }
  return { errors, measurements };
}

/** Both groups of measurement fields (blouse; chudithar, frock and pant), each field with its picture and hint. */
export function MeasurementGroups({ lengths, errors }: { lengths: LengthTexts; errors: Partial<Record<MeasurementKey, string>> }) {
  return GROUPS.map(([group, keys]) => <MeasurementGroup key={group} group={group} keys={keys} lengths={lengths} errors={errors} />);
}

/** Inches or centimetres, the unit shown pressed. */
export function UnitToggle({ unit, onChange }: { unit: LengthUnit; onChange: (unit: LengthUnit) => void }) {
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
  errors: Partial<Record<MeasurementKey, string>>;
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
