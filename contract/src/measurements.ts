import { z } from './zod.js';
import { LIMITS } from './limits.js';
import { IdSchema } from './product.js';
import { freeText } from './text.js';

/**
 * Measurement profiles (docs/product.md#measurement-profiles): a shopper's named sets of body
 * measurements ("Me", "Priya, 8 years"), in whole millimetres, every one optional.
 */

/** One measurement a tailor takes: its API key, its English name and the range it may take, in mm. */
export interface MeasurementField {
  key: string;
  label: string;
  minMm: number;
  maxMm: number;
}

/**
 * Every measurement, in the order a tailor takes them, with its sensible range in whole
 * millimetres: wide enough for a girl of two and for a plus-size adult, narrow enough to catch
 * inches typed as centimetres or a slipped digit (docs/product.md#measurement-profiles).
 * `waist`, `shoulder` and `sleeveLength` are one body measure each, shared by the blouse and
 * the chudithar, frock and pant groups ({@link MEASUREMENT_GROUPS}).
 */
export const MEASUREMENT_FIELDS = [
  { key: 'bust', label: 'Bust', minMm: 400, maxMm: 1700 },
  { key: 'underBust', label: 'Under-bust', minMm: 350, maxMm: 1600 },
  { key: 'waist', label: 'Waist', minMm: 350, maxMm: 1700 },
  { key: 'shoulder', label: 'Shoulder', minMm: 200, maxMm: 600 },
  { key: 'armhole', label: 'Armhole', minMm: 200, maxMm: 650 },
  { key: 'sleeveLength', label: 'Sleeve length', minMm: 50, maxMm: 850 },
  { key: 'sleeveRound', label: 'Sleeve round', minMm: 150, maxMm: 600 },
  { key: 'frontLength', label: 'Blouse front length', minMm: 200, maxMm: 750 },
  { key: 'backLength', label: 'Back length', minMm: 200, maxMm: 700 },
  { key: 'frontNeckDepth', label: 'Front neck depth', minMm: 20, maxMm: 350 },
  { key: 'backNeckDepth', label: 'Back neck depth', minMm: 20, maxMm: 450 },
  { key: 'topLength', label: 'Top length', minMm: 250, maxMm: 1700 },
  { key: 'chest', label: 'Chest', minMm: 400, maxMm: 1700 },
  { key: 'hip', label: 'Hip / seat', minMm: 400, maxMm: 1800 },
  { key: 'pantLength', label: 'Pant length', minMm: 300, maxMm: 1300 },
  { key: 'thigh', label: 'Thigh', minMm: 250, maxMm: 1000 },
  { key: 'knee', label: 'Knee', minMm: 180, maxMm: 700 },
  { key: 'ankleRound', label: 'Ankle round', minMm: 120, maxMm: 600 },
] as const satisfies readonly MeasurementField[];

/** The key of one measurement, e.g. `'bust'`. */
export type MeasurementKey = (typeof MEASUREMENT_FIELDS)[number]['key'];

/**
 * Which measurements each kind of garment needs, in the tailor's order: the blouse's, and the
 * chudithar's, frock's and pant's (docs/product.md#measurement-profiles).
 */
export const MEASUREMENT_GROUPS = {
  blouse: [
    'bust',
    'underBust',
    'waist',
    'shoulder',
    'armhole',
    'sleeveLength',
    'sleeveRound',
    'frontLength',
    'backLength',
    'frontNeckDepth',
    'backNeckDepth',
  ],
  dress: ['topLength', 'chest', 'waist', 'hip', 'shoulder', 'sleeveLength', 'pantLength', 'thigh', 'knee', 'ankleRound'],
} as const satisfies Record<string, readonly MeasurementKey[]>;

