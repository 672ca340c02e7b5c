import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
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
import { loadSessionSecret } from '../../platform/secret.js';
import {
  emailOfUser,
  findUserApi,
  requestReset,
  resendCode,
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
  signin: { perIp: { max: 30, windowMs: 15 * MINUTE_MS }, perEmail: { max: 10, windowMs: 15 * MINUTE_MS } },
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
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      const minutes = Math.max(1, Math.ceil(result.ttl / MINUTE_MS));
      throw new AppError('too_many_requests', MESSAGES_WITH_DATA.tooManyAttempts(minutes));
    }
  };
}

/**
 * Accounts (docs/product.md#api, docs/product.md#messages; docs/architecture.md#http-api; docs/product.md#sign-up), under `/api`:
 * - `POST /auth/signup {username, email, password}` → 201 `{message, email}`: an unverified
 *   account (or an unverified one updated) and a mailed 6-digit code; sets the `otp_session`
 *   cookie. A verified e-mail → 409 'Signup failed. Use another email.'.
 * - `POST /auth/verify/otp {otp}` → `{user}` and a session; the account is the one the
 *   `otp_session` cookie names. Wrong code → 400 'Invalid credentials'; the 5th wrong try
 *   kills the code, as does 10 minutes (400 asking for a new code).
 * - `POST /auth/resend-otp {email}` → `{message}`, the same for every e-mail; a new code for
 *   an unverified account; 429 inside the 60 s cooldown. `{}` resends to the account the
 *   `otp_session` cookie names, so 'Resend OTP' works from any tab of the browser that signed
 *   up (docs/decisions/005); with no valid cookie → 400 asking to sign in or up again.
 * - `POST /auth/signin {email, password}` → `{user}` and a session; 401 'Invalid email or
 *   password'; an unverified account → 403 `code: 'unverified'`, a fresh code and the
 *   `otp_session` cookie.
 * - `GET /auth/check` → `{user}` or 401; `POST /auth/refresh-token` → rotates → `{user}`;
 *   `POST /auth/logout` → ends the session's family, clears cookies, `{message: 'Logged out'}`.
 * - `POST /auth/forgot {email}` → always 200 `{message: 'check your email for reset link'}`.
 * - `PUT /auth/reset/:token {password}` → `{message: 'Password reset successfully.'}` and every
 *   session of the user ends; a bad, expired or used token → 400 (docs/product.md#messages message).
 * - `POST /auth/address` (signed in) → `{user}`; docs/product.md#validation first failing check's message.
 * Sign-in, sign-up, forgot, resend (and verify, per IP) are rate limited ({@link AUTH_RATE_LIMITS}).
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
    const limits = AUTH_RATE_LIMITS;
    const signedIn = signedInHook(app.sessions);

    app.post(
      '/auth/signup',
      {
        schema: { body: SignupBodySchema, response: { 201: SignupResponseSchema } },
        onRequest: limiter(app, 'signup', limits.signup.perIp, 'ip'),
        preHandler: limiter(app, 'signup', limits.signup.perEmail, 'email'),
      },
      async (request, reply) => {
        const { userId } = await signup(db, deps, request.body);
        await app.sessions.startPending(reply, userId);
        return reply.status(201).send({ message: AUTH_MESSAGES.signupSent, email: request.body.email });
      },
    );

    app.post(
      '/auth/verify/otp',
      {
        schema: { body: OtpBodySchema, response: { 200: UserResponseSchema } },
        onRequest: limiter(app, 'verify', limits.verify.perIp, 'ip'),
      },
      async (request, reply) => {
        const userId = await app.sessions.pendingUserId(request);
        if (!userId) throw new AppError('bad_request', AUTH_MESSAGES.noPendingSignup);
        await verifyCode(db, deps, userId, request.body.otp);
        const user = await findUserApi(db, userId);
        if (!user) throw new AppError('bad_request', AUTH_MESSAGES.invalidCode);
        app.sessions.clearPending(reply);
        await app.sessions.start(reply, userId);
        return { user };
      },
    );

    /**
     * Without an e-mail in the body, resend to the pending account of the `otp_session`
     * cookie: its e-mail is put in the body before the per-e-mail limit, so both ways share
     * that limit and the cooldown. Only a browser that signed up (or knows the password) holds
     * the cookie, so this tells no one anything new about which e-mails have accounts.
     */
    const emailFromPendingCookie = async (request: FastifyRequest) => {
      if ((request.body as { email?: string }).email !== undefined) return;
      const userId = await app.sessions.pendingUserId(request);
      const email = userId ? await emailOfUser(db, userId) : undefined;
      if (!email) throw new AppError('bad_request', AUTH_MESSAGES.noPendingSignup);
      request.body = { email };
    };

    app.post(
      '/auth/resend-otp',
      {
        schema: { body: ResendOtpBodySchema, response: { 200: MessageResponseSchema } },
        onRequest: limiter(app, 'resend', limits.resend.perIp, 'ip'),
        preHandler: [emailFromPendingCookie, limiter(app, 'resend', limits.resend.perEmail, 'email')],
      },
      async (request) => {
        const { email } = request.body;
        // Filled by emailFromPendingCookie; the guard keeps the type honest.
        if (email === undefined) throw new AppError('bad_request', AUTH_MESSAGES.noPendingSignup);
        await resendCode(db, deps, email);
        return { message: AUTH_MESSAGES.resendSent };
      },
    );

    app.post(
      '/auth/signin',
      {
        schema: { body: SigninBodySchema, response: { 200: UserResponseSchema } },
        onRequest: limiter(app, 'signin', limits.signin.perIp, 'ip'),
        preHandler: limiter(app, 'signin', limits.signin.perEmail, 'email'),
      },
      async (request, reply) => {
        const result = await signin(db, deps, request.body.email, request.body.password);
        if (result.kind === 'unverified') {
          await app.sessions.startPending(reply, result.userId);
          throw new AppError('unverified', AUTH_MESSAGES.unverified);
        }
        await app.sessions.start(reply, result.user._id);
        return { user: result.user };
      },
    );

    app.get('/auth/check', { onRequest: signedIn, schema: { response: { 200: UserResponseSchema } } }, async (request) => {
      const user = await findUserApi(db, currentUser(request).id);
      if (!user) throw new AppError('unauthorized', PLATFORM_MESSAGES.signInRequired);
      return { user };
    });

    app.post('/auth/refresh-token', { schema: { response: { 200: UserResponseSchema } } }, async (request, reply) => {
      const userId = await app.sessions.refresh(request, reply);
      const user = await findUserApi(db, userId);
      if (!user) throw new AppError('unauthorized', PLATFORM_MESSAGES.signInRequired);
      return { user };
    });

    app.post('/auth/logout', { schema: { response: { 200: MessageResponseSchema } } }, async (request, reply) => {
      await app.sessions.authenticate(request);
      await app.sessions.end(request, reply);
      return { message: AUTH_MESSAGES.loggedOut };
    });

    app.post(
      '/auth/forgot',
      {
        schema: { body: ForgotBodySchema, response: { 200: MessageResponseSchema } },
        onRequest: limiter(app, 'forgot', limits.forgot.perIp, 'ip'),
        preHandler: limiter(app, 'forgot', limits.forgot.perEmail, 'email'),
      },
      async (request) => {
        await requestReset(db, deps, request.body.email);
        return { message: AUTH_MESSAGES.forgotSent };
      },
    );

    app.put(
      '/auth/reset/:token',
      { schema: { params: ResetParamsSchema, body: ResetBodySchema, response: { 200: MessageResponseSchema } } },
      async (request) => {
        await resetPassword(db, deps, request.params.token, request.body.password, (tx, userId) => app.sessions.endAll(tx, userId));
        return { message: AUTH_MESSAGES.resetDone };
      },
    );

    app.post(
      '/auth/address',
      { onRequest: signedIn, schema: { body: AddressBodySchema, response: { 200: UserResponseSchema } } },
      async (request) => ({ user: await saveAddress(db, deps, currentUser(request).id, request.body) }),
    );
  };
}
