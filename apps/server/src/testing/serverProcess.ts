// A real server in its own process, for tests that kill it (kill -9) and start it again on the same
// data: DATA_DIR (PGlite) or DATABASE_URL from the environment, durable seats, quick clocks and bots.
// Prints one line `{"address": ...}` on stdout when it listens, and `{"stopped": report}` after a
// graceful shutdown (SIGTERM, as in production: src/shutdown.ts).
import { loadConfig } from '../config.js';
import { createServer } from '../server.js';
import { shutDownOnSignals } from '../shutdown.js';
import { TableRegistry } from '../tables/runtime/tableRegistry.js';
import { TEST_SCRYPT } from './testServer.js';

const config = {
  ...loadConfig(),
  scrypt: TEST_SCRYPT,
  rateLimits: { failuresPerHour: 100, authRequestsPerMinute: 100_000 },
  webDist: '/nonexistent',
};
const server = await createServer({
  config,
  tableLayer: (services) =>
    new TableRegistry(services, {
      durableSeats: true,
      timing: {
        actionTimeMs: Number(process.env.TEST_ACTION_MS ?? 3_000),
        timeBankMaxMs: 0,
        nextHandDelayMs: Number(process.env.TEST_NEXT_HAND_MS ?? 100),
        ...(process.env.TEST_RUNOUT_MS ? { runoutPauseMs: Number(process.env.TEST_RUNOUT_MS) } : {}),
      },
      botPauseMs: [0, 10],
    }),
});
const address = await server.listen();
process.stdout.write(`${JSON.stringify({ address, pid: process.pid })}\n`);
shutDownOnSignals(server, {
  drainLimitMs: config.shutdownDrainMs,
  log: server.services.logger,
  onStopped: (report) => process.stdout.write(`${JSON.stringify({ stopped: report })}\n`),
});
