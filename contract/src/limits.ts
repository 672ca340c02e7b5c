/**
 * Business constants and limits (docs/product.md#limits unless another source is named).
 * Units are in the names.
 */
export const LIMITS = {
  /** docs/product.md#limits: at most 6 images a product. */
  maxProductImages: 6,
  /** docs/product.md#limits, docs/product.md#validation. */
  passwordMinLength: 6,
  /** ASVS 6.2.9-ish upper bound, docs/product.md#sign-up. */
  passwordMaxLength: 128,
  phoneDigits: 10,
  pinCodeDigits: 6,
  /** docs/product.md#cart: quantities 1 to 10, 0 removes. */
  maxQuantity: 10,
  /** docs/product.md#admin-dashboard: 10 MB a file, 40 megapixels. */
  maxImageBytes: 10 * 1024 * 1024,
  maxImagePixels: 40_000_000,
  otpDigits: 6,
  otpTtlMs: 10 * 60 * 1000,
  otpMaxAttempts: 5,
  otpResendCooldownMs: 60 * 1000,
  resetTokenTtlMs: 60 * 60 * 1000,
  accessTokenTtlMs: 15 * 60 * 1000,
  refreshTokenTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** docs/product.md#limits timings. */
  carouselIntervalMs: 3000,
  orderConfirmDelayMs: 1700,
  contactSuccessMs: 2000,
  confettiPieces: 100,
  /** docs/product.md#limits: username cut in header and drawer. */
  headerNameChars: 6,
  drawerNameChars: 13,
  /** docs/product.md#limits drawer spring. */
  drawerSpring: { stiffness: 250, damping: 18 },
  /** docs/product.md#limits toasts. */
  maxToasts: 20,
  toastRemoveDelayMs: 1000,
  reviewsMaxHeightPx: 550,
  /** Free-text bounds so no field can grow without end (ASVS 2.2.1). */
  maxNameLength: 80,
  maxDescriptionLength: 2000,
  maxCommentLength: 1000,
  maxMessageLength: 4000,
  /** docs/product.md#measurement-profiles: at most 10 profiles per account. */
  maxMeasurementProfiles: 10,
  maxProfileNameLength: 60,
  /** docs/product.md#stitching-details: notes and reference pictures per line. */
  maxStitchingNotesLength: 500,
  maxStitchingPictures: 3,
  /**
   * Reference pictures an account may hold that are on no placed order yet (docs/security.md
   * uploads: a shopper's uploads are bounded, ASVS 5.2.4).
   */
  maxUnusedStitchingPictures: 30,
  /** docs/product.md#home-visit-slot: a visit is booked for today or one of the next 13 days. */
  visitDaysAhead: 14,
  /** docs/product.md#home-visit-slot: what the admin may set. */
  maxVisitSlots: 8,
  maxVisitCapacity: 50,
  maxClosedDates: 366,
  maxVisitLabelLength: 40,
  /** docs/product.md#service-area: the served pin codes the admin may list. */
  maxServedPinCodes: 500,
  /** Landmark on an address (docs/product.md#address). */
  maxLandmarkLength: 120,
  /** docs/product.md#reviews: whole stars. */
  minStars: 1,
  maxStars: 5,
  /** docs/product.md#search: the longest query, the most words of it used, the most products answered. */
  maxSearchLength: 100,
  maxSearchWords: 8,
  maxSearchResults: 60,
  /**
   * docs/product.md#home: a banner's headline and line, in each language; short enough to
   * stay legible over the picture on a 360-px phone.
   */
  maxBannerHeadlineLength: 60,
  maxBannerLineLength: 120,
  /**
   * docs/product.md#final-price: a line's final unit price (rupees, at most 2 decimals) is above
   * zero, at most 5 times the unit price ordered and at most ₹1,00,000; its note at most 120 characters.
   */
  maxFinalPriceFactor: 5,
  maxFinalPriceRupees: 100_000,
  maxPriceNoteLength: 120,
  /** docs/product.md#designed-photos: photos of the finished garment the admin attaches at "designed". */
  maxDesignedPhotos: 3,
} as const;

