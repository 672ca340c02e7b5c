import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, AUTH_MESSAGES, LIMITS, UserResponseSchema } from '@thaiyal/contract';
import { addresses, pendingSignups, resetTokens, users } from '../../db/schema/index.js';
import { manualClock } from '../../../test/clock.js';
import { createTestContext, createUser, type TestContext } from '../../../test/harness.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.js';
import { call, codeIn, CookieJar, mailBody, type CallOptions } from '../../../test/auth-support.js';
import { REFRESH_REUSE_GRACE_MS } from './refresh-tokens.js';

const clock = manualClock();
let context: TestContext;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ SMTP_URL: smtp.url }, clock);
});

afterAll(async () => {
  await context?.close();
  await smtp?.close();
});

const post = (url: string, options?: CallOptions) => call(context.app, 'POST', url, options);
const get = (url: string, options?: CallOptions) => call(context.app, 'GET', url, options);
const put = (url: string, options?: CallOptions) => call(context.app, 'PUT', url, options);

function newEmail(label = 'shopper'): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Run `action` and return the first mail to `email` it caused. */
async function mailAfter(email: string, action: () => Promise<unknown>) {
  const since = smtp.mails.length;
  await action();
  return smtp.waitFor(email, { since });
}

/** Sign up a new account through the API; returns its browser jar and the mailed code. */
async function signUp(overrides: { email?: string; username?: string; password?: string } = {}) {
  const email = overrides.email ?? newEmail();
  const username = overrides.username ?? 'Meena';
  const password = overrides.password ?? 'silk thread 42';
  const jar = new CookieJar();
  let response!: Awaited<ReturnType<typeof post>>;
  const mail = await mailAfter(email, async () => {
    response = await post('/api/auth/signup', { body: { username, email, password }, jar });
  });
  expect(response.statusCode).toBe(201);
  return { email, username, password, jar, code: codeIn(mail), mail, response };
}

