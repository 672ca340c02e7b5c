import { describeMessage, ERROR_STATUS, type ErrorCode, type MessageParams, type ReasonedMessage } from '@thaiyal/contract';

/**
 * The one way to fail (docs/architecture.md#code-shape): `throw new AppError('not_found', 'Product not found')`.
 * The app's single error handler maps `code` to its HTTP status (contract `ERROR_STATUS`)
 * and answers `{message, code, reason?, params?, issues?}`. `message` is English; a catalog
 * text (contract `describeMessage`) gets its `reason` (and the limits it spells out as
 * `params`) by itself, and a message with data is thrown as built by the contract's
 * `MESSAGES_WITH_DATA` (`new AppError('conflict', MESSAGES_WITH_DATA.priceChanged(1250.5))`),
 * so clients can show every known message in their own language (docs/product.md#languages).
 */
export class AppError extends Error {
  readonly status: number;
  /** The message's reason (contract `MESSAGE_REASONS`), when it has one. */
  readonly reason: string | undefined;
  /** The data in the message's text, by name. */
  readonly params: MessageParams | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string | ReasonedMessage,
    readonly issues?: { path: (string | number)[]; message: string }[],
  ) {
    const described = typeof message === 'string' ? describeMessage(message) : message;
    super(typeof message === 'string' ? message : message.message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.reason = described?.reason;
    this.params = described?.params;
  }
}
