import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from './security-headers.js';

// securityHeaders() runs helmet's middleware once, against a stand-in response that records
// setHeader/removeHeader (docs/performance.md#what-limits-each-figure: helmet per request
// halved hello-world). That leans on how helmet works inside: it must set every header at once,
// through those two calls, the same for every request. Compared here with helmet itself on a
// real Node HTTP response, so a helmet release that works otherwise fails this test instead of
// silently dropping a header.

let server: Server;
let base: string;
let optionsFor: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    helmet(helmetOptions(optionsFor))(request, response, (error?: unknown) => {
      response.statusCode = error ? 500 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The headers helmet set on a real response (those Node sets by itself left out). */
async function realHelmetHeaders(publicUrl: string, path: string): Promise<Record<string, string>> {
  optionsFor = publicUrl;
  const response = await fetch(`${base}${path}`, { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0)' } });
  expect(response.status).toBe(200);
  const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries([...response.headers].filter(([name]) => !own.has(name)));
}

describe('security headers worked out once equal helmet’s on a real response', () => {
  it.each([
    ['http://localhost:3000', '/'],
    ['http://localhost:3000', '/api/product?x=1'],
    ['https://thaiyal.example', '/uploads/products/a-640.webp'],
  ])('for PUBLIC_URL %s, request %s', async (publicUrl, path) => {
    const once = securityHeaders(publicUrl);
    expect(await realHelmetHeaders(publicUrl, path)).toEqual(once);
    // What the shop relies on is there (ASVS 3.4.x; docs/security.md).
    expect(Object.keys(once)).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options']),
    );
    expect('strict-transport-security' in once).toBe(publicUrl.startsWith('https://'));
    expect(once['x-powered-by']).toBeUndefined();
  });
});
