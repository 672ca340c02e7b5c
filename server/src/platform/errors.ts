import { ERROR_STATUS, type ErrorCode } from '@thaiyal/contract';

/**
 * The one way to fail (STYLE.md): `throw new AppError('not_found', 'Product not found')`.
 * The app's single error handler maps `code` to its HTTP status (contract `ERROR_STATUS`)
 * and answers `{message, code, issues?}`.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: (string | number)[]; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}
