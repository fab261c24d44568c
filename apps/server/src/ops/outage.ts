// Which errors mean "a dependency is away" (the database or Redis did not answer) rather than a bug:
// those are answered 503 `unavailable` with Retry-After (http/errorHandler.ts), never 500.

export type Dependency = 'database' | 'redis' | 'network';

/** Seconds a client is asked to wait before trying again after a 503 `unavailable`. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** SQLSTATEs of a lost or refused database connection (classes 08, 57P0x, 53300 too many connections). */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-4]|53300)$/;
/** Socket failures, whoever's socket it was. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);
/** node-postgres and PGlite say it in words. */
const DATABASE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'PGlite is closed',
  'Client was closed and is not queryable',
];
/** ioredis: no connection, a command that timed out, retries given up, no offline queue. */
const REDIS_MESSAGES = [
  'Connection is closed',
  'Command timed out',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
];

/** The dependency an error says is away, or null for any other error (a bug, a refusal). */
export function outageOf(error: unknown): Dependency | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => text.includes(m))) return 'redis';
    if (typeof code === 'string' && CONNECTION_SQLSTATE.test(code)) return 'database';
    if (DATABASE_MESSAGES.some((m) => text.includes(m))) return 'database';
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'network';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
