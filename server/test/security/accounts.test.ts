import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, LIMITS } from '@thaiyal/contract';
import { pendingSignups, resetTokens } from '../../src/db/schema/index.js';
import { call, CookieJar, mailBody } from '../auth-support.js';
import { manualClock } from '../clock.js';
import { ARGON2_PARAMS } from '../../src/platform/passwords.js';
import { randomNumericCode } from '../../src/platform/tokens.js';
import { createTestContext, createUser, type TestContext } from '../harness.js';
import { startSmtpCapture, type SmtpCapture } from '../smtp-capture.js';
import { signInJar, signUpThroughApi } from './support.js';

// Every `randomInt` the server's code draws goes through this spy (the real CSPRNG behind it),
// so a test can see that one-time codes come from node:crypto and not from Math.random.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const spy = vi.fn(actual.randomInt);
  return { ...actual, default: { ...actual, randomInt: spy }, randomInt: spy };
});

/**
 * Security rules of accounts (docs/security.md; ASVS 5.0 V6 Authentication, V11 Cryptography, V7
 * Session termination), one named test per rule, through HTTP on a real database and a real
 * SMTP capture.
 */
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

const post = (url: string, options?: Parameters<typeof call>[3]) => call(context.app, 'POST', url, options);
const verify = (otp: string, jar: CookieJar) => post('/api/auth/verify/otp', { body: { otp }, jar });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

async function resetTokenFor(email: string): Promise<string> {
  const since = smtp.mails.length;
  expect((await post('/api/auth/forgot', { body: { email } })).statusCode).toBe(200);
  const match = /\/api\/reset\/([A-Za-z0-9_-]{43})/.exec(mailBody(await smtp.waitFor(email, { since })));
  expect(match).toBeTruthy();
  return match![1]!;
}

describe('passwords (ASVS 11.4, 6.2)', () => {
  it('ASVS 11.4.2 passwords are stored as argon2id with m=19456,t=2,p=1', async () => {
    const { email, password } = await signUpThroughApi(context.app, smtp, { password: 'ezhu kaal 7 silk' });
    const [row] = await context.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(row!.passwordHash).not.toContain(password);
    expect(ARGON2_PARAMS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('ASVS 6.3.8 sign-in answers an unknown e-mail exactly as a wrong password', async () => {
    const user = await createUser(context);
    const wrongPassword = await post('/api/auth/signin', { body: { email: user.email, password: 'not it at all' } });
    const unknown = await post('/api/auth/signin', { body: { email: 'nobody-here@example.com', password: 'not it at all' } });
    expect(wrongPassword.statusCode).toBe(401);
    expect([unknown.statusCode, unknown.body, unknown.cookies.length]).toEqual([
      wrongPassword.statusCode,
      wrongPassword.body,
      wrongPassword.cookies.length,
    ]);
  });
});

describe('one-time codes (ASVS 6.5, 6.6)', () => {
  it('ASVS 6.5.3 one-time codes come from the CSPRNG (crypto.randomInt) and are not degenerate', async () => {
    const spy = vi.mocked(randomInt);
    spy.mockClear();
    await signUpThroughApi(context.app, smtp);
    // The sign-up drew its code as one uniform draw over 0..999999 from node:crypto.
    expect(spy).toHaveBeenCalledWith(0, 10 ** LIMITS.otpDigits);

    // 20 000 codes: six digits each (leading zeros kept), nearly all distinct (the birthday
    // bound expects ~200 repeats), and every digit position uniform (chi-square, 9 degrees of
    // freedom; 45 is exceeded by chance about once in 10^6 runs).
    const count = 20_000;
    const codes = Array.from({ length: count }, () => randomNumericCode(LIMITS.otpDigits));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(count - 500);
    for (let position = 0; position < LIMITS.otpDigits; position++) {
      const counts = new Array<number>(10).fill(0);
      for (const code of codes) counts[Number(code[position])]! += 1;
      const expected = count / 10;
      const chiSquare = counts.reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0);
      expect(chiSquare, `digit position ${position}: ${counts.join(',')}`).toBeLessThan(45);
    }
  });

  it('ASVS 6.5.2 one-time codes are stored only as keyed hashes', async () => {
    const { email, code } = await signUpThroughApi(context.app, smtp);
    const rows = await context.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, email));
    expect(rows).toHaveLength(1);
    const stored = rows[0]!.codeHash;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(code);
    // Not a plain hash of the code: 10^6 codes cannot be looked up in a precomputed table.
    expect(stored).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(stored).not.toBe(createHash('sha256').update('\0').update(code).digest('hex'));
  });

  it('ASVS 6.5.5 a one-time code expires at 10 minutes', async () => {
    const justInTime = await signUpThroughApi(context.app, smtp);
    clock.advance(LIMITS.otpTtlMs - 1_000);
    expect((await verify(justInTime.code, justInTime.jar)).statusCode).toBe(200);

    const late = await signUpThroughApi(context.app, smtp);
    clock.advance(LIMITS.otpTtlMs);
    const response = await verify(late.code, late.jar);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.codeExpired, code: 'bad_request', reason: 'auth.codeExpired' });
    expect(late.jar.get('access_token')).toBeUndefined();
  });

  it('ASVS 6.5.1 a one-time code works once, even for two simultaneous submissions', async () => {
    const { jar, code } = await signUpThroughApi(context.app, smtp);
    const twin = jar.copy();
    const answers = await Promise.all([verify(code, jar), verify(code, twin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect([jar, twin].filter((one) => one.get('access_token'))).toHaveLength(1);
    // A third, later submission of the spent code fails too.
    const third = jar.copy();
    third.set('otp_session', twin.get('otp_session') ?? jar.get('otp_session') ?? '');
    expect((await verify(code, third)).statusCode).toBe(400);
  });

  it('ASVS 6.6.3 a one-time code is dead after 5 wrong tries', async () => {
    const { jar, code } = await signUpThroughApi(context.app, smtp);
    for (let attempt = 1; attempt <= LIMITS.otpMaxAttempts; attempt++) {
      expect((await verify(wrong(code), jar)).statusCode).toBe(400);
    }
    const right = await verify(code, jar);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: AUTH_MESSAGES.codeDead, code: 'bad_request', reason: 'auth.codeDead' });
    expect(jar.get('access_token')).toBeUndefined();
  });
});

