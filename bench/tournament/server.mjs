// The server under test for bench:tournament: the built server (apps/server/dist) with the table
// runtime's pauses from the environment (a fast structure needs a short pause between hands), as its
// own process. Everything else is production: PostgreSQL, the ledger, the tournament director, live
// tables, bots through BOT_PAUSE_MS. Started by run.mjs through bench/load/server.mjs's startServer.
import process from 'node:process';
import { URL } from 'node:url';

const dist = new URL('../../apps/server/dist/', import.meta.url);
const { loadConfig } = await import(new URL('config.js', dist).href);
const { createServer } = await import(new URL('server.js', dist).href);
const { TableRegistry } = await import(new URL('tables/runtime/tableRegistry.js', dist).href);

const number = (name, fallback) => Number(process.env[name] ?? fallback);
const config = loadConfig();
const server = await createServer({
  config,
  tableLayer: (services) =>
    new TableRegistry(services, {
      durableSeats: true,
      timing: {
        actionTimeMs: number('BENCH_ACTION_MS', 15_000),
        timeBankMaxMs: 0,
        nextHandDelayMs: number('BENCH_NEXT_HAND_MS', 200),
        showWindowMs: 0,
        runoutPauseMs: number('BENCH_RUNOUT_MS', 0),
      },
    }),
});
await server.listen();
const stop = () => void server.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
