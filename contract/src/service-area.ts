import { z } from './zod.js';
import { ADDRESS_MESSAGES, phoneDigits } from './account.js';
import { LIMITS } from './limits.js';
import { freeText } from './text.js';

/**
 * The service area (docs/product.md#service-area): the pin codes the shop's tailor visits, kept
 * in the database and edited by the admin, the public pin-code check, and "tell me when you
 * come to my area" requests.
 */

/** A 6-digit pin code, trimmed, with the address form's message (docs/product.md#validation). */
export const PinCodeSchema = z
  .string({ error: ADDRESS_MESSAGES.pinCode })
  .trim()
  .regex(/^\d{6}$/, ADDRESS_MESSAGES.pinCode);

/** `GET /service-area/:pinCode` path params: a malformed pin code is a 400. */
export const PinCodeParamsSchema = z.object({ pinCode: PinCodeSchema }).strict();

/**
 * `GET /service-area/:pinCode` answer: whether the shop visits that pin code, and the name of
 * its area when it does (`area` in English, `areaTa` in Tamil, which may be empty: then show
 * `area`); both null when it does not.
 */
export const ServiceAreaCheckSchema = z.object({
  pinCode: z.string(),
  served: z.boolean(),
  area: z.string().nullable(),
  areaTa: z.string().nullable(),
});
export type ServiceAreaCheck = z.infer<typeof ServiceAreaCheckSchema>;

/**
 * Messages of the service area (docs/product.md#service-area). A pin code the shop does not
 * serve is refused with `MESSAGES_WITH_DATA.pinCodeNotServed` (errors.ts), which names it.
 */
export const AREA_MESSAGES = {
  waitlistSaved: 'Thank you. We will let you know when our tailor starts visiting your area.',
  alreadyServed: 'Good news: we already visit this pin code. You can place your order now.',
  contactInvalid: 'Enter a 10-digit phone number or an e-mail address',
  tooMany: 'You have sent several requests in a short time. Please wait a few minutes.',
  pinCodesRequired: 'Keep at least one pin code in the service area',
  duplicatePinCode: 'Each pin code can be listed only once',
  areaRequired: 'Name the area of each pin code',
  areaTooLong: `An area's name must be at most ${LIMITS.maxNameLength} characters`,
} as const;

/** How often one client may ask to be told (docs/product.md#service-area): 5 per 10 minutes. */
export const AREA_WAITLIST_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

/**
 * A phone number or an e-mail address to tell a shopper by: a phone in any form the address
 * form takes is stored as its 10 digits ({@link phoneDigits}); an e-mail lower-cased.
 */
export const ContactPointSchema = z.string({ error: AREA_MESSAGES.contactInvalid }).transform((typed, context) => {
  const trimmed = typed.trim();
  const digits = phoneDigits(trimmed);
  if (digits) return digits;
  if (trimmed.length <= 254 && z.email().safeParse(trimmed).success) return trimmed.toLowerCase();
  context.addIssue({ code: 'custom', message: AREA_MESSAGES.contactInvalid });
  return trimmed;
});

/** `POST /service-area/waitlist` body: the pin code to be told about, and how to tell. */
export const AreaRequestBodySchema = z.object({ pinCode: PinCodeSchema, contact: ContactPointSchema }).strict();
export type AreaRequestBody = z.input<typeof AreaRequestBodySchema>;

/** One served pin code, as the admin lists and sets it. `areaTa` may be empty. */
export const ServedPinCodeSchema = z
  .object({
    pinCode: PinCodeSchema,
    area: freeText({
      typeMessage: AREA_MESSAGES.areaRequired,
      min: 1,
      minMessage: AREA_MESSAGES.areaRequired,
      max: LIMITS.maxNameLength,
      maxMessage: AREA_MESSAGES.areaTooLong,
    }),
    areaTa: freeText({ typeMessage: AREA_MESSAGES.areaTooLong, max: LIMITS.maxNameLength, maxMessage: AREA_MESSAGES.areaTooLong }).default(
      '',
    ),
  })
  .strict();
export type ServedPinCode = z.output<typeof ServedPinCodeSchema>;

/**
 * `PUT /admin/service-area` body: the whole list of served pin codes, which replaces the old one
 * (at least one, at most {@link LIMITS.maxServedPinCodes}, each once).
 */
export const ServiceAreaBodySchema = z
  .object({
    pinCodes: z
      .array(ServedPinCodeSchema)
      .min(1, AREA_MESSAGES.pinCodesRequired)
      .max(LIMITS.maxServedPinCodes)
      .refine((list) => new Set(list.map((entry) => entry.pinCode)).size === list.length, AREA_MESSAGES.duplicatePinCode),
  })
  .strict();
export type ServiceAreaBody = z.input<typeof ServiceAreaBodySchema>;

/**
 * `GET` and `PUT /admin/service-area` answer: the served pin codes in order, and how many
 * shoppers asked to be told per pin code (`served` says whether it is served now; `latestAt` is
 * the newest request, ISO 8601), most asked first.
 */
export const AdminServiceAreaSchema = z.object({
  pinCodes: z.array(z.object({ pinCode: z.string(), area: z.string(), areaTa: z.string() })),
  requests: z.array(z.object({ pinCode: z.string(), count: z.number().int(), served: z.boolean(), latestAt: z.iso.datetime() })),
});
export type AdminServiceArea = z.infer<typeof AdminServiceAreaSchema>;

/** `GET /admin/service-area/requests?pinCode=` query: one pin code's requests, or every one. */
export const AreaRequestsQuerySchema = z.object({ pinCode: PinCodeSchema.optional() }).strict();

/**
 * `GET /admin/service-area/requests` answer: the requests themselves, newest first, with the
 * phone (10 digits) or e-mail each left, so the shop can tell them.
 */
export const AreaRequestListSchema = z.object({
  requests: z.array(z.object({ pinCode: z.string(), contact: z.string(), createdAt: z.iso.datetime() })),
});
export type AreaRequestList = z.infer<typeof AreaRequestListSchema>;
