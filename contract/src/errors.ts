import { z } from './zod.js';
import { ACCOUNT_FIELD_MESSAGES, ADDRESS_MESSAGES, AUTH_MESSAGES } from './account.js';
import { ADMIN_MESSAGES, MAX_UPLOAD_FILES } from './admin.js';
import { CONTACT_MESSAGES } from './contact.js';
import { IMAGE_MESSAGES } from './images.js';
import { LIMITS } from './limits.js';
import { formatRupees } from './money.js';
import { ORDER_MESSAGES, priceChangedMessage } from './order.js';
import { AREA_MESSAGES } from './service-area.js';
import { CATALOG_MESSAGES } from './product.js';
import { MAX_MEASURED_NOTE_LENGTH, MEASUREMENT_FIELDS, MEASUREMENT_MESSAGES, measurementRange } from './measurements.js';
import { VISIT_MESSAGES } from './visits.js';
import { APPOINTMENT_MESSAGES } from './appointments.js';
import { ALTERATION_MESSAGES } from './alterations.js';
import { DATE_MESSAGES, MAX_DAILY_CAPACITY, MAX_LEAD_DAYS, MAX_NEEDED_BY_DAYS, MAX_READY_BY_REASON_LENGTH } from './dates.js';
import { STITCHING_MESSAGES } from './stitching.js';
import { PAGE_LIMITS, PAGING_MESSAGES } from './paging.js';
import { MAX_PAYMENT_NOTE_LENGTH, MAX_PAYMENT_REFERENCE_LENGTH, MAX_REPORT_DAYS, PAYMENT_MESSAGES } from './payments.js';
import { MAX_REPORT_PERIOD_DAYS, REPORT_MESSAGES } from './reports.js';
import { MAX_SIGN_OFF_COMMENT_LENGTH, SIGN_OFF_MESSAGES } from './sign-off.js';
import { SHARE_LINK_DAYS_AFTER_END, SHARE_LINK_MESSAGES } from './share-link.js';
import { MAX_PUSH_SUBSCRIPTIONS, PUSH_MESSAGES } from './push.js';

/**
 * Error codes and their HTTP statuses (docs/architecture.md#errors). The server's single error handler
 * maps an `AppError(code)` to the status here.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** Sign-in refused until the e-mail is verified (docs/product.md#sign-up). */
  unverified: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The data a message carries (a total, a wait), by name with its unit: `{totalRupees: 1250.5}`. */
export type MessageParams = Record<string, string | number>;

/**
 * Every error body: `{message, code, reason?, params?, issues?}`. `message` is English (for API
 * clients and logs); `code` is the kind of failure (its HTTP status); `reason` names the exact
 * message (`'auth.badCredentials'`, see {@link MESSAGE_REASONS}) so a client can say it in its
 * own language (docs/product.md#languages), with `params` holding the data the English text has in it;
 * `issues` lists zod issues on a 400.
 */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  reason: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Messages of the platform every module shares: sessions, roles, cross-site refusal, faults. */
export const PLATFORM_MESSAGES = {
  signInRequired: 'Please sign in',
  sessionEnded: 'Your session has ended. Please sign in again.',
  adminsOnly: 'Admins only',
  crossSite: 'This request came from another site and was refused.',
  unstorableText: 'Text must not contain the NUL character (U+0000).',
  internal: 'Something went wrong. Please try again.',
  closing: 'The shop is restarting. Please try again in a moment.',
} as const;

/**
 * The message catalogs whose messages have a reason: `<prefix>.<key>`, e.g.
 * `AUTH_MESSAGES.badCredentials` is `'auth.badCredentials'`. Order matters only for a text two
 * catalogs share ('Product not found'): the first names it.
 */
const CATALOGS = {
  auth: AUTH_MESSAGES,
  account: ACCOUNT_FIELD_MESSAGES,
  address: ADDRESS_MESSAGES,
  order: ORDER_MESSAGES,
  catalog: CATALOG_MESSAGES,
  admin: ADMIN_MESSAGES,
  image: IMAGE_MESSAGES,
  contact: CONTACT_MESSAGES,
  area: AREA_MESSAGES,
  measurement: MEASUREMENT_MESSAGES,
  visit: VISIT_MESSAGES,
  dates: DATE_MESSAGES,
  appointment: APPOINTMENT_MESSAGES,
  alteration: ALTERATION_MESSAGES,
  stitching: STITCHING_MESSAGES,
  paging: PAGING_MESSAGES,
  payment: PAYMENT_MESSAGES,
  report: REPORT_MESSAGES,
  signOff: SIGN_OFF_MESSAGES,
  shareLink: SHARE_LINK_MESSAGES,
  push: PUSH_MESSAGES,
  platform: PLATFORM_MESSAGES,
} as const;

type Catalogs = typeof CATALOGS;
/** `'auth.badCredentials' | 'order.quantityCap' | …`: every catalog text's reason. */
export type CatalogReason = {
  [P in keyof Catalogs & string]: {
    [K in keyof Catalogs[P] & string]: Catalogs[P][K] extends string ? `${P}.${K}` : never;
  }[keyof Catalogs[P] & string];
}[keyof Catalogs & string];

