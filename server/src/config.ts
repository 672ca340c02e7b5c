import { statSync } from 'node:fs';
import { z } from 'zod';
import type { StorageConfig } from './platform/object-store.js';

/**
 * Runtime configuration (docs/architecture.md#configuration "Runtime configuration"): the only reader of
 * `process.env`. Every variable of docs/architecture.md#http-api table, parsed once.
 */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite database, uploads, outbox, secret). */
  dataDir: string;
  /** `postgres://…` or undefined for PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Where pictures are stored: `STORAGE_URL`'s bucket, else `dataDir/uploads` (docs/decisions/020-pictures-on-s3-compatible-storage.md). */
  storage: StorageConfig;
  /** Origin used for absolute links and the Origin check, without a trailing slash. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  shopEmail: string | undefined;
  /** Explicit secret, or undefined to use (and create) `dataDir/secret`. */
  sessionSecret: string | undefined;
  demoCatalog: boolean;
  trustProxy: boolean;
  nodeEnv: string;
  /** Log level; `silent` in tests. */
  logLevel: string;
  /** The shop's public contact points (docs/product.md#contact): footer, contact page, `GET /api/shop-info`. */
  shop: ShopContactConfig;
  /** Order limits per account (`MAX_OPEN_ORDERS`, `MAX_ORDERS_PER_HOUR`; docs/security.md, order limits). */
  orderLimits: OrderLimitsConfig;
  /**
   * How many open orders (neither delivered nor cancelled) with a booked home visit one account
   * may have (`MAX_OPEN_VISITS`, default 2), so one account cannot empty the visit calendar
   * (docs/security.md finding 10; docs/product.md#home-visit-slot). A third is refused with 429.
   */
  maxOpenVisits: number;
  /**
   * How many shop days after delivery a shopper may ask for a free alteration of a garment
   * (`ALTERATION_DAYS`, default 7 as the returns page promises, at most 90; docs/product.md#free-alterations).
   */
  alterationDays: number;
  /** How long a connection may idle or a request may take to arrive (docs/security.md#findings-of-the-outside-probe, item 2). */
  httpTimeouts: HttpTimeoutsConfig;
  /** What the bill and the UPI QR at the door show (docs/product.md#payment-at-the-door, docs/product.md#the-bill). */
  billing: BillingConfig;
  /** Notifications (docs/product.md#notifications; docs/decisions/023-push-notifications.md). */
  push: PushConfig;
}

/**
 * Web Push settings (docs/decisions/023-push-notifications.md; docs/security.md#notifications):
 * - `vapid`: `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` (base64url, as `web-push
 *   generate-vapid-keys` prints them; both or neither), else undefined: the pair generated once
 *   into `DATA_DIR/vapid.json` (platform/push-keys.ts);
 * - `subject`: `VAPID_SUBJECT`, the contact a push service may write to (`mailto:` or `https:`),
 *   default `mailto:` the shop's contact e-mail;
 * - `hosts`: `PUSH_HOSTS`, comma-separated host names the shop posts notifications to (`*.` for
 *   any sub-domain), default the push services of Chrome, Firefox, Edge and Safari
 *   ({@link DEFAULT_PUSH_HOSTS});
 * - `allowLoopbackReceiver`: `PUSH_ALLOW_LOOPBACK_RECEIVER`, for the tests only (refused with
 *   `NODE_ENV=production`): also `http://127.0.0.1:<port>/…` endpoints.
 */
export interface PushConfig {
  vapid: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  hosts: readonly string[];
  allowLoopbackReceiver: boolean;
}

/**
 * The push services browsers hand out endpoints on: Chrome, Samsung Internet and Opera (Firebase
 * Cloud Messaging), Firefox (Mozilla autopush), Edge (Windows Push Notification Services,
 * `wns2-*.notify.windows.com`), Safari (Apple, `web.push.apple.com`).
 */
const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
] as const;

/**
 * The shop's payee and tax details: `SHOP_UPI_ID` (a UPI address like `thaiyal@okaxis`; unset, no
 * QR is shown), `SHOP_UPI_NAME` (the payee name the UPI app shows; the legal name by default) and
 * `SHOP_GSTIN` (printed on the bill when set).
 */
