import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';

/** The repository root, found from this file (apps/server/src or apps/server/dist), never from the cwd. */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export interface ScryptParams {
  /** CPU/memory cost, a power of two. OWASP: 2^17 with r=8, p=1. */
  N: number;
  r: number;
  p: number;
}

export interface RateLimitConfig {
  /** Failed logins (and resets) per address per hour, whatever the account; the next one from it is refused. */
  failuresPerHour: number;
  /** Requests per IP per minute on login, register and forgot-password. */
  authRequestsPerMinute: number;
}

/**
 * Bounds on password work (scrypt at 128 MB each) and on guessing. Every path that hashes or checks a
 * password asks the one gate first (auth/passwordGate.ts); past a bound the answer is 429 with
 * Retry-After at once, never a queue.
 */
export interface PasswordGuardConfig {
  /** Password hashes running at once in this process (all users together). */
  inFlight: number;
  /** At once for one user (for a login: one account from one address). */
  perUserInFlight: number;
  /** At once from one address. */
  perAddressInFlight: number;
  /** Per sliding minute for one user (for a login: one account from one address). */
  perUserPerMinute: number;
  /** Per sliding minute from one address. */
  perAddressPerMinute: number;
  /** Wrong passwords for one account from one address in an hour; then that pair is refused. */
  pairFailuresPerHour: number;
  /**
   * Wrong passwords for one account from all addresses in an hour after which the account slows down:
   * an address that has failed on it gets no further try this hour; an address with no failure still does.
   */
  accountSlowdownAfter: number;
}

export const DEFAULT_PASSWORD_GUARD: PasswordGuardConfig = {
  inFlight: 8,
  perUserInFlight: 1,
  perAddressInFlight: 4,
  perUserPerMinute: 10,
  perAddressPerMinute: 60,
  pairFailuresPerHour: 10,
  accountSlowdownAfter: 20,
};

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  admin: { username: string; password?: string; email: string };
  publicOrigins: string[];
  /**
   * The origin links in mails point at (PUBLIC_ORIGIN's first entry), or undefined when PUBLIC_ORIGIN is
   * not set: then a link takes the asking request's origin only if it is one of `publicOrigins` (the
   * development origins), else the first of them. Production and SMTP_URL require PUBLIC_ORIGIN.
   */
  mailLinkOrigin?: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Behind a reverse proxy: trust X-Forwarded-For from this many hops, so rate limits see client IPs. */
  trustProxyHops: number;
  webDist: string;
  scrypt: ScryptParams;
  tokenTtlHours: number;
  rateLimits: RateLimitConfig;
  passwordGuard: PasswordGuardConfig;
  /** Open WebSocket connections (/ws/global and /ws/table together) per client IP, over the whole site. */
  wsConnectionsPerIp: number;
  /**
   * Open TCP connections (HTTP and WebSocket together) per peer address in one process, counted at
   * accept; 0 turns the cap off. Behind a proxy the peer is the proxy, so the default is off when
   * TRUST_PROXY > 0 and the proxy caps each client (deploy/nginx.conf, limit_conn).
   */
  tcpConnectionsPerIp: number;
  /**
   * 429 answers per peer address in a minute after which its connections are refused at accept for the
   * rest of that minute (http/connectionCap.ts); 0: never. Off by default behind a proxy (the peer is
   * the proxy; nginx's limit_req answers the flood there).
   */
  httpRefusalsPerIp: number;
  /** How long a client may take to send a whole request head before the connection is dropped (408). */
  httpHeadersTimeoutMs: number;
  /**
   * An idle keep-alive connection is closed after this (HTTP_KEEP_ALIVE_TIMEOUT_MS). Behind nginx, whose
   * upstream connections idle 4 s at most, the default 5 s keeps the proxy the side that closes first; a
   * direct client that reuses a connection just as the server closes it gets ECONNRESET.
   */
  httpKeepAliveTimeoutMs: number;
  /**
   * How long a table socket stays open after its table closed for good (TABLE_CLOSED_LINGER_MS): a
   * tournament's last words to it (where a player was moved, a finish) may follow `table-closed`.
   */
  tableClosedLingerMs: number;
  /** On SIGTERM/SIGINT: how long running hands may take to finish before they are voided. */
  shutdownDrainMs: number;
  /** Redis 7 for a site of several processes (bus, table leases, shared counters); none: one process. */
  redisUrl?: string;
  /** This process's name in the cluster (table owner, bus sender): NODE_ID, default host:pid. */
  nodeId: string;
  /** How long a table lease lives unrenewed (TABLE_LEASE_TTL_MS, default 8000): a dead process's tables move after this. */
  leaseTtlMs: number;
  /** Prefix of every Redis key and channel (REDIS_PREFIX, default "tenger:"): sites (or tests) sharing one Redis stay apart. */
  redisPrefix: string;
  /** The bots' thinking pause before each decision, ms [min, max] (BOT_PAUSE_MS=min-max); unset: human pace. */
  botPauseMs?: [number, number];
  /** How often session time limits are looked at, ms (protection/playSessions.ts); unset: 30 s, 0: never (tests). */
  sessionSweepMs?: number;
  /** How often the security desk's detectors read newly settled hands, ms (security/securityScan.ts); unset: 60 s, 0: never (tests). */
  securityScanMs?: number;
  /**
   * The administrators' second factor (auth/secondFactor.ts). `required`: every administrator enrols and
   * every admin session passes it (always in production; ADMIN_TOTP_REQUIRED=true elsewhere). `secret`
   * (ADMIN_TOTP_SECRET, base32): the TOTP secret of the administrator made from the environment at first start.
   */
  adminTotp: { required: boolean; secret?: string };
  /** Prometheus's /metrics on its own listener (METRICS_PORT; unset: no metrics), never the public port. */
  metricsPort?: number;
  /** The metrics listener's address (METRICS_HOST, default loopback). */
  metricsHost: string;
}

