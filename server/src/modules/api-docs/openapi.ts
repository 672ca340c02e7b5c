import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ERROR_STATUS, ErrorBodySchema, type ErrorCode } from '@thaiyal/contract';
import { z } from 'zod';
import { routeTraits, type RouteTraits } from '../../platform/route-traits.js';
import { ACCESS_COOKIE } from '../auth/index.js';

/** The document's name for the session cookie's security scheme. */
const SESSION_SCHEME = 'session';
/** The document's name for the error body's schema (`#/components/schemas/ErrorBody`). */
const ERROR_BODY_COMPONENT = 'ErrorBody';

/**
 * Methods the app's cross-site check refuses when `Origin` is another site's (plugins/platform.ts, the
 * `onRequest` hook after the cookie plugin; docs/architecture.md#sessions-and-cookies).
 */
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Why a route may answer a refusal; each cause is a sentence of its status's description. */
type RefusalCause = keyof typeof CAUSE_TEXT;

/** The sentence each cause adds to its status's description. */
const CAUSE_TEXT = {
  invalid: 'the request does not fit the route’s schema: `issues` lists each problem, `message` the first',
  'bad-input': 'bad input that no schema can see: `message` says what',
  'signed-out': 'not signed in, or the session has ended: refresh the access token, else sign in',
  customer: 'the account is not an admin’s',
  'cross-site': 'the request’s `Origin` is another site’s',
  forbidden: 'not allowed: `message` says why',
  unverified: 'the e-mail is not verified yet (`code: "unverified"`)',
  'not-found': 'not found: `message` says what',
  conflict: 'it conflicts with the current state: `message` says how',
  'body-limit': 'the body, or an uploaded file, is over its size limit',
  'body-type': 'the body’s Content-Type is not one the route takes, or an uploaded file is not an image',
  'rate-limit': 'too many requests: try again after `Retry-After` seconds when it is sent',
  fault: 'a fault of the shop’s: try again',
  unavailable: 'the shop cannot answer now: try again in a moment',
} as const;

/** The cause of each `AppError` code a route declares in `schema.errors`. */
const CODE_CAUSE: Record<ErrorCode, RefusalCause> = {
  bad_request: 'bad-input',
  unauthorized: 'signed-out',
  forbidden: 'forbidden',
  unverified: 'unverified',
  not_found: 'not-found',
  conflict: 'conflict',
  too_large: 'body-limit',
  unsupported_media_type: 'body-type',
  too_many_requests: 'rate-limit',
  internal: 'fault',
  unavailable: 'unavailable',
};

/** Each refusal status a route may answer, with its causes. */
type Refusals = Map<number, Set<RefusalCause>>;

function add(refusals: Refusals, status: number, cause: RefusalCause): void {
  const causes = refusals.get(status) ?? new Set<RefusalCause>();
  causes.add(cause);
  refusals.set(status, causes);
}

/**
 * The refusals a route can answer (docs/architecture.md#http-api, #errors): 400 when it
 * validates a body, path or query; 413 and 415 when it reads a body; 401 (and 403 for an
 * admin route) from its guard; 429 from its rate limit; 403 for another site's request when
 * it changes state; and the codes it declares in `schema.errors` (contract `ERROR_STATUS`).
 */
function routeRefusals(method: string, schema: FastifySchema, traits: RouteTraits): Refusals {
  const refusals: Refusals = new Map();
  if (schema.body || schema.params || schema.querystring || schema.headers) add(refusals, 400, 'invalid');
  if (schema.body) {
    add(refusals, 413, 'body-limit');
    add(refusals, 415, 'body-type');
  }
  if (traits.access) add(refusals, 401, 'signed-out');
  if (traits.access === 'admin') add(refusals, 403, 'customer');
  if (traits.rateLimited) add(refusals, 429, 'rate-limit');
  if (STATE_CHANGING_METHODS.has(method)) add(refusals, 403, 'cross-site');
  for (const code of schema.errors ?? []) add(refusals, ERROR_STATUS[code], CODE_CAUSE[code]);
  return refusals;
}

