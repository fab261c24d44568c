import type { ErrorCode } from '@tenger/protocol';

/**
 * A refusal the client caused or may be told about: it carries the HTTP status and the error code of
 * the one error shape. Services throw it (which also rolls back the open transaction); the HTTP
 * error handler turns it into `{ error: { code, message, fields } }`.
 */
export class AppError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_failed', message, fields);
