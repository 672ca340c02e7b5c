import { randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  LIMITS,
  MESSAGES_WITH_DATA,
  PLATFORM_MESSAGES,
  SERVICE_CITY,
  SERVICE_STATE,
  type AddressBodySchema,
  type User,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { addresses, oneTimeCodes, resetTokens, servedPinCodes, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Cooldown } from '../../platform/rate-limit.js';
import { bilingualMail } from '../../platform/mail.js';
import { queueMails, type MailSender } from '../../platform/outbox.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.js';
import { hashToken, randomNumericCode, randomToken } from '../../platform/tokens.js';

type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

/** What the account functions need besides the database. */
export interface AuthDeps {
  clock: Clock;
  /** The mail sender, woken once a code or link mail is committed to the outbox. */
  outbox: Pick<MailSender, 'wake'>;
  /** Keys the one-time codes' hashes (the session secret), so 10^6 codes cannot be precomputed. */
  codeSecret: string;
  /** PUBLIC_URL without a trailing slash, for the reset link. */
  publicUrl: string;
  /**
   * The 60 s resend cooldown per e-mail (docs/product.md#sign-up) on the app's clock. Kept for
   * every e-mail asked about, known or not, so `POST /auth/resend-otp` answers the same for an
   * unknown e-mail (no enumeration); in the database on PostgreSQL, so it holds across processes.
   */
  cooldown: Cooldown;
}

/**
 * Row → API shape of a user (docs/architecture.md#http-api: `{_id, username, email, role, address}`), the one
 * mapping every account route answers with.
 */
export function toUserApi(user: Pick<UserRow, 'id' | 'username' | 'email' | 'role'>, address: AddressRow | null): User {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    address: address
      ? {
          name: address.name,
          phoneNumber: address.phoneNumber,
          doorNumber: address.doorNumber,
          street: address.street,
          city: address.city,
          state: address.state,
          pinCode: address.pinCode,
          ...(address.landmark === null ? {} : { landmark: address.landmark }),
          ...(address.alternatePhone === null ? {} : { alternatePhone: address.alternatePhone }),
        }
      : null,
  };
}

/** The API shape of user `userId` with their address (one query), or null when there is no such user. */
export async function findUserApi(db: Db, userId: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users, address: addresses })
    .from(users)
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(eq(users.id, userId));
  return row ? toUserApi(row.user, row.address) : null;
}

/**
 * The e-mail of user `userId`, or undefined when there is no such user: how `POST
 * /auth/resend-otp` without an e-mail finds the account its `otp_session` cookie names
 * (docs/decisions/005).
 */
export async function emailOfUser(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** The hash of a one-time code, keyed by its row id and the secret (tokens.ts). */
function codeHash(deps: AuthDeps, codeId: string, code: string): string {
  return hashToken(code, `${codeId}:${deps.codeSecret}`);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Make a new one-time code for `user` and mail it: 6 digits from the CSPRNG, stored hashed,
 * valid {@link LIMITS.otpTtlMs} (10 min); every earlier live code of the user dies
 * (docs/product.md#one-time-code, ASVS 6.5.x). One transaction, which also puts the code's
 * mail in the outbox (docs/architecture.md#mail), dropped unsent if it cannot go out before
 * the code expires; the sender is woken once it commits.
 */
export async function issueCode(db: Db, deps: AuthDeps, user: { id: string; username: string; email: string }): Promise<void> {
  const code = randomNumericCode(LIMITS.otpDigits);
  const id = randomUUID();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + LIMITS.otpTtlMs);
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.userId, user.id), isNull(oneTimeCodes.consumedAt)));
    await tx.insert(oneTimeCodes).values({ id, userId: user.id, codeHash: codeHash(deps, id, code), expiresAt, createdAt: now });
    await queueMails(tx, now, [
      { kind: 'signup-code', to: [user.email], userId: user.id, discardAfter: expiresAt, ...codeMail(user.username, code) },
    ]);
  });
  void deps.outbox.wake();
}

