import { z } from './zod.js';
import { LIMITS } from './limits.js';
import { freeText } from './text.js';

/**
 * Messages of the account forms' field rules (docs/product.md#validation Sign-in, Sign-up, OTP; docs/product.md#limits and docs/product.md#sign-up for the password bounds). The schemas below use them; the server answers the
 * first failing rule's message on a 400, and clients tell the rule apart by its `reason`
 * (errors.ts).
 */
export const ACCOUNT_FIELD_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  usernameRequired: 'Username is required',
  usernameTooLong: `Username must be at most ${LIMITS.maxNameLength} characters`,
  passwordRequired: 'Password is required',
  passwordTooShort: `Passwords must be at least ${LIMITS.passwordMinLength} characters.`,
  passwordTooLong: `Passwords must be at most ${LIMITS.passwordMaxLength} characters.`,
  otpFormat: `Enter the ${LIMITS.otpDigits}-digit code`,
} as const;

const email = z
  .email({ error: ACCOUNT_FIELD_MESSAGES.emailInvalid })
  .max(254, ACCOUNT_FIELD_MESSAGES.emailInvalid)
  .transform((value) => value.toLowerCase());

/**
 * A shipping address (docs/product.md#entities). City and state are fixed ('pollachi', 'tamilnadu') and set
 * by the server whatever is sent (docs/product.md#limits). `landmark` and `alternatePhone` are
 * present only when the shopper gave them (docs/product.md#address); phone numbers are 10 digits.
 */
export const AddressSchema = z.object({
  name: z.string(),
  phoneNumber: z.string(),
  doorNumber: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  landmark: z.string().optional(),
  alternatePhone: z.string().optional(),
});
export type Address = z.infer<typeof AddressSchema>;

/**
 * A phone number as people type it, reduced to its 10 digits (docs/product.md#address), or
 * undefined when it is not one: spaces, dashes, dots and brackets are dropped, then a leading
 * `+91` or `91` (12 digits) or `0` (11 digits) is taken off, and what is left must be exactly
 * 10 digits. `"+91 98430 12345"`, `"098430 12345"`, `"98430-12345"` → `"9843012345"`.
 */
export function phoneDigits(typed: string): string | undefined {
  const compact = typed.replace(/[\s\-.()]/g, '');
  const digits = /^\+91\d{10}$/.test(compact)
    ? compact.slice(3)
    : /^91\d{10}$/.test(compact)
      ? compact.slice(2)
      : /^0\d{10}$/.test(compact)
        ? compact.slice(1)
        : compact;
  return /^\d{10}$/.test(digits) ? digits : undefined;
}

/**
 * A phone number field: any form {@link phoneDigits} accepts, answered as its 10 digits;
 * anything else fails with `message`.
 */
export function phoneNumberSchema(message: string) {
  return z.string({ error: message }).transform((typed, context) => {
    const digits = phoneDigits(typed);
    if (digits === undefined) context.addIssue({ code: 'custom', message });
    return digits ?? typed;
  });
}

/**
 * Address form messages (docs/product.md#validation), in the order its checks run. The schema below lists its keys
 * in this order so zod reports the first failing check first (the error handler answers the
 * first issue's message).
 */
export const ADDRESS_MESSAGES = {
  name: 'Name is required',
  phone: 'Phone number must be a 10-digit numeric value',
  pinCode: 'Pin code must be a 6-digit numeric value',
  doorNumber: 'Door number is required',
  street: 'Street is required',
  landmark: `Landmark must be at most ${LIMITS.maxLandmarkLength} characters`,
  alternatePhone: 'Alternate phone number must be a 10-digit numeric value',
} as const;

/** An optional text field: absent when blank or null (a form sends "" for an empty field). */
function blankToAbsent<T extends z.ZodType<string | undefined>>(schema: T) {
  return z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    schema.optional(),
  );
}

/**
 * `POST /auth/address` body with docs/product.md#validation checks in its order: name required; phone
 * 10 digits as people type them ({@link phoneDigits}); pin code exactly 6 digits; door number and street
 * required; then the optional landmark (at most {@link LIMITS.maxLandmarkLength}) and alternate
 * phone (the same forms as the phone; blank means none). City and state may be sent but are
 * ignored. Whether the shop serves the pin code is the server's check, after these
 * (docs/product.md#service-area).
 */
export const AddressBodySchema = z
  .object({
    name: freeText({ typeMessage: ADDRESS_MESSAGES.name, min: 1, minMessage: ADDRESS_MESSAGES.name, max: LIMITS.maxNameLength }),
    phoneNumber: phoneNumberSchema(ADDRESS_MESSAGES.phone),
    pinCode: z
      .string({ error: ADDRESS_MESSAGES.pinCode })
      .trim()
      .regex(/^\d{6}$/, ADDRESS_MESSAGES.pinCode),
    doorNumber: freeText({ typeMessage: ADDRESS_MESSAGES.doorNumber, min: 1, minMessage: ADDRESS_MESSAGES.doorNumber, max: 40 }),
    street: freeText({ typeMessage: ADDRESS_MESSAGES.street, min: 1, minMessage: ADDRESS_MESSAGES.street, max: 120 }),
    landmark: blankToAbsent(
      freeText({ typeMessage: ADDRESS_MESSAGES.landmark, max: LIMITS.maxLandmarkLength, maxMessage: ADDRESS_MESSAGES.landmark }),
    ),
    alternatePhone: blankToAbsent(phoneNumberSchema(ADDRESS_MESSAGES.alternatePhone)),
    city: freeText({ max: 60 }).optional(),
    state: freeText({ max: 60 }).optional(),
  })
  .strict();
