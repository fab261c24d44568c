// Composition root: config -> database -> services -> HTTP/WS (see DESIGN.md §3).
import { ConfigError, loadConfig } from './config.js';
import { createServer } from './server.js';
import { TableRegistry } from './tables/runtime/tableRegistry.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const server = await createServer({
    config,
    tableLayer: (services) => new TableRegistry(services, { durableSeats: true }),
  });
  const log = server.services.logger;
  if (server.generatedAdminPassword) {
    // Printed once, on the first start only: the operator should change it.
    console.log(
      `\n  Administrator created: username "${config.admin.username}", password "${server.generatedAdminPassword}"\n` +
        '  (set ADMIN_USERNAME / ADMIN_PASSWORD to choose them; this password is not shown again)\n',
    );
  }
  const address = await server.listen();
  log.info(
    { address, database: server.database.driver, dataDir: config.databaseUrl ? undefined : config.dataDir },
    `Tenger Poker is serving on ${address}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
