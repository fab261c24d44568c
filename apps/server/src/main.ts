// Composition root: config -> database -> services -> HTTP/WS (see DESIGN.md §3).
import { ConfigError, loadConfig } from './config.js';
import { createServer } from './server.js';
import { shutDownOnSignals } from './shutdown.js';
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
    tableLayer: (services) =>
      new TableRegistry(services, { durableSeats: true, botPauseMs: config.botPauseMs }),
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

  if (server.operator.metricsAddress)
    log.info(`Prometheus metrics on ${server.operator.metricsAddress}/metrics`);

  shutDownOnSignals(server, { drainLimitMs: config.shutdownDrainMs, log });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
