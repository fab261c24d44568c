import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** Fields whose values are secrets wherever they appear in a log line (top level and two levels down). */
const SECRET_FIELDS = [
  'token',
  'accessToken',
  'password',
  'currentPassword',
  'newPassword',
  'repeatPassword',
  'authorization',
];
const REDACTED = '[redacted]';
/** Query-string keys whose values are secrets (reset links carry `token`). */
const SECRET_QUERY_KEY = /^(token|access_?token|password|key|code)$/i;

/**
 * The options of every server logger: no secret (reset token, access token, password) is ever written.
 * `redact` censors secret fields in any logged object; the `req` serializer (which Fastify uses for
 * "incoming request") drops headers and censors secret query values in the URL; the `err` serializer
 * drops the values of failed database queries (see `serializeError`).
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
      censor: REDACTED,
    },
    serializers: { req: serializeRequest, err: serializeError },
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

/**
 * A failed query's error carries its parameters (Drizzle's "Failed query: …\nparams: …", its `params`,
 * PostgreSQL's `detail` such as "Key (email)=(…) already exists"): whatever a client typed, a password
 * in the username field included. The query text stays (it names what failed); the values never reach
 * the log.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  const record = serialized as Record<string, unknown>;
  for (const key of ['params', 'parameters', 'detail']) {
    if (key in record) record[key] = REDACTED;
  }
  for (const key of ['message', 'stack']) {
    if (typeof record[key] === 'string') record[key] = withoutQueryValues(record[key]);
  }
  return record;
}

/** Cuts "params: …" (and what a cause appended to it) from a message or a stack's head. */
function withoutQueryValues(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, `\nparams: ${REDACTED}`);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** `/auth/reset-password?token=abc&x=1` -> `/auth/reset-password?token=[redacted]&x=1`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // an undecodable key is logged as it came
      }
      return SECRET_QUERY_KEY.test(name) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}
