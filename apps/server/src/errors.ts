import { httpStatusOf, type ErrorCode, type ErrorStatus } from '@tenger/protocol/errors';

/**
 * A refusal the client caused or may be told about, named by a code of the one vocabulary
 * (`@tenger/protocol/errors`). Services throw it (which also rolls back the open transaction); the HTTP
 * error handler sends it as `{ error: { code, message, fields } }` with the code's status, and the table
 * channel as a REJECT with the same code (`rejectOf`).
 */
export class DomainError extends Error {
  /** The HTTP status of the code, looked up in the one map. */
  readonly status: ErrorStatus;

  constructor(
    public readonly code: ErrorCode,
    message: string = defaultMessage(code),
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
    this.status = httpStatusOf(code);
  }
}

/**
 * The older spelling with the status written at the call site. The status is no longer read: it follows
 * from the code (a test checks every literal status in the source agrees with the map). New code throws
 * `DomainError(code, message, fields)`.
 */
export class AppError extends DomainError {
  constructor(_status: number, code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(code, message, fields);
    this.name = 'AppError';
  }
}

/** What a table REJECT says for an error thrown inside a command, or undefined for an unexpected one. */
export function rejectOf(error: unknown): { code: ErrorCode; message: string } | undefined {
  return error instanceof DomainError ? { code: error.code, message: error.message } : undefined;
}

export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
export const conflict = (code: ErrorCode, message: string) => new DomainError(code, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new DomainError('validation_failed', message, fields);

/** "not_your_turn" → "Not your turn". */
function defaultMessage(code: ErrorCode): string {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