/** An English message with its reason and data: what `AppError` answers as `{message, reason, params}`. */
export interface ReasonedMessage {
  message: string;
  reason: string;
  params?: MessageParams;
}

/**
 * The limits that catalog texts spell out, as params, so a translation says the same number
 * ('at most 10 of one product') and follows LIMITS when it changes.
 */
const CATALOG_PARAMS: Partial<Record<CatalogReason, MessageParams>> = {
  'account.usernameTooLong': { maxLength: LIMITS.maxNameLength },
  'account.passwordTooShort': { minLength: LIMITS.passwordMinLength },
  'account.passwordTooLong': { maxLength: LIMITS.passwordMaxLength },
  'account.otpFormat': { digits: LIMITS.otpDigits },
  'order.quantityCap': { maxQuantity: LIMITS.maxQuantity },
  'admin.imageTooLarge': { maxMegabytes: LIMITS.maxImageBytes / (1024 * 1024) },
  'admin.tooManyFiles': { maxFiles: MAX_UPLOAD_FILES },
  'admin.priceTooHigh': { factor: LIMITS.maxFinalPriceFactor, maxRupees: formatRupees(LIMITS.maxFinalPriceRupees) },
  'admin.priceNoteTooLong': { maxLength: LIMITS.maxPriceNoteLength },
  'admin.tooManyPhotos': { maxPhotos: LIMITS.maxDesignedPhotos },
  'admin.measuredNoteTooLong': { maxLength: MAX_MEASURED_NOTE_LENGTH },
  'catalog.searchQueryTooLong': { maxLength: LIMITS.maxSearchLength },
  'catalog.starsInvalid': { minStars: LIMITS.minStars, maxStars: LIMITS.maxStars },
  'catalog.tooManyImages': { maxImages: LIMITS.maxProductImages },
  'image.fileTooLarge': { maxMegabytes: LIMITS.maxImageBytes / (1024 * 1024) },
  'image.tooManyPixels': { maxMegapixels: LIMITS.maxImagePixels / 1_000_000 },
  'area.areaTooLong': { maxLength: LIMITS.maxNameLength },
  'address.landmark': { maxLength: LIMITS.maxLandmarkLength },
  'measurement.nameTooLong': { maxLength: LIMITS.maxProfileNameLength },
  'measurement.tooMany': { maxProfiles: LIMITS.maxMeasurementProfiles },
  'visit.beyondWindow': { days: LIMITS.visitDaysAhead },
  'visit.daysRange': { maxDays: LIMITS.visitDaysAhead },
  'visit.tooManySlots': { maxSlots: LIMITS.maxVisitSlots },
  'visit.capacityRange': { maxCapacity: LIMITS.maxVisitCapacity },
  'visit.labelTooLong': { maxLength: LIMITS.maxVisitLabelLength },
  'visit.noteTooLong': { maxLength: LIMITS.maxVisitLabelLength },
  'visit.tooManyClosedDates': { maxDates: LIMITS.maxClosedDates },
  'dates.neededByRange': { days: MAX_NEEDED_BY_DAYS },
  'dates.readyByRange': { days: MAX_NEEDED_BY_DAYS },
  'dates.reasonTooLong': { maxLength: MAX_READY_BY_REASON_LENGTH },
  'dates.leadDaysRange': { maxDays: MAX_LEAD_DAYS },
  'dates.capacityRange': { maxCapacity: MAX_DAILY_CAPACITY },
  'stitching.notesTooLong': { maxLength: LIMITS.maxStitchingNotesLength },
  'stitching.tooManyPictures': { maxPictures: LIMITS.maxStitchingPictures },
  'paging.badLimit': { maxPageSize: PAGE_LIMITS.maxPageSize },
  'payment.referenceTooLong': { maxLength: MAX_PAYMENT_REFERENCE_LENGTH },
  'payment.noteTooLong': { maxLength: MAX_PAYMENT_NOTE_LENGTH },
  'shareLink.ended': { days: SHARE_LINK_DAYS_AFTER_END },
  'push.tooMany': { maxBrowsers: MAX_PUSH_SUBSCRIPTIONS },
  'payment.badPeriod': { maxDays: MAX_REPORT_DAYS },
  'report.badPeriod': { maxDays: MAX_REPORT_PERIOD_DAYS },
  'signOff.commentTooLong': { maxLength: MAX_SIGN_OFF_COMMENT_LENGTH },
  // The same text as 'catalog.searchQueryTooLong' while both limits are 100, which then names it.
  'paging.searchTooLong': { maxLength: PAGE_LIMITS.maxSearchLength },
  // Each measurement's range, in the units a shopper reads (cm and inches).
  ...(Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [`measurement.${field.key}`, measurementRange(field)])) as Partial<
    Record<CatalogReason, MessageParams>
  >),
};

