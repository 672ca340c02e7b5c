import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddressBodySchema,
  AUTH_MESSAGES,
  LIMITS,
  ForgotBodySchema,
  MESSAGES_WITH_DATA,
  MessageResponseSchema,
  OtpBodySchema,
  PLATFORM_MESSAGES,
  ResendOtpBodySchema,
  ResetBodySchema,
  ResetParamsSchema,
  SigninBodySchema,
  SignupBodySchema,
  SignupResponseSchema,
  UserResponseSchema,
} from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser, signedInHook } from '../../platform/current-user.js';
import { AppError } from '../../platform/errors.js';
import { limitKey } from '../../platform/rate-limit.js';
import { markRateLimit } from '../../platform/route-traits.js';
import { loadSessionSecret } from '../../platform/secret.js';
import {
  accountIdOf,
  findPendingSignup,
  findUserApi,
  requestReset,
  resendToEmail,
  resendToSignup,
  resetPassword,
  saveAddress,
  signin,
  signup,
  verifyCode,
  type AuthDeps,
} from './auth.service.js';

const MINUTE_MS = 60_000;

/**
 * Abuse limits of the account endpoints (docs/security.md; ASVS 6.3.x): requests per window,
 * per client IP (`request.ip`, which honours X-Forwarded-For only when TRUST_PROXY is on) and
 * per lower-cased e-mail of the body. Over a limit: 429 `{message, code: 'too_many_requests'}`.
 * The counters live where `app.rateLimits` says (platform/rate-limit.ts): in the database on
 * PostgreSQL, so they hold across every app process (docs/architecture.md#running-several-processes), in memory on PGlite.
 */
export const AUTH_RATE_LIMITS = {
  signin: { perIp: { max: 30, windowMs: 15 * MINUTE_MS } },
  /**
   * Wrong passwords (docs/security.md, sign-in without lock-out; ASVS 6.3.1, 6.1.1): refused
   * only for an e-mail and client address together; for the e-mail alone, from any address,
   * each attempt past `freeFailures` waits `stepMs` more, at most `maxDelayMs`, and is never
   * refused. A browser whose device cookie names the account skips both, until it has failed
   * `perDevice.max` times itself.
   */
  signinFailures: {
    perEmailAndIp: { max: 10, windowMs: 15 * MINUTE_MS },
    perEmail: { freeFailures: 5, stepMs: 500, maxDelayMs: 3_000, windowMs: 15 * MINUTE_MS },
    perDevice: { max: 10, windowMs: 15 * MINUTE_MS },
  },
  signup: { perIp: { max: 30, windowMs: 60 * MINUTE_MS }, perEmail: { max: 5, windowMs: 60 * MINUTE_MS } },
  forgot: { perIp: { max: 20, windowMs: 60 * MINUTE_MS }, perEmail: { max: 5, windowMs: 60 * MINUTE_MS } },
  resend: { perIp: { max: 20, windowMs: 60 * MINUTE_MS }, perEmail: { max: 5, windowMs: 60 * MINUTE_MS } },
  verify: { perIp: { max: 30, windowMs: 15 * MINUTE_MS } },
} as const;

type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A hook that answers 429 (with `Retry-After` in seconds) once `key` has made more than `max`
 * requests in `windowMs`. Built on `createRateLimit` rather than route `config.rateLimit`,
 * because the plugin runs only one of its own hooks per request and these routes need two
 * (per IP before the body is read, per e-mail after it is validated).
 */
function limiter(app: FastifyInstance, name: string, limit: { max: number; windowMs: number }, key: 'ip' | 'email'): LimitHook {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    // Named keys: the limiters may share one store (the database's). IPv6 is grouped by /64.
    keyGenerator: (request: FastifyRequest) =>
      key === 'email'
        ? limitKey(`${name}:email`, (request.body as { email: string }).email)
        : limitKey(`${name}:ip`, normalizeIP(request.ip)),
  });
  // Marked as a rate limit, so the OpenAPI document lists the route's 429 (platform/route-traits.ts).
  return markRateLimit(async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      const minutes = Math.max(1, Math.ceil(result.ttl / MINUTE_MS));
      throw new AppError('too_many_requests', MESSAGES_WITH_DATA.tooManyAttempts(minutes));
    }
  });
}

