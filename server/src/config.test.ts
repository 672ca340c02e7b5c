import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('applies DESIGN.md defaults', () => {
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

  it('treats empty strings as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });
});