export interface BillingConfig {
  upiId: string | undefined;
  upiName: string;
  gstin: string | undefined;
}

/**
 * Socket timeouts in milliseconds, so idle and trickling connections cannot pile up
 * (ASVS 15.2.2, resources kept from exhaustion; docs/security.md#findings-of-the-outside-probe):
 * - `connectionMs` (`CONNECTION_TIMEOUT_MS`, default 30 000): a socket that sends or receives
 *   nothing for this long is closed, one that never sends a byte included;
 * - `requestMs` (`REQUEST_TIMEOUT_MS`, default 120 000): a request (headers and body) must
 *   have arrived whole within this time, however slowly it trickles (a 10 MB picture at
 *   100 KB/s takes 100 s), else 408 and the connection closes;
 * - `keepAliveMs` (`KEEP_ALIVE_TIMEOUT_MS`, default 10 000): an idle kept-alive connection is
 *   closed after this. Behind a reverse proxy (README) set the proxy's upstream keep-alive lower.
 */
export interface HttpTimeoutsConfig {
  connectionMs: number;
  requestMs: number;
  keepAliveMs: number;
}

/**
 * How many orders one account may have open (neither delivered nor cancelled) and place in an
 * hour, so one account cannot flood the shop's mail and the tailor's visits (docs/security.md,
 * order limits; ASVS 2.4.1). Defaults 10 and 5.
 */
export interface OrderLimitsConfig {
  maxOpenOrders: number;
  maxOrdersPerHour: number;
}

/**
 * The shop's public contact points from `SHOP_PHONE`, `SHOP_WHATSAPP`, `SHOP_CONTACT_EMAIL`,
 * `SHOP_INSTAGRAM`, `SHOP_FACEBOOK`, `SHOP_YOUTUBE` and `SHOP_PORTFOLIO_URL` (README
 * configuration table). The defaults are the demo shop's; a live shop sets its own.
 */
export interface ShopContactConfig {
  /** Phone as shown, e.g. `+91 98765 43210`. */
  phone: string;
  /** WhatsApp number as digits with the country code, e.g. `919876543210`. */
  whatsapp: string;
  /** E-mail shown to shoppers (not where the shop's mails go: that is `shopEmail`). */
  email: string;
  instagram: string | undefined;
  facebook: string | undefined;
  youtube: string | undefined;
  /** docs/product.md#screens: the external portfolio site the menu links to. */
  portfolioUrl: string;
  /**
   * The seller's details an online shop in India must show (Consumer Protection (E-Commerce)
   * Rules 2020, rule 4; docs/product.md#terms-returns-and-faq): legal name and address, from
   * `SHOP_LEGAL_NAME`, `SHOP_ADDRESS`.
   */
  legalName: string;
  address: string;
  /** The grievance officer: `SHOP_GRIEVANCE_NAME`, `SHOP_GRIEVANCE_EMAIL`, `SHOP_GRIEVANCE_PHONE` (the shop's phone by default). */
  grievanceOfficer: { name: string; email: string; phone: string };
  /** The tailor's name home shows beside her photo (docs/product.md#home): `SHOP_TAILOR_NAME`, unset by default (not shown). */
  tailorName: string | undefined;
}

/** The demo shop's contact points, used when the variables are unset. */
const DEMO_SHOP_CONTACT = {
  phone: '+91 98765 43210',
  email: 'hello@thaiyal.in',
  instagram: 'https://www.instagram.com/thaiyal.pollachi',
  portfolioUrl: 'https://thaiyal.in/portfolio',
  legalName: 'Thaiyal Tailoring (demo shop)',
  address: '12 Kovai Road, Pollachi, Coimbatore district, Tamil Nadu 642001',
  grievanceName: 'S. Meenakshi (demo)',
  grievanceEmail: 'grievance@thaiyal.in',
} as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Text shown to shoppers as the shop wrote it: trimmed, 2 to `max` characters, on one line. */
function shopText(max: number) {
  return z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\n\r<>]+$/, 'must be one line of text without < or >');
}