function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('sign-up and one-time code', () => {
  it('signs up, mails a bilingual code, verifies it and signs the user in', async () => {
    const { email, jar, code, mail, response } = await signUp({ email: newEmail('Mixed-Case') });
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.signupSent, email: email.toLowerCase() });
    expect(jar.get('otp_session')).toBeTruthy();
    // Not signed in yet (docs/product.md#states-and-transitions: sign-up does not set the user).
    expect(jar.get('access_token')).toBeUndefined();
    expect((await get('/api/auth/check', { jar })).statusCode).toBe(401);

    const text = mailBody(mail);
    expect(text).toContain(`Your one-time code is ${code}`);
    expect(text).toContain('ஒருமுறைக் குறியீடு');
    expect(mail.raw).toMatch(/text\/html/);

    // No account yet: a pending sign-up whose code is stored only as a keyed hash.
    expect(await context.database.db.select().from(users).where(eq(users.email, email.toLowerCase()))).toEqual([]);
    const pending = await context.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, email.toLowerCase()));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.codeHash).not.toContain(code);
    expect(pending[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const verified = await post('/api/auth/verify/otp', { body: { otp: code }, jar });
    expect(verified.statusCode).toBe(200);
    const body = UserResponseSchema.parse(verified.json());
    const [user] = await context.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(user).toMatchObject({ username: 'Meena', verified: true });
    expect(body.user).toEqual({ _id: user!.id, username: 'Meena', email: email.toLowerCase(), role: 'customer', address: null });
    // The pending sign-up became the account and is gone.
    expect(await context.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, email.toLowerCase()))).toEqual([]);
    expect(jar.get('access_token')).toBeTruthy();
    expect(jar.get('refresh_token')).toBeTruthy();
    expect(jar.get('otp_session')).toBeUndefined();

    const check = await get('/api/auth/check', { jar });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual(body);

    // The account is verified now: signing in works.
    const signin = await post('/api/auth/signin', { body: { email, password: 'silk thread 42' } });
    expect(signin.statusCode).toBe(200);
  });

  it('stores the password as argon2id with m=19456, t=2, p=1', async () => {
    const { email } = await signUp();
    const [signup] = await context.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, email));
    expect(signup!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a verified e-mail with 409 and the product’s message', async () => {
    const existing = await createUser(context);
    const response = await post('/api/auth/signup', {
      body: { username: 'Other', email: existing.email.toUpperCase(), password: 'another pass' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Signup failed. Use another email.', code: 'conflict', reason: 'auth.signupConflict' });
    const [user] = await context.database.db.select().from(users).where(eq(users.email, existing.email));
    expect(user!.username).toBe(existing.username);
  });

  // Until the outside probe, signing up again with a pending e-mail replaced the username and
  // password and killed the earlier code, so whoever signed up last chose the password of the
  // account its mailbox owner then verified (an account takeover). Each sign-up now keeps its own
  // (docs/decisions/017-pending-sign-ups.md; security suite "ASVS 2.3.1 …").
  it('keeps each sign-up of a pending e-mail apart: each code works in its own browser, the verified one is the account', async () => {
    const first = await signUp({ username: 'First', password: 'first password' });
    const second = await signUp({ email: first.email, username: 'Second', password: 'second password' });
    expect(second.code).toMatch(/^\d{6}$/);
    const crossed = await post('/api/auth/verify/otp', { body: { otp: first.code }, jar: second.jar.copy() });
    if (first.code !== second.code) expect(crossed.statusCode).toBe(400);
    const ok = await post('/api/auth/verify/otp', { body: { otp: first.code }, jar: first.jar });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.username).toBe('First');
    expect((await post('/api/auth/signin', { body: { email: first.email, password: 'first password' } })).statusCode).toBe(200);
    expect((await post('/api/auth/signin', { body: { email: first.email, password: 'second password' } })).statusCode).toBe(401);
    // The other sign-up died with the verification.
    expect((await post('/api/auth/verify/otp', { body: { otp: second.code }, jar: second.jar })).statusCode).toBe(400);
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const { jar, code } = await signUp();
    for (let attempt = 1; attempt < LIMITS.otpMaxAttempts; attempt++) {
      const response = await post('/api/auth/verify/otp', { body: { otp: wrongCode(code) }, jar });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid credentials', code: 'bad_request', reason: 'auth.invalidCode' });
    }
    const fifth = await post('/api/auth/verify/otp', { body: { otp: wrongCode(code) }, jar });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual({ message: AUTH_MESSAGES.codeDead, code: 'bad_request', reason: 'auth.codeDead' });
    const right = await post('/api/auth/verify/otp', { body: { otp: code }, jar });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(AUTH_MESSAGES.codeDead);
    expect(jar.get('access_token')).toBeUndefined();
  });

  it('accepts the right code after 4 wrong tries', async () => {
    const { jar, code } = await signUp();
    for (let attempt = 1; attempt < LIMITS.otpMaxAttempts; attempt++) {
      expect((await post('/api/auth/verify/otp', { body: { otp: wrongCode(code) }, jar })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify/otp', { body: { otp: code }, jar })).statusCode).toBe(200);
  });

  it('expires a code at 10 minutes', async () => {
    const early = await signUp();
    clock.advance(LIMITS.otpTtlMs - 1000);
    expect((await post('/api/auth/verify/otp', { body: { otp: early.code }, jar: early.jar })).statusCode).toBe(200);

    const late = await signUp();
    clock.advance(LIMITS.otpTtlMs);
    const response = await post('/api/auth/verify/otp', { body: { otp: late.code }, jar: late.jar });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.codeExpired, code: 'bad_request', reason: 'auth.codeExpired' });
  });

  it('lets exactly one of two simultaneous correct submissions succeed', async () => {
    const { jar, code } = await signUp();
    const other = jar.copy();
    const results = await Promise.all([
      post('/api/auth/verify/otp', { body: { otp: code }, jar }),
      post('/api/auth/verify/otp', { body: { otp: code }, jar: other }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const winners = [jar, other].filter((candidate) => candidate.get('access_token'));
    expect(winners).toHaveLength(1);
  });

  it('needs the otp_session cookie of a sign-up, and refuses a forged or foreign one', async () => {
    const { code, jar } = await signUp();
    const none = await post('/api/auth/verify/otp', { body: { otp: code } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: AUTH_MESSAGES.noPendingSignup, code: 'bad_request', reason: 'auth.noPendingSignup' });

    const forged = new CookieJar();
    forged.set('otp_session', `${jar.get('otp_session')!.slice(0, -3)}abc`);
    expect((await post('/api/auth/verify/otp', { body: { otp: code }, jar: forged })).statusCode).toBe(400);

    // An access token does not pass for a pending-verification cookie.
    const someone = await createUser(context);
    const swapped = new CookieJar();
    swapped.set('otp_session', someone.accessToken);
    expect((await post('/api/auth/verify/otp', { body: { otp: code }, jar: swapped })).json().message).toBe(AUTH_MESSAGES.noPendingSignup);
    // The real one still works.
    expect((await post('/api/auth/verify/otp', { body: { otp: code }, jar })).statusCode).toBe(200);
  });
});

describe('POST /api/auth/resend-otp', () => {
  it('sends nothing inside the 60 s cooldown, with the same answer, then a new code; the old one dies', async () => {
    const { email, jar, code } = await signUp();
    const mailsBefore = smtp.mails.length;
    const early = await post('/api/auth/resend-otp', { body: { email } });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toEqual({ message: AUTH_MESSAGES.resendSent });
    // The resend's work runs after its answer: let it end (finding the cooldown) before time moves.
    await context.app.afterAnswer.settled();

    clock.advance(LIMITS.otpResendCooldownMs);
    let response!: Awaited<ReturnType<typeof post>>;
    const mail = await mailAfter(email, async () => {
      response = await post('/api/auth/resend-otp', { body: { email: email.toUpperCase() } });
    });
    expect(smtp.mails.slice(mailsBefore).filter((one) => one.to.includes(email))).toHaveLength(1);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.resendSent });
    const fresh = codeIn(mail);
    if (fresh !== code) {
      expect((await post('/api/auth/verify/otp', { body: { otp: code }, jar })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify/otp', { body: { otp: fresh }, jar })).statusCode).toBe(200);
  });

  it('answers the same for an unknown, a verified and a pending e-mail, in or out of the cooldown, and sends nothing to the first two', async () => {
    clock.advance(LIMITS.otpResendCooldownMs);
    const verified = await createUser(context);
    const pending = await signUp();
    clock.advance(LIMITS.otpResendCooldownMs);
    const unknown = newEmail('nobody');
    const mailsBefore = smtp.mails.length;
    const answers = [];
    // Twice each: the second ask falls inside the cooldown the first one started.
    for (const email of [unknown, verified.email, pending.email, unknown, verified.email, pending.email]) {
      const response = await post('/api/auth/resend-otp', { body: { email } });
      answers.push({ status: response.statusCode, body: response.body, cookies: response.cookies.length });
    }
    await context.app.afterAnswer.settled();
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ message: AUTH_MESSAGES.resendSent }), cookies: 0 });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    await smtp.waitFor(pending.email, { since: mailsBefore });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sentTo = smtp.mails.slice(mailsBefore).flatMap((mail) => mail.to);
    expect(sentTo).toEqual([pending.email]);
  });

  it('gives the cooldown’s wait as data to the browser that signed up, so it can say it in its language (docs/product.md#languages)', async () => {
    const { jar } = await signUp();
    clock.advance(20_000);
    const early = await post('/api/auth/resend-otp', { body: {}, jar });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({
      message: `${AUTH_MESSAGES.resendCooldown} You can ask again in 40 seconds.`,
      code: 'too_many_requests',
      reason: 'auth.resendWait',
      params: { retryAfterSeconds: 40 },
    });
  });
});