/** `12.5` for 125 mm in cm, `66.9` for 1700 mm in inches: at most one decimal, none when whole. */
function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The range of a measurement in the units a shopper reads: whole or one-decimal cm and inches. */
export function measurementRange(field: MeasurementField): { minCm: number; maxCm: number; minInches: number; maxInches: number } {
  return {
    minCm: oneDecimal(field.minMm / 10),
    maxCm: oneDecimal(field.maxMm / 10),
    minInches: oneDecimal(field.minMm / 25.4),
    maxInches: oneDecimal(field.maxMm / 25.4),
  };
}

/** The message of a measurement outside its range, e.g. `Bust must be between 40 and 170 cm (15.7 to 66.9 inches).` */
function rangeMessage(field: MeasurementField): string {
  const { minCm, maxCm, minInches, maxInches } = measurementRange(field);
  return `${field.label} must be between ${minCm} and ${maxCm} cm (${minInches} to ${maxInches} inches).`;
}

/**
 * Messages of the measurement profiles (docs/product.md#measurement-profiles). Besides these, each
 * measurement has its own range message under its key (`measurement.bust`, with `minCm`, `maxCm`,
 * `minInches`, `maxInches` as params: errors.ts), answered for a value that is not a whole
 * number of millimetres within the range.
 */
export const MEASUREMENT_MESSAGES = {
  nameRequired: 'Give the profile a name, such as “Me” or “Priya, 8 years”',
  nameTooLong: `A profile's name must be at most ${LIMITS.maxProfileNameLength} characters`,
  duplicateName: 'You already have a profile with this name. Choose another name.',
  tooMany: `You can keep at most ${LIMITS.maxMeasurementProfiles} measurement profiles. Delete one to add another.`,
  notFound: 'Measurement profile not found',
  unitInvalid: 'Choose the unit: inches (in) or centimetres (cm)',
  ...(Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field.key, rangeMessage(field)])) as Record<MeasurementKey, string>),
} as const;

/** One measurement: a whole number of millimetres in its range; null or absent means not taken. */
function measurement(field: MeasurementField) {
  const message = MEASUREMENT_MESSAGES[field.key as MeasurementKey];
  return z.preprocess(
    (value) => (value === null ? undefined : value),
    z.number({ error: message }).int(message).min(field.minMm, message).max(field.maxMm, message).optional(),
  );
}

/**
 * A profile's measurements, in whole millimetres, every one optional (docs/product.md#measurement-profiles);
 * an unknown key is a 400. Answers leave out the ones not taken.
 */
export const MeasurementsSchema = z
  .object(
    Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field.key, measurement(field)])) as {
      [K in MeasurementKey]: ReturnType<typeof measurement>;
    },
  )
  .strict();
export type Measurements = Partial<Record<MeasurementKey, number>>;

/**
 * The units a shopper may type measurements in (docs/product.md#measurement-profiles): inches
 * (the form's first, a Pollachi tailor's tape) or centimetres. Kept with the profile and copied
 * onto an order line, so the tailor reads her numbers first.
 */