/** A phone number as people write it: digits, spaces, `+`, `-`, brackets; 8 to 15 digits. */
const phoneNumber = z
  .string()
  .regex(/^\+?[0-9 ()-]+$/, 'must be a phone number like +91 98765 43210')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 8 && digits <= 15;
  }, 'must be a phone number like +91 98765 43210');

/** A whole number of at least 1, as digits. */
const count = z.coerce
  .number({ message: 'must be a whole number of at least 1' })
  .int('must be a whole number of at least 1')
  .min(1, 'must be a whole number of at least 1');

const httpsUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

const EnvSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  STORAGE_URL: z
    .string()
    .regex(/^s3(\+https?)?:\/\//, 'must start with s3://, s3+https:// or s3+http://')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Thaiyal <no-reply@localhost>'),
  SHOP_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_CATALOG: bool.default(true),
  TRUST_PROXY: bool.default(false),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOP_PHONE: phoneNumber.default(DEMO_SHOP_CONTACT.phone),
  SHOP_WHATSAPP: phoneNumber.optional(),
  SHOP_CONTACT_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  SHOP_INSTAGRAM: httpsUrl.default(DEMO_SHOP_CONTACT.instagram),
  SHOP_FACEBOOK: httpsUrl.optional(),
  SHOP_YOUTUBE: httpsUrl.optional(),
  SHOP_PORTFOLIO_URL: httpsUrl.default(DEMO_SHOP_CONTACT.portfolioUrl),
  SHOP_LEGAL_NAME: shopText(120).default(DEMO_SHOP_CONTACT.legalName),
  SHOP_ADDRESS: shopText(300).default(DEMO_SHOP_CONTACT.address),
  SHOP_GRIEVANCE_NAME: shopText(120).default(DEMO_SHOP_CONTACT.grievanceName),
  SHOP_GRIEVANCE_EMAIL: z.email({ message: 'must be an e-mail address' }).default(DEMO_SHOP_CONTACT.grievanceEmail),
  SHOP_GRIEVANCE_PHONE: phoneNumber.optional(),
  SHOP_TAILOR_NAME: shopText(80).optional(),
  MAX_OPEN_ORDERS: count.default(10),
  MAX_ORDERS_PER_HOUR: count.default(5),
  MAX_OPEN_VISITS: count.default(2),
  ALTERATION_DAYS: count.pipe(z.number().max(90, 'must be at most 90')).default(7),
  CONNECTION_TIMEOUT_MS: count.default(30_000),
  REQUEST_TIMEOUT_MS: count.default(120_000),
  KEEP_ALIVE_TIMEOUT_MS: count.default(10_000),
  // A UPI virtual payment address: name@handle (NPCI allows letters, digits, dot, dash, underscore).
  SHOP_UPI_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/, { message: 'must be a UPI ID like shop@okaxis' })
    .optional(),
  SHOP_UPI_NAME: shopText(60).optional(),
  // The 15-character GST identification number: 2 digits of the state, the PAN, an entity digit, Z, a check character.
  SHOP_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, { message: 'must be a 15-character GSTIN' })
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key (87 characters, as web-push generate-vapid-keys prints it)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key (43 characters, as web-push generate-vapid-keys prints it)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  PUSH_HOSTS: z
    .string()
    .regex(
      /^\s*(\*\.)?[a-z0-9.-]+\s*(,\s*(\*\.)?[a-z0-9.-]+\s*)*$/i,
      'must be host names separated by commas, like fcm.googleapis.com,*.push.apple.com',
    )
    .optional(),
  PUSH_ALLOW_LOOPBACK_RECEIVER: bool.default(false),
});

/** The query parameters `STORAGE_URL` understands. */
const STORAGE_URL_OPTIONS = new Set(['region', 'tls', 'path_style']);

/**
 * Why `STORAGE_URL` cannot be used, or undefined. Never repeats the URL: it holds the secret.
 */
function storageUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL like s3://KEY:SECRET@host/bucket?region=…';
  }
  if (!url.hostname) return 'must name the store host, as in s3://KEY:SECRET@host/bucket';
  if (!/^\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/|$)/.test(url.pathname)) {
    return 'must name a bucket (3 to 63 lower-case letters, digits, dots, dashes) as its path, as in s3://KEY:SECRET@host/bucket';
  }
  if ((url.username === '') !== (url.password === '')) return 'must give both the access key and the secret (KEY:SECRET@), or neither';
  const unknown = [...url.searchParams.keys()].filter((key) => !STORAGE_URL_OPTIONS.has(key));
  if (unknown.length > 0) return `has unknown options (${unknown.join(', ')}); known: region, tls, path_style`;
  for (const key of ['tls', 'path_style']) {
    const option = url.searchParams.get(key);
    if (option !== null && option !== 'true' && option !== 'false') return `option ${key} must be true or false`;
  }
  if (url.protocol === 's3+http:' && url.searchParams.get('tls') === 'true') return 'says both s3+http and tls=true';
  return undefined;
}

/**
 * `STORAGE_URL` (checked by {@link storageUrlProblem}) as the S3 store's settings:
 * `s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=…&tls=false&path_style=false`. HTTPS
 * unless the scheme is `s3+http` or `tls=false`; region `us-east-1` unless given (`auto` for
 * Cloudflare R2); bucket in the path unless `path_style=false`; key and secret URL-decoded
 * (a secret with `/` or `+` is written `%2F`, `%2B`), absent: the AWS SDK's own credentials.
 */
function parseStorageUrl(value: string): StorageConfig {
  const url = new URL(value);
  const tls = url.protocol !== 's3+http:' && url.searchParams.get('tls') !== 'false';
  const [, bucket = '', ...rest] = url.pathname.split('/');
  const prefix = rest.filter(Boolean).join('/');
  return {
    kind: 's3',
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region: url.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: url.searchParams.get('path_style') !== 'false',
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
  };
}