describe('password recovery (ASVS 6.3.8, 6.4.3, 6.5, 7.4.3)', () => {
  it('ASVS 6.3.8 forgot-password gives an unknown e-mail the same answer as a known one', async () => {
    const known = await createUser(context);
    const unknownEmail = 'never-registered-here@example.com';
    const since = smtp.mails.length;
    const answers = [];
    for (const email of [known.email, unknownEmail]) {
      const response = await post('/api/auth/forgot', { body: { email } });
      answers.push({ status: response.statusCode, body: response.body, type: response.headers['content-type'], cookies: response.cookies });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: JSON.stringify({ message: AUTH_MESSAGES.forgotSent }),
      type: 'application/json; charset=utf-8',
      cookies: [],
    });
    expect(answers[1]).toEqual(answers[0]);
    await smtp.waitFor(known.email, { since });
    expect(smtp.mails.slice(since).some((mail) => mail.to.includes(unknownEmail))).toBe(false);
  });

  it('ASVS 6.5.1 a password-reset token works once and is stored hashed', async () => {
    const user = await createUser(context);
    const token = await resetTokenFor(user.email);
    const [stored] = await context.database.db.select().from(resetTokens).where(eq(resetTokens.userId, user.id));
    expect(stored!.tokenHash).not.toContain(token);

    expect((await call(context.app, 'PUT', `/api/auth/reset/${token}`, { body: { password: 'first new pass' } })).statusCode).toBe(200);
    const again = await call(context.app, 'PUT', `/api/auth/reset/${token}`, { body: { password: 'second new pass' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.resetFailed, code: 'bad_request', reason: 'auth.resetFailed' });
    expect((await post('/api/auth/signin', { body: { email: user.email, password: 'first new pass' } })).statusCode).toBe(200);
    expect((await post('/api/auth/signin', { body: { email: user.email, password: 'second new pass' } })).statusCode).toBe(401);
  });

  it('ASVS 6.5.5 a password-reset token expires after 1 hour', async () => {
    const user = await createUser(context);
    const token = await resetTokenFor(user.email);
    clock.advance(LIMITS.resetTokenTtlMs);
    const response = await call(context.app, 'PUT', `/api/auth/reset/${token}`, { body: { password: 'far too late' } });
    expect(response.statusCode).toBe(400);
    expect((await post('/api/auth/signin', { body: { email: user.email, password: user.password } })).statusCode).toBe(200);
  });

  it('ASVS 7.4.3 a password reset ends every session of the user', async () => {
    const user = await createUser(context);
    const laptop = await signInJar(context.app, user);
    const phone = await signInJar(context.app, user);
    const token = await resetTokenFor(user.email);
    expect((await call(context.app, 'PUT', `/api/auth/reset/${token}`, { body: { password: 'a fresh secret' } })).statusCode).toBe(200);
    for (const jar of [laptop, phone]) {
      expect((await call(context.app, 'GET', '/api/auth/check', { jar: jar.copy() })).statusCode).toBe(401);
      expect((await post('/api/auth/refresh-token', { jar: jar.copy() })).statusCode).toBe(401);
    }
    const harnessSession = new CookieJar();
    harnessSession.set('access_token', user.accessToken);
    expect((await call(context.app, 'GET', '/api/auth/check', { jar: harnessSession })).statusCode).toBe(401);
  });
});
