import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, reviews } from '../../src/db/schema/index.js';
import { buildApp } from '../../src/app.js';
import { insertOrder } from '../admin-support.js';
import { call } from '../auth-support.js';
import { createImageStore } from '../../src/platform/image-store.js';
import { createFileObjectStore } from '../../src/platform/object-store.js';
import { HSTS_MAX_AGE_S } from '../../src/platform/security-headers.js';
import type { CapturedMail } from '../smtp-capture.js';
import { createTestContext, createUser, seedProducts, type TestContext, type TestUser } from '../harness.js';
import { startSmtpCapture, type SmtpCapture } from '../smtp-capture.js';
import { signUpThroughApi } from './support.js';

/**
 * Output rules (docs/security.md; ASVS 5.0 V1.2 output encoding, V3.2 content interpretation,
 * V3.4 browser security headers, V4.1.1 content types, V16.5.1 errors): stored markup comes
 * back as JSON text and is escaped wherever the server writes HTML; every response carries
 * the security headers. One named test per rule.
 */
const XSS = `<img src=x onerror="alert('xss')"><script>alert(1)</script>"'&`;
const WEB_DIR = fileURLToPath(new URL('../../../web/src', import.meta.url));

let context: TestContext;
let smtp: SmtpCapture;
let admin: TestUser;
let productId: string;
let webApp: FastifyInstance;
let httpsApp: FastifyInstance;

/** A second app on the same database, serving a stand-in web build (the harness serves none). */
async function appWithWeb(publicUrl: string): Promise<FastifyInstance> {
  const webDist = join(context.dataDir, 'web-dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Thaiyal</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webDist, 'assets', 'app.js'), 'export {};\n');
  const app = await buildApp({
    config: { ...context.config, publicUrl },
    database: context.database,
    images: createImageStore(createFileObjectStore(join(context.dataDir, 'uploads'))),
    webDistDir: webDist,
  });
  // A route that fails unexpectedly, carrying details that must not reach the client.
  app.get('/api/test-boom', async () => {
    throw new Error('select password_hash from users where email = $1 -- at /srv/thaiyal/secret.ts:42');
  });
  await app.ready();
  return app;
}

/** The decoded text/html part of a captured mail. */
function htmlPart(mail: CapturedMail): string {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const boundary = /boundary="?([^";\n]+)"?/i.exec(raw)?.[1];
  const part = (boundary ? raw.split(`--${boundary}`) : [raw]).find((one) => /content-type: text\/html/i.test(one)) ?? '';
  const split = part.indexOf('\n\n');
  const headers = part.slice(0, split);
  const body = part.slice(split + 2).trim();
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ SMTP_URL: smtp.url, SHOP_EMAIL: 'shop@thaiyal.test' });
  admin = await createUser(context, { role: 'admin' });
  [productId] = (await seedProducts(context, [{ name: `Blouse ${XSS}`, description: `Silk ${XSS}` }])) as [string];
  webApp = await appWithWeb(context.config.publicUrl);
  httpsApp = await appWithWeb('https://shop.example');
});

afterAll(async () => {
  await webApp?.close();
  await httpsApp?.close();
  await context?.close();
  await smtp?.close();
});