/** The one-time-code mail, English and Tamil (docs/architecture.md#mail). */
export function codeMail(username: string, code: string): { subject: string; text: string; html: string } {
  return bilingualMail(
    { en: 'Your Thaiyal sign-up code', ta: 'உங்கள் தையல் பதிவுக் குறியீடு' },
    {
      en: [
        `Hello ${username},`,
        `Your one-time code is ${code}. It is valid for 10 minutes and works once.`,
        'If you did not sign up at Thaiyal, you can ignore this e-mail.',
      ],
      ta: [
        `வணக்கம் ${username},`,
        `உங்கள் ஒருமுறைக் குறியீடு ${code}. இது 10 நிமிடங்களுக்குச் செல்லுபடியாகும், ஒருமுறை மட்டுமே பயன்படும்.`,
        'நீங்கள் தையலில் பதிவு செய்யவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணிக்கலாம்.',
      ],
    },
  );
}

/** The password-reset mail with its link, English and Tamil (docs/product.md#forgot-and-reset-password, docs/architecture.md#mail). */
export function resetMail(username: string, url: string): { subject: string; text: string; html: string } {
  return bilingualMail(
    { en: 'Reset your Thaiyal password', ta: 'உங்கள் தையல் கடவுச்சொல்லை மீட்டமைக்கவும்' },
    {
      en: [
        `Hello ${username},`,
        'Someone asked to reset the password of your Thaiyal account. The link below is valid for 1 hour and works once.',
        'If it was not you, ignore this e-mail: your password stays as it is.',
      ],
      ta: [
        `வணக்கம் ${username},`,
        'உங்கள் தையல் கணக்கின் கடவுச்சொல்லை மீட்டமைக்கக் கோரிக்கை வந்துள்ளது. கீழே உள்ள இணைப்பு 1 மணி நேரம் செல்லுபடியாகும், ஒருமுறை மட்டுமே பயன்படும்.',
        'இது நீங்கள் இல்லையென்றால், இந்த மின்னஞ்சலைப் புறக்கணிக்கவும்: உங்கள் கடவுச்சொல் மாறாது.',
      ],
    },
    { url, en: 'Reset password', ta: 'கடவுச்சொல்லை மீட்டமை' },
  );
}

/**
 * Sign-up (docs/product.md#api `POST /auth/signup`, docs/product.md#sign-up): creates an unverified account, or
 * updates the username and password of an unverified account with that e-mail, in one atomic
 * statement; then mails a fresh one-time code through the outbox ({@link issueCode}: a mail
 * server that is down delays the code, it does not fail the sign-up). Returns the account id
 * for the `otp_session` cookie.
 * @throws AppError('conflict', 'Signup failed. Use another email.') for a verified e-mail (docs/product.md#messages).
 */
export async function signup(
  db: Db,
  deps: AuthDeps,
  input: { username: string; email: string; password: string },
): Promise<{ userId: string }> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({ username: input.username, email: input.email, passwordHash, verified: false, createdAt: deps.clock.now() })
    .onConflictDoUpdate({
      target: users.email,
      set: { username: input.username, passwordHash },
      setWhere: eq(users.verified, false),
    })
    .returning({ id: users.id });
  if (!row) throw new AppError('conflict', AUTH_MESSAGES.signupConflict);
  await issueCode(db, deps, { id: row.id, username: input.username, email: input.email });
  await deps.cooldown.record(input.email, deps.clock.now());
  return { userId: row.id };
}

/**
 * Check a one-time code for the pending account `userId` (docs/product.md#api `POST /auth/verify/otp`;
 * docs/product.md#sign-up): the newest live code must match. A wrong code adds one attempt; the
 * 5th wrong attempt kills the code. The right code is consumed by an atomic
 * `UPDATE … WHERE consumed_at IS NULL … RETURNING`, so of two simultaneous correct submissions
 * exactly one wins; the same transaction marks the account verified.
 * @throws AppError('bad_request', 'Invalid credentials') for a wrong code (or a lost race, or an
 *   account that is no longer pending).
 * @throws AppError('bad_request') telling to request a new code when the code expired or died.
 */