export const LENGTH_UNITS = ['in', 'cm'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

/** A length of `mm` millimetres in `unit`, to a tenth: `34 in`, `86.4 cm`. */
function lengthIn(mm: number, unit: LengthUnit): string {
  return `${Math.round((mm / (unit === 'in' ? 25.4 : 10)) * 10) / 10} ${unit}`;
}

/**
 * A measurement in both units, the one the shopper typed it in first (`34 in (86.4 cm)`), as the
 * admin's order card and the shop's new-order mail show it (docs/product.md#measurement-profiles);
 * centimetres first for a line placed before the unit was kept.
 * @param mm whole millimetres, as profiles store them.
 */
export function inBothUnits(mm: number, typedIn: LengthUnit | undefined): string {
  const first = typedIn ?? 'cm';
  return `${lengthIn(mm, first)} (${lengthIn(mm, first === 'in' ? 'cm' : 'in')})`;
}

/**
 * `POST /measurements` and `PUT /measurements/:id` body: the profile's name (trimmed, 1 to
 * {@link LIMITS.maxProfileNameLength} characters, unique in the account whatever its case), the
 * unit she typed them in ({@link LENGTH_UNITS}, 'in' when left out; a PUT replaces it) and its
 * measurements (a PUT replaces them all; absent means none taken).
 */
export const ProfileBodySchema = z
  .object({
    name: freeText({
      typeMessage: MEASUREMENT_MESSAGES.nameRequired,
      min: 1,
      minMessage: MEASUREMENT_MESSAGES.nameRequired,
      max: LIMITS.maxProfileNameLength,
      maxMessage: MEASUREMENT_MESSAGES.nameTooLong,
    }),
    unit: z.enum(LENGTH_UNITS, { error: MEASUREMENT_MESSAGES.unitInvalid }).default('in'),
    measurements: MeasurementsSchema.default({}),
  })
  .strict();
export type ProfileBody = z.input<typeof ProfileBodySchema>;

/**
 * Who wrote a version of a profile (docs/product.md#the-measurement-book): `shop`, the owner's
 * measurements taken at a visit and saved from an order; `shopper`, the shopper's own typing.
 */
export const PROFILE_VERSION_SOURCES = ['shop', 'shopper'] as const;
export type ProfileVersionSource = (typeof PROFILE_VERSION_SOURCES)[number];

/** The most versions a profile keeps (docs/product.md#the-measurement-book): a 21st drops the oldest. */
export const MAX_PROFILE_VERSIONS = 20;

/** The longest note the owner keeps with the measurements taken at a visit (docs/product.md#the-measurement-book). */
export const MAX_MEASURED_NOTE_LENGTH = 300;

/**
 * A girl's profile measured longer ago than this many months suggests measuring again
 * (docs/product.md#the-measurement-book): children grow.
 */
export const REMEASURE_CHILD_MONTHS = 6;

/**
 * One version of a profile (docs/product.md#the-measurement-book): when it was saved (ISO 8601
 * UTC), who wrote it, and its measurements (mm, only the ones taken).
 */
export const ProfileVersionSchema = z.object({
  at: z.iso.datetime(),
  source: z.enum(PROFILE_VERSION_SOURCES),
  measurements: z.record(z.string(), z.number().int()),
});
export type ProfileVersion = z.infer<typeof ProfileVersionSchema>;

/**
 * A measurement profile as the API answers it; `measurements` holds only the ones taken (mm), `unit` the one she typed them in.
 * `versions` are its saved versions, newest first, at most {@link MAX_PROFILE_VERSIONS}
 * (docs/product.md#the-measurement-book); the server always sends them.
 */
export const MeasurementProfileSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  unit: z.enum(LENGTH_UNITS),
  measurements: z.record(z.string(), z.number().int()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  versions: z.array(ProfileVersionSchema).optional(),
});
export type MeasurementProfile = z.infer<typeof MeasurementProfileSchema>;

/** `GET /measurements` and `DELETE /measurements/:id`: the shopper's profiles, oldest first. */
export const ProfileListResponseSchema = z.object({ profiles: z.array(MeasurementProfileSchema) });
export type ProfileListResponse = z.infer<typeof ProfileListResponseSchema>;

/** `POST /measurements` (201) and `PUT /measurements/:id`: the profile as saved. */
export const ProfileResponseSchema = z.object({ profile: MeasurementProfileSchema });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** Path params naming a profile: a malformed id is a 400, another shopper's or an unknown one a 404. */
export const ProfileIdParamsSchema = z.object({ id: IdSchema }).strict();

/**
 * What the owner measured at the visit for one order line (docs/product.md#the-measurement-book):
 * the measurements (mm, only the ones taken), the unit she read them in, her note ('' for none)
 * and when she recorded them (ISO 8601 UTC). An order line answers it as `measured`, null until recorded.
 */
export const MeasuredSchema = z.object({
  measurements: z.record(z.string(), z.number().int()),
  unit: z.enum(LENGTH_UNITS),
  note: z.string(),
  at: z.iso.datetime(),
});
export type Measured = z.infer<typeof MeasuredSchema>;
