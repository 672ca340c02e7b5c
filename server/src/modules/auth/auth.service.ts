import { randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  pageUrl,
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
import { addresses, pendingSignups, resetTokens, servedPinCodes, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Cooldown } from '../../platform/rate-limit.js';
import { bilingualMail } from '../../platform/mail.js';
import { queueMails, type MailSender } from '../../platform/outbox.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.js';
import { hashToken, randomNumericCode, randomToken } from '../../platform/tokens.js';
import { PENDING_TTL_MS } from './session-cookies.js';

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
function toUserApi(user: Pick<UserRow, 'id' | 'username' | 'email' | 'role'>, address: AddressRow | null): User {
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

/** The id of the account with e-mail `email` (lower-cased), or undefined when it has none. */
export async function accountIdOf(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/** A pending sign-up as the account functions read it. */
export interface PendingSignup {
  id: string;
  email: string;
  username: string;
  codeSentAt: Date;
}

/**
 * The pending sign-up `signupId` while it lives (docs/decisions/017-pending-sign-ups.md), or
 * undefined when there is none (verified, expired or never made): how `POST /auth/resend-otp`
 * without an e-mail finds the sign-up its `otp_session` cookie names
 * (docs/decisions/005-pending-verification-cookie.md).
 */
export async function findPendingSignup(db: Db, deps: AuthDeps, signupId: string): Promise<PendingSignup | undefined> {
  const [row] = await db
    .select({
      id: pendingSignups.id,
      email: pendingSignups.email,
      username: pendingSignups.username,
      codeSentAt: pendingSignups.codeSentAt,
    })
    .from(pendingSignups)
    .where(and(eq(pendingSignups.id, signupId), gt(pendingSignups.expiresAt, deps.clock.now())));
  return row;
}

/** The hash of a one-time code, keyed by its sign-up's id and the secret (tokens.ts). */
function codeHash(deps: AuthDeps, signupId: string, code: string): string {
  return hashToken(code, `${signupId}:${deps.codeSecret}`);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A new one-time code for the pending sign-up `signup`, and its mail: 6 digits from the
 * CSPRNG, stored hashed in the sign-up's row, valid {@link LIMITS.otpTtlMs} (10 min) with no
 * wrong tries yet; the sign-up's earlier code dies, no other sign-up's does
 * (docs/decisions/017-pending-sign-ups.md, ASVS 6.5.x). When `renew`, the sign-up itself lives
 * another {@link PENDING_TTL_MS} (a sign-in with its password). One transaction, which also puts
 * the code's mail in the outbox (docs/architecture.md#mail), dropped unsent if it cannot go out
 * before the code expires; the sender is woken once it commits. Nothing happens when the
 * sign-up is gone.
 */
async function issueCode(
  db: Db,
  deps: AuthDeps,
  signup: { id: string; username: string; email: string },
  options: { renew?: boolean } = {},
): Promise<void> {
  const code = randomNumericCode(LIMITS.otpDigits);
  const now = deps.clock.now();
  const codeExpiresAt = new Date(now.getTime() + LIMITS.otpTtlMs);
  const issued = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(pendingSignups)
      .set({
        codeHash: codeHash(deps, signup.id, code),
        codeExpiresAt,
        codeAttempts: 0,
        codeSentAt: now,
        ...(options.renew ? { expiresAt: new Date(now.getTime() + PENDING_TTL_MS) } : {}),
      })
      .where(and(eq(pendingSignups.id, signup.id), gt(pendingSignups.expiresAt, now)))
      .returning({ id: pendingSignups.id });
    if (!row) return false;
    await queueMails(tx, now, [
      { kind: 'signup-code', to: [signup.email], discardAfter: codeExpiresAt, ...codeMail(signup.username, code) },
    ]);
    return true;
  });
  if (issued) void deps.outbox.wake();
}

/**
 * The one-time-code mail, English and Tamil (docs/architecture.md#mail), the code in its subject
 * (`482913 is your Thaiyal code`), so a phone's notification shows it without opening the mail.
 */
function codeMail(username: string, code: string): { subject: string; text: string; html: string } {
  return bilingualMail(
    { en: `${code} is your Thaiyal code`, ta: `${code} உங்கள் தையல் குறியீடு` },
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
function resetMail(username: string, url: string): { subject: string; text: string; html: string } {
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
 * Sign-up (docs/product.md#api `POST /auth/signup`, docs/product.md#sign-up): a new pending
 * sign-up with its own username, password hash and one-time code, whose mail goes into the
 * outbox in the same transaction (a mail server that is down delays the code, it does not fail
 * the sign-up: docs/architecture.md#mail). Earlier pending sign-ups of the
 * same e-mail are left exactly as they were: only the one whose code is verified becomes the
 * account (docs/decisions/017-pending-sign-ups.md). Sign-ups whose 24 hours ended are swept.
 * Returns the sign-up's id for the `otp_session` cookie.
 * @throws AppError('conflict', 'Signup failed. Use another email.') when the e-mail has an
 *   account (docs/product.md#messages).
 */
export async function signup(
  db: Db,
  deps: AuthDeps,
  input: { username: string; email: string; password: string },
): Promise<{ signupId: string }> {
  const passwordHash = await hashPassword(input.password);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw new AppError('conflict', AUTH_MESSAGES.signupConflict);
  const now = deps.clock.now();
  const signupId = randomUUID();
  const code = randomNumericCode(LIMITS.otpDigits);
  const codeExpiresAt = new Date(now.getTime() + LIMITS.otpTtlMs);
  await db.transaction(async (tx) => {
    await tx.delete(pendingSignups).where(lte(pendingSignups.expiresAt, now));
    await tx.insert(pendingSignups).values({
      id: signupId,
      email: input.email,
      username: input.username,
      passwordHash,
      codeHash: codeHash(deps, signupId, code),
      codeExpiresAt,
      codeSentAt: now,
      expiresAt: new Date(now.getTime() + PENDING_TTL_MS),
      createdAt: now,
    });
    await queueMails(tx, now, [{ kind: 'signup-code', to: [input.email], discardAfter: codeExpiresAt, ...codeMail(input.username, code) }]);
  });
  void deps.outbox.wake();
  await deps.cooldown.record(input.email, now);
  return { signupId };
}

/**
 * Check a one-time code for the pending sign-up `signupId` (docs/product.md#api
 * `POST /auth/verify/otp`; docs/product.md#one-time-code): its current code must match. A
 * wrong code adds one try; the 5th wrong try kills the code. The right code makes the account
 * in one transaction: the sign-up is claimed by an atomic `DELETE … WHERE code_hash = … AND
 * code_attempts < 5 AND code_expires_at > now RETURNING` (of two simultaneous correct
 * submissions exactly one wins), its username and password hash become a verified `users`
 * row, and every other pending sign-up of the e-mail is deleted
 * (docs/decisions/017-pending-sign-ups.md). Returns the new account's id.
 * @throws AppError('bad_request', 'Invalid credentials') for a wrong code, a lost race or a
 *   sign-up that no longer exists.
 * @throws AppError('bad_request') telling to request a new code when the code expired or died.
 * @throws AppError('conflict', 'Signup failed. Use another email.') when another sign-up of the
 *   e-mail became the account first.
 */
export async function verifyCode(db: Db, deps: AuthDeps, signupId: string, otp: string): Promise<string> {
  const now = deps.clock.now();
  const [signup] = await db
    .select({ codeHash: pendingSignups.codeHash, codeExpiresAt: pendingSignups.codeExpiresAt, codeAttempts: pendingSignups.codeAttempts })
    .from(pendingSignups)
    .where(and(eq(pendingSignups.id, signupId), gt(pendingSignups.expiresAt, now)));
  if (!signup) throw new AppError('bad_request', AUTH_MESSAGES.invalidCode);
  if (signup.codeAttempts >= LIMITS.otpMaxAttempts) throw new AppError('bad_request', AUTH_MESSAGES.codeDead);
  if (signup.codeExpiresAt.getTime() <= now.getTime()) throw new AppError('bad_request', AUTH_MESSAGES.codeExpired);

  const presented = codeHash(deps, signupId, otp);
  if (!sameHash(presented, signup.codeHash)) {
    const [counted] = await db
      .update(pendingSignups)
      .set({ codeAttempts: sql`${pendingSignups.codeAttempts} + 1` })
      .where(
        and(
          eq(pendingSignups.id, signupId),
          eq(pendingSignups.codeHash, signup.codeHash),
          sql`${pendingSignups.codeAttempts} < ${LIMITS.otpMaxAttempts}`,
        ),
      )
      .returning({ attempts: pendingSignups.codeAttempts });
    if (!counted || counted.attempts >= LIMITS.otpMaxAttempts) throw new AppError('bad_request', AUTH_MESSAGES.codeDead);
    throw new AppError('bad_request', AUTH_MESSAGES.invalidCode);
  }

  const userId = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .delete(pendingSignups)
      .where(
        and(
          eq(pendingSignups.id, signupId),
          eq(pendingSignups.codeHash, presented),
          sql`${pendingSignups.codeAttempts} < ${LIMITS.otpMaxAttempts}`,
          gt(pendingSignups.codeExpiresAt, now),
          gt(pendingSignups.expiresAt, now),
        ),
      )
      .returning({ email: pendingSignups.email, username: pendingSignups.username, passwordHash: pendingSignups.passwordHash });
    if (!claimed) return undefined;
    const [user] = await tx
      .insert(users)
      .values({ email: claimed.email, username: claimed.username, passwordHash: claimed.passwordHash, verified: true, createdAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    // Another sign-up of this e-mail was verified first: this one is undone with the transaction.
    if (!user) throw new AppError('conflict', AUTH_MESSAGES.signupConflict);
    await tx.delete(pendingSignups).where(eq(pendingSignups.email, claimed.email));
    return user.id;
  });
  if (!userId) throw new AppError('bad_request', AUTH_MESSAGES.invalidCode);
  return userId;
}

/**
 * Take the 60 s cooldown for another code to `email` (and `signup`, whose last code may be
 * newer): 0 when a code may go now, the cooldown then being recorded in the same step (two
 * concurrent asks mail one code), else the milliseconds left, nothing recorded.
 */
async function claimCooldown(deps: AuthDeps, email: string, now: Date, signup?: Pick<PendingSignup, 'codeSentAt'>): Promise<number> {
  const bySignup = signup ? signup.codeSentAt.getTime() + LIMITS.otpResendCooldownMs - now.getTime() : 0;
  if (bySignup > 0) return Math.max(bySignup, await deps.cooldown.remainingMs(email, now));
  return deps.cooldown.claim(email, now);
}

/**
 * Resend the code of the caller's own pending sign-up, the one its `otp_session` cookie names
 * (docs/architecture.md#http-api `POST /auth/resend-otp` with `{}`;
 * docs/decisions/005-pending-verification-cookie.md): a new code is mailed in the background and
 * the sign-up's old one dies. Only its holder can ask, so the wait is told.
 * @throws AppError('bad_request') asking to sign in or up again when the sign-up no longer exists.
 * @throws AppError('too_many_requests') within 60 s of the last code to that e-mail.
 */
export async function resendToSignup(db: Db, deps: AuthDeps, signupId: string): Promise<void> {
  const now = deps.clock.now();
  const signup = await findPendingSignup(db, deps, signupId);
  if (!signup) throw new AppError('bad_request', AUTH_MESSAGES.noPendingSignup);
  const remainingMs = await claimCooldown(deps, signup.email, now, signup);
  if (remainingMs > 0) throw new AppError('too_many_requests', MESSAGES_WITH_DATA.resendCooldown(Math.ceil(remainingMs / 1000)));
  await issueCode(db, deps, signup);
}

/**
 * Resend a code to `email` (docs/architecture.md#http-api `POST /auth/resend-otp {email}`),
 * run after the answer, which is the same for every e-mail (ASVS 6.3.8): outside the e-mail's
 * 60 s cooldown, the pending sign-up that `preferredSignupId` names (the caller's cookie) when
 * it is one of this e-mail's, else the newest pending sign-up of the e-mail, gets a new code; an
 * e-mail with none gets nothing. Only the browser holding a sign-up's cookie can use its code.
 */
export async function resendToEmail(db: Db, deps: AuthDeps, email: string, preferredSignupId?: string): Promise<void> {
  const now = deps.clock.now();
  const live = await db
    .select({
      id: pendingSignups.id,
      email: pendingSignups.email,
      username: pendingSignups.username,
      codeSentAt: pendingSignups.codeSentAt,
    })
    .from(pendingSignups)
    .where(and(eq(pendingSignups.email, email), gt(pendingSignups.expiresAt, now)))
    .orderBy(desc(pendingSignups.createdAt))
    .limit(LIMITS.otpMaxAttempts);
  const target = live.find((one) => one.id === preferredSignupId) ?? live[0];
  if ((await claimCooldown(deps, email, now, target)) > 0) return;
  if (!target) return;
  await issueCode(db, deps, target);
}

/** What {@link signin} found. */
export type SigninResult = { kind: 'signed_in'; user: User } | { kind: 'unverified'; signupId: string };

/** How many of an e-mail's newest pending sign-ups a sign-in checks its password against. */
const PENDING_SIGNUPS_CHECKED = 3;

/**
 * Sign-in (docs/product.md#api `POST /auth/signin`): argon2id check of the account's password.
 * An e-mail without an account but with pending sign-ups is checked against the newest few of
 * them: the right password of one gives `{kind: 'unverified'}` naming that sign-up, renews it
 * for 24 hours and mails it a fresh code (unless one went to the e-mail within the cooldown).
 * An e-mail with neither spends the same time on a dummy hash and gets the same answer as a
 * wrong password (ASVS 6.3.8).
 * @throws AppError('unauthorized', 'Invalid email or password') for a wrong e-mail or password.
 */
export async function signin(db: Db, deps: AuthDeps, email: string, password: string): Promise<SigninResult> {
  const [row] = await db
    .select({ user: users, address: addresses })
    .from(users)
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(eq(users.email, email));
  if (row) {
    if (!(await verifyPassword(row.user.passwordHash, password))) throw new AppError('unauthorized', AUTH_MESSAGES.badCredentials);
    return { kind: 'signed_in', user: toUserApi(row.user, row.address) };
  }
  const now = deps.clock.now();
  const pending = await db
    .select({ id: pendingSignups.id, username: pendingSignups.username, passwordHash: pendingSignups.passwordHash })
    .from(pendingSignups)
    .where(and(eq(pendingSignups.email, email), gt(pendingSignups.expiresAt, now)))
    .orderBy(desc(pendingSignups.createdAt))
    .limit(PENDING_SIGNUPS_CHECKED);
  if (pending.length === 0) await verifyAgainstDummy(password);
  let matched: (typeof pending)[number] | undefined;
  for (const signup of pending) {
    if (await verifyPassword(signup.passwordHash, password)) {
      matched = signup;
      break;
    }
  }
  if (!matched) throw new AppError('unauthorized', AUTH_MESSAGES.badCredentials);
  const coolingDown = (await deps.cooldown.claim(email, now)) > 0;
  if (coolingDown) await renewSignup(db, deps, matched.id);
  else await issueCode(db, deps, { id: matched.id, username: matched.username, email }, { renew: true });
  return { kind: 'unverified', signupId: matched.id };
}

/** A sign-in with a pending sign-up's password inside the cooldown: the sign-up lives another 24 hours. */
async function renewSignup(db: Db, deps: AuthDeps, signupId: string): Promise<void> {
  const now = deps.clock.now();
  await db
    .update(pendingSignups)
    .set({ expiresAt: new Date(now.getTime() + PENDING_TTL_MS) })
    .where(eq(pendingSignups.id, signupId));
}

/**
 * Forgot password (docs/product.md#api `POST /auth/forgot`; docs/product.md#forgot-and-reset-password): for a verified account, a
 * random 32-byte token is stored hashed (valid 1 hour; earlier unused tokens die) and the link
 * `{PUBLIC_URL}/api/reset/{token}` goes into the outbox in the same transaction (dropped unsent
 * if it cannot go out within the hour). Nothing happens for any other e-mail. The route runs
 * this after its answer, which is the same for every e-mail (ASVS 6.3.8).
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
        ...resetMail(user.username, pageUrl(deps.publicUrl, 'reset', { token })),
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
