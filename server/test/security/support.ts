import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { call, codeIn, CookieJar } from '../auth-support.js';
import type { SmtpCapture } from '../smtp-capture.js';
import type { TestUser } from '../harness.js';

/** One route of the app: method and path as registered (`/api/cart/:productId`). */
export interface RouteEntry {
  method: string;
  path: string;
}

/**
 * Every route the app registered, read from `app.printRoutes({commonPrefix: false})` (Fastify
 * has no other listing), so a rule about "every route" also covers routes added later.
 * HEAD routes that Fastify adds beside GET are left out.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const segment = match[2]!;
    const path = `${stack.join('')}${segment}`;
    stack.push(segment);
    for (const method of (match[3] ?? '')
      .split(',')
      .map((one) => one.trim())
      .filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
}

/** `route` with its `:params` replaced from `values` (every param must have a value). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}

/** Sign in through `POST /api/auth/signin` and return the browser's cookie jar. */
export async function signInJar(app: FastifyInstance, user: Pick<TestUser, 'email' | 'password'>): Promise<CookieJar> {
  const jar = new CookieJar();
  const response = await call(app, 'POST', '/api/auth/signin', { body: { email: user.email, password: user.password }, jar });
  expect(response.statusCode, response.body).toBe(200);
  return jar;
}

/** A jar holding only a user's access token, as the harness minted it. */
export function accessJar(user: TestUser): CookieJar {
  const jar = new CookieJar();
  jar.set('access_token', user.accessToken);
  return jar;
}

/**
 * Sign up through the API and read the mailed one-time code: the account, its browser jar
 * (holding the `otp_session` cookie) and the code.
 */
export async function signUpThroughApi(
  app: FastifyInstance,
  smtp: SmtpCapture,
  options: { email?: string; username?: string; password?: string } = {},
): Promise<{ email: string; password: string; username: string; jar: CookieJar; code: string; response: LightMyRequestResponse }> {
  const email = options.email ?? `sec-${randomBytes(5).toString('hex')}@example.com`;
  const username = options.username ?? 'Kavya';
  const password = options.password ?? 'pattu pavadai 9';
  const jar = new CookieJar();
  const since = smtp.mails.length;
  const response = await call(app, 'POST', '/api/auth/signup', { body: { username, email, password }, jar });
  expect(response.statusCode, response.body).toBe(201);
  const mail = await smtp.waitFor(email, { since });
  return { email, password, username, jar, code: codeIn(mail), response };
}

/** The claims part of a JWT, decoded (no check). */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A compact JWS from raw header and claims objects and a signature (base64url), for forgeries. */
export function rawJwt(header: object, claims: object, signature = ''): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(claims)}.${signature}`;
}

/** A cookie as `app.inject` reports it. */
export interface InjectedCookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  maxAge?: number;
}

/** The cookies a response set, by name. */
export function cookiesByName(response: LightMyRequestResponse): Map<string, InjectedCookie> {
  return new Map((response.cookies as InjectedCookie[]).map((cookie) => [cookie.name, cookie]));
}