export async function verifyCode(db: Db, deps: AuthDeps, userId: string, otp: string): Promise<void> {
  const now = deps.clock.now();
  const [code] = await db
    .select({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash, expiresAt: oneTimeCodes.expiresAt, attempts: oneTimeCodes.attempts })
    .from(oneTimeCodes)
    .innerJoin(users, eq(users.id, oneTimeCodes.userId))
    .where(and(eq(oneTimeCodes.userId, userId), eq(users.verified, false), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!code) throw new AppError('bad_request', AUTH_MESSAGES.invalidCode);
  if (code.attempts >= LIMITS.otpMaxAttempts) throw new AppError('bad_request', AUTH_MESSAGES.codeDead);
  if (code.expiresAt.getTime() <= now.getTime()) throw new AppError('bad_request', AUTH_MESSAGES.codeExpired);

  if (!sameHash(codeHash(deps, code.id, otp), code.codeHash)) {
    const [counted] = await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(and(eq(oneTimeCodes.id, code.id), isNull(oneTimeCodes.consumedAt), sql`${oneTimeCodes.attempts} < ${LIMITS.otpMaxAttempts}`))
      .returning({ attempts: oneTimeCodes.attempts });
    if (!counted || counted.attempts >= LIMITS.otpMaxAttempts) throw new AppError('bad_request', AUTH_MESSAGES.codeDead);
    throw new AppError('bad_request', AUTH_MESSAGES.invalidCode);
  }

  const won = await db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.id, code.id),
          isNull(oneTimeCodes.consumedAt),
          sql`${oneTimeCodes.attempts} < ${LIMITS.otpMaxAttempts}`,
          sql`${oneTimeCodes.expiresAt} > ${now.toISOString()}`,
        ),
      )
      .returning({ id: oneTimeCodes.id });
    if (!consumed) return false;
    await tx.update(users).set({ verified: true }).where(eq(users.id, userId));
    return true;
  });
  if (!won) throw new AppError('bad_request', AUTH_MESSAGES.invalidCode);
}

/**
 * Resend a one-time code (docs/architecture.md#http-api `POST /auth/resend-otp`; docs/product.md#sign-up): for an
 * unverified account a new code is mailed and the old ones die; for an unknown or verified
 * e-mail nothing is sent, and the caller answers the same either way.
 * @throws AppError('too_many_requests') inside the 60 s cooldown, for any e-mail alike.
 */
export async function resendCode(db: Db, deps: AuthDeps, email: string): Promise<void> {
  const now = deps.clock.now();
  const [user] = await db
    .select({ id: users.id, username: users.username, verified: users.verified })
    .from(users)
    .where(eq(users.email, email));
  let remainingMs = await deps.cooldown.remainingMs(email, now);
  const pending = user && !user.verified ? user : undefined;
  if (pending) {
    const [last] = await db
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, pending.id))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (last) remainingMs = Math.max(remainingMs, last.createdAt.getTime() + LIMITS.otpResendCooldownMs - now.getTime());
  }
  if (remainingMs > 0) {
    throw new AppError('too_many_requests', MESSAGES_WITH_DATA.resendCooldown(Math.ceil(remainingMs / 1000)));
  }
  await deps.cooldown.record(email, now);
  if (!pending) return;
  await issueCode(db, deps, { id: pending.id, username: pending.username, email });
}

/** What {@link signin} found. */
export type SigninResult = { kind: 'signed_in'; user: User } | { kind: 'unverified'; userId: string };

/**
 * Sign-in (docs/product.md#api `POST /auth/signin`): argon2id check; an unknown e-mail spends the same
 * time on a dummy hash and gets the same answer (ASVS 6.3.x). The right password of an
 * unverified account gives `{kind: 'unverified'}` and mails a fresh code (unless one was
 * sent within the cooldown).
 * @throws AppError('unauthorized', 'Invalid email or password') for a wrong e-mail or password.
 */
export async function signin(db: Db, deps: AuthDeps, email: string, password: string): Promise<SigninResult> {
  const [row] = await db
    .select({ user: users, address: addresses })
    .from(users)
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(eq(users.email, email));
  if (!row) {
    await verifyAgainstDummy(password);
    throw new AppError('unauthorized', AUTH_MESSAGES.badCredentials);
  }
  if (!(await verifyPassword(row.user.passwordHash, password))) {
    throw new AppError('unauthorized', AUTH_MESSAGES.badCredentials);
  }
  if (!row.user.verified) {
    const now = deps.clock.now();
    if ((await deps.cooldown.remainingMs(email, now)) === 0) {
      await deps.cooldown.record(email, now);
      await issueCode(db, deps, { id: row.user.id, username: row.user.username, email });
    }
    return { kind: 'unverified', userId: row.user.id };
  }
  return { kind: 'signed_in', user: toUserApi(row.user, row.address) };
}

