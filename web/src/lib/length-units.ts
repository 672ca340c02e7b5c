import { MEASUREMENT_FIELDS, type MeasurementKey } from '@thaiyal/contract/measurements';

/**
 * Units of the measurement form (docs/product.md#measurement-profiles): the shopper types inches
 * (a Pollachi tailor's tape) or centimetres; the API stores whole millimetres.
 */
export type LengthUnit = 'in' | 'cm';

const MM_PER_UNIT: Record<LengthUnit, number> = { in: 25.4, cm: 10 };

/** `mm` as the shopper reads it in `unit`, with at most one decimal: 864 mm → `'34'` in, `'86.4'` cm. */
export function formatLength(mm: number, unit: LengthUnit): string {
  return String(Math.round((mm / MM_PER_UNIT[unit]) * 10) / 10);
}

/**
 * What the shopper typed in `unit`, in whole millimetres: `''` (blank) → `null` (not taken);
 * a number (a decimal comma is taken as a point) → rounded millimetres; anything else → `NaN`.
 */
export function parseLength(typed: string, unit: LengthUnit): number | null {
  const text = typed.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d{1,4}(\.\d+)?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * MM_PER_UNIT[unit]);
}

const FIELDS = new Map<string, (typeof MEASUREMENT_FIELDS)[number]>(MEASUREMENT_FIELDS.map((field) => [field.key, field]));

/**
 * Whether `mm` is a measurement the server takes for `key`: a whole number of millimetres in the
 * contract's range (`MEASUREMENT_FIELDS`), the same check as the server's, so its message fits.
 */
export function inRange(key: MeasurementKey, mm: number): boolean {
  const field = FIELDS.get(key)!;
  return Number.isInteger(mm) && mm >= field.minMm && mm <= field.maxMm;
}