function expectJson(response: { headers: Record<string, unknown> }) {
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

describe('stored markup is data, never HTML (ASVS 3.2.2, 1.2.1)', () => {
  it('ASVS 3.2.2 a review with markup is stored as written and returned only as JSON text', async () => {
    const reviewer = await createUser(context, { username: `Rev ${XSS}` });
    await insertOrder(context, reviewer.id, { status: 'delivered', lines: [{ productId }] });
    const posted = await call(context.app, 'POST', '/api/comment', {
      body: { productId, userComment: XSS, stars: 5 },
      headers: { cookie: reviewer.cookie },
    });
    expect(posted.statusCode).toBe(200);
    expectJson(posted);
    const [stored] = await context.database.db.select().from(reviews).where(eq(reviews.userId, reviewer.id));
    expect(stored!.comment).toBe(XSS);
    const shown = await context.app.inject({ method: 'GET', url: `/api/product/${productId}` });
    expectJson(shown);
    expect(shown.json().product.reviews).toContainEqual(expect.objectContaining({ username: `Rev ${XSS}`, comment: XSS }));
    // JSON-escaped, not HTML-escaped: the web renders it as text.
    expect(shown.body).toContain(JSON.stringify(XSS).slice(1, -1));
  });

  it('ASVS 3.2.2 a username with markup is returned only as JSON text', async () => {
    const pending = await signUpThroughApi(context.app, smtp, { username: XSS });
    const verified = await call(context.app, 'POST', '/api/auth/verify/otp', { body: { otp: pending.code }, jar: pending.jar });
    expect(verified.statusCode).toBe(200);
    expectJson(verified);
    expect(verified.json().user.username).toBe(XSS);
    const checked = await call(context.app, 'GET', '/api/auth/check', { jar: pending.jar });
    expectJson(checked);
    expect(checked.json().user.username).toBe(XSS);
  });

  it('ASVS 1.2.1 markup in a username is escaped in the HTML part of e-mails', async () => {
    const since = smtp.mails.length;
    const { email } = await signUpThroughApi(context.app, smtp, { username: XSS });
    const html = htmlPart(await smtp.waitFor(email, { since }));
    expect(html).toContain('Hello &#60;img src=x onerror=&#34;alert(&#39;xss&#39;)&#34;&#62;&#60;script&#62;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
  });

  it('ASVS 3.2.2 a contact message with markup is stored as written, listed as JSON text and escaped in the shop mail', async () => {
    const since = smtp.mails.length;
    const body = { name: `Name ${XSS}`, email: 'visitor@example.com', phone: '9876543210', message: `Hello ${XSS}` };
    const sent = await call(context.app, 'POST', '/api/contact', { body });
    expect(sent.statusCode).toBe(200);
    const [stored] = await context.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'visitor@example.com'));
    expect(stored).toMatchObject({ name: body.name, message: body.message });
    const listed = await context.app.inject({ method: 'GET', url: '/api/contact', headers: { cookie: admin.cookie } });
    expect(listed.statusCode).toBe(200);
    expectJson(listed);
    expect(listed.json().messages).toContainEqual(expect.objectContaining({ name: body.name, message: body.message }));
    const html = htmlPart(await smtp.waitFor('shop@thaiyal.test', { since }));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
  });

  it('ASVS 1.2.1 markup in a product name is escaped in the share-preview tags of the served page', async () => {
    const page = await webApp.inject({ method: 'GET', url: `/view/${productId}/saree-blouse` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(page.body).toContain('Blouse &#60;img src=x onerror=&#34;');
    expect(page.body).not.toContain('<img src=x');
    // The only script elements are index.html's own and the page's data (docs/decisions/013-first-load.md), whose
    // JSON carries the name with `<` escaped, so it cannot close the element.
    const scripts = page.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.filter((tag) => !tag.includes('type="application/json"'))).toHaveLength(1);
    expect(scripts.filter((tag) => tag.includes('type="application/json"'))).toEqual(['<script type="application/json" id="page-data">']);
    expect(page.body).toContain('Blouse \\u003cimg src=x');
  });

  it('ASVS 3.2.2 the web app never renders HTML from data: no dangerouslySetInnerHTML, innerHTML, document.write or eval', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(tsx?|jsx?)$/.test(entry.name)) files.push(path);
      }
    };
    walk(WEB_DIR);
    expect(files.length).toBeGreaterThan(20);
    const forbidden =
      /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\s*\(|new Function\s*\(|srcdoc/;
    const offenders = files
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${relative(WEB_DIR, file)}:${index + 1}` }))
          .filter(({ line }) => forbidden.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('ASVS 4.1.1 every API answer, errors included, is application/json; charset=utf-8 with nosniff', async () => {
    const responses = await Promise.all([
      context.app.inject({ method: 'GET', url: '/api/product' }),
      context.app.inject({ method: 'GET', url: `/api/product/${productId}` }),
      context.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      context.app.inject({ method: 'GET', url: '/api/cart' }),
      context.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'a@example.com', password: 'x', [XSS]: 1 } }),
      context.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: '{"email": <script>',
        headers: { 'content-type': 'application/json' },
      }),
    ]);
    for (const response of responses) expectJson(response);
    // The error echoes the unknown key as JSON text, which a browser will not render.
    expect(responses[4]!.json().message).toContain('Unrecognized key');
  });

  it('ASVS 16.5.1 an unexpected error answers a generic message without internal details', async () => {
    const response = await webApp.inject({ method: 'GET', url: '/api/test-boom' });
    expect(response.statusCode).toBe(500);
    expectJson(response);
    expect(response.json()).toEqual({ message: 'Something went wrong. Please try again.', code: 'internal', reason: 'platform.internal' });
    expect(response.body).not.toMatch(/password_hash|secret\.ts|select/i);
  });
});

describe('security headers on every response (ASVS 3.4)', () => {
  /** One response of each kind: API JSON, API error, web page, static asset, upload 404, server error. */
  async function everyKind(app: FastifyInstance) {
    return Promise.all(
      ['/api/product', '/api/cart', '/', '/cartpage', '/assets/app.js', '/uploads/products/none-640.webp', '/api/test-boom'].map((url) =>
        app.inject({ method: 'GET', url }).then((response) => ({ url, response })),
      ),
    );
  }

  function directives(csp: string): Map<string, string[]> {
    return new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...sources]) => [name!, sources]),
    );
  }

  it("ASVS 3.4.3 a Content-Security-Policy allows only the shop's own scripts, with object-src and base-uri 'none'", async () => {
    for (const { url, response } of await everyKind(webApp)) {
      const csp = directives(String(response.headers['content-security-policy'] ?? ''));
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'none'"]);
      expect(csp.get('form-action'), url).toEqual(["'self'"]);
      expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src'), url).toEqual(["'self'"]);
      for (const sources of csp.values()) {
        expect(sources, url).not.toContain("'unsafe-eval'");
        expect(sources, url).not.toContain('*');
      }
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
    }
    const https = directives(String((await httpsApp.inject({ method: 'GET', url: '/' })).headers['content-security-policy']));
    expect(https.has('upgrade-insecure-requests')).toBe(true);
  });

  it("ASVS 3.4.6 frame-ancestors 'none' forbids framing the shop (and X-Frame-Options: DENY for old browsers)", async () => {
    for (const { url, response } of await everyKind(webApp)) {
      expect(directives(String(response.headers['content-security-policy'])).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('ASVS 3.4.4 every response carries X-Content-Type-Options: nosniff', async () => {
    for (const { url, response } of await everyKind(webApp)) expect(response.headers['x-content-type-options'], url).toBe('nosniff');
  });

  it('ASVS 3.4.5 Referrer-Policy is strict-origin-when-cross-origin (reset links never leak in Referer)', async () => {
    for (const { url, response } of await everyKind(webApp)) {
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    const reset = await webApp.inject({ method: 'GET', url: '/api/reset/some-token' });
    expect(reset.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('ASVS 3.4.1 HSTS (one year, sub-domains) is sent when PUBLIC_URL is https, and only then', async () => {
    for (const { url, response } of await everyKind(httpsApp)) {
      expect(response.headers['strict-transport-security'], url).toBe(`max-age=${HSTS_MAX_AGE_S}; includeSubDomains`);
    }
    expect(HSTS_MAX_AGE_S).toBeGreaterThanOrEqual(31_536_000);
    for (const { url, response } of await everyKind(webApp)) {
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('ASVS 3.4.8 pages are isolated from other windows (Cross-Origin-Opener-Policy: same-origin) and name no server software', async () => {
    for (const { url, response } of await everyKind(webApp)) {
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['x-powered-by'], url).toBeUndefined();
      expect(response.headers.server, url).toBeUndefined();
    }
  });
});
