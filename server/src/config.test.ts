import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('applies docs/architecture.md#configuration defaults', () => {
    const config = parseConfig({}, '/srv/shop');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/shop/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      mailFrom: 'Thaiyal <no-reply@localhost>',
      demoCatalog: true,
      trustProxy: false,
    });
  });

  it('follows PORT in the default PUBLIC_URL and trims a trailing slash', () => {
    expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://thaiyal.in/' }).publicUrl).toBe('https://thaiyal.in');
  });

  it('lists every bad key in one message', () => {
    const bad = { PORT: 'eighty', SHOP_EMAIL: 'not-mail', DEMO_CATALOG: 'maybe', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' };
    let caught: unknown;
    try {
      parseConfig(bad);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.badKeys.sort()).toEqual(['DATABASE_URL', 'DEMO_CATALOG', 'PORT', 'SESSION_SECRET', 'SHOP_EMAIL']);
    expect(error.message.split(';')).toHaveLength(5);
  });

  it('reads the notification settings (docs/security.md#notifications): keys both or neither, the push hosts, the loopback receiver never in production', () => {
    expect(parseConfig({ SHOP_CONTACT_EMAIL: 'hello@shop.in' }).push).toEqual({
      vapid: undefined,
      subject: 'mailto:hello@shop.in',
      hosts: ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', 'web.push.apple.com', '*.push.apple.com'],
      allowLoopbackReceiver: false,
    });
    const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(parseConfig({ ...keys, PUSH_HOSTS: 'FCM.googleapis.com, *.push.example' }).push).toMatchObject({
      vapid: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
      hosts: ['fcm.googleapis.com', '*.push.example'],
    });
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/,
    );
    expect(() => parseConfig({ VAPID_SUBJECT: 'someone' })).toThrow(/VAPID_SUBJECT must be a mailto: address or an https: URL/);
    expect(() => parseConfig({ PUSH_HOSTS: 'http://fcm.googleapis.com' })).toThrow(/PUSH_HOSTS must be host names/);
    expect(parseConfig({ PUSH_ALLOW_LOOPBACK_RECEIVER: 'true' }).push.allowLoopbackReceiver).toBe(true);
    expect(() => parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), PUSH_ALLOW_LOOPBACK_RECEIVER: 'true' })).toThrow(
      /PUSH_ALLOW_LOOPBACK_RECEIVER is for tests only/,
    );
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reads the order limits per account (docs/security.md), 10 open and 5 an hour by default', () => {
    expect(parseConfig({}).orderLimits).toEqual({ maxOpenOrders: 10, maxOrdersPerHour: 5 });
    expect(parseConfig({ MAX_OPEN_ORDERS: '3', MAX_ORDERS_PER_HOUR: '20' }).orderLimits).toEqual({
      maxOpenOrders: 3,
      maxOrdersPerHour: 20,
    });
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => parseConfig({ MAX_OPEN_ORDERS: value, MAX_ORDERS_PER_HOUR: value }), value).toThrow(
        /MAX_OPEN_ORDERS must be a whole number of at least 1; MAX_ORDERS_PER_HOUR must be a whole number of at least 1/,
      );
    }
  });

  it('reads the home visits one account may hold (docs/security.md finding 10), 2 by default', () => {
    expect(parseConfig({}).maxOpenVisits).toBe(2);
    expect(parseConfig({ MAX_OPEN_VISITS: '5' }).maxOpenVisits).toBe(5);
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => parseConfig({ MAX_OPEN_VISITS: value }), value).toThrow(/MAX_OPEN_VISITS must be a whole number of at least 1/);
    }
  });

  it('reads ALTERATION_DAYS, 7 by default, a whole number from 1 to 90 (docs/product.md#free-alterations)', () => {
    expect(parseConfig({}).alterationDays).toBe(7);
    expect(parseConfig({ ALTERATION_DAYS: '14' }).alterationDays).toBe(14);
    for (const value of ['0', '-1', '2.5', 'seven']) {
      expect(() => parseConfig({ ALTERATION_DAYS: value }), value).toThrow(/ALTERATION_DAYS must be a whole number of at least 1/);
    }
    expect(() => parseConfig({ ALTERATION_DAYS: '91' })).toThrow(/ALTERATION_DAYS must be at most 90/);
  });
});