/** The default drain limit of a graceful shutdown (SHUTDOWN_DRAIN_SECONDS). */
export const DEFAULT_SHUTDOWN_DRAIN_SECONDS = 60;

/** Open TCP connections per address when not behind a proxy (TCP_MAX_CONNECTIONS_PER_IP). */
export const DEFAULT_TCP_CONNECTIONS_PER_IP = 200;
/** 429s per address in a minute before its connections are refused at accept (HTTP_MAX_REFUSALS_PER_IP). */
export const DEFAULT_HTTP_REFUSALS_PER_IP = 100;
/** Time to send a whole request head (HTTP_HEADERS_TIMEOUT_MS): a slowloris holds a connection no longer. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** An idle keep-alive connection's life (HTTP_KEEP_ALIVE_TIMEOUT_MS): longer than nginx's upstream 4 s. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** A closed table's sockets close this long after `table-closed` (TABLE_CLOSED_LINGER_MS). */
export const DEFAULT_TABLE_CLOSED_LINGER_MS = 60_000;

export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Origins allowed to call the API when PUBLIC_ORIGIN is not set (development). */
const DEV_ORIGINS = 'http://localhost:3000,http://127.0.0.1:3000,http://localhost:5173';

const EnvSchema = z.object({
  PORT: z.coerce.number().int('PORT must be a whole number').min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(
      /^[A-Za-z0-9_.-]{3,32}$/,
      'ADMIN_USERNAME must be 3 to 32 letters, digits, dots, dashes or underscores',
    )
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').max(128).optional(),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an email address').default('admin@tenger.local'),
  PUBLIC_ORIGIN: z.string().optional(),
  NODE_ENV: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Tenger Poker <no-reply@tenger.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.coerce.number().int('TRUST_PROXY must be a number of proxy hops').min(0).max(10).default(0),
  METRICS_PORT: z.coerce.number().int('METRICS_PORT must be a whole number').min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  WS_MAX_CONNECTIONS_PER_IP: z.coerce
    .number()
    .int('WS_MAX_CONNECTIONS_PER_IP must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(100),
  TCP_MAX_CONNECTIONS_PER_IP: z.coerce
    .number()
    .int('TCP_MAX_CONNECTIONS_PER_IP must be a whole number (0: no cap)')
    .min(0)
    .max(1_000_000)
    .optional(),
  HTTP_MAX_REFUSALS_PER_IP: z.coerce
    .number()
    .int('HTTP_MAX_REFUSALS_PER_IP must be a whole number (0: never refuse connections for it)')
    .min(0)
    .max(1_000_000)
    .optional(),
  PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE: z.coerce
    .number()
    .int('PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE must be a whole number')
    .min(1)
    .max(100_000)
    .default(DEFAULT_PASSWORD_GUARD.perAddressPerMinute),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int('HTTP_HEADERS_TIMEOUT_MS must be a whole number of milliseconds')
    .min(100)
    .max(120_000)
    .default(DEFAULT_HEADERS_TIMEOUT_MS),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number()
    .int('HTTP_KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds')
    .min(1_000)
    .max(3_600_000)
    .default(DEFAULT_KEEP_ALIVE_TIMEOUT_MS),
  TABLE_CLOSED_LINGER_MS: z.coerce
    .number()
    .int('TABLE_CLOSED_LINGER_MS must be a whole number of milliseconds')
    .min(0)
    .max(3_600_000)
    .default(DEFAULT_TABLE_CLOSED_LINGER_MS),
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number()
    .int('SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds')
    .min(0)
    .max(3600)
    .default(DEFAULT_SHUTDOWN_DRAIN_SECONDS),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  NODE_ID: z
    .string()
    .regex(
      /^[A-Za-z0-9_.:-]{1,64}$/,
      'NODE_ID must be 1 to 64 letters, digits, dots, colons, dashes or underscores',
    )
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9_.:-]{1,64}$/,
      'REDIS_PREFIX must be 1 to 64 letters, digits, dots, colons, dashes or underscores',
    )
    .default('tenger:'),
  TABLE_LEASE_TTL_MS: z.coerce.number().int().min(1_000).max(60_000).default(8_000),
  BOT_PAUSE_MS: z
    .string()
    .regex(/^\d{1,6}-\d{1,6}$/, 'BOT_PAUSE_MS must be min-max in milliseconds, e.g. 900-3500')
    .transform((range) => range.split('-').map(Number) as [number, number])
    .refine(([min, max]) => min <= max, 'BOT_PAUSE_MS: the minimum must not exceed the maximum')
    .optional(),
  ADMIN_TOTP_REQUIRED: z.enum(['true', 'false'], 'ADMIN_TOTP_REQUIRED must be true or false').optional(),
  ADMIN_TOTP_SECRET: z
    .string()
    .transform((secret) => secret.replace(/[\s=]/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(
          /^[A-Z2-7]{16,128}$/,
          'ADMIN_TOTP_SECRET must be base32 (letters A-Z and digits 2-7), at least 16 characters (80 bits; 32 recommended)',
        ),
    )
    .optional(),
});