/** What {@link signinFailureGuard} decided for one sign-in request. */
interface SigninAttempt {
  email: string;
  ip: string;
  /** The device cookie's device, when it names this e-mail's account and is still trusted. */
  trustedDevice: string | undefined;
}

/**
 * Brute-force protection of `POST /auth/signin` that cannot lock an owner out
 * ({@link AUTH_RATE_LIMITS}.signinFailures; docs/security.md; ASVS 6.3.1, 6.1.1). `before`
 * (a preHandler, after the body is validated): a browser whose `device` cookie names the
 * e-mail's account, and has not failed too often itself, goes straight on; anyone else is
 * refused with 429 (and `Retry-After`) once the e-mail and client address together have
 * failed `perEmailAndIp.max` times, and otherwise waits as long as the e-mail's failures from
 * every address ask. `failed` counts a wrong password (against the device when trusted, else
 * against the pair and the e-mail); `succeeded` clears the pair's count. The counts live in
 * `app.rateLimits` (the database on PostgreSQL, shared by every process).
 */
function signinFailureGuard(app: FastifyInstance, db: Db) {
  const limits = AUTH_RATE_LIMITS.signinFailures;
  const pairs = app.rateLimits.failures('signin:email-ip', limits.perEmailAndIp.windowMs);
  const emails = app.rateLimits.failures('signin:email', limits.perEmail.windowMs);
  const devices = app.rateLimits.failures('signin:device', limits.perDevice.windowMs);
  const attempts = new WeakMap<FastifyRequest, SigninAttempt>();
  const pairKey = (attempt: SigninAttempt) => `${attempt.email}\n${attempt.ip}`;

  return {
    async before(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const email = (request.body as { email: string }).email;
      const attempt: SigninAttempt = { email, ip: normalizeIP(request.ip), trustedDevice: undefined };
      attempts.set(request, attempt);
      const device = await app.sessions.deviceOf(request);
      if (device && (await devices.count(device.deviceId)).count < limits.perDevice.max) {
        if ((await accountIdOf(db, email)) === device.userId) {
          attempt.trustedDevice = device.deviceId;
          return;
        }
      }
      const pair = await pairs.count(pairKey(attempt));
      if (pair.count >= limits.perEmailAndIp.max) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(pair.ttlMs / 1000))));
        throw new AppError('too_many_requests', MESSAGES_WITH_DATA.tooManyAttempts(Math.max(1, Math.ceil(pair.ttlMs / MINUTE_MS))));
      }
      const { count } = await emails.count(email);
      const delayMs = Math.min(limits.perEmail.maxDelayMs, Math.max(0, count - limits.perEmail.freeFailures) * limits.perEmail.stepMs);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    },
    async failed(request: FastifyRequest): Promise<void> {
      const attempt = attempts.get(request);
      if (!attempt) return;
      if (attempt.trustedDevice) {
        await devices.add(attempt.trustedDevice);
        return;
      }
      await Promise.all([pairs.add(pairKey(attempt)), emails.add(attempt.email)]);
    },
    async succeeded(request: FastifyRequest): Promise<void> {
      const attempt = attempts.get(request);
      if (attempt && !attempt.trustedDevice) await pairs.clear(pairKey(attempt));
    },
  };
}

/** The account routes' Fastify instance, with the contract's zod schemas as types. */
type AuthApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every group of account routes shares: the app, the database and the services' dependencies. */
interface AuthRouteContext {
  app: AuthApp;
  db: Db;
  deps: AuthDeps;
}

/**
 * Sign-up (docs/product.md#sign-up, docs/decisions/017-pending-sign-ups.md): `POST /auth/signup`,
 * `POST /auth/verify/otp` and `POST /auth/resend-otp`, each limited per IP, sign-up and resend
 * per e-mail too ({@link AUTH_RATE_LIMITS}).
 */