describe('SESSION_SECRET in production (docs/architecture.md#http-api: required when DATA_DIR is not private)', () => {
  const dirs: string[] = [];
  /** A fresh data directory with the given mode. */
  function dataDirWithMode(mode: number): string {
    const dir = mkdtempSync(join(tmpdir(), 'thaiyal-config-'));
    dirs.push(dir);
    chmodSync(dir, mode);
    return dir;
  }
  function refusal(env: Record<string, string>): ConfigError {
    try {
      parseConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error;
      throw error;
    }
    throw new Error('parseConfig accepted the configuration');
  }
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['readable by others', 0o755],
    ['readable by group', 0o750],
    ['writable by group', 0o730],
    ['writable by others', 0o703],
    ['open to all', 0o777],
  ])('refuses to start without SESSION_SECRET when DATA_DIR is %s (mode %o), saying what to do', (_label, mode) => {
    const dir = dataDirWithMode(mode);
    const error = refusal({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(error.badKeys).toEqual(['SESSION_SECRET']);
    expect(error.message).toContain(
      `SESSION_SECRET is required when NODE_ENV=production and DATA_DIR (${dir}) is readable or writable by group or others (mode 0${mode.toString(8)})`,
    );
    expect(error.message).toContain('set SESSION_SECRET to at least 32 random characters');
    expect(error.message).toContain(`chmod 700 ${dir}`);
  });

  it('refuses when DATA_DIR does not exist yet (it would be created with the default permissions)', () => {
    const missing = join(dataDirWithMode(0o700), 'not-yet');
    const error = refusal({ NODE_ENV: 'production', DATA_DIR: missing });
    expect(error.badKeys).toEqual(['SESSION_SECRET']);
    expect(error.message).toContain(`mkdir -m 700 ${missing}`);
  });

  it('starts with a private DATA_DIR (0700) and the generated secret', () => {
    const dir = dataDirWithMode(0o700);
    expect(parseConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toMatchObject({ dataDir: dir, sessionSecret: undefined });
  });

  it('starts with a shared DATA_DIR when SESSION_SECRET is set, and outside production', () => {
    const dir = dataDirWithMode(0o755);
    const secret = 'a-secret-of-at-least-32-characters-0123';
    expect(parseConfig({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(parseConfig({ NODE_ENV: 'development', DATA_DIR: dir }).sessionSecret).toBeUndefined();
    expect(parseConfig({ DATA_DIR: dir }).sessionSecret).toBeUndefined();
  });

  it('lists the missing secret with the other bad keys in one message', () => {
    const error = refusal({ NODE_ENV: 'production', DATA_DIR: dataDirWithMode(0o755), PORT: 'eighty' });
    expect(error.badKeys.sort()).toEqual(['PORT', 'SESSION_SECRET']);
    expect(error.message.split('; ')).toHaveLength(2);
  });
});

describe('STORAGE_URL (docs/decisions/020-pictures-on-s3-compatible-storage.md)', () => {
  it('keeps pictures in DATA_DIR/uploads when unset', () => {
    expect(parseConfig({ DATA_DIR: '/srv/shop/data/' }).storage).toEqual({ kind: 'file', root: '/srv/shop/data/uploads' });
  });

  it.each([
    [
      's3://AKIA1:se%2Fcr%2Bet@s3.ap-south-1.amazonaws.com/shop-pictures?region=ap-south-1',
      {
        endpoint: 'https://s3.ap-south-1.amazonaws.com',
        bucket: 'shop-pictures',
        prefix: '',
        region: 'ap-south-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'se/cr+et' },
      },
    ],
    [
      's3+http://minio:minio123@127.0.0.1:9000/thaiyal/live/',
      {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'thaiyal',
        prefix: 'live/',
        region: 'us-east-1',
        credentials: { accessKeyId: 'minio', secretAccessKey: 'minio123' },
      },
    ],
    ['s3://k:s@minio.lan:9000/b1b?tls=false&path_style=false', { endpoint: 'http://minio.lan:9000', forcePathStyle: false }],
    [
      's3://acc.r2.cloudflarestorage.com/pics?region=auto',
      { endpoint: 'https://acc.r2.cloudflarestorage.com', region: 'auto', credentials: undefined },
    ],
  ])('reads %s', (url, expected) => {
    expect(parseConfig({ STORAGE_URL: url }).storage).toMatchObject({ kind: 's3', ...expected });
  });

  it.each([
    ['https://host/bucket', 'must start with s3://'],
    ['s3://AKIA:sup3rs3cret@host', 'must name a bucket'],
    ['s3://AKIA:sup3rs3cret@host/B', 'must name a bucket'],
    ['s3://sup3rs3cret@host/bucket', 'both the access key and the secret'],
    ['s3://AKIA:sup3rs3cret@host/bucket?tls=no', 'option tls must be true or false'],
    ['s3://AKIA:sup3rs3cret@host/bucket?acl=public', 'unknown options (acl)'],
    ['s3+http://AKIA:sup3rs3cret@host/bucket?tls=true', 'both s3+http and tls=true'],
  ])('refuses %s, naming why and never the secret', (url, why) => {
    let caught: unknown;
    try {
      parseConfig({ STORAGE_URL: url });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).badKeys).toEqual(['STORAGE_URL']);
    expect((caught as ConfigError).message).toContain(why);
    expect((caught as ConfigError).message).not.toContain('sup3rs3cret');
  });
});
