import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { serializeRequest } from './platform/log-redaction.js';
import { api } from './plugins/api.js';
import { platform, type PlatformOptions } from './plugins/platform.js';
import { web, type WebOptions } from './plugins/web.js';

/** What {@link buildApp} needs; everything with a lifetime is made by the caller. */
export interface AppDeps extends PlatformOptions, WebOptions {
  /** Where the log lines go; default standard output. Tests read them. */
  logStream?: { write(line: string): void };
}

/**
 * Fastify's own options: pino logging with a UUID request id per request (reset tokens
 * redacted from logged URLs), `trustProxy` from TRUST_PROXY, a 64 KiB body limit and the
 * connection timeouts of config.ts `HttpTimeoutsConfig`.
 */
function serverOptions(config: Config, logStream: AppDeps['logStream']): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Idle and trickling connections are closed (config.ts HttpTimeoutsConfig). Node checks
    // for late requests every `connectionsCheckingInterval`, 30 s by default: a quarter of the
    // request timeout keeps the closing close to it; headers must arrive within it too.
    connectionTimeout: config.httpTimeouts.connectionMs,
    requestTimeout: config.httpTimeouts.requestMs,
    keepAliveTimeout: config.httpTimeouts.keepAliveMs,
    http: {
      headersTimeout: Math.min(60_000, config.httpTimeouts.requestMs),
      requestTimeout: config.httpTimeouts.requestMs,
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(config.httpTimeouts.requestMs / 4))),
    },
    // While closing, the shop's own 503 with its error body answers (plugins/platform.ts), not Fastify's.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
  };
}

/**
 * Build the Fastify app (docs/architecture.md#request-flow) from three plugins, in this order:
 * - `platform` (plugins/platform.ts): what every route stands on, the whole app's through
 *   fastify-plugin: validation, the error handler, the closing 503, `no-store`, security
 *   headers, compression, the decorations (catalog, sessions, clock, config, images, rate
 *   limits, mail, after-answer work), cookies and the Origin check;
 * - `api` (plugins/api.ts): the OpenAPI document and every module's routes under `/api`;
 * - `web` (plugins/web.ts): `/uploads/`, the crawler files, the built web app's files, the page
 *   redirects, every page rendered on the server (`GET /*`, modules/pages) and the JSON 404.
 * Never listens; `main.ts` does.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(deps.config, deps.logStream));
  await app.register(platform, deps);
  await app.register(api, { database: deps.database });
  await app.register(web, { database: deps.database, webDistDir: deps.webDistDir, picturesInProgress: deps.picturesInProgress });
  return app;
}
