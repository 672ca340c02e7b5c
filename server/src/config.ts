import { z } from 'zod';

/**
 * Runtime configuration (DESIGN.md "Runtime configuration"): the only reader of
 * `process.env`. Every variable of DESIGN.md's table, parsed once.
 */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite database, uploads, outbox, secret). */
  dataDir: string;
  /** `postgres://…` or undefined for PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
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
  /** The shop's public contact points (issue 6 §2): footer, contact page, `GET /api/shop-info`. */
  shop: ShopContactConfig;
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
  /** SPEC §2: the external portfolio site the menu links to. */
  portfolioUrl: string;
}

/** The demo shop's contact points, used when the variables are unset. */
export const DEMO_SHOP_CONTACT = {
  phone: '+91 98765 43210',
  email: 'hello@thaiyal.in',
  instagram: 'https://www.instagram.com/thaiyal.pollachi',
  portfolioUrl: 'https://thaiyal.in/portfolio',
} as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A phone number as people write it: digits, spaces, `+`, `-`, brackets; 8 to 15 digits. */
const phoneNumber = z
  .string()
  .regex(/^\+?[0-9 ()-]+$/, 'must be a phone number like +91 98765 43210')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 8 && digits <= 15;
  }, 'must be a phone number like +91 98765 43210');

const httpsUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

const EnvSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
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
});

/** Thrown by {@link parseConfig}: one message listing every bad key. */
export class ConfigError extends Error {
  constructor(readonly badKeys: string[], message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Parse configuration from an environment map (defaults to `process.env`).
 * Empty strings count as unset.
 * @throws ConfigError listing every invalid variable, e.g.
 *   `Invalid configuration: PORT must be a port number; SHOP_EMAIL must be an e-mail address`.
 */
export function parseConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      if (!problems.has(key)) problems.set(key, `${key} ${issue.message}`);
    }
    throw new ConfigError([...problems.keys()], `Invalid configuration: ${[...problems.values()].join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR.startsWith('/') ? e.DATA_DIR : new URL(e.DATA_DIR, `file://${cwd}/`).pathname;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: dataDir.replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL,
    sessionSecret: e.SESSION_SECRET,
    demoCatalog: e.DEMO_CATALOG,
    trustProxy: e.TRUST_PROXY,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    shop: {
      phone: e.SHOP_PHONE.trim(),
      whatsapp: (e.SHOP_WHATSAPP ?? e.SHOP_PHONE).replace(/\D/g, ''),
      email: e.SHOP_CONTACT_EMAIL ?? e.SHOP_EMAIL ?? DEMO_SHOP_CONTACT.email,
      instagram: e.SHOP_INSTAGRAM,
      facebook: e.SHOP_FACEBOOK,
      youtube: e.SHOP_YOUTUBE,
      portfolioUrl: e.SHOP_PORTFOLIO_URL,
    },
  };
}
