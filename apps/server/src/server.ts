import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ServerConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { lockDataDir } from './db/dataDirLock.js';
import { seedSite } from './db/seed.js';
import { buildApp, type BuildAppOptions } from './http/app.js';
import { createLogger } from './logging/logger.js';
import { createServices, type ServiceOverrides, type Services } from './services.js';

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
  listen(): Promise<string>;
  close(): Promise<void>;
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
  const app = await buildApp(services, { webDist: config.webDist, plugins: options.plugins });
  const db = database;
  let closed = false;
  // Handlers still running when the server closes (e.g. their client went away) finish before the database closes.
  const running = new Set<object>();
  app.addHook('preHandler', async (request) => void (request.ws || running.add(request)));
  app.addHook('onSend', async (request) => void running.delete(request));
  return {
    app,
    services,
    database: db,
    generatedAdminPassword: seeded.generatedPassword,
    listen: () => app.listen({ port: config.port, host: config.host }),
    close: async () => {
      if (closed) return;
      closed = true;
      services.hub.close();
      await services.auth.idle();
      await services.tableLayer.close();
      await app.close();
      for (const deadline = Date.now() + 5_000; running.size > 0 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (!options.database) await db.close();
      unlock();
    },
  };
}