/** Reads and validates the environment; every problem is reported at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.PUBLIC_ORIGIN)
    throw new ConfigError([
      "PUBLIC_ORIGIN: required when NODE_ENV=production (the site's address, e.g. https://poker.example.mn): links in mails point there",
    ]);
  if (e.SMTP_URL && !e.PUBLIC_ORIGIN)
    throw new ConfigError([
      "PUBLIC_ORIGIN: required when SMTP_URL is set (the site's address, e.g. https://poker.example.mn): reset links in mails are built from it, never from the Host header of a request",
    ]);
  if (e.NODE_ENV === 'production' && e.ADMIN_TOTP_REQUIRED === 'false')
    throw new ConfigError([
      'ADMIN_TOTP_REQUIRED: administrators always need their second factor when NODE_ENV=production',
    ]);
  const origins = (e.PUBLIC_ORIGIN ?? DEV_ORIGINS)
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const badOrigin = origins.find((o) => !/^https?:\/\/[^/\s]+$/.test(o));
  if (badOrigin)
    throw new ConfigError([`PUBLIC_ORIGIN: "${badOrigin}" is not an origin like https://example.mn`]);
  if (e.REDIS_URL && !e.DATABASE_URL)
    throw new ConfigError([
      'REDIS_URL: several processes must share one PostgreSQL database; set DATABASE_URL too (PGlite is one process only)',
    ]);
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    throw new ConfigError([
      'METRICS_PORT: must differ from PORT (metrics are never served on the public port)',
    ]);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    publicOrigins: origins,
    mailLinkOrigin: e.PUBLIC_ORIGIN ? origins[0] : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY,
    webDist: path.join(REPO_ROOT, 'apps', 'web', 'dist'),
    scrypt: OWASP_SCRYPT,
    tokenTtlHours: 24 * 30,
    rateLimits: { failuresPerHour: 100, authRequestsPerMinute: 60 },
    passwordGuard: {
      ...DEFAULT_PASSWORD_GUARD,
      perAddressPerMinute: e.PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE,
      // A crowd behind one address (carrier-grade NAT) that may check many passwords a minute may also check
      // a few more at once; the process-wide bound (inFlight) still holds the scrypt pool.
      perAddressInFlight: Math.max(
        DEFAULT_PASSWORD_GUARD.perAddressInFlight,
        Math.min(DEFAULT_PASSWORD_GUARD.inFlight, Math.ceil(e.PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE / 15)),
      ),
    },
    wsConnectionsPerIp: e.WS_MAX_CONNECTIONS_PER_IP,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    tcpConnectionsPerIp:
      e.TCP_MAX_CONNECTIONS_PER_IP ?? (e.TRUST_PROXY > 0 ? 0 : DEFAULT_TCP_CONNECTIONS_PER_IP),
    httpRefusalsPerIp: e.HTTP_MAX_REFUSALS_PER_IP ?? (e.TRUST_PROXY > 0 ? 0 : DEFAULT_HTTP_REFUSALS_PER_IP),
    httpHeadersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
    httpKeepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    tableClosedLingerMs: e.TABLE_CLOSED_LINGER_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    redisUrl: e.REDIS_URL,
    nodeId: e.NODE_ID ?? `${os.hostname()}:${process.pid}`,
    leaseTtlMs: e.TABLE_LEASE_TTL_MS,
    redisPrefix: e.REDIS_PREFIX,
    botPauseMs: e.BOT_PAUSE_MS,
    adminTotp: {
      required: e.NODE_ENV === 'production' || e.ADMIN_TOTP_REQUIRED === 'true',
      secret: e.ADMIN_TOTP_SECRET,
    },
  };
}
