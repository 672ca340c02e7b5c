import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LIMITS } from '@thaiyal/contract';
import { resetTokens, users } from '../../src/db/schema/index.js';
import { AUTH_RATE_LIMITS } from '../../src/modules/auth/index.js';
import { call, CookieJar, freshIp } from '../auth-support.js';
import { manualClock } from '../clock.js';
import { hashPassword } from '../../src/platform/passwords.js';
import { createTestContext, createUser, type TestContext } from '../harness.js';
import { startSmtpCapture, type SmtpCapture } from '../smtp-capture.js';
import { signUpThroughApi } from './support.js';

/**
 * Abuse of the account endpoints found by an outside probe (docs/security.md, "Findings of the
 * outside probe"; ASVS 5.0 V2.3 business logic, V6.1.1 and V6.3.1 brute force without
 * lock-out, V6.3.8 no account enumeration): one named test per rule, through HTTP on a real
 * database and a real SMTP capture.
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
const signIn = (email: string, password: string, options: { ip?: string; jar?: CookieJar } = {}) =>
  post('/api/auth/signin', { body: { email, password }, ...options });
const freshEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

describe('pending sign-ups (ASVS 2.3.1)', () => {
  it('ASVS 2.3.1 a later sign-up with the same e-mail never changes an earlier pending one; only the verified one becomes the account', async () => {
    const email = freshEmail('victim');
    const victim = await signUpThroughApi(context.app, smtp, { email, username: 'Meena', password: 'meena own secret 1' });
    const attacker = await signUpThroughApi(context.app, smtp, { email, username: 'Mallory', password: 'mallory takes over 2' });

    // The owner of the mailbox verifies with the code of her own sign-up, in her own browser.
    const verified = await post('/api/auth/verify/otp', { body: { otp: victim.code }, jar: victim.jar });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user).toMatchObject({ email, username: 'Meena' });

    expect((await signIn(email, 'meena own secret 1')).statusCode).toBe(200);
    const stolen = await signIn(email, 'mallory takes over 2');
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toMatchObject({ message: AUTH_MESSAGES.badCredentials });
    // The other sign-up can no longer become the account, with any code.
    const late = await post('/api/auth/verify/otp', { body: { otp: attacker.code }, jar: attacker.jar });
    expect(late.statusCode).toBe(400);
    expect(late.cookies.some((cookie) => cookie.name === 'access_token')).toBe(false);
    const rows = await context.database.db.select({ username: users.username }).from(users).where(eq(users.email, email));
    expect(rows).toEqual([{ username: 'Meena' }]);
  });

  it('ASVS 2.3.1 a code verifies only the sign-up it was mailed for', async () => {
    const email = freshEmail('twice');
    const first = await signUpThroughApi(context.app, smtp, { email, username: 'First', password: 'first password 1' });
    const second = await signUpThroughApi(context.app, smtp, { email, username: 'Second', password: 'second password 2' });
    // The first sign-up's code in the second sign-up's browser is a wrong code there.
    const crossed = await post('/api/auth/verify/otp', { body: { otp: first.code }, jar: second.jar.copy() });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({ message: AUTH_MESSAGES.invalidCode });
    // Each sign-up's own code still works in its own browser: here the second one wins.
    const own = await post('/api/auth/verify/otp', { body: { otp: second.code }, jar: second.jar });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().user).toMatchObject({ username: 'Second' });
    expect((await signIn(email, 'second password 2')).statusCode).toBe(200);
    expect((await signIn(email, 'first password 1')).statusCode).toBe(401);
  });
});

describe('sign-in brute force without lock-out (ASVS 6.1.1, 6.3.1)', () => {
  const limits = AUTH_RATE_LIMITS.signinFailures;

  it('ASVS 6.3.1 wrong passwords from many addresses slow the e-mail down but never lock its owner out', async () => {
    const owner = await createUser(context, { password: 'the real owner 1' });
    // More failures for her e-mail than any per-e-mail limit, each from another address.
    const failures = limits.perEmail.freeFailures + 7;
    const answers = await Promise.all(Array.from({ length: failures }, () => signIn(owner.email, 'guessing wrong 1')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(failures).fill(401));

    // Her right password from a new address still signs her in, after the slow-down.
    const started = performance.now();
    const response = await signIn(owner.email, owner.password);
    const elapsedMs = performance.now() - started;
    expect(response.statusCode, response.body).toBe(200);
    expect(elapsedMs).toBeGreaterThanOrEqual(limits.perEmail.maxDelayMs - 50);
  });

  it('ASVS 6.3.1 failures count per e-mail and address together: that pair is refused, other addresses are not', async () => {
    const owner = await createUser(context, { password: 'the real owner 2' });
    const attackerIp = freshIp();
    for (let attempt = 0; attempt < limits.perEmailAndIp.max; attempt++) {
      expect((await signIn(owner.email, `wrong guess ${attempt}`, { ip: attackerIp })).statusCode).toBe(401);
    }
    const refused = await signIn(owner.email, owner.password, { ip: attackerIp });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests', reason: 'platform.tooManyAttempts' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same address may still sign in to another account, and the owner from hers.
    const other = await createUser(context);
    expect((await signIn(other.email, other.password, { ip: attackerIp })).statusCode).toBe(200);
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('ASVS 6.3.1 a right password from a device that signed in before passes the per-address refusal and the slow-down', async () => {
    const owner = await createUser(context, { password: 'the real owner 3' });
    const sharedIp = freshIp();
    const phone = new CookieJar();
    expect((await signIn(owner.email, owner.password, { ip: sharedIp, jar: phone })).statusCode).toBe(200);
    expect(phone.get('device')).toBeTruthy();

    // Someone on the same address (the same Wi-Fi) fails over and over, without her device cookie.
    for (let attempt = 0; attempt < limits.perEmailAndIp.max; attempt++) {
      expect((await signIn(owner.email, `wrong guess ${attempt}`, { ip: sharedIp })).statusCode).toBe(401);
    }
    await Promise.all(Array.from({ length: limits.perEmail.freeFailures + 7 }, () => signIn(owner.email, 'from elsewhere 1')));
    expect((await signIn(owner.email, owner.password, { ip: sharedIp })).statusCode).toBe(429);

    const deviceOnly = new CookieJar();
    deviceOnly.set('device', phone.get('device')!);
    const started = performance.now();
    const response = await signIn(owner.email, owner.password, { ip: sharedIp, jar: deviceOnly });
    expect(response.statusCode, response.body).toBe(200);
    expect(performance.now() - started).toBeLessThan(limits.perEmail.maxDelayMs);

    // The device cookie is signed and names its account: forged or another account's, it counts for nothing.
    const forged = new CookieJar();
    forged.set('device', `${phone.get('device')!.slice(0, -4)}AAAA`);
    expect((await signIn(owner.email, owner.password, { ip: sharedIp, jar: forged })).statusCode).toBe(429);
    const other = await createUser(context);
    const otherDevice = new CookieJar();
    expect((await signIn(other.email, other.password, { jar: otherDevice })).statusCode).toBe(200);
    const borrowed = new CookieJar();
    borrowed.set('device', otherDevice.get('device')!);
    expect((await signIn(owner.email, owner.password, { ip: sharedIp, jar: borrowed })).statusCode).toBe(429);
  });
});

/** The `q` quantile of `values` (0.5: the median), interpolated between the two nearest. */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  return sorted[below]! + (sorted[Math.min(below + 1, sorted.length - 1)]! - sorted[below]!) * (at - below);
}

