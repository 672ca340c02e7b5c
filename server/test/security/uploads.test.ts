import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductResponseSchema } from '@thaiyal/contract';
import { multipartBody, uploadedFiles, type TestFile } from '../admin-support.js';
import { changedTables, snapshotDb } from '../db-snapshot.js';
import { createTestContext, createUser, type TestContext, type TestUser } from '../harness.js';

/**
 * Upload rules (docs/security.md; ASVS 5.0 V5 File handling): what an admin's upload may be, where
 * it may land, and what `/uploads/` may serve. One named test per rule.
 */
let context: TestContext;
let admin: TestUser;
let png: Buffer;

const FIELDS = { name: 'Upload Test Blouse', description: 'Checked by the security suite.', price: '499', category: 'designer-blouse' };
const SENTINEL = 'TOP-SECRET-SENTINEL';

beforeAll(async () => {
  context = await createTestContext();
  admin = await createUser(context, { role: 'admin' });
  png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2b5' } })
    .png()
    .toBuffer();
  // Files an attacker would like /uploads/ to serve: beside the uploads folder and hidden in it.
  writeFileSync(join(context.dataDir, 'secret.txt'), SENTINEL);
  mkdirSync(join(context.dataDir, 'uploads', 'products'), { recursive: true });
  writeFileSync(join(context.dataDir, 'uploads', '.env'), SENTINEL);
});

afterAll(async () => {
  await context?.close();
});

async function upload(files: TestFile[]) {
  const { payload, headers } = await multipartBody(FIELDS, files);
  return context.app.inject({ method: 'POST', url: '/api/product', payload, headers: { ...headers, cookie: admin.cookie } });
}

/** Run a refused upload and check that no row and no file was added. */
async function expectRefused(files: TestFile[], status: number, code: string) {
  const filesBefore = uploadedFiles(context);
  const before = await snapshotDb(context.database.db);
  const response = await upload(files);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().code).toBe(code);
  expect(changedTables(before, await snapshotDb(context.database.db))).toEqual([]);
  expect(uploadedFiles(context)).toEqual(filesBefore);
  return response;
}

const file = (data: Buffer, filename: string, type: string): TestFile => ({ field: 'images', filename, type, data });

describe('what may be uploaded (ASVS 5.2)', () => {
  it('ASVS 5.2.2 a file is accepted only if its bytes decode as an image, whatever its declared name and type', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>'.repeat(20));
    await expectRefused([file(html, 'photo.jpg', 'image/jpeg')], 415, 'unsupported_media_type');
    await expectRefused(
      [file(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), html]), 'x.png', 'image/png')],
      415,
      'unsupported_media_type',
    );
    await expectRefused([file(Buffer.from('%PDF-1.7\n'), 'a.png', 'image/png')], 415, 'unsupported_media_type');
    // A real PNG declared as HTML is stored, but as the server's own WebP: the declared type is ignored.
    const response = await upload([file(png, 'page.html', 'text/html')]);
    expect(response.statusCode).toBe(201);
    const [url] = ProductResponseSchema.parse(response.json()).product.images;
    expect(url).toMatch(/^\/uploads\/products\/[0-9a-f]{16}-640\.webp$/);
    const served = await context.app.inject({ method: 'GET', url: url! });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('ASVS 5.2.1 a file over 10 MB is refused', async () => {
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    const response = await expectRefused([file(big, 'big.png', 'image/png')], 413, 'too_large');
    expect(response.json().message).toBe('Each image must be at most 10 MB');
  });

  it('ASVS 5.2.6 a pixel bomb (a small PNG declaring 100 megapixels) is refused before decoding', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused([file(bomb, 'bomb.png', 'image/png')], 413, 'too_large');
  });

  it('ASVS 5.2.2 SVG is refused, even when named and declared as PNG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" onload="alert(1)"><script>alert(2)</script><rect width="300" height="400"/></svg>',
    );
    await expectRefused([file(svg, 'logo.svg', 'image/svg+xml')], 415, 'unsupported_media_type');
    await expectRefused([file(svg, 'logo.png', 'image/png')], 415, 'unsupported_media_type');
  });
});

describe('where uploads land and what /uploads serves (ASVS 5.3.2, 13.4.3)', () => {
  it('ASVS 5.3.2 path tricks in uploaded file names never choose where a file is written', async () => {
    const names = [
      '../../../secret.txt',
      '..\\..\\evil.png',
      '/etc/passwd',
      '....//....//evil.png',
      'evil%2f..%2fx.png',
      '.htaccess',
      'a\u0000.png',
    ];
    const response = await upload(names.map((name) => file(png, name, 'image/png')).slice(0, 6));
    expect(response.statusCode).toBe(201);
    for (const url of ProductResponseSchema.parse(response.json()).product.images) {
      expect(url).toMatch(/^\/uploads\/products\/[0-9a-f]{16}-640\.webp$/);
    }
    // Only the server's names, only in its folders; the data directory's own files untouched.
    for (const path of uploadedFiles(context).filter((path) => path !== '.env')) {
      expect(path).toMatch(/^(products|banners)\/[0-9a-f]{16}-\d+\.(webp|jpg)$/);
    }
    expect(readdirSync(context.dataDir).sort()).toEqual(expect.arrayContaining(['secret.txt', 'uploads']));
    expect(readdirSync(context.dataDir).some((name) => /evil|passwd|htaccess/.test(name))).toBe(false);
  });

  it('ASVS 5.3.2 path tricks in /uploads URLs never reach a file outside the images', async () => {
    const attempts = [
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/products/..%2f..%2fsecret.txt',
      '/uploads/products/%2e%2e/%2e%2e/secret.txt',
      '/uploads/..%5csecret.txt',
      '/uploads/products/..%c0%af..%c0%afsecret.txt',
      '/uploads/%252e%252e/secret.txt',
      '/uploads//secret.txt',
      '/uploads/.env',
      '/uploads/products/.%2e/.env',
      '/uploads/products/x.webp%00.txt',
    ];
    for (const url of attempts) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain(SENTINEL);
    }
  });

  it('ASVS 13.4.3 /uploads lists no directories', async () => {
    const stored = uploadedFiles(context).find((path) => path.startsWith('products/'));
    expect(stored).toBeDefined();
    for (const url of ['/uploads/', '/uploads/products/', '/uploads/products', '/uploads/banners/']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.body, url).not.toContain(stored!.slice('products/'.length, 'products/'.length + 16));
    }
  });
});
