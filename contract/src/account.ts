import { z } from 'zod';
import { LIMITS } from './limits.js';

const email = z.email().max(254).transform((value) => value.toLowerCase());

/**
 * A shipping address (SPEC §3). City and state are fixed ('pollachi', 'tamilnadu') and set
 * by the server whatever is sent (SPEC §9).
 */
export const AddressSchema = z.object({
  name: z.string(),
  phoneNumber: z.string(),
  doorNumber: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

/**
 * `POST /auth/address` body with SPEC §5's checks in its order: name required; phone exactly
 * 10 digits; pin code exactly 6 digits; door number and street required. City and state may
 * be sent but are ignored.
 */
export const AddressBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(LIMITS.maxNameLength),
    phoneNumber: z.string().trim().regex(/^\d{10}$/, 'Phone number must be a 10-digit numeric value'),
    pinCode: z.string().trim().regex(/^\d{6}$/, 'Pin code must be a 6-digit numeric value'),
    doorNumber: z.string().trim().min(1, 'Door number is required').max(40),
    street: z.string().trim().min(1, 'Street is required').max(120),
    city: z.string().max(60).optional(),
    state: z.string().max(60).optional(),
  })
  .strict();
export type AddressBody = z.input<typeof AddressBodySchema>;

/** A user as the API returns it (DESIGN.md). */
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

const password = z.string().min(LIMITS.passwordMinLength).max(LIMITS.passwordMaxLength);

/** `POST /auth/signup` (SPEC §5 Sign-up; password bounds SPEC §9 and issue "Accounts"). */
export const SignupBodySchema = z
  .object({ username: z.string().trim().min(1).max(LIMITS.maxNameLength), email, password })
  .strict();
/** `POST /auth/signin` (SPEC §5 Sign-in). */
export const SigninBodySchema = z
  .object({ email, password: z.string().min(1).max(LIMITS.passwordMaxLength) })
  .strict();
/** `POST /auth/verify/otp` (SPEC §5 OTP: numeric, required). */
export const OtpBodySchema = z.object({ otp: z.string().regex(/^\d{6}$/) }).strict();
/** `POST /auth/forgot`. */
export const ForgotBodySchema = z.object({ email }).strict();
/** `PUT /auth/reset/:token`. */
export const ResetBodySchema = z.object({ password }).strict();
/** `POST /auth/resend-otp`: the e-mail of the unverified account. */
export const ResendOtpBodySchema = z.object({ email }).strict();