/** The `security` of an operation: the session cookie for a guarded route (role `admin` for an admin's), none for a public one. */
function routeSecurity(traits: RouteTraits): Array<Record<string, string[]>> {
  if (!traits.access) return [];
  return [{ [SESSION_SCHEME]: traits.access === 'admin' ? ['admin'] : [] }];
}

/** The description of a refusal's answer: its causes' sentences. */
function sentence(causes: Set<RefusalCause>): string {
  const text = [...causes].map((cause) => CAUSE_TEXT[cause]).join('; or ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The zod schemas the document names as components instead of spelling out where used. */
const components = z.registry<{ id: string }>();
components.add(ErrorBodySchema, { id: ERROR_BODY_COMPONENT });
const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components });

type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * The swagger transform of one route: pages, pictures, the sitemap and robots are hidden;
 * an `/api` route gets its `security` from its guard and an answer for each refusal it can
 * make ({@link routeRefusals}) with the error body, unless it declares that status itself;
 * then fastify-type-provider-zod turns its zod schemas into JSON Schema.
 */
function transformRoute(input: TransformInput): ReturnType<typeof zodTransform> {
  const { schema, url } = input;
  if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
  const route = (input as { route?: RouteOptions }).route;
  const traits = route ? routeTraits(route) : { access: undefined, rateLimited: false };
  const method = String(route?.method ?? 'GET');
  const { errors: _declared, ...rest } = schema ?? {};
  const response: Record<string, unknown> = { ...(rest.response as Record<string, unknown> | undefined) };
  for (const [status, causes] of routeRefusals(method, schema ?? {}, traits)) {
    if (response[status] !== undefined) continue;
    response[status] = { description: sentence(causes), content: { 'application/json': { schema: ErrorBodySchema } } };
  }
  const transformed = zodTransform({ ...input, schema: { ...rest, response, security: routeSecurity(traits) } });
  const tooMany = (transformed.schema as { response?: Record<string, { headers?: object }> }).response?.[429];
  if (tooMany) tooMany.headers = { 'retry-after': { type: 'integer', minimum: 1, description: 'Seconds to wait, when the limit knows.' } };
  return transformed;
}

/**
 * The document's shared parts: the error body's component (its zod schema's answer form:
 * the contact form's refusals add `success: false` to it, docs/product.md#contact, so it is
 * left open to more fields) and no input twin of it, since no request sends one.
 */
function transformDocument(input: Parameters<typeof zodTransformObject>[0]): ReturnType<typeof zodTransformObject> {
  const document = zodTransformObject(input) as { components?: { schemas?: Record<string, Record<string, unknown>> } };
  const schemas = document.components?.schemas ?? {};
  delete schemas[`${ERROR_BODY_COMPONENT}Input`];
  const errorBody = schemas[ERROR_BODY_COMPONENT];
  if (errorBody) {
    delete errorBody.additionalProperties;
    errorBody.description = 'Every refusal’s body (docs/architecture.md#errors).';
  }
  return document as ReturnType<typeof zodTransformObject>;
}

/**
 * Register @fastify/swagger for `GET /api/openapi.json` (docs/architecture.md#http-api): the
 * OpenAPI 3.1 document of every route under `/api`, from the routes' own definitions: their
 * zod schemas, `schema.operationId` and `schema.summary`, who may call them (their guard's
 * mark, as a cookie security scheme named after {@link ACCESS_COOKIE}) and the refusals they
 * can answer ({@link routeRefusals}). Call it before the routes are registered: the plugin
 * hears each route as it is added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Thaiyal',
        version: '1',
        description:
          'The shop API: catalog, accounts, cart, wishlist, orders with home visits, and the admin dashboard. Errors answer {message, code, reason?, params?, issues?} (docs/architecture.md#errors).',
      },
      // Relative: the shop that serves this document (OpenAPI 3.1 §4.8.5), whatever its PUBLIC_URL.
      servers: [{ url: '/', description: 'The shop that serves this document' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: ACCESS_COOKIE,
            description:
              'The session’s access token (about 15 minutes), set by sign-in and renewed by `POST /api/auth/refresh-token` (docs/architecture.md#sessions-and-cookies). An operation that needs role `admin` refuses a customer with 403.',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });
}
