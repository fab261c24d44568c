// The server under test for bench:tournament: the built server (apps/server/dist) with the table
// runtime's pauses from the environment (a fast structure needs a short pause between hands), as its
// own process, with a database pool of BENCH_POOL_SIZE (40). Everything else is production: PostgreSQL,
// the ledger, the tournament director, live tables, bots through BOT_PAUSE_MS. Started by run.mjs through bench/load/server.mjs's startServer.
import process from 'node:process';
import { URL } from 'node:url';

const dist = new URL('../../apps/server/dist/', import.meta.url);
const { loadConfig } = await import(new URL('config.js', dist).href);
const { createServer } = await import(new URL('server.js', dist).href);
const { TableRegistry } = await import(new URL('tables/runtime/tableRegistry.js', dist).href);
const { openDatabase } = await import(new URL('db/client.js', dist).href);

const number = (name, fallback) => Number(process.env[name] ?? fallback);
const config = loadConfig();
// A bigger pool than the default 20: a thousand tables dealing at once (the start) queue for connections
// longer than the pool's 5 s wait on a loaded machine. BENCH_POOL_SIZE, default 40.
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  poolSize: number('BENCH_POOL_SIZE', 40),
});
const server = await createServer({
  config,
  database,
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
const stop = () =>
  void server
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