/** Thrown by {@link parseConfig}: one message listing every bad key. */
export class ConfigError extends Error {
  constructor(
    readonly badKeys: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** `DATA_DIR` as an absolute path: relative ones are taken from `cwd`. */
function absoluteDataDir(dataDir: string, cwd: string): string {
  return dataDir.startsWith('/') ? dataDir : new URL(dataDir, `file://${cwd}/`).pathname;
}

/**
 * Why a generated secret is not safe in `dataDir`, or undefined when it is: the directory must
 * exist and give group and others no access (mode `0700`). The generated `DATA_DIR/secret` is
 * mode 0600, but in a directory others can write to it can be replaced (and with it every
 * session forged), and one others can read exposes the database beside it (docs/architecture.md#http-api
 * `SESSION_SECRET`; ASVS 13.3.1 secrets kept from other users of the machine).
 */
function generatedSecretProblem(dataDir: string): string | undefined {
  const fix = `set SESSION_SECRET to at least 32 random characters (for example the output of \`openssl rand -base64 48\`)`;
  let mode: number;
  try {
    mode = statSync(dataDir).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return `SESSION_SECRET is required when NODE_ENV=production and DATA_DIR (${dataDir}) does not exist yet, since it would be created with the default permissions: ${fix}, or create DATA_DIR private first with \`mkdir -m 700 ${dataDir}\``;
  }
  if ((mode & 0o077) === 0) return undefined;
  return `SESSION_SECRET is required when NODE_ENV=production and DATA_DIR (${dataDir}) is readable or writable by group or others (mode ${mode.toString(8).padStart(4, '0')}): ${fix}, or make DATA_DIR private with \`chmod 700 ${dataDir}\``;
}

/**
 * Parse configuration from an environment map (defaults to `process.env`).
 * Empty strings count as unset. With `NODE_ENV=production` and no `SESSION_SECRET`, the
 * generated secret's directory must be private: `DATA_DIR` must exist with no access for group
 * or others (docs/architecture.md#configuration `SESSION_SECRET`; the check reads the directory's mode, on POSIX systems).
 * @throws ConfigError listing every invalid variable, e.g.
 *   `Invalid configuration: PORT must be a port number; SHOP_EMAIL must be an e-mail address`;
 *   `SESSION_SECRET is required when NODE_ENV=production and DATA_DIR (/srv/data) is readable or
 *   writable by group or others (mode 0755): set SESSION_SECRET … or make DATA_DIR private …`.
 */
export function parseConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      if (!problems.has(key)) problems.set(key, `${key} ${issue.message}`);
    }
  }
  if (cleaned.NODE_ENV === 'production' && cleaned.SESSION_SECRET === undefined && process.platform !== 'win32') {
    const problem = generatedSecretProblem(absoluteDataDir(cleaned.DATA_DIR ?? './data', cwd).replace(/\/$/, ''));
    if (problem) problems.set('SESSION_SECRET', problem);
  }
  if (parsed.success && parsed.data.STORAGE_URL) {
    const problem = storageUrlProblem(parsed.data.STORAGE_URL);
    if (problem) problems.set('STORAGE_URL', `STORAGE_URL ${problem}`);
  }
  if ((cleaned.VAPID_PUBLIC_KEY === undefined) !== (cleaned.VAPID_PRIVATE_KEY === undefined)) {
    problems.set(
      'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither, to generate a pair into DATA_DIR)',
    );
  }
  // docs/security.md#notifications: a live shop never posts to a loopback address.
  if (cleaned.NODE_ENV === 'production' && parsed.success && parsed.data.PUSH_ALLOW_LOOPBACK_RECEIVER) {
    problems.set(
      'PUSH_ALLOW_LOOPBACK_RECEIVER',
      'PUSH_ALLOW_LOOPBACK_RECEIVER is for tests only and must not be set when NODE_ENV=production',
    );
  }
  if (!parsed.success || problems.size > 0) {
    throw new ConfigError([...problems.keys()], `Invalid configuration: ${[...problems.values()].join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = absoluteDataDir(e.DATA_DIR, cwd);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: dataDir.replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    storage: e.STORAGE_URL ? parseStorageUrl(e.STORAGE_URL) : { kind: 'file', root: `${dataDir.replace(/\/$/, '')}/uploads` },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL,
    sessionSecret: e.SESSION_SECRET,
    demoCatalog: e.DEMO_CATALOG,
    trustProxy: e.TRUST_PROXY,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    orderLimits: { maxOpenOrders: e.MAX_OPEN_ORDERS, maxOrdersPerHour: e.MAX_ORDERS_PER_HOUR },
    maxOpenVisits: e.MAX_OPEN_VISITS,
    alterationDays: e.ALTERATION_DAYS,
    httpTimeouts: { connectionMs: e.CONNECTION_TIMEOUT_MS, requestMs: e.REQUEST_TIMEOUT_MS, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS },
    billing: { upiId: e.SHOP_UPI_ID, upiName: e.SHOP_UPI_NAME ?? e.SHOP_LEGAL_NAME, gstin: e.SHOP_GSTIN },
    push: {
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SHOP_CONTACT_EMAIL ?? e.SHOP_EMAIL ?? DEMO_SHOP_CONTACT.email}`,
      hosts: e.PUSH_HOSTS
        ? e.PUSH_HOSTS.split(',')
            .map((host) => host.trim().toLowerCase())
            .filter(Boolean)
        : [...DEFAULT_PUSH_HOSTS],
      allowLoopbackReceiver: e.PUSH_ALLOW_LOOPBACK_RECEIVER,
    },
    shop: {
      phone: e.SHOP_PHONE.trim(),
      whatsapp: (e.SHOP_WHATSAPP ?? e.SHOP_PHONE).replace(/\D/g, ''),
      email: e.SHOP_CONTACT_EMAIL ?? e.SHOP_EMAIL ?? DEMO_SHOP_CONTACT.email,
      instagram: e.SHOP_INSTAGRAM,
      facebook: e.SHOP_FACEBOOK,
      youtube: e.SHOP_YOUTUBE,
      portfolioUrl: e.SHOP_PORTFOLIO_URL,
      legalName: e.SHOP_LEGAL_NAME,
      address: e.SHOP_ADDRESS,
      grievanceOfficer: {
        name: e.SHOP_GRIEVANCE_NAME,
        email: e.SHOP_GRIEVANCE_EMAIL,
        phone: (e.SHOP_GRIEVANCE_PHONE ?? e.SHOP_PHONE).trim(),
      },
      tailorName: e.SHOP_TAILOR_NAME,
    },
  };
}