describe('POST /api/auth/resend-otp without an e-mail: the otp_session cookie names the account', () => {
  // Every tab of a browser sends the cookie; only the tab that signed up knew the e-mail.
  it('resends from another tab of the same browser, with the cooldown, and the new code verifies', async () => {
    const { email, jar, code } = await signUp();
    const otherTab = jar.copy();
    const early = await post('/api/auth/resend-otp', { body: {}, jar: otherTab });
    expect(early.statusCode).toBe(429);
    expect(early.json().reason).toBe('auth.resendWait');

    clock.advance(LIMITS.otpResendCooldownMs);
    let response!: Awaited<ReturnType<typeof post>>;
    const mail = await mailAfter(email, async () => {
      response = await post('/api/auth/resend-otp', { body: {}, jar: otherTab });
    });
    expect(response.statusCode).toBe(200);
    // The same answer as with an e-mail, and no cookie set or cleared.
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.resendSent });
    expect(response.cookies).toHaveLength(0);
    const fresh = codeIn(mail);
    if (fresh !== code) expect((await post('/api/auth/verify/otp', { body: { otp: code }, jar })).statusCode).toBe(400);
    expect((await post('/api/auth/verify/otp', { body: { otp: fresh }, jar: otherTab })).statusCode).toBe(200);
  });

  it('takes a request with no body at all, as a plain `curl -X POST` sends', async () => {
    const { jar } = await signUp();
    clock.advance(LIMITS.otpResendCooldownMs);
    const response = await post('/api/auth/resend-otp', { jar });
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.resendSent });
  });

  it('shares the cooldown with the e-mail form, both ways', async () => {
    const { email, jar } = await signUp();
    clock.advance(LIMITS.otpResendCooldownMs);
    const mailsBefore = smtp.mails.length;
    expect((await post('/api/auth/resend-otp', { body: {}, jar })).statusCode).toBe(200);
    // The e-mail form answers the same inside the cooldown, and sends nothing.
    expect((await post('/api/auth/resend-otp', { body: { email } })).statusCode).toBe(200);
    await smtp.waitFor(email, { since: mailsBefore });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.slice(mailsBefore).filter((mail) => mail.to.includes(email))).toHaveLength(1);
    clock.advance(LIMITS.otpResendCooldownMs);
    await mailAfter(email, async () => {
      expect((await post('/api/auth/resend-otp', { body: { email } })).statusCode).toBe(200);
    });
    expect((await post('/api/auth/resend-otp', { body: {}, jar })).statusCode).toBe(429);
  });

  it('prefers an e-mail in the body to the cookie', async () => {
    const first = await signUp();
    const second = await signUp();
    clock.advance(LIMITS.otpResendCooldownMs);
    // The cookie names `first`; the body names `second`: the mail goes to `second`.
    await mailAfter(second.email, async () => {
      expect((await post('/api/auth/resend-otp', { body: { email: second.email }, jar: first.jar })).statusCode).toBe(200);
    });
    expect((await post('/api/auth/resend-otp', { body: {}, jar: first.jar })).statusCode).toBe(200);
  });

  it('asks to sign in or up again once the sign-up became the account, and sends nothing', async () => {
    const { jar, code } = await signUp();
    const otherTab = jar.copy();
    expect((await post('/api/auth/verify/otp', { body: { otp: code }, jar })).statusCode).toBe(200);
    clock.advance(LIMITS.otpResendCooldownMs);
    const mailsBefore = smtp.mails.length;
    const response = await post('/api/auth/resend-otp', { body: {}, jar: otherTab });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: AUTH_MESSAGES.noPendingSignup, reason: 'auth.noPendingSignup' });
    expect(smtp.mails.length).toBe(mailsBefore);
  });

  it.each([
    ['no cookie', () => new CookieJar()],
    [
      'a forged cookie',
      (real: CookieJar) => {
        const forged = new CookieJar();
        forged.set('otp_session', `${real.get('otp_session')!.slice(0, -3)}abc`);
        return forged;
      },
    ],
    [
      'an access token in its place',
      (_real: CookieJar, accessToken: string) => {
        const swapped = new CookieJar();
        swapped.set('otp_session', accessToken);
        return swapped;
      },
    ],
  ])('refuses %s with a 400 asking to sign in or up again', async (_label, makeJar) => {
    const { jar } = await signUp();
    const someone = await createUser(context);
    clock.advance(LIMITS.otpResendCooldownMs);
    const response = await post('/api/auth/resend-otp', { body: {}, jar: makeJar(jar, someone.accessToken) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.noPendingSignup, code: 'bad_request', reason: 'auth.noPendingSignup' });
  });
});