function signupRoutes({ app, db, deps }: AuthRouteContext): void {
  const limits = AUTH_RATE_LIMITS;
  app.post(
    '/auth/signup',
    {
      schema: {
        operationId: 'signUp',
        summary: 'Start a sign-up: mail a one-time code and set the pending sign-up cookie',
        body: SignupBodySchema,
        response: { 201: SignupResponseSchema },
        errors: ['conflict'],
      },
      onRequest: limiter(app, 'signup', limits.signup.perIp, 'ip'),
      preHandler: limiter(app, 'signup', limits.signup.perEmail, 'email'),
    },
    async (request, reply) => {
      const { signupId } = await signup(db, deps, request.body);
      await app.sessions.startPending(reply, signupId);
      return reply.status(201).send({ message: AUTH_MESSAGES.signupSent, email: request.body.email });
    },
  );

  app.post(
    '/auth/verify/otp',
    {
      schema: {
        operationId: 'verifyOneTimeCode',
        summary: 'Verify the sign-up’s one-time code: the account is made and signed in',
        body: OtpBodySchema,
        response: { 200: UserResponseSchema },
        errors: ['bad_request'],
      },
      onRequest: limiter(app, 'verify', limits.verify.perIp, 'ip'),
    },
    async (request, reply) => {
      const signupId = await app.sessions.pendingSignupId(request);
      if (!signupId) throw new AppError('bad_request', AUTH_MESSAGES.noPendingSignup);
      const userId = await verifyCode(db, deps, signupId, request.body.otp);
      const user = await findUserApi(db, userId);
      if (!user) throw new AppError('bad_request', AUTH_MESSAGES.invalidCode);
      app.sessions.clearPending(reply);
      await app.sessions.start(reply, userId);
      return { user };
    },
  );

  resendRoute({ app, db, deps });
}

/**
 * `POST /auth/resend-otp`. Without an e-mail in the body, it resends to the pending sign-up of
 * the `otp_session` cookie: its e-mail is put in the body before the per-e-mail limit, so both
 * ways share that limit and the 60 s cooldown. Only a browser that signed up (or knows the
 * password) holds the cookie, so this tells no one anything new about which e-mails have accounts.
 */
function resendRoute({ app, db, deps }: AuthRouteContext): void {
  const limits = AUTH_RATE_LIMITS;
  const signupOfCookie = new WeakMap<FastifyRequest, string>();
  const emailFromPendingCookie = async (request: FastifyRequest) => {
    if ((request.body as { email?: string }).email !== undefined) return;
    const signupId = await app.sessions.pendingSignupId(request);
    const signup = signupId ? await findPendingSignup(db, deps, signupId) : undefined;
    if (!signup) throw new AppError('bad_request', AUTH_MESSAGES.noPendingSignup);
    request.body = { email: signup.email };
    signupOfCookie.set(request, signup.id);
  };

  app.post(
    '/auth/resend-otp',
    {
      schema: {
        operationId: 'resendOneTimeCode',
        summary: 'Mail a new one-time code for a pending sign-up',
        body: ResendOtpBodySchema,
        response: { 200: MessageResponseSchema },
        errors: ['bad_request'],
      },
      onRequest: limiter(app, 'resend', limits.resend.perIp, 'ip'),
      preHandler: [emailFromPendingCookie, limiter(app, 'resend', limits.resend.perEmail, 'email')],
    },
    async (request, reply) => {
      const { email } = request.body;
      const fromCookie = signupOfCookie.get(request);
      // Filled by emailFromPendingCookie; the guard keeps the type honest.
      if (email === undefined) throw new AppError('bad_request', AUTH_MESSAGES.noPendingSignup);
      if (fromCookie) {
        await resendToSignup(db, deps, fromCookie);
      } else {
        const preferred = (await app.sessions.pendingSignupId(request)) ?? undefined;
        app.afterAnswer.run(reply, () => resendToEmail(db, deps, email, preferred));
      }
      return { message: AUTH_MESSAGES.resendSent };
    },
  );
}

