import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** HSTS max-age: one year, ASVS 3.4.1's minimum. */
export const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy of every response (ASVS 3.4.3, 3.4.6), as directive → sources.
 * Suited to the built web app (web/dist): its scripts and styles are files of the shop's own
 * origin; nothing is loaded from elsewhere.
 * - `style-src 'unsafe-inline'`: react-hot-toast's CSS-in-JS (goober) writes a `<style>`
 *   element at run time, which a nonce cannot cover in a static SPA. Scripts stay strict.
 * - `img-src data: blob:`: the inline SVG favicon of index.html and previews of images an
 *   admin picks before uploading (object URLs).
 * - `worker-src blob:`: canvas-confetti draws in a Web Worker made from a Blob.
 * - `base-uri 'none'`, `object-src 'none'`: ASVS 3.4.3's minimum; `frame-ancestors 'none'`:
 *   no site may frame the shop (clickjacking, ASVS 3.4.6).
 * - `upgrade-insecure-requests` only when the shop is served over https.
 */
function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Options of `helmet` for a shop served at `publicUrl` (docs/architecture.md#configuration `PUBLIC_URL`):
 * the CSP above, `X-Content-Type-Options: nosniff` (ASVS 3.4.4), `Referrer-Policy:
 * strict-origin-when-cross-origin` (ASVS 3.4.5: paths such as `/api/reset/{token}` never
 * leave the site), `X-Frame-Options: DENY` for old browsers, `Cross-Origin-Opener-Policy:
 * same-origin` (ASVS 3.4.8), `Cross-Origin-Resource-Policy: same-origin` (ASVS 3.5.8), and
 * `Strict-Transport-Security` (one year, sub-domains; ASVS 3.4.1) only when `publicUrl` is
 * https: sent over plain http it would be ignored at best and lock a local shop out at worst.
 */
export function helmetOptions(publicUrl: string): HelmetOptions {
  const https = publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    xPoweredBy: true,
  };
}

/**
 * The headers helmet sets for {@link helmetOptions}, by lower-case name, worked out once: they
 * are the same for every response, and @fastify/helmet would rebuild the middleware (parsing
 * the whole CSP again) on every request, about a sixth of a small answer's time (docs/performance.md#how-it-measures).
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(publicUrl))({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Put the security headers on every response of `app` (API, uploads, web app, 404s and
 * errors alike): an `onRequest` hook of the root instance, so register it before any route.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const headers = securityHeaders(publicUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