describe('POST /api/auth/signin', () => {
  it('signs in a verified user with cookies, whatever the e-mail’s case', async () => {
    const user = await createUser(context);
    const jar = new CookieJar();
    const response = await post('/api/auth/signin', { body: { email: user.email.toUpperCase(), password: user.password }, jar });
    expect(response.statusCode).toBe(200);
    expect(UserResponseSchema.parse(response.json()).user).toMatchObject({ _id: user.id, email: user.email, role: 'customer' });
    const cookies = response.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
    for (const name of ['access_token', 'refresh_token']) {
      expect(cookies.find((cookie) => cookie.name === name)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    }
    expect((await get('/api/auth/check', { jar })).json().user._id).toBe(user.id);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const user = await createUser(context);
    const wrong = await post('/api/auth/signin', { body: { email: user.email, password: 'not the password' } });
    const unknown = await post('/api/auth/signin', { body: { email: newEmail('ghost'), password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'unauthorized', reason: 'auth.badCredentials' });
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.cookies).toHaveLength(0);
    expect(unknown.cookies).toHaveLength(0);
  });

  it('refuses an unverified account with code unverified, mails a fresh code and leads to verification', async () => {
    const { email, password } = await signUp();
    clock.advance(LIMITS.otpResendCooldownMs);
    const jar = new CookieJar();
    let response!: Awaited<ReturnType<typeof post>>;
    const mail = await mailAfter(email, async () => {
      response = await post('/api/auth/signin', { body: { email, password }, jar });
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.unverified, code: 'unverified', reason: 'auth.unverified' });
    expect(jar.get('access_token')).toBeUndefined();
    expect(jar.get('otp_session')).toBeTruthy();
    const verified = await post('/api/auth/verify/otp', { body: { otp: codeIn(mail) }, jar });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.email).toBe(email);
  });

  it('gives an unverified account with a wrong password the same 401 as anyone', async () => {
    const { email } = await signUp();
    const response = await post('/api/auth/signin', { body: { email, password: 'wrong password' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password', code: 'unauthorized', reason: 'auth.badCredentials' });
    expect(response.cookies).toHaveLength(0);
  });
});

describe('sessions: check, refresh, logout', () => {
  async function signedIn() {
    const user = await createUser(context);
    const jar = new CookieJar();
    expect((await post('/api/auth/signin', { body: { email: user.email, password: user.password }, jar })).statusCode).toBe(200);
    return { user, jar };
  }

  it('answers 401 to a visitor’s check', async () => {
    const response = await get('/api/auth/check');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in', code: 'unauthorized', reason: 'platform.signInRequired' });
  });

  it('rotates the refresh token; a spent one presented again revokes the whole family', async () => {
    const { user, jar } = await signedIn();
    const firstRefresh = jar.get('refresh_token')!;
    const refreshed = await post('/api/auth/refresh-token', { jar });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user._id).toBe(user.id);
    const secondRefresh = jar.get('refresh_token')!;
    expect(secondRefresh).not.toBe(firstRefresh);
    expect((await get('/api/auth/check', { jar })).statusCode).toBe(200);

    // A thief replays the spent token, later than a second tab's refresh could have raced it.
    clock.advance(REFRESH_REUSE_GRACE_MS);
    const thief = new CookieJar();
    thief.set('refresh_token', firstRefresh);
    const replay = await post('/api/auth/refresh-token', { jar: thief });
    expect(replay.statusCode).toBe(401);

    // The newer token and the family's access token stop working too.
    expect((await get('/api/auth/check', { jar })).statusCode).toBe(401);
    const newer = await post('/api/auth/refresh-token', { jar });
    expect(newer.statusCode).toBe(401);
  });

  it('expires the access token after 15 minutes; the refresh token then renews it', async () => {
    const { jar } = await signedIn();
    clock.advance(LIMITS.accessTokenTtlMs + 1000);
    expect((await get('/api/auth/check', { jar })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { jar })).statusCode).toBe(200);
    expect((await get('/api/auth/check', { jar })).statusCode).toBe(200);
  });

  it('answers 401 to a refresh without a token', async () => {
    expect((await post('/api/auth/refresh-token')).statusCode).toBe(401);
  });

  it('logs out: the old access token stops working at once and the refresh token is dead', async () => {
    const { jar } = await signedIn();
    const before = jar.copy();
    const response = await post('/api/auth/logout', { jar });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out' });
    expect(jar.get('access_token')).toBeUndefined();
    expect(jar.get('refresh_token')).toBeUndefined();
    expect((await get('/api/auth/check', { jar: before })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { jar: before })).statusCode).toBe(401);
  });

  it('logs out with only an access token, and a visitor’s logout is harmless', async () => {
    const { jar } = await signedIn();
    const accessOnly = new CookieJar();
    accessOnly.set('access_token', jar.get('access_token')!);
    expect((await post('/api/auth/logout', { jar: accessOnly })).statusCode).toBe(200);
    expect((await get('/api/auth/check', { jar })).statusCode).toBe(401);
    expect((await post('/api/auth/logout')).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  async function resetLink(email: string): Promise<string> {
    const mail = await mailAfter(email, async () => {
      expect((await post('/api/auth/forgot', { body: { email } })).statusCode).toBe(200);
    });
    const match = /http:\/\/localhost:3000\/api\/reset\/([A-Za-z0-9_-]{43})/.exec(mailBody(mail));
    expect(match, mailBody(mail)).toBeTruthy();
    expect(mailBody(mail)).toContain('கடவுச்சொல்');
    return match![1]!;
  }

  it('answers the same for a verified, an unverified and an unknown e-mail', async () => {
    const verified = await createUser(context);
    const pending = await signUp();
    const since = smtp.mails.length;
    const answers = [];
    for (const email of [verified.email, pending.email, newEmail('nobody')]) {
      const response = await post('/api/auth/forgot', { body: { email } });
      answers.push({ status: response.statusCode, body: response.body, cookies: response.cookies.length });
    }
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ message: 'check your email for reset link' }), cookies: 0 });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Only the account got a link: a pending sign-up is not an account yet.
    await smtp.waitFor(verified.email, { since });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.slice(since).flatMap((mail) => mail.to)).toEqual([verified.email]);
  });

  it('resets once with the mailed token, ends every session, and stores only the token’s hash', async () => {
    const user = await createUser(context);
    const otherDevice = new CookieJar();
    expect((await post('/api/auth/signin', { body: { email: user.email, password: user.password }, jar: otherDevice })).statusCode).toBe(
      200,
    );
    const token = await resetLink(user.email);
    const stored = await context.database.db.select().from(resetTokens).where(eq(resetTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(token);

    const response = await put(`/api/auth/reset/${token}`, { body: { password: 'brand new secret' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset successfully.' });

    // Every session ended: the harness's session and the other device's.
    const harnessJar = new CookieJar();
    harnessJar.set('access_token', user.accessToken);
    harnessJar.set('refresh_token', user.refreshToken);
    expect((await get('/api/auth/check', { jar: harnessJar })).statusCode).toBe(401);
    expect((await get('/api/auth/check', { jar: otherDevice })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { jar: otherDevice })).statusCode).toBe(401);

    expect((await post('/api/auth/signin', { body: { email: user.email, password: user.password } })).statusCode).toBe(401);
    expect((await post('/api/auth/signin', { body: { email: user.email, password: 'brand new secret' } })).statusCode).toBe(200);

    const again = await put(`/api/auth/reset/${token}`, { body: { password: 'another new one' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'Error resetting password. Please try again.',
      code: 'bad_request',
      reason: 'auth.resetFailed',
    });
  });

  it('expires a reset token after 1 hour', async () => {
    const user = await createUser(context);
    const token = await resetLink(user.email);
    clock.advance(LIMITS.resetTokenTtlMs);
    const response = await put(`/api/auth/reset/${token}`, { body: { password: 'too late pass' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Error resetting password. Please try again.');
    expect((await post('/api/auth/signin', { body: { email: user.email, password: user.password } })).statusCode).toBe(200);
  });

  it('kills an earlier unused token when a new link is asked for', async () => {
    const user = await createUser(context);
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    expect((await put(`/api/auth/reset/${first}`, { body: { password: 'first try pass' } })).statusCode).toBe(400);
    expect((await put(`/api/auth/reset/${second}`, { body: { password: 'second try pass' } })).statusCode).toBe(200);
  });

  it.each([
    ['an unknown token', 'A'.repeat(43), { password: 'good password' }, 'Error resetting password. Please try again.'],
    ['a short password', 'A'.repeat(43), { password: '12345' }, 'Passwords must be at least 6 characters.'],
    ['a long password', 'A'.repeat(43), { password: 'x'.repeat(129) }, 'Passwords must be at most 128 characters.'],
    ['an extra field', 'A'.repeat(43), { password: 'good password', userId: 'x' }, 'Unrecognized key: "userId"'],
  ])('refuses %s with a 400', async (_label, token, body, message) => {
    const response = await put(`/api/auth/reset/${token}`, { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('POST /api/auth/address', () => {
  const good = { name: 'Meena', phoneNumber: '9876543210', doorNumber: '12A', street: 'Kovai Road', pinCode: '642001' };

  it('saves the address with city and state forced, and check then carries it', async () => {
    const user = await createUser(context);
    const jar = new CookieJar();
    jar.set('access_token', user.accessToken);
    const response = await post('/api/auth/address', { body: { ...good, city: 'Chennai', state: 'Kerala' }, jar });
    expect(response.statusCode).toBe(200);
    const expected = { ...good, city: 'pollachi', state: 'tamilnadu' };
    expect(UserResponseSchema.parse(response.json()).user.address).toEqual(expected);
    expect((await get('/api/auth/check', { jar })).json().user.address).toEqual(expected);

    const updated = await post('/api/auth/address', { body: { ...good, street: 'Palakkad Road' }, jar });
    expect(updated.json().user.address).toEqual({ ...expected, street: 'Palakkad Road' });
  });

  it('answers 401 to a visitor', async () => {
    const response = await post('/api/auth/address', { body: good });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['no name', { ...good, name: undefined }, ADDRESS_MESSAGES.name],
    ['a blank name and a bad phone', { ...good, name: '  ', phoneNumber: '12' }, 'Name is required'],
    ['a 9-digit phone and a bad pin', { ...good, phoneNumber: '987654321', pinCode: '1' }, 'Phone number must be a 10-digit numeric value'],
    ['a phone with letters', { ...good, phoneNumber: '98765abcde' }, 'Phone number must be a 10-digit numeric value'],
    ['no phone', { ...good, phoneNumber: undefined }, 'Phone number must be a 10-digit numeric value'],
    ['a 5-digit pin and no street', { ...good, pinCode: '64200', street: '' }, 'Pin code must be a 6-digit numeric value'],
    ['a pin with letters', { ...good, pinCode: '64200x' }, 'Pin code must be a 6-digit numeric value'],
    ['no door number', { ...good, doorNumber: '' }, 'Door number is required'],
    ['no street', { ...good, street: undefined }, 'Street is required'],
    ['an extra field', { ...good, userId: 'someone' }, 'Unrecognized key: "userId"'],
  ])('refuses %s with the first failing check’s message', async (_label, body, message) => {
    const user = await createUser(context);
    const jar = new CookieJar();
    jar.set('access_token', user.accessToken);
    const response = await post('/api/auth/address', { body, jar });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'bad_request' });
    expect((await get('/api/auth/check', { jar })).json().user.address).toBeNull();
  });

  it.each([
    ['+91 98430 12345', '9843012345'],
    ['098430 12345', '9843012345'],
    ['98430-12345', '9843012345'],
    ['9843012345', '9843012345'],
    ['+91-98430-12345', '9843012345'],
    ['91 98430 12345', '9843012345'],
    [' 98430 12345 ', '9843012345'],
    ['(0) 98430 12345', '9843012345'],
  ])('takes the phone %j as people type it and stores %s (docs/product.md#address)', async (typed, stored) => {
    const user = await createUser(context);
    const jar = new CookieJar();
    jar.set('access_token', user.accessToken);
    const response = await post('/api/auth/address', { body: { ...good, phoneNumber: typed, alternatePhone: typed }, jar });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.address).toMatchObject({ phoneNumber: stored, alternatePhone: stored });
    const [row] = await context.database.db.select().from(addresses).where(eq(addresses.userId, user.id));
    expect(row).toMatchObject({ phoneNumber: stored, alternatePhone: stored });
  });

  it.each([
    ['+1 98430 12345'],
    ['0091 98430 12345'],
    ['+91 98430 1234'],
    ['98430 123456'],
    ['0 98430 123'],
    ['9843O12345'],
    ['98430_12345'],
    ['+91 +98430 12345'],
    ['९८४३०१२३४५'],
  ])('refuses the phone %j with the phone message and saves nothing', async (typed) => {
    const user = await createUser(context);
    const jar = new CookieJar();
    jar.set('access_token', user.accessToken);
    const response = await post('/api/auth/address', { body: { ...good, phoneNumber: typed }, jar });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: ADDRESS_MESSAGES.phone, reason: 'address.phone' });
    expect((await get('/api/auth/check', { jar })).json().user.address).toBeNull();
  });

  it('keeps an optional landmark and alternate phone, and drops them when sent blank', async () => {
    const user = await createUser(context);
    const jar = new CookieJar();
    jar.set('access_token', user.accessToken);
    const full = await post('/api/auth/address', {
      body: { ...good, landmark: '  Near the Mariamman temple ', alternatePhone: '04259 223344' },
      jar,
    });
    expect(full.statusCode).toBe(200);
    expect(full.json().user.address).toEqual({
      ...good,
      city: 'pollachi',
      state: 'tamilnadu',
      landmark: 'Near the Mariamman temple',
      alternatePhone: '4259223344',
    });
    const blank = await post('/api/auth/address', { body: { ...good, landmark: ' ', alternatePhone: '' }, jar });
    expect(blank.json().user.address).toEqual({ ...good, city: 'pollachi', state: 'tamilnadu' });
    const none = await post('/api/auth/address', { body: { ...good, landmark: null, alternatePhone: null }, jar });
    expect(none.json().user.address).toEqual({ ...good, city: 'pollachi', state: 'tamilnadu' });
  });

  it.each([
    ['a landmark of 121 characters', { landmark: 'x'.repeat(121) }, ADDRESS_MESSAGES.landmark, 'address.landmark'],
    ['a landmark that is a number', { landmark: 12 }, ADDRESS_MESSAGES.landmark, 'address.landmark'],
    ['an alternate phone of 9 digits', { alternatePhone: '98430 1234' }, ADDRESS_MESSAGES.alternatePhone, 'address.alternatePhone'],
    ['an alternate phone that is a number', { alternatePhone: 9843012345 }, ADDRESS_MESSAGES.alternatePhone, 'address.alternatePhone'],
    ['a bad street and a bad landmark', { street: '', landmark: 'x'.repeat(121) }, ADDRESS_MESSAGES.street, 'address.street'],
  ])('refuses %s, after the first five checks, and saves nothing', async (_label, change, message, reason) => {
    const user = await createUser(context);
    const jar = new CookieJar();
    jar.set('access_token', user.accessToken);
    const response = await post('/api/auth/address', { body: { ...good, ...change }, jar });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, reason });
    expect((await get('/api/auth/check', { jar })).json().user.address).toBeNull();
  });
});

describe('bad input and cross-site requests', () => {
  it.each([
    ['/api/auth/signup', { username: 'A', email: 'a@example.com', password: '12345' }, 'Passwords must be at least 6 characters.'],
    ['/api/auth/signup', { username: 'A', email: 'a@example.com', password: 'p'.repeat(129) }, 'Passwords must be at most 128 characters.'],
    ['/api/auth/signup', { username: 'A', email: 'a@example.com', password: 'good pass', role: 'admin' }, 'Unrecognized key: "role"'],
    ['/api/auth/signup', { username: ' ', email: 'a@example.com', password: 'good pass' }, 'Username is required'],
    ['/api/auth/signup', { username: 'A', email: 'not-an-email', password: 'good pass' }, 'Please enter a valid email address'],
    ['/api/auth/signup', { email: 'a@example.com', password: 'good pass' }, 'Username is required'],
    ['/api/auth/signup', { username: 'A', password: 'good pass' }, 'Please enter a valid email address'],
    ['/api/auth/signin', { email: 'a@example.com' }, 'Password is required'],
    ['/api/auth/signin', { email: 'a@example.com', password: 'x', role: 'admin' }, 'Unrecognized key: "role"'],
    ['/api/auth/signin', { email: 'a@example.com', password: '' }, 'Password is required'],
    ['/api/auth/signin', { email: 'a@example.com', password: 'p'.repeat(129) }, 'Passwords must be at most 128 characters.'],
    ['/api/auth/verify/otp', { otp: '12345' }, 'Enter the 6-digit code'],
    ['/api/auth/verify/otp', { otp: 123456 }, 'Enter the 6-digit code'],
    ['/api/auth/verify/otp', { otp: 'abcdef' }, 'Enter the 6-digit code'],
    ['/api/auth/verify/otp', {}, 'Enter the 6-digit code'],
    ['/api/auth/resend-otp', { email: '' }, 'Please enter a valid email address'],
    ['/api/auth/forgot', {}, 'Please enter a valid email address'],
    ['/api/auth/forgot', { email: `${'a'.repeat(250)}@example.com` }, 'Please enter a valid email address'],
    ['/api/auth/forgot', { email: 'a@example.com', extra: 1 }, 'Unrecognized key: "extra"'],
  ])('POST %s %j is a 400 with a clear message', async (url, body, message) => {
    const response = await post(url, { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('bad_request');
    expect(response.json().issues.length).toBeGreaterThan(0);
    expect(response.json().message).toBe(message);
  });

  it.each([
    [
      '/api/auth/signup',
      { username: 'A', email: 'a@example.com', password: 'p'.repeat(129) },
      'account.passwordTooLong',
      { maxLength: 128 },
    ],
    ['/api/auth/signup', { username: 'A', email: 'a@example.com', password: '12345' }, 'account.passwordTooShort', { minLength: 6 }],
    [
      '/api/auth/signup',
      { username: 'A'.repeat(81), email: 'a@example.com', password: 'good pass' },
      'account.usernameTooLong',
      { maxLength: 80 },
    ],
    ['/api/auth/signin', { email: 'not-an-email', password: 'x' }, 'account.emailInvalid', undefined],
    ['/api/auth/resend-otp', { email: 'not-an-email' }, 'account.emailInvalid', undefined],
  ])('POST %s %j names its message by reason %s with the limit it spells out', async (url, body, reason, params) => {
    const json = (await post(url, { body })).json();
    expect(json.reason).toBe(reason);
    expect(json.params).toEqual(params);
  });

  it('gives no reason for a message outside the contract’s catalogs (the client shows the English)', async () => {
    const json = (
      await post('/api/auth/signup', { body: { username: 'A', email: 'a@example.com', password: 'good pass', role: 'admin' } })
    ).json();
    expect(json).toMatchObject({ code: 'bad_request', message: 'Unrecognized key: "role"' });
    expect(json).not.toHaveProperty('reason');
  });

  it.each(['/api/auth/signup', '/api/auth/signin', '/api/auth/forgot', '/api/auth/verify/otp', '/api/auth/address'])(
    'answers bad JSON on %s with a 400',
    async (url) => {
      const response = await post(url, { body: '{"email": ', headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(url === '/api/auth/address' ? 401 : 400);
      expect(response.json().code).toBe(url === '/api/auth/address' ? 'unauthorized' : 'bad_request');
    },
  );

  it('refuses a state-changing request from a foreign Origin, and accepts the shop’s own', async () => {
    const user = await createUser(context);
    const foreign = await post('/api/auth/signin', {
      body: { email: user.email, password: user.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('forbidden');
    expect(foreign.cookies).toHaveLength(0);
    const logout = await post('/api/auth/logout', { headers: { origin: 'http://localhost:3000.evil.example', cookie: user.cookie } });
    expect(logout.statusCode).toBe(403);
    expect((await get('/api/auth/check', { headers: { cookie: user.cookie } })).statusCode).toBe(200);
    const own = await post('/api/auth/signin', {
      body: { email: user.email, password: user.password },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(own.statusCode).toBe(200);
  });
});