/**
 * `POST /auth/signin`, limited per IP, with wrong passwords refused per e-mail and address and
 * slowed per e-mail, never for a known device ({@link signinFailureGuard}).
 */
function signinRoute({ app, db, deps }: AuthRouteContext): void {
  const signinGuard = signinFailureGuard(app, db);
  app.post(
    '/auth/signin',
    {
      schema: {
        operationId: 'signIn',
        summary: 'Sign in with e-mail and password: sets the session cookies',
        body: SigninBodySchema,
        response: { 200: UserResponseSchema },
        errors: ['unauthorized', 'unverified', 'too_many_requests'],
      },
      onRequest: limiter(app, 'signin', AUTH_RATE_LIMITS.signin.perIp, 'ip'),
      preHandler: signinGuard.before,
    },
    async (request, reply) => {
      let result;
      try {
        result = await signin(db, deps, request.body.email, request.body.password);
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthorized') await signinGuard.failed(request);
        throw error;
      }
      await signinGuard.succeeded(request);
      if (result.kind === 'unverified') {
        await app.sessions.startPending(reply, result.signupId);
        throw new AppError('unverified', AUTH_MESSAGES.unverified);
      }
      await app.sessions.start(reply, result.user._id);
      return { user: result.user };
    },
  );
}

/** The session's own routes (docs/architecture.md#sessions-and-cookies): `GET /auth/check`, `POST /auth/refresh-token`, `POST /auth/logout`. */
function sessionRoutes({ app, db }: AuthRouteContext): void {
  app.get(
    '/auth/check',
    {
      onRequest: signedInHook(app.sessions),
      schema: { operationId: 'getSignedInUser', summary: 'Who is signed in', response: { 200: UserResponseSchema } },
    },
    async (request) => {
      const user = await findUserApi(db, currentUser(request).id);
      if (!user) throw new AppError('unauthorized', PLATFORM_MESSAGES.signInRequired);
      return { user };
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: {
        operationId: 'refreshSession',
        summary: 'Rotate the refresh token and issue a new access token',
        response: { 200: UserResponseSchema },
        errors: ['unauthorized'],
      },
    },
    async (request, reply) => {
      const userId = await app.sessions.refresh(request, reply);
      const user = await findUserApi(db, userId);
      if (!user) throw new AppError('unauthorized', PLATFORM_MESSAGES.signInRequired);
      return { user };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: { operationId: 'signOut', summary: 'Sign out: the sign-in’s tokens stop working', response: { 200: MessageResponseSchema } },
    },
    async (request, reply) => {
      await app.sessions.authenticate(request);
      await app.sessions.end(request, reply);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );
}

/** A forgotten password (docs/product.md#messages): `POST /auth/forgot`, limited per IP and e-mail, and `PUT /auth/reset/:token`. */
function passwordRoutes({ app, db, deps }: AuthRouteContext): void {
  const limits = AUTH_RATE_LIMITS;
  app.post(
    '/auth/forgot',
    {
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Mail a password reset link, the same answer for every e-mail',
        body: ForgotBodySchema,
        response: { 200: MessageResponseSchema },
      },
      onRequest: limiter(app, 'forgot', limits.forgot.perIp, 'ip'),
      preHandler: limiter(app, 'forgot', limits.forgot.perEmail, 'email'),
    },
    async (request, reply) => {
      const { email } = request.body;
      // Answered before the account is even looked up; the link is made and mailed afterwards.
      app.afterAnswer.run(reply, () => requestReset(db, deps, email));
      return { message: AUTH_MESSAGES.forgotSent };
    },
  );

  app.put(
    '/auth/reset/:token',
    {
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset link’s token',
        params: ResetParamsSchema,
        body: ResetBodySchema,
        response: { 200: MessageResponseSchema },
        errors: ['bad_request'],
      },
    },
    async (request) => {
      await resetPassword(db, deps, request.params.token, request.body.password, (tx, userId) => app.sessions.endAll(tx, userId));
      return { message: AUTH_MESSAGES.resetDone };
    },
  );
}