describe('no account enumeration (ASVS 6.3.8)', () => {
  // Forgot-password's own app, mailing to DATA_DIR/outbox files (quicker to drain between
  // samples than SMTP), that hears every statement it sends.
  const statements: { sql: string; params: unknown[] }[] = [];
  let forgot: TestContext;
  beforeAll(async () => {
    forgot = await createTestContext({}, undefined, { onQuery: (sql, params) => statements.push({ sql, params }) });
  }, 60_000);
  afterAll(async () => {
    await forgot?.close();
  });

  /** `POST /api/auth/forgot`, timed from the call to its answer (ms); then the work after the answer, ended. */
  async function askForgot(
    email: string,
  ): Promise<{ answeredInMs: number; untilAnswer: typeof statements; afterAnswer: typeof statements }> {
    const from = statements.length;
    const started = performance.now();
    const response = await call(forgot.app, 'POST', '/api/auth/forgot', { body: { email } });
    const answeredInMs = performance.now() - started;
    expect(response.statusCode).toBe(200);
    // The answer resolves the inject before the work after it starts (after-answer.ts: a later turn of the event loop).
    const untilAnswer = statements.slice(from);
    // Let the work done after the answer (the token, its mail queued and sent) end before the next request.
    await forgot.app.afterAnswer.settled();
    await forgot.app.outbox.wake();
    return { answeredInMs, untilAnswer, afterAnswer: statements.slice(from + untilAnswer.length) };
  }

  /** Verified accounts made straight in the database with one hash; returns their e-mails. */
  async function accounts(count: number, prefix: string): Promise<string[]> {
    const passwordHash = await hashPassword('timing sample 1');
    const emails = Array.from({ length: count }, (_, index) => `${prefix}-${index}-${randomBytes(4).toString('hex')}@example.com`);
    await forgot.database.db.insert(users).values(emails.map((email) => ({ email, username: 'Timing', passwordHash, verified: true })));
    return emails;
  }

  it('ASVS 6.3.8 forgot-password answers before it does any work with the e-mail, which it does after, for an account', async () => {
    const [known] = await accounts(1, 'known');
    const seen = [];
    for (const email of [known!, freshEmail('unknown')]) {
      const { untilAnswer, afterAnswer } = await askForgot(email);
      const carriesEmail = (statement: { params: unknown[] }) => statement.params.includes(email);
      seen.push({
        // The outboxes' senders (mail and push) also poll on their own timers, beside any request: their statements are not the request's.
        untilAnswer: untilAnswer.map((statement) => statement.sql).filter((sql) => !/"(mail_outbox|push_outbox)"/.test(sql)),
        withEmailUntilAnswer: untilAnswer.filter(carriesEmail).length,
        withEmailAfterAnswer: afterAnswer.filter(carriesEmail).length,
      });
    }
    const [forKnown, forUnknown] = seen;
    // Up to the answer the same statements for both (on PostgreSQL the rate limits' counters, keys hashed), none with the e-mail…
    expect(forKnown!.untilAnswer).toEqual(forUnknown!.untilAnswer);
    expect([forKnown!.withEmailUntilAnswer, forUnknown!.withEmailUntilAnswer]).toEqual([0, 0]);
    // …and after it, the lookup of each, and the account's token.
    expect(forKnown!.withEmailAfterAnswer).toBeGreaterThan(0);
    expect(forUnknown!.withEmailAfterAnswer).toBeGreaterThan(0);
    const tokens = await forgot.database.db
      .select({ id: resetTokens.id })
      .from(resetTokens)
      .innerJoin(users, eq(users.id, resetTokens.userId))
      .where(eq(users.email, known!));
    expect(tokens).toHaveLength(1);
  });

  // Wall time as well, for work that sends no statement (a hash, a check in memory). A shared
  // machine is busy at moments (in CI, the crash tests' child processes ran beside this file:
  // medians of 1.77 ms and 1.05 ms for two unpaired sets of samples), and a busy moment adds time
  // to whichever request it falls on. So each account's e-mail is asked beside one without, back
  // to back in a random order, and the two are compared by the median of the pairs' differences:
  // a busy moment on one member of a pair moves that pair to a tail, where the median does not
  // look, while a real difference moves every pair. (Under two busy loops on two cores, on
  // PostgreSQL, that median varied by about 0.3 ms from run to run; a mean, even trimmed, by
  // two to four times as much.)
  it(
    'ASVS 6.3.8 forgot-password takes as long for an e-mail with an account as for one without (200 pairs)',
    { timeout: 120_000 },
    async () => {
      const pairs = 200;
      // The per-e-mail limit allows 5 asks an hour, so every sample has its own e-mail (and, through call(), its own address).
      const known = await accounts(pairs, 'known');
      const unknown = Array.from({ length: pairs }, (_, index) => `unknown-${index}-${randomBytes(4).toString('hex')}@example.com`);

      // Warm up both paths first.
      for (const email of [known[0]!, unknown[0]!]) await askForgot(`warm-${email}`);
      const times = { known: [] as number[], unknown: [] as number[] };
      const differences: number[] = [];
      for (let index = 0; index < pairs; index++) {
        const pair = { known: 0, unknown: 0 };
        for (const kind of Math.random() < 0.5 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
          pair[kind] = (await askForgot(kind === 'known' ? known[index]! : unknown[index]!)).answeredInMs;
        }
        times.known.push(pair.known);
        times.unknown.push(pair.unknown);
        differences.push(pair.known - pair.unknown);
      }
      const medianDifference = quantile(differences, 0.5);
      const quartiles = (values: number[]) => [0.25, 0.5, 0.75].map((q) => quantile(values, q));
      const seen = JSON.stringify({ medianDifference, quartiles: { known: quartiles(times.known), unknown: quartiles(times.unknown) } });
      // Within a quarter of the unknown e-mail's time, or 0.5 ms, whichever is larger: the probe
      // saw 26 ms against 12 ms; what is left is the machine's noise.
      const tolerance = Math.max(0.5, quantile(times.unknown, 0.5) * 0.25);
      expect(Math.abs(medianDifference), seen).toBeLessThanOrEqual(tolerance);
    },
  );

  it('ASVS 6.3.8 resend-otp answers an unknown, a verified and a pending e-mail alike', async () => {
    const verified = await createUser(context);
    const pending = await signUpThroughApi(context.app, smtp);
    // Half a minute after the sign-up: inside the pending sign-up's 60 s between codes.
    clock.advance(LIMITS.otpResendCooldownMs / 2);
    const answers = [];
    for (const email of [freshEmail('nobody'), verified.email, pending.email]) {
      const response = await post('/api/auth/resend-otp', { body: { email } });
      answers.push({
        status: response.statusCode,
        body: response.body,
        type: response.headers['content-type'],
        retryAfter: response.headers['retry-after'],
        cookies: response.cookies,
      });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: JSON.stringify({ message: AUTH_MESSAGES.resendSent }),
      type: 'application/json; charset=utf-8',
      retryAfter: undefined,
      cookies: [],
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});
