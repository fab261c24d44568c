import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ServerConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { lockDataDir } from './db/dataDirLock.js';
import { seedSite } from './db/seed.js';
import { buildApp, type BuildAppOptions } from './http/app.js';
import { body } from './http/errorHandler.js';
import { createLogger } from './logging/logger.js';
import { installOperatorEdge, type OperatorEdge } from './ops/operatorEdge.js';
import { CLOSE_SERVICE_RESTART, closeEvery, SERVICE_RESTART_REASON } from './realtime/socketGuard.js';
import { createServices, type ServiceOverrides, type Services } from './services.js';
import type { DrainResult } from './tables/tableLayer.js';

/**
 * Connections the kernel may hold waiting for accept (capped by net.core.somaxconn). Node's 511 fills
 * under a connection flood, and an honest client's SYN then waits a second to be sent again.
 */
const LISTEN_BACKLOG = 4096;

export interface CreateServerOptions extends ServiceOverrides {
  config: ServerConfig;
  /** An already open database (tests); otherwise DATABASE_URL or PGlite in DATA_DIR is opened and locked. */
  database?: DatabaseHandle;
  logger?: Logger;
  plugins?: BuildAppOptions['plugins'];
}

export interface TengerServer {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  /** Set when an administrator was created with a generated password (print it once). */
  generatedAdminPassword?: string;
  /** /healthz, /readyz and the metrics listener (ops/operatorEdge.ts). */
  operator: OperatorEdge;
  listen(): Promise<string>;
  /**
   * Graceful shutdown (SIGTERM): the tables drain (no new hand, nobody sits down, running hands
   * finish, or are voided after `drainLimitMs`), the seats are saved, every socket closes with 1012
   * "server restarting", then close(). HTTP answers until the listener closes.
   */
  shutdown(drainLimitMs?: number): Promise<ShutdownReport>;
  /** Stops at once: sockets, tables (a running hand is void), HTTP, the database. */
  close(): Promise<void>;
}

export interface ShutdownReport {
  /** From the start of the shutdown until every table had drained and saved its seats, ms. */
  drainMs: number;
  tables: DrainResult[];
  /** Sockets closed with 1012 (both channels). */
  sockets: number;
  /** The whole shutdown, ms. */
  totalMs: number;
}

/** config -> database -> services -> HTTP/WS. */
export async function createServer(options: CreateServerOptions): Promise<TengerServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  let unlock = () => undefined as void;
  let database = options.database;
  if (!database) {
    if (!config.databaseUrl) unlock = lockDataDir(config.dataDir);
    try {
      database = await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
      });
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const services = createServices(database.db, config, logger, options);
  const seeded = await seedSite(services);
  // Crash recovery for live tables (cash out seats left from before a restart) before anyone connects.
  await services.tableLayer.start?.();
  // Tournaments still registering get their directors back (registrations survive a restart).
  await services.tournaments.start();
  // Session time limits stand players up after the hand (protection/playSessions.ts).
  if (config.sessionSweepMs !== 0) services.playSessions.start(config.sessionSweepMs);
  // The security desk's detectors read newly settled hands (security/securityScan.ts).
  if (config.securityScanMs !== 0) services.security.scan.start(config.securityScanMs);
  await services.chat.startRetention((error) => services.logger.warn({ err: error }, 'chat purge failed'));
  const app = await buildApp(services, { webDist: config.webDist, plugins: options.plugins });
  const operator = installOperatorEdge(app, services, database);
  const db = database;
  let closed = false;
  let shutdown: Promise<ShutdownReport> | null = null;
  // Once the sockets are closing, new ones are refused so that clients reconnect to the next process.
  let refuseSockets = false;
  app.addHook('onRequest', async (request, reply) => {
    if (refuseSockets && request.ws)
      await reply
        .status(503)
        .send(body('server_restarting', 'The server is restarting: try again in a moment'));
  });
  // Handlers still running when the server closes (e.g. their client went away) finish before the database closes.
  const running = new Set<object>();
  app.addHook('preHandler', async (request) => void (request.ws || running.add(request)));
  app.addHook('onSend', async (request) => void running.delete(request));
  const close = async () => {
    if (closed) return;
    closed = true;
    services.hub.close();
    services.chat.close();
    await services.auth.idle();
    services.tournaments.close();
    services.playSessions.close();
    services.security.scan.close();
    await services.tableLayer.close();
    await app.close();
    await operator.close();
    for (const deadline = Date.now() + 5_000; running.size > 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await services.cluster.close();
    if (!options.database) await db.close();
    unlock();
  };
  const gracefully = async (drainLimitMs: number): Promise<ShutdownReport> => {
    const began = Date.now();
    operator.readiness.startDraining();
    const tables = (await services.tableLayer.drain?.(drainLimitMs)) ?? [];
    const drainMs = Date.now() - began;
    refuseSockets = true;
    const sockets = await closeEvery(
      app.websocketServer.clients,
      CLOSE_SERVICE_RESTART,
      SERVICE_RESTART_REASON,
    );
    await close();
    return { drainMs, tables, sockets, totalMs: Date.now() - began };
  };
  return {
    app,
    services,
    database: db,
    generatedAdminPassword: seeded.generatedPassword,
    operator,
    listen: async () => {
      const address = await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
      await operator.listen();
      return address;
    },
    shutdown: (drainLimitMs = config.shutdownDrainMs) => (shutdown ??= gracefully(drainLimitMs)),
    close,
  };
}
