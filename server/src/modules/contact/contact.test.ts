import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, CONTACT_RATE_LIMIT, ContactListResponseSchema, PAGING_MESSAGES, ShopInfoSchema } from '@thaiyal/contract';
import { ConfigError, parseConfig } from '../../config.js';
import { contactMessages } from '../../db/schema/index.js';
import { manualClock } from '../../../test/clock.js';
import { createTestContext, createUser, type TestContext, type TestUser } from '../../../test/harness.js';
import { mailText, startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.js';

const SHOP = 'owner@thaiyal.test';
const clock = manualClock(new Date('2026-11-01T10:00:00Z'));

let smtp: SmtpCapture;
let context: TestContext;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ SMTP_URL: smtp.url, SHOP_EMAIL: SHOP }, clock);
  admin = await createUser(context, { role: 'admin' });
  customer = await createUser(context);
});

afterAll(async () => {
  await context.close();
  await smtp.close();
});

let ipCounter = 0;
/** A client IP of its own for each caller, so the per-IP limit of one test never touches another. */
function freshIp(): string {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

const valid = { name: 'Meena', email: 'meena@example.com', phone: '98765 43210', message: 'Can you stitch a blouse by Friday?' };

function post(body: unknown, options: { ip?: string; headers?: Record<string, string>; app?: TestContext } = {}) {
  const target = options.app ?? context;
  return target.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: options.ip ?? freshIp(),
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function storedCount(target: TestContext = context): Promise<number> {
  return (await target.database.db.select().from(contactMessages)).length;
}

describe('POST /api/contact', () => {
  it('stores the message, answers as docs/product.md says and mails the shop in English and Tamil', async () => {
    const since = smtp.mails.length;
    const response = await post({ ...valid, name: '  Meena  ', message: ' Can you stitch <b>a blouse</b> by Friday? ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Form Submitted Successfully' });

    const rows = await context.database.db.select().from(contactMessages);
    const row = rows.find((r) => r.email === valid.email);
    expect(row).toMatchObject({ name: 'Meena', phone: '98765 43210', message: 'Can you stitch <b>a blouse</b> by Friday?' });

    const mail = await smtp.waitFor(SHOP, { since });
    const text = mailText(mail);
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?Q\?New_message_from_Meena/m);
    expect(text).toContain('Meena wrote through the contact form.');
    expect(text).toContain('meena@example.com');
    expect(text).toContain('98765 43210');
    expect(text).toContain('Can you stitch <b>a blouse</b> by Friday?');
    // The HTML part escapes what the visitor typed.
    expect(text).toContain('&#60;b&#62;a blouse&#60;/b&#62;');
    expect(text).toContain('தொடர்புப் படிவம் வழியாக எழுதியுள்ளார்');
    expect(text).toContain('http://localhost:3000/admin-only');
  });

  it.each([
    ['no name', { ...valid, name: undefined }, 'name'],
    ['a blank name', { ...valid, name: '   ' }, 'name'],
    ['no e-mail', { ...valid, email: undefined }, 'email'],
    ['a malformed e-mail', { ...valid, email: 'meena-at-example' }, 'email'],
    ['no phone', { ...valid, phone: undefined }, 'phone'],
    ['a blank phone', { ...valid, phone: '' }, 'phone'],
    ['no message', { ...valid, message: undefined }, 'message'],
    ['a blank message', { ...valid, message: ' \n ' }, 'message'],
    ['a message over 4000 characters', { ...valid, message: 'x'.repeat(4001) }, 'message'],
    ['a name over 80 characters', { ...valid, name: 'x'.repeat(81) }, 'name'],
    ['an unknown field', { ...valid, accessKey: 'abc' }, undefined],
    ['a number for the phone', { ...valid, phone: 9876543210 }, 'phone'],
  ])('refuses %s with 400 {success: false, message} and stores nothing', async (_label, body, field) => {
    const before = await storedCount();
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    const json = response.json();
    expect(json).toMatchObject({ success: false, code: 'bad_request' });
    expect(typeof json.message).toBe('string');
    expect(json.message.length).toBeGreaterThan(0);
    if (field) expect(json.issues.map((issue: { path: string[] }) => issue.path.at(-1))).toContain(field);
    expect(await storedCount()).toBe(before);
  });

  it('says what is missing in plain words', async () => {
    expect((await post({ ...valid, name: '' })).json().message).toBe('Please enter your name.');
    expect((await post({ ...valid, email: 'x' })).json().message).toBe('Please enter a valid e-mail address.');
    expect((await post({ ...valid, phone: ' ' })).json().message).toBe('Please enter your phone number.');
    expect((await post({ ...valid, message: '' })).json().message).toBe('Please write your message.');
  });

  it('refuses a body that is not JSON with 400 and success false', async () => {
    const response = await post('{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('refuses a post from another site with 403', async () => {
    const before = await storedCount();
    const response = await post(valid, { headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'forbidden' });
    expect(await storedCount()).toBe(before);
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per IP in 10 minutes, then answers 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await post({ ...valid, message: `try ${i}` }, { ip })).statusCode).toBe(200);
    }
    const before = await storedCount();
    const refused = await post(valid, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      message: CONTACT_MESSAGES.tooMany,
      code: 'too_many_requests',
      reason: 'contact.tooMany',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCount()).toBe(before);
    // Another visitor is not held back.
    expect((await post(valid)).statusCode).toBe(200);
  });
});