/** `POST /auth/address` (signed in): the saved address (docs/product.md#validation). */
function addressRoute({ app, db, deps }: AuthRouteContext): void {
  app.post(
    '/auth/address',
    {
      onRequest: signedInHook(app.sessions),
      schema: {
        operationId: 'saveAddress',
        summary: 'Save the shopper’s delivery address',
        body: AddressBodySchema,
        response: { 200: UserResponseSchema },
      },
    },
    async (request) => ({ user: await saveAddress(db, deps, currentUser(request).id, request.body) }),
  );
}

/**
 * Accounts (docs/product.md#api, docs/product.md#messages; docs/architecture.md#http-api; docs/product.md#sign-up), under `/api`:
 * - `POST /auth/signup {username, email, password}` → 201 `{message, email}`: a pending sign-up
 *   of its own with a mailed 6-digit code; sets the `otp_session` cookie naming it. An e-mail
 *   with an account → 409 'Signup failed. Use another email.'. Earlier pending sign-ups of the
 *   e-mail are untouched (docs/decisions/017-pending-sign-ups.md).
 * - `POST /auth/verify/otp {otp}` → `{user}` and a session; the sign-up checked is the one the
 *   `otp_session` cookie names, and it becomes the account. Wrong code → 400 'Invalid
 *   credentials'; the 5th wrong try kills the code, as does 10 minutes (400 asking for a new code).
 * - `POST /auth/resend-otp {email}` → `{message}`, the same for every e-mail, answered before any
 *   work (ASVS 6.3.8); then, outside the e-mail's 60 s cooldown, a new code for its pending
 *   sign-up (the cookie's when it is one of them, else the newest). `{}` resends to the sign-up
 *   the `otp_session` cookie names, so 'Resend OTP' works from any tab of the browser that signed
 *   up (docs/decisions/005-pending-verification-cookie.md), and tells its holder the wait (429);
 *   with no valid cookie, or a sign-up that no longer exists → 400 asking to sign in or up again.
 * - `POST /auth/signin {email, password}` → `{user}` and a session; 401 'Invalid email or
 *   password'; the password of a pending sign-up → 403 `code: 'unverified'`, a fresh code and the
 *   `otp_session` cookie naming that sign-up.
 * - `GET /auth/check` → `{user}` or 401; `POST /auth/refresh-token` → rotates → `{user}`;
 *   `POST /auth/logout` → ends the session's family, clears cookies, `{message: 'Logged out'}`.
 * - `POST /auth/forgot {email}` → always 200 `{message: 'check your email for reset link'}`,
 *   answered before the account is even looked up; the link is made and mailed afterwards.
 * - `PUT /auth/reset/:token {password}` → `{message: 'Password reset successfully.'}` and every
 *   session of the user ends; a bad, expired or used token → 400 (docs/product.md#messages message).
 * - `POST /auth/address` (signed in) → `{user}`; docs/product.md#validation first failing check's message.
 * Sign-up, forgot, resend (and verify and sign-in, per IP) are rate limited; wrong passwords are
 * refused per e-mail and address and slowed per e-mail, never for a known device
 * ({@link AUTH_RATE_LIMITS}, {@link signinFailureGuard}).
 */
export function authRoutes(db: Db): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    await app.register(fastifyRateLimit, { global: false, ...app.rateLimits.pluginOptions });
    const deps: AuthDeps = {
      clock: app.clock,
      outbox: app.outbox,
      codeSecret: loadSessionSecret(app.config.sessionSecret, app.config.dataDir),
      publicUrl: app.config.publicUrl,
      cooldown: app.rateLimits.cooldown('otp-resend', LIMITS.otpResendCooldownMs),
    };
    const context: AuthRouteContext = { app, db, deps };
    signupRoutes(context);
    signinRoute(context);
    sessionRoutes(context);
    passwordRoutes(context);
    addressRoute(context);
  };
}
