import { z } from './zod.js';

/**
 * Error codes and their HTTP statuses (DESIGN.md errors). The server's single error handler
 * maps an `AppError(code)` to the status here.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** Sign-in refused until the e-mail is verified (issue "Accounts" §1). */
  unverified: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every error body: `{message, code, issues?}`; `issues` lists zod issues on a 400. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