describe('POST /api/contact when mail cannot be sent', () => {
  let broken: TestContext;
  beforeAll(async () => {
    // A port nothing listens on: every SMTP connection is refused.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    broken = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}`, SHOP_EMAIL: SHOP });
  });
  afterAll(async () => {
    await broken.close();
  });

  it('still stores the message and answers success', async () => {
    const response = await post(valid, { app: broken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: CONTACT_MESSAGES.submitted });
    expect(await storedCount(broken)).toBe(1);
  });
});

describe('POST /api/contact without SHOP_EMAIL', () => {
  let local: TestContext;
  beforeAll(async () => {
    local = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await local.close();
  });

  it('mails every admin', async () => {
    const first = await createUser(local, { role: 'admin' });
    const second = await createUser(local, { role: 'admin' });
    const since = smtp.mails.length;
    expect((await post(valid, { app: local })).statusCode).toBe(200);
    const [a, b] = await Promise.all([smtp.waitFor(first.email, { since }), smtp.waitFor(second.email, { since })]);
    expect(mailText(a)).toContain('Meena wrote through the contact form.');
    expect(mailText(b)).toContain('Meena wrote through the contact form.');
  });
});

describe('GET /api/contact', () => {
  it('is 401 for a visitor and 403 for a customer', async () => {
    const visitor = await context.app.inject({ method: 'GET', url: '/api/contact' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, code: 'unauthorized' });
    const shopper = await context.app.inject({ method: 'GET', url: '/api/contact', headers: { cookie: customer.cookie } });
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json()).toMatchObject({ success: false, code: 'forbidden' });
  });

  it('lists the messages, newest first, for an admin', async () => {
    clock.advance(60_000);
    await post({ ...valid, name: 'Older', message: 'first' });
    clock.advance(60_000);
    await post({ ...valid, name: 'Newer', email: 'newer@example.com', message: 'second' });
    const response = await context.app.inject({ method: 'GET', url: '/api/contact', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { messages } = ContactListResponseSchema.parse(response.json());
    expect(messages[0]).toMatchObject({ name: 'Newer', email: 'newer@example.com', phone: valid.phone, message: 'second' });
    expect(messages[1]).toMatchObject({ name: 'Older', message: 'first' });
    expect(messages[0]!.createdAt).toBe(clock.now().toISOString());
    const times = messages.map((message) => Date.parse(message.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(messages.length).toBe(await storedCount());
  });
});

describe('GET /api/contact by page (docs/product.md#lists-by-page)', () => {
  /** `GET /api/contact?{query}` as the admin, parsed. */
  async function messagesPage(query: string) {
    const response = await context.app.inject({ method: 'GET', url: `/api/contact?${query}`, headers: { cookie: admin.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return ContactListResponseSchema.parse(response.json());
  }

  it('pages every message, newest first, past the 500 the list once stopped at', async () => {
    const base = clock.now().getTime();
    await context.database.db.insert(contactMessages).values(
      Array.from({ length: 520 }, (_, index) => ({
        name: `Writer ${index}`,
        email: `writer${index}@example.com`,
        phone: '9000000000',
        message: 'Bulk',
        createdAt: new Date(base - (index + 1) * 60_000),
      })),
    );
    const all = await context.database.db.select({ id: contactMessages.id }).from(contactMessages);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: Awaited<ReturnType<typeof messagesPage>> = await messagesPage(`limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...body.messages.map((message) => message._id));
      const times = body.messages.map((message) => Date.parse(message.createdAt));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 20);
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(520);
  });

  it('finds a message by name, e-mail, text, or phone typed with spaces, +91 or 0', async () => {
    await context.database.db.insert(contactMessages).values({
      name: 'Saraswathi Devi',
      email: 'Saras@Example.com',
      phone: '+91 98430 77777',
      message: 'Do you stitch Aari work on silk?',
    });
    const names = async (q: string) => (await messagesPage(`q=${encodeURIComponent(q)}`)).messages.map((message) => message.name);
    for (const q of ['saraswathi', 'SARAS@example', 'aari work', '9843077777', '98430 77777', '+91 98430 77777', '098430 77777']) {
      expect(await names(q), q).toEqual(['Saraswathi Devi']);
    }
    expect(await names('no such words')).toEqual([]);
  });

  it('refuses a bad limit, a cursor of another list and an unknown parameter', async () => {
    const ask = (query: string) => context.app.inject({ method: 'GET', url: `/api/contact?${query}`, headers: { cookie: admin.cookie } });
    const limit = await ask('limit=0');
    expect(limit.statusCode).toBe(400);
    expect(limit.json()).toMatchObject({ success: false, message: PAGING_MESSAGES.badLimit, reason: 'paging.badLimit' });
    const cursor = await ask(`cursor=${Buffer.from('a.1795780371948000.TH-ABCDEF').toString('base64url')}`);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toMatchObject({ success: false, message: PAGING_MESSAGES.badCursor, reason: 'paging.badCursor' });
    expect((await ask('sort=oldest')).statusCode).toBe(400);
  });
});

describe('GET /api/shop-info', () => {
  it("answers the demo shop's contact points by default", async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/shop-info' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(ShopInfoSchema.parse(response.json())).toEqual({
      name: 'Thaiyal',
      phone: '+91 98765 43210',
      phoneHref: 'tel:+919876543210',
      whatsappHref: 'https://wa.me/919876543210',
      // SHOP_EMAIL is where the shop's mails go; it is shown when SHOP_CONTACT_EMAIL is unset.
      email: SHOP,
      emailHref: `mailto:${SHOP}`,
      social: [{ network: 'instagram', href: 'https://www.instagram.com/thaiyal.pollachi' }],
      portfolioHref: 'https://thaiyal.in/portfolio',
      // The seller's details an Indian online shop must show (docs/product.md#terms-returns-and-faq).
      legalName: 'Thaiyal Tailoring (demo shop)',
      address: '12 Kovai Road, Pollachi, Coimbatore district, Tamil Nadu 642001',
      grievanceOfficer: {
        name: 'S. Meenakshi (demo)',
        email: 'grievance@thaiyal.in',
        phone: '+91 98765 43210',
        phoneHref: 'tel:+919876543210',
      },
      // docs/product.md#free-alterations: the window My Orders explains, ALTERATION_DAYS (7 by default).
      alterationDays: 7,
    });
  });

  it('answers the configured contact points', async () => {
    const local = await createTestContext({
      SHOP_PHONE: '04259 223344',
      SHOP_WHATSAPP: '+91 90000 12345',
      SHOP_CONTACT_EMAIL: 'hello@shop.test',
      SHOP_INSTAGRAM: 'https://instagram.com/shop',
      SHOP_FACEBOOK: 'https://facebook.com/shop',
      SHOP_YOUTUBE: 'https://youtube.com/@shop',
      SHOP_PORTFOLIO_URL: 'https://portfolio.test/',
      SHOP_LEGAL_NAME: '  Meena Tailors Private Limited ',
      SHOP_ADDRESS: '4 Market Road, Pollachi 642001',
      SHOP_GRIEVANCE_NAME: 'R. Kavitha',
      SHOP_GRIEVANCE_EMAIL: 'grievance@shop.test',
      SHOP_GRIEVANCE_PHONE: '+91 90000 55555',
    });
    try {
      const info = ShopInfoSchema.parse((await local.app.inject({ method: 'GET', url: '/api/shop-info' })).json());
      expect(info).toMatchObject({
        phone: '04259 223344',
        phoneHref: 'tel:04259223344',
        whatsappHref: 'https://wa.me/919000012345',
        email: 'hello@shop.test',
        emailHref: 'mailto:hello@shop.test',
        portfolioHref: 'https://portfolio.test/',
        legalName: 'Meena Tailors Private Limited',
        address: '4 Market Road, Pollachi 642001',
        grievanceOfficer: { name: 'R. Kavitha', email: 'grievance@shop.test', phone: '+91 90000 55555', phoneHref: 'tel:+919000055555' },
      });
      expect(info.social.map((link) => link.network)).toEqual(['instagram', 'facebook', 'youtube']);
    } finally {
      await local.close();
    }
  });

  it.each([
    ['SHOP_PHONE', 'call me'],
    ['SHOP_PHONE', '123'],
    ['SHOP_WHATSAPP', '+91 98765 43210 ext 4'],
    ['SHOP_CONTACT_EMAIL', 'not-an-email'],
    ['SHOP_INSTAGRAM', 'javascript:alert(1)'],
    ['SHOP_PORTFOLIO_URL', 'ftp://example.com'],
    ['SHOP_LEGAL_NAME', ' '],
    ['SHOP_LEGAL_NAME', 'x'.repeat(121)],
    ['SHOP_ADDRESS', '<script>alert(1)</script>'],
    ['SHOP_ADDRESS', 'line one\nline two'],
    ['SHOP_GRIEVANCE_NAME', 'A'],
    ['SHOP_GRIEVANCE_EMAIL', 'grievance at shop'],
    ['SHOP_GRIEVANCE_PHONE', 'call the office'],
  ])('refuses to start with a bad %s (%s)', (key, value) => {
    expect(() => parseConfig({ [key]: value })).toThrow(ConfigError);
    try {
      parseConfig({ [key]: value });
    } catch (error) {
      expect((error as ConfigError).badKeys).toEqual([key]);
    }
  });
});