const BY_TEXT = new Map<string, ReasonedMessage>();
for (const [prefix, catalog] of Object.entries(CATALOGS)) {
  for (const [key, text] of Object.entries(catalog)) {
    if (typeof text !== 'string' || BY_TEXT.has(text)) continue;
    const reason = `${prefix}.${key}`;
    const params = CATALOG_PARAMS[reason as CatalogReason];
    BY_TEXT.set(text, params ? { message: text, reason, params } : { message: text, reason });
  }
}

/**
 * The reason (and params) of a catalog text, or undefined for any other text. The server
 * calls it for every `AppError` and every 400's first issue, so a throw with a catalog
 * constant, or a literal of the same text, answers with its reason without saying so.
 */
export function describeMessage(message: string): ReasonedMessage | undefined {
  return BY_TEXT.get(message);
}

/**
 * Messages with data in their text. Each builds the English text, its reason and the params
 * a client needs to say it in another language; throw them as `new AppError(code, built)`.
 */
export const MESSAGES_WITH_DATA = {
  /** 409 of `POST /orders` when the client's total is stale (docs/decisions/002-money-in-paise.md). */
  priceChanged: (totalRupees: number): ReasonedMessage => ({
    message: priceChangedMessage(totalRupees),
    reason: 'order.priceChanged',
    params: { totalRupees },
  }),
  /** 429 of an account abuse limit (docs/security.md), with the wait in whole minutes. */
  tooManyAttempts: (retryAfterMinutes: number): ReasonedMessage => ({
    message: `Too many attempts. Please try again in ${retryAfterMinutes} minute${retryAfterMinutes === 1 ? '' : 's'}.`,
    reason: 'platform.tooManyAttempts',
    params: { retryAfterMinutes },
  }),
  /** 429 of `POST /auth/resend-otp` inside its 60 s cooldown, with the wait in seconds. */
  resendCooldown: (retryAfterSeconds: number): ReasonedMessage => ({
    message: `${AUTH_MESSAGES.resendCooldown} You can ask again in ${retryAfterSeconds} seconds.`,
    reason: 'auth.resendWait',
    params: { retryAfterSeconds },
  }),
  /**
   * 429 of `POST /orders`: the account already has this many orders neither delivered nor
   * cancelled (`MAX_OPEN_ORDERS`; docs/security.md, order limits).
   */
  tooManyOpenOrders: (maxOpenOrders: number): ReasonedMessage => ({
    message: `You already have ${maxOpenOrders} orders that are not delivered yet. Please wait until one is delivered, or cancel one, before placing another.`,
    reason: 'order.tooManyOpenOrders',
    params: { maxOpenOrders },
  }),
  /**
   * 429 of `POST /orders`: the account placed this many orders within the hour
   * (`MAX_ORDERS_PER_HOUR`; docs/security.md, order limits), with the wait in whole minutes.
   */
  tooManyOrdersPerHour: ({
    maxOrdersPerHour,
    retryAfterMinutes,
  }: {
    maxOrdersPerHour: number;
    retryAfterMinutes: number;
  }): ReasonedMessage => ({
    message: `You can place at most ${maxOrdersPerHour} orders an hour. Please try again in ${retryAfterMinutes} minute${retryAfterMinutes === 1 ? '' : 's'}, or call us.`,
    reason: 'order.tooManyOrdersPerHour',
    params: { maxOrdersPerHour, retryAfterMinutes },
  }),
  /**
   * 429 of `POST /orders` with a visit: the account already has this many open orders (neither
   * delivered nor cancelled) with a home visit booked (`MAX_OPEN_VISITS`; docs/product.md#home-visit-slot,
   * docs/security.md finding 10).
   */
  tooManyOpenVisits: (maxOpenVisits: number): ReasonedMessage => ({
    message: `You already have ${maxOpenVisits} home visit${maxOpenVisits === 1 ? '' : 's'} booked for orders that are not delivered yet. One visit covers all your garments: put them in one order, or choose “Call me to arrange the visit” for this one and we will call you.`,
    reason: 'visit.tooManyOpenVisits',
    params: { maxOpenVisits },
  }),
  /**
   * 400 of `POST /auth/address`, 409 of `POST /orders`: a pin code the shop does not visit
   * (docs/product.md#service-area), named with the area it does visit.
   */
  pinCodeNotServed: (pinCode: string): ReasonedMessage => ({
    message: `We do not visit pin code ${pinCode} yet. Our tailor visits homes only in the Pollachi area.`,
    reason: 'area.notServed',
    params: { pinCode },
  }),
} as const;

/**
 * Every reason the server can answer, with the names of its params: what a client that
 * translates messages must cover (the web's test checks its en.json against this list).
 */
export const MESSAGE_REASONS: ReadonlyArray<{ reason: string; params: string[] }> = [
  ...[...BY_TEXT.values()].map(({ reason, params }) => ({ reason, params: Object.keys(params ?? {}) })),
  // Each builder takes one value; any value gives its reason and the names of its params.
  ...Object.values(MESSAGES_WITH_DATA).map((build: (value: never) => ReasonedMessage) => {
    const { reason, params } = build(1 as never);
    return { reason, params: Object.keys(params ?? {}) };
  }),
];