/**
 * Forgot password (docs/product.md#api `POST /auth/forgot`; docs/product.md#forgot-and-reset-password): for a verified account, a
 * random 32-byte token is stored hashed (valid 1 hour; earlier unused tokens die) and the link
 * `{PUBLIC_URL}/api/reset/{token}` goes into the outbox in the same transaction (dropped unsent
 * if it cannot go out within the hour). Nothing happens for any other
 * e-mail; the caller answers the same either way.
 */
export async function requestReset(db: Db, deps: AuthDeps, email: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.email, email), eq(users.verified, true)));
  if (!user) return;
  const token = randomToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + LIMITS.resetTokenTtlMs);
  await db.transaction(async (tx) => {
    await tx
      .update(resetTokens)
      .set({ usedAt: now })
      .where(and(eq(resetTokens.userId, user.id), isNull(resetTokens.usedAt)));
    await tx.insert(resetTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt, createdAt: now });
    await queueMails(tx, now, [
      {
        kind: 'password-reset',
        to: [email],
        userId: user.id,
        discardAfter: expiresAt,
        ...resetMail(user.username, `${deps.publicUrl}/api/reset/${token}`),
      },
    ]);
  });
  void deps.outbox.wake();
}

/**
 * Reset a password with a mailed token (docs/product.md#api `PUT /auth/reset/{token}`; docs/product.md#forgot-and-reset-password):
 * in one transaction the token is claimed atomically (unused, unexpired), the argon2id hash is
 * set and every session of the user ends (`endSessions`, ASVS 7.4.3).
 * @throws AppError('bad_request', 'Error resetting password. Please try again.') for an unknown,
 *   expired or used token (docs/product.md#messages).
 */
export async function resetPassword(
  db: Db,
  deps: AuthDeps,
  token: string,
  password: string,
  endSessions: (tx: Db, userId: string) => Promise<void>,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  const done = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(resetTokens)
      .set({ usedAt: now })
      .where(
        and(eq(resetTokens.tokenHash, hashToken(token)), isNull(resetTokens.usedAt), sql`${resetTokens.expiresAt} > ${now.toISOString()}`),
      )
      .returning({ userId: resetTokens.userId });
    if (!claimed) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await endSessions(tx as unknown as Db, claimed.userId);
    return true;
  });
  if (!done) throw new AppError('bad_request', AUTH_MESSAGES.resetFailed);
}

/**
 * Save the user's address (docs/product.md#api `POST /auth/address`): insert or replace the one address
 * of the user; city and state are always 'pollachi' and 'tamilnadu' (docs/product.md#entities, docs/product.md#limits), whatever
 * was sent; phone numbers arrive as their 10 digits, a blank landmark or alternate phone as none.
 * The body was validated by `AddressBodySchema` (docs/product.md#validation checks in order);
 * then the pin code must be one the shop serves (docs/product.md#service-area).
 * Returns the user with the new address.
 * @throws AppError('bad_request', MESSAGES_WITH_DATA.pinCodeNotServed) outside the service area;
 *   nothing is saved.
 * @throws AppError('unauthorized') when the user no longer exists.
 */
export async function saveAddress(db: Db, deps: AuthDeps, userId: string, body: z.output<typeof AddressBodySchema>): Promise<User> {
  const [served] = await db
    .select({ pinCode: servedPinCodes.pinCode })
    .from(servedPinCodes)
    .where(eq(servedPinCodes.pinCode, body.pinCode));
  if (!served) throw new AppError('bad_request', MESSAGES_WITH_DATA.pinCodeNotServed(body.pinCode));
  const values = {
    name: body.name,
    phoneNumber: body.phoneNumber,
    doorNumber: body.doorNumber,
    street: body.street,
    pinCode: body.pinCode,
    landmark: body.landmark ?? null,
    alternatePhone: body.alternatePhone ?? null,
    city: SERVICE_CITY,
    state: SERVICE_STATE,
    updatedAt: deps.clock.now(),
  };
  await db
    .insert(addresses)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: addresses.userId, set: values });
  const user = await findUserApi(db, userId);
  if (!user) throw new AppError('unauthorized', PLATFORM_MESSAGES.signInRequired);
  return user;
}
