import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { DEFAULT_PASSWORD_GUARD, loadConfig, type ServerConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { Accounts } from '../ledger/accounts.js';
import type { LedgerAudit } from '../ledger/ledger.js';
import { createServer, type CreateServerOptions, type TengerServer } from '../server.js';
import type { Services } from '../services.js';
import { openTestDatabase } from './database.js';

/** Cheap scrypt for tests only (production uses the OWASP parameters from config). */
export const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
export const TEST_ADMIN = { username: 'admin', password: 'admin-password-1', email: 'admin@test.mn' };

export interface TestPlayer {
  id: number;
  username: string;
  token: string;
}

export interface TestServer {
  app: FastifyInstance;
  services: Services;
  server: TengerServer;
  database: DatabaseHandle;
  admin: TestPlayer;
  /** A registered player with `balance` ₮ deposited by the admin. */
  player(balance?: number, name?: string): Promise<TestPlayer>;
  /** fastify.inject with an optional bearer token. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Ledger audit; books must total zero and every account equal the sum of its postings. */
  audit(): Promise<LedgerAudit>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ADMIN_EMAIL: TEST_ADMIN.email,
      PORT: '0',
      LOG_LEVEL: 'silent',
    }),
    scrypt: TEST_SCRYPT,
    rateLimits: { failuresPerHour: 100, authRequestsPerMinute: 100_000 },
    // Tests register many players from one address; the tests of the gate itself set its real bounds.
    passwordGuard: { ...DEFAULT_PASSWORD_GUARD, ...UNBOUNDED_PASSWORD_WORK },
    webDist: '/nonexistent',
    // Tests call playSessions.sweep() when they need it: no background queries (some tests spy on the database).
    sessionSweepMs: 0,
    securityScanMs: 0,
    ...overrides,
  };
}

/** Password work bounds high enough that no test trips them by accident. */
export const UNBOUNDED_PASSWORD_WORK = {
  inFlight: 10_000,
  perUserInFlight: 10_000,
  perAddressInFlight: 10_000,
  perUserPerMinute: 1_000_000,
  perAddressPerMinute: 1_000_000,
};

let playerCounter = 0;

/**
 * A whole server on a fresh database (PGlite in memory, or a fresh PostgreSQL database when a URL is
 * given), seeded, with a logged-in administrator. For route tests use `call` (no port needed);
 * `server.listen()` serves on a random port for WebSocket or load tests.
 */
export async function startTestServer(
  options: { databaseUrl?: string; config?: Partial<ServerConfig> } & Omit<
    CreateServerOptions,
    'config' | 'database'
  > = {},
): Promise<TestServer> {
  const database = await openTestDatabase(options.databaseUrl);
  const config = testConfig(options.config);
  const server = await createServer({
    ...options,
    config,
    database,
    logger: options.logger ?? pino({ level: 'silent' }),
  });
  const { services, app } = server;
  const adminLogin = await services.auth.login(
    { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    'test',
  );
  const admin = { id: adminLogin.user.id, username: adminLogin.user.username, token: adminLogin.accessToken };

  return {
    app,
    services,
    server,
    database,
    admin,
    async player(balance = 0, name?: string) {
      const username = name ?? `player${++playerCounter}_${Math.random().toString(36).slice(2, 8)}`;
      const { accessToken, user } = await services.auth.register(
        {
          email: `${username}@test.mn`,
          username,
          password: 'player-password',
          repeatPassword: 'player-password',
          acceptTerms: true,
          bank: 'Khan Bank',
          accountNumber: '5000123456',
        },
        'test',
      );
      if (balance > 0) {
        await services.ledger.transfer({
          from: Accounts.outsideBank,
          to: Accounts.available(user.id),
          amount: balance,
          kind: 'deposit',
          key: `test-funding:${user.id}`,
        });
      }
      return { id: user.id, username, token: accessToken };
    },
    call({ token, ...inject }) {
      const headers = { ...(inject.headers ?? {}) } as Record<string, string>;
      if (token) headers.authorization = `Bearer ${token}`;
      return app.inject({ ...inject, headers });
    },
    audit: () => services.ledger.audit(),
    async close() {
      await server.close();
      await database.close();
    },
  };
}

export const BALANCED: LedgerAudit = {
  total: 0,
  postingsTotal: 0,
  mismatchedAccounts: 0,
  unbalancedTransactions: 0,
};