/** docs/product.md#limits order statuses, in tracker order. */
export const ORDER_STATUSES = ['call', 'visited', 'designed', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * What an order answers as its `status` (docs/product.md#cancellations-kept): one of the four
 * statuses, or `cancelled` once its customer cancelled it. Only a customer cancels; the admin
 * sets only the four.
 */
export const ORDER_STATES = [...ORDER_STATUSES, 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The statuses in which the shop holds the customer's fabric: from the home visit until delivery. */
const FABRIC_HELD: readonly OrderState[] = ['visited', 'designed'];

/**
 * Whether the shop holds the customer's fabric (docs/product.md#cancellations-kept): from the home
 * visit on (`visited`, `designed`) until the garment is delivered. A cancelled order holds it
 * when its status before cancelling was one of those: pass that status as `statusBeforeCancel`
 * (without it, a cancelled order holds none). The one rule behind the cancel dialog's line on My
 * Orders and the cancellation mails to the customer and the shop.
 */
export function holdsCustomerFabric(status: OrderState, statusBeforeCancel?: OrderState): boolean {
  if (status === 'cancelled') return statusBeforeCancel !== undefined && FABRIC_HELD.includes(statusBeforeCancel);
  return FABRIC_HELD.includes(status);
}

/** Fixed address parts (docs/product.md#entities, docs/product.md#limits): the server sets them whatever is sent. */
export const SERVICE_CITY = 'pollachi';
export const SERVICE_STATE = 'tamilnadu';

/**
 * The shop's calendar (docs/product.md#home-visit-slot): "today", visit dates and slot times
 * are Pollachi's, India Standard Time, whatever the server's own time zone.
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** The locale a shop date is written in for `language`: `ta-IN` for Tamil, else `en-IN` (docs/product.md#languages). */
function shopLocale(language: string | undefined): string {
  return language === 'ta' ? 'ta-IN' : 'en-IN';
}

/**
 * A moment as a customer reads it (docs/product.md#my-orders: the timeline, the cancellation, the
 * status mail): its date and time in the shop's time zone, `5 Mar 2025, 3:30 pm` for English,
 * written the Tamil way for `language` 'ta'. `at` is an ISO 8601 time or a Date. Every shop
 * time on every page, mail and sheet goes through this module's formatters, so a phone set to
 * another zone reads the same time as the shop (docs/product.md#languages).
 */
export function formatShopTime(at: string | Date, language: string | undefined): string {
  return new Intl.DateTimeFormat(shopLocale(language), {
    timeZone: SHOP_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(at));
}

/**
 * A moment's day as the shop reads it (docs/product.md#languages): `5 Mar 2025` for English,
 * the Tamil way for 'ta', the day in the shop's time zone whatever the device's.
 */
export function formatShopDate(at: string | Date, language: string | undefined): string {
  return new Intl.DateTimeFormat(shopLocale(language), { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium' }).format(new Date(at));
}

/**
 * A day of the shop's calendar (`YYYY-MM-DD`, e.g. a home visit's date) written with `options`'
 * parts (weekday, day, month, year) in `language`'s locale (docs/product.md#languages). The date
 * is read as noon in the shop's time zone and written in it, so it is that day on every device.
 */
export function formatShopDay(
  date: string,
  language: string | undefined,
  options: Pick<Intl.DateTimeFormatOptions, 'weekday' | 'day' | 'month' | 'year'>,
): string {
  return new Intl.DateTimeFormat(shopLocale(language), { ...options, timeZone: SHOP_TIME_ZONE }).format(shopNoon(date));
}

/** Noon of a `YYYY-MM-DD` day in the shop's time zone: 06:30 UTC (India Standard Time is UTC+5:30, no daylight saving). */
function shopNoon(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day, 6, 30));
}

/**
 * A day of the shop's calendar (`YYYY-MM-DD`, e.g. a home visit's date) as people say it
 * (docs/product.md#the-days-visits): `Sat 28 Nov` in English, `28 நவ., சனி` in Tamil.
 */
export function formatVisitDate(date: string, language: string | undefined): string {
  const parts = new Intl.DateTimeFormat(shopLocale(language), {
    timeZone: SHOP_TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).formatToParts(shopNoon(date));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // ICU writes `Sat, 28 Nov` and `நவ. 28, சனி`; a Pollachi shop writes `Sat 28 Nov` and `28 நவ., சனி`.
  return language === 'ta' ? `${part('day')} ${part('month')}, ${part('weekday')}` : `${part('weekday')} ${part('day')} ${part('month')}`;
}

/**
 * Whether a visit slot's name already says its times (a slot named `10:00-13:00` or
 * `10:00 – 13:00`), so a line naming the slot says them once (docs/product.md#the-days-visits):
 * such a slot is written by its name alone, any other as `Morning (10:00-13:00)`.
 */
export function slotNamesItsTimes(slot: { label: string; start: string; end: string }): boolean {
  const bare = (text: string) => text.replace(/[\s\u2013\u2014-]+/g, '-');
  return bare(slot.label).includes(bare(`${slot.start}-${slot.end}`));
}
