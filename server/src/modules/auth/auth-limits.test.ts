import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.js';
import { createTestContext, createUser, type TestContext } from '../../../test/harness.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.js';
import { AUTH_RATE_LIMITS } from './auth.routes.js';
import { call, freshIp, type CallOptions } from '../../../test/auth-support.js';

// Abuse limits (docs/security.md) in their own app, so their counters start at zero.
let context: TestContext;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ SMTP_URL: smtp.url }, manualClock());
});

afterAll(async () => {
  await context?.close();
  await smtp?.close();
});

const post = (url: string, options?: CallOptions) => call(context.app, 'POST', url, options);

function newEmail(): string {
  return `limited-${randomBytes(4).toString('hex')}@example.com`;
}

function expectTooMany(response: Awaited<ReturnType<typeof post>>): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
    code: 'too_many_requests',
    // The wait as data, so the web can say it in Tamil (docs/product.md#languages).
    reason: 'platform.tooManyAttempts',
    params: { retryAfterMinutes: expect.any(Number) },
  });
  expect(response.json().message).toContain(` ${response.json().params.retryAfterMinutes} minute`);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in limits', () => {
  it('refuses sign-ins per e-mail and address together, with the same 429 for an unknown e-mail', async () => {
    const user = await createUser(context);
    const { max } = AUTH_RATE_LIMITS.signinFailures.perEmailAndIp;
    const ip = freshIp();
    // At once, so the per-e-mail slow-down (counted before each attempt) does not apply.
    const failures = await Promise.all(
      Array.from({ length: max }, () => post('/api/auth/signin', { ip, body: { email: user.email, password: 'wrong password' } })),
    );
    expect(failures.map((response) => response.statusCode)).toEqual(Array(max).fill(401));
    const blocked = await post('/api/auth/signin', { ip, body: { email: user.email.toUpperCase(), password: user.password } });
    expectTooMany(blocked);
    expect(blocked.cookies).toHaveLength(0);

    const ghost = newEmail();
    const ghostFailures = await Promise.all(
      Array.from({ length: max }, () => post('/api/auth/signin', { ip, body: { email: ghost, password: 'wrong password' } })),
    );
    expect(ghostFailures.map((response) => response.statusCode)).toEqual(Array(max).fill(401));
    const ghostBlocked = await post('/api/auth/signin', { ip, body: { email: ghost, password: 'wrong password' } });
    expectTooMany(ghostBlocked);
    expect(ghostBlocked.json()).toEqual(blocked.json());

    // Another account from that address is not affected, nor this one from another address.
    const other = await createUser(context);
    expect((await post('/api/auth/signin', { ip, body: { email: other.email, password: other.password } })).statusCode).toBe(200);
    expect((await post('/api/auth/signin', { body: { email: user.email, password: user.password } })).statusCode).toBe(200);
  });

  it('limits sign-ins per IP, and X-Forwarded-For does not escape it when TRUST_PROXY is off', async () => {
    const ip = freshIp();
    const { max } = AUTH_RATE_LIMITS.signin.perIp;
    for (let attempt = 0; attempt < max; attempt++) {
      const response = await post('/api/auth/signin', {
        ip,
        body: { email: newEmail(), password: 'wrong password' },
        headers: { 'x-forwarded-for': `203.0.113.${attempt}` },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/signin', {
      ip,
      body: { email: newEmail(), password: 'wrong password' },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expectTooMany(blocked);
    // Another client is not affected.
    expect((await post('/api/auth/signin', { body: { email: newEmail(), password: 'wrong password' } })).statusCode).toBe(401);
  });
});

describe('sign-up, forgot and resend limits', () => {
  it('limits sign-ups per IP, counting refused ones too', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signup.perIp.max; attempt++) {
      const response = await post('/api/auth/signup', { ip, body: { username: 'A', email: newEmail(), password: 'short' } });
      expect(response.statusCode).toBe(400);
    }
    expectTooMany(await post('/api/auth/signup', { ip, body: { username: 'A', email: newEmail(), password: 'long enough' } }));
  });

  it('limits sign-ups per e-mail', async () => {
    const user = await createUser(context);
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signup.perEmail.max; attempt++) {
      const response = await post('/api/auth/signup', { body: { username: 'A', email: user.email, password: 'long enough' } });
      expect(response.statusCode).toBe(409);
    }
    expectTooMany(await post('/api/auth/signup', { body: { username: 'A', email: user.email, password: 'long enough' } }));
  });

  it('limits forgot per e-mail, alike for known and unknown e-mails', async () => {
    const user = await createUser(context);
    const unknown = newEmail();
    const { max } = AUTH_RATE_LIMITS.forgot.perEmail;
    for (const email of [user.email, unknown]) {
      for (let attempt = 0; attempt < max; attempt++) {
        expect((await post('/api/auth/forgot', { body: { email } })).statusCode).toBe(200);
      }
    }
    const known = await post('/api/auth/forgot', { body: { email: user.email } });
    const ghost = await post('/api/auth/forgot', { body: { email: unknown } });
    expectTooMany(known);
    expect(ghost.statusCode).toBe(known.statusCode);
    expect(ghost.json()).toEqual(known.json());
  });

  it('limits forgot per IP', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.forgot.perIp.max; attempt++) {
      expect((await post('/api/auth/forgot', { ip, body: { email: newEmail() } })).statusCode).toBe(200);
    }
    expectTooMany(await post('/api/auth/forgot', { ip, body: { email: newEmail() } }));
  });

  it('limits resend per e-mail beyond its cooldown, and per IP', async () => {
    const email = newEmail();
    const { max } = AUTH_RATE_LIMITS.resend.perEmail;
    for (let attempt = 0; attempt < max; attempt++) {
      // The first passes; the rest fall inside the 60 s cooldown, answered alike, and still count.
      const response = await post('/api/auth/resend-otp', { body: { email } });
      expect(response.statusCode).toBe(200);
    }
    expectTooMany(await post('/api/auth/resend-otp', { body: { email } }));

    const ip = freshIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.resend.perIp.max; attempt++) {
      expect((await post('/api/auth/resend-otp', { ip, body: { email: newEmail() } })).statusCode).toBe(200);
    }
    expectTooMany(await post('/api/auth/resend-otp', { ip, body: { email: newEmail() } }));
  });

  it('counts a resend through the otp_session cookie against the pending account’s e-mail', async () => {
    const email = newEmail();
    const signedUp = await post('/api/auth/signup', { body: { username: 'A', email, password: 'long enough' } });
    expect(signedUp.statusCode).toBe(201);
    const cookie = signedUp.cookies.find((candidate) => candidate.name === 'otp_session')!;
    const headers = { cookie: `otp_session=${cookie.value}` };
    const { max } = AUTH_RATE_LIMITS.resend.perEmail;
    for (let attempt = 0; attempt < max; attempt++) {
      // Alternate the two ways: inside the cooldown the cookie's way is told the wait (429) and
      // the e-mail's way answers as for any e-mail (200); each still counts.
      const body = attempt % 2 === 0 ? {} : { email };
      expect((await post('/api/auth/resend-otp', { body, headers })).statusCode).toBe(attempt % 2 === 0 ? 429 : 200);
    }
    expectTooMany(await post('/api/auth/resend-otp', { body: {}, headers }));
  });

  it('limits one-time-code guesses per IP', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.verify.perIp.max; attempt++) {
      expect((await post('/api/auth/verify/otp', { ip, body: { otp: '123456' } })).statusCode).toBe(400);
    }
    expectTooMany(await post('/api/auth/verify/otp', { ip, body: { otp: '123456' } }));
  });
});

describe('TRUST_PROXY on', () => {
  it('keys the per-IP limit on X-Forwarded-For behind a proxy', async () => {
    const behindProxy = await createTestContext({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
    try {
      const proxy = freshIp();
      const { max } = AUTH_RATE_LIMITS.forgot.perIp;
      for (let attempt = 0; attempt < max; attempt++) {
        const response = await call(behindProxy.app, 'POST', '/api/auth/forgot', {
          ip: proxy,
          body: { email: newEmail() },
          headers: { 'x-forwarded-for': '198.51.100.1' },
        });
        expect(response.statusCode).toBe(200);
      }
      const sameClient = await call(behindProxy.app, 'POST', '/api/auth/forgot', {
        ip: proxy,
        body: { email: newEmail() },
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
      expectTooMany(sameClient);
      const otherClient = await call(behindProxy.app, 'POST', '/api/auth/forgot', {
        ip: proxy,
        body: { email: newEmail() },
        headers: { 'x-forwarded-for': '198.51.100.2' },
      });
      expect(otherClient.statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});
