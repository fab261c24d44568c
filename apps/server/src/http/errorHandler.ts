import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode, ErrorResponse } from '@tenger/protocol';
import { DomainError } from '../errors.js';
import { OUTAGE_RETRY_AFTER_SECONDS, outageOf } from '../ops/outage.js';

/** The one error shape for everything that leaves the server; nothing a client sends becomes a 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    if (error instanceof DomainError) {
      // A refusal that knows when to come back (auth/passwordGate.ts TooBusy) says so.
      const { retryAfterSeconds } = error as DomainError & { retryAfterSeconds?: number };
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      return reply.status(429).send(body('rate_limited', 'Too many requests. Please try again later.'));
    }
    if (status === 413) return reply.status(413).send(body('payload_too_large', 'Request body is too large'));
    if (status === 415) {
      return reply
        .status(415)
        .send(body('unsupported_media_type', 'Send JSON with Content-Type: application/json'));
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = (error as FastifyError).code?.startsWith('FST_ERR_CTP')
        ? 'Request body is not valid JSON'
        : 'Bad request';
      return reply.status(400).send(body('bad_request', message));
    }
    // The database or Redis did not answer: an outage, not a bug. Nothing was done; come back shortly.
    const away = outageOf(error);
    if (away) {
      request.log.warn({ err: error, dependency: away }, 'a dependency is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
        .send(body('unavailable', 'The service is briefly unavailable. Please try again in a few seconds.'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(body('internal', 'Something went wrong. Please try again.'));
  });
}

export function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorResponse {
  return { error: fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message } };
}
