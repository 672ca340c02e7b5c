import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PLATFORM_MESSAGES, type ErrorBody } from '@thaiyal/contract';
import { PG_CHARACTER_NOT_IN_REPERTOIRE, PG_UNTRANSLATABLE_CHARACTER, pgErrorCode } from './db-errors.js';
import { AppError } from './errors.js';

/** The body of an {@link AppError}: `{message, code, reason?, params?, issues?}` (contract `ErrorBodySchema`). */
function bodyOf(error: AppError): ErrorBody {
  const body: ErrorBody = { message: error.message, code: error.code };
  if (error.reason) body.reason = error.reason;
  if (error.params) body.params = error.params;
  if (error.issues) body.issues = error.issues;
  return body;
}

/**
 * The single error handler (docs/architecture.md#code-shape "A server module"): maps an {@link AppError} to its
 * status, a schema validation failure to 400 with the zod issues listed, Fastify's own
 * client errors (bad JSON, body too large, unsupported media type) to their 4xx, text that
 * PostgreSQL cannot store (a NUL character, which JSON and every text schema allow, found by
 * the fuzz suite: SQLSTATE 22021/22P05) to a 400, and anything else to a logged 500 whose
 * detail is hidden (ASVS 16.5.1). Every body is `{message, code, reason?, params?, issues?}`:
 * `reason` and `params` name a known message so clients can translate it (contract
 * `ErrorBodySchema`; an AppError's own, or the first zod issue's). The NUL case is
 * safe to answer after the fact: the failing statement is each write path's first write or
 * runs inside its transaction, so nothing was stored.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(bodyOf(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext ?? 'body', ...String(issue.instancePath).split('/').filter(Boolean)],
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send(bodyOf(new AppError('bad_request', issues[0]?.message ?? 'Invalid request', issues)));
    }
    const sqlState = pgErrorCode(error);
    if (sqlState === PG_CHARACTER_NOT_IN_REPERTOIRE || sqlState === PG_UNTRANSLATABLE_CHARACTER) {
      return reply.status(400).send(bodyOf(new AppError('bad_request', PLATFORM_MESSAGES.unstorableText)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 413 ? 'too_large' : status === 415 ? 'unsupported_media_type' : status === 429 ? 'too_many_requests' : 'bad_request';
      return reply.status(status).send({ message: error.message, code } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(bodyOf(new AppError('internal', PLATFORM_MESSAGES.internal)));
  });
}