export type AddressBody = z.input<typeof AddressBodySchema>;

/** A user as the API returns it (docs/architecture.md#http-api). */
export const UserSchema = z.object({
  _id: z.uuid(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'customer']),
  address: AddressSchema.nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** `POST /auth/signin`, `POST /auth/verify/otp`, `GET /auth/check`. */
export const UserResponseSchema = z.object({ user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

const password = z
  .string({ error: ACCOUNT_FIELD_MESSAGES.passwordRequired })
  .min(LIMITS.passwordMinLength, ACCOUNT_FIELD_MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMaxLength, ACCOUNT_FIELD_MESSAGES.passwordTooLong);

/** `POST /auth/signup` (docs/product.md#validation Sign-up; password bounds docs/product.md#limits and docs/product.md#sign-up). */
export const SignupBodySchema = z
  .object({
    username: freeText({
      typeMessage: ACCOUNT_FIELD_MESSAGES.usernameRequired,
      min: 1,
      minMessage: ACCOUNT_FIELD_MESSAGES.usernameRequired,
      max: LIMITS.maxNameLength,
      maxMessage: ACCOUNT_FIELD_MESSAGES.usernameTooLong,
    }),
    email,
    password,
  })
  .strict();
/** `POST /auth/signin` (docs/product.md#validation Sign-in). */
export const SigninBodySchema = z
  .object({
    email,
    password: z
      .string({ error: ACCOUNT_FIELD_MESSAGES.passwordRequired })
      .min(1, ACCOUNT_FIELD_MESSAGES.passwordRequired)
      .max(LIMITS.passwordMaxLength, ACCOUNT_FIELD_MESSAGES.passwordTooLong),
  })
  .strict();
/** `POST /auth/verify/otp` (docs/product.md#validation OTP: numeric, required). */
export const OtpBodySchema = z
  .object({ otp: z.string({ error: ACCOUNT_FIELD_MESSAGES.otpFormat }).regex(/^\d{6}$/, ACCOUNT_FIELD_MESSAGES.otpFormat) })
  .strict();
/** `POST /auth/forgot`. */
export const ForgotBodySchema = z.object({ email }).strict();
/** `PUT /auth/reset/:token`. */
export const ResetBodySchema = z.object({ password }).strict();
/**
 * `POST /auth/resend-otp`: `{email}` of the unverified account, or `{}` (or no body) to name
 * the account the `otp_session` cookie holds (set by sign-up or by an unverified sign-in, and
 * sent by every tab of the browser: docs/decisions/005). The answer is the same for any
 * e-mail (no account enumeration); the code is then verified with that cookie.
 */
export const ResendOtpBodySchema = z
  .object({ email: email.optional() })
  .strict()
  .nullish()
  // No body at all (`curl -X POST`) means `{}`.
  .transform((body) => body ?? {});

/** `PUT /auth/reset/:token`: the token from the reset mail (checked by the server, not here). */
export const ResetParamsSchema = z.object({ token: z.string().min(1).max(200) }).strict();

/** `POST /auth/signup` answer (201): a code was mailed to `email`. */
export const SignupResponseSchema = z.object({ message: z.string(), email: z.string() });
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** A plain `{message}` answer (forgot, reset, resend, logout). */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** `GET /health` answer: `ok` after a round trip to the database (200), `unavailable` when it failed (503). */
export const HealthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string() });

/**
 * User-facing messages of the accounts API (docs/product.md#validation, docs/product.md#messages; docs/product.md#sign-up). The web shows
 * the server's message where docs/product.md says so.
 */
export const AUTH_MESSAGES = {
  signupSent: 'We sent a 6-digit code to your e-mail. Enter it to finish signing up.',
  signupConflict: 'Signup failed. Use another email.',
  invalidCode: 'Invalid credentials',
  codeDead: 'Too many wrong codes. Please request a new code.',
  codeExpired: 'This code has expired. Please request a new code.',
  noPendingSignup: 'Your verification has timed out. Please sign in or sign up again to get a new code.',
  resendSent: 'If this e-mail is waiting for verification, a new code is on its way.',
  resendCooldown: 'Please wait a minute before asking for a new code.',
  /** 503 when the sign-up mail cannot go out. */
  codeMailFailed: 'We could not send the e-mail with your code. Please try again in a few minutes.',
  badCredentials: 'Invalid email or password',
  unverified: 'Please verify your e-mail first. We have sent a code to your e-mail.',
  forgotSent: 'check your email for reset link',
  resetDone: 'Password reset successfully.',
  resetFailed: 'Error resetting password. Please try again.',
  loggedOut: 'Logged out',
} as const;
