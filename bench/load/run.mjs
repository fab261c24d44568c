// npm run bench:load -- [--tables 300] [--players-per-table 6] [--duration 60] [--db pglite|postgres] [--database-url …]
//                        [--warmup 15] [--workers N] [--accounts N] [--processes 1] [--table-routing table|spread] [--cpu-prof DIR]
//                        [--server-main PATH] (another build of apps/server to compare with, e.g. a copy of
//                        main's dist as apps/server/backups/main.js: it must sit two levels below the root)
// Starts the built server as its own process on a fresh database, creates the tables, registers and
// funds the players, then (from worker threads of this process) seats every player over a real
// WebSocket and plays at human pace. Measures, for each action, the time from sending it until every
// seat of that table has received the resulting event, plus hands per minute and the server's CPU
// and memory from /proc. Prints a summary, then one JSON line last.
import console from 'node:console';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { percentile } from './fanout.mjs';
import { Api, BUY_IN, prepare } from './setup.mjs';
import { BENCH_LEASE_TTL_MS, startCluster } from './cluster.mjs';
import { backendCpuBetween, databaseBackends, processUsage, startServer } from './server.mjs';
import {
  DATABASE_OPTIONS,
  benchLog,
  chooseDatabase,
  databaseLabel,
  fail,
  nextMessage,
  readOptions,
  runBench,
} from '../common.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The issue's target: 300 tables, 1,800 players, p99 under 100 ms, on PostgreSQL. */
const TARGET = { tables: 300, players: 1800, p99Ms: 100, database: 'postgres' };
/** Seats one client thread drives before another thread is used (by default at most two). */
const SEATS_PER_WORKER = 300;
/** Buy-ins each account can afford per table it sits at (rebuys after busting). */
const BUY_INS_PER_SEAT = 20;

const USAGE =
  'npm run bench:load -- [--tables 300] [--players-per-table 6] [--duration 60] [--db pglite|postgres] [--database-url postgres://…] [--warmup 15] [--workers N] [--accounts N] [--processes 1] [--table-routing table|spread] [--cpu-prof DIR] [--server-main apps/server/<build>/main.js]';
const options = readOptions(
  process.argv.slice(2),
  {
    tables: { default: 300, whole: [1, 5000] },
    'players-per-table': { default: 6, whole: [2, 9] },
    duration: { default: 60, whole: [5, 3600] },
    warmup: { default: 15, whole: [0, 600] },
    ...DATABASE_OPTIONS,
    workers: { whole: [1, 16] },
    accounts: { whole: [2, 100_000] },
    processes: { default: 1, whole: [1, 8] },
    'table-routing': { default: 'table', choices: ['table', 'spread'] },
    'cpu-prof': {},
    'server-main': {},
  },
  USAGE,
);
if (options.processes > 1 && options.db === 'pglite') fail('--processes needs PostgreSQL (and Redis)', USAGE);
if (options.cpuProf && options.processes > 1) fail('--cpu-prof profiles one process (--processes 1)', USAGE);
const cpuProfileDir = options.cpuProf ? path.resolve(options.cpuProf) : null;
if (options.accounts !== undefined && options.accounts < options.playersPerTable)
  fail('--accounts must be at least --players-per-table (one seat per person per table)', USAGE);
const log = benchLog('load');
const admin = {
  username: process.env.ADMIN_USERNAME ?? 'loadadmin',
  password: process.env.ADMIN_PASSWORD ?? 'load-admin-password',
  email: process.env.ADMIN_EMAIL ?? 'load@bench.local',
};

const postgresUrl = await chooseDatabase(options, options.processes > 1 ? 'postgres' : 'auto');
log(`database: ${databaseLabel(postgresUrl)}`);
// Every simulated seat connects from 127.0.0.1: lift the per-address WebSocket cap (default 100), the
// cap on TCP connections at accept (default 200) and the refusal budget for this run.
process.env.WS_MAX_CONNECTIONS_PER_IP ??= '1000000';
process.env.TCP_MAX_CONNECTIONS_PER_IP ??= '0';
process.env.HTTP_MAX_REFUSALS_PER_IP ??= '0';
let server;
/** CPU and memory of the server: summed over the processes of a cluster. */
const serverUsage = () =>
  (server.pids?.() ?? [server.pid])
    .map(processUsage)
    .reduce((a, b) => ({ cpuSeconds: a.cpuSeconds + b.cpuSeconds, rssBytes: a.rssBytes + b.rssBytes }), {
      cpuSeconds: 0,
      rssBytes: 0,
    });
await runBench({
  start: async () =>
    (server =
      options.processes > 1
        ? await startCluster({
            postgresUrl,
            admin,
            processes: options.processes,
            tableRouting: options.tableRouting,
          })
        : await startServer({
            postgresUrl,
            admin,
            cpuProfileDir,
            ...(options.serverMain ? { main: path.resolve(options.serverMain) } : {}),
          })),
  measure: benchmark,
  summary: printSummary,
  failOnTarget: false,
});

async function benchmark() {
  const seats = options.tables * options.playersPerTable;
  const accounts = options.accounts ?? seats;
  const seatsPerAccount = Math.ceil(seats / accounts);
  log(
    `server pid ${server.pid} at ${server.base}; ${options.tables} tables × ${options.playersPerTable} seats`,
  );
  const stage = await prepare({
    base: server.base,
    admin,
    tables: options.tables,
    seatsPerTable: options.playersPerTable,
    accounts,
    depositPerAccount: BUY_IN * BUY_INS_PER_SEAT * seatsPerAccount,
    log,
  });

  if (server.join) {
    await server.join();
    log(`${options.processes} processes behind nginx at ${server.base} (PostgreSQL + Redis)`);
  }

  // Tables go round-robin to the worker threads; a table's seats all live in one thread.
  const workerCount = options.workers ?? Math.min(2, Math.max(1, Math.ceil(seats / SEATS_PER_WORKER)));
  const plans = Array.from({ length: workerCount }, () => []);
  stage.tableIds.forEach((tableId, t) => {
    const players = Array.from({ length: options.playersPerTable }, (_, seat) => ({
      seat,
      token: stage.tokens[(t * options.playersPerTable + seat) % accounts],
    }));
    plans[t % workerCount].push({ tableId, buyIn: BUY_IN, players });
  });

  const rampStarted = Date.now();
  const workers = plans.map(
    (tables) => new Worker(path.join(here, 'players.mjs'), { workerData: { wsBase: server.wsBase, tables } }),
  );
  const ready = await Promise.all(workers.map((worker) => nextMessage(worker, 'ready')));
  const seated = ready.reduce((sum, r) => sum + r.seated, 0);
  const failed = ready.reduce((sum, r) => sum + r.failed, 0);
  const rampSeconds = (Date.now() - rampStarted) / 1000;
  log(`seated ${seated} players in ${rampSeconds.toFixed(1)} s (${failed} failed)`);
  for (const r of ready) for (const failure of r.failures) log(`  seat failed: ${failure}`);
  if (seated === 0) throw new Error('no player could sit down');

  log(`warming up ${options.warmup} s, then measuring ${options.duration} s`);
  await delay(options.warmup * 1000);

  const serverBefore = serverUsage();
  const backendsBefore = databaseBackends(server.dbName);
  const clientBefore = process.cpuUsage();
  const measureStarted = Date.now();
  // CLOCK_MONOTONIC in µs: the clock of a V8 CPU profile's timestamps (profileSummary.mjs --window).
  const windowStartUs = process.hrtime.bigint() / 1000n;
  let peakRss = serverBefore.rssBytes;
  for (const worker of workers) worker.postMessage({ type: 'measure' });
  while (Date.now() - measureStarted < options.duration * 1000) {
    await delay(Math.min(1000, options.duration * 1000 - (Date.now() - measureStarted)));
    peakRss = Math.max(peakRss, serverUsage().rssBytes);
  }
  const seconds = (Date.now() - measureStarted) / 1000;
  const serverAfter = serverUsage();
  const windowEndUs = process.hrtime.bigint() / 1000n;
  const backendsAfter = databaseBackends(server.dbName);
  const client = process.cpuUsage(clientBefore);
  const failover = server.kill ? await killOne(workers) : null;
  const reports = await Promise.all(
    workers.map((worker) => {
      const report = nextMessage(worker, 'stats');
      worker.postMessage({ type: 'stop' });
      return report;
    }),
  );
  await Promise.all(workers.map((worker) => worker.terminate()));
  const api = new Api(server.base);
  const books = await api
    .request('GET', '/api/v1/admin/data', undefined, stage.adminToken)
    .finally(() => api.close());

  const latencies = reports.flatMap((r) => r.stats.latencies).sort((a, b) => a - b);
  const spreads = reports.flatMap((r) => r.stats.spreads).sort((a, b) => a - b);
  const pingRtts = reports.flatMap((r) => r.stats.pingRtts).sort((a, b) => a - b);
  const handGaps = reports.flatMap((r) => r.stats.handGaps).sort((a, b) => a - b);
  const sum = (pick) => reports.reduce((total, r) => total + pick(r.stats), 0);
  const merged = (pick) => {
    const counts = {};
    for (const r of reports)
      for (const [k, v] of Object.entries(pick(r.stats))) counts[k] = (counts[k] ?? 0) + v;
    return counts;
  };
  const hands = sum((s) => s.hands);
  const round = (x, digits = 1) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);
  const serverCpuMs = (serverAfter.cpuSeconds - serverBefore.cpuSeconds) * 1000;
  const moved = reports.flatMap((r) => r.stats.failoverMs ?? []).sort((a, b) => a - b);
  const result = {
    bench: 'load',
    database: server.database,
    processes: options.processes,
    tableRouting: options.processes > 1 ? options.tableRouting : null,
    tables: options.tables,
    playersPerTable: options.playersPerTable,
    players: seated,
    seatsFailed: failed,
    accounts,
    clientThreads: workerCount,
    durationSeconds: round(seconds),
    hands,
    handsPerMinute: round((hands / seconds) * 60),
    actions: latencies.length,
    actionsPerSecond: round(latencies.length / seconds),
    fanoutMs: {
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1)),
    },
    spreadMs: { p50: round(percentile(spreads, 50)), p99: round(percentile(spreads, 99)) },
    pingRttMs: { p50: round(percentile(pingRtts, 50)), p99: round(percentile(pingRtts, 99)) },
    resultToNextDealMs: { p50: round(percentile(handGaps, 50)), p99: round(percentile(handGaps, 99)) },
    serverCpuPercent: round(serverCpuMs / seconds / 10),
    serverCpuMs: round(serverCpuMs, 0),
    serverCpuMsPerAction: latencies.length > 0 ? round(serverCpuMs / latencies.length, 3) : null,
    serverCpuMsPerHand: hands > 0 ? round(serverCpuMs / hands, 2) : null,
    serverRssMb: round(serverAfter.rssBytes / 2 ** 20),
    serverPeakRssMb: round(peakRss / 2 ** 20),
    databaseCpuPercent: server.dbName
      ? round((backendCpuBetween(backendsBefore, backendsAfter) / seconds) * 100)
      : null,
    clientCpuPercent: round(((client.user + client.system) / 1e6 / seconds) * 100),
    clientLoopDelayP99Ms: round(Math.max(...reports.map((r) => r.loopDelayP99Ms))),
    incompleteFanouts: sum((s) => s.incomplete),
    rejected: merged((s) => s.rejected),
    errors: merged((s) => s.errors),
    disconnects: sum((s) => s.disconnects),
    rebuys: sum((s) => s.rebuys),
    stoodUp: merged((s) => s.stoodUp),
    failover: failover && {
      killed: failover.killed,
      leaseTtlMs: BENCH_LEASE_TTL_MS,
      tablesMoved: moved.length,
      reconnected: sum((s) => s.failoverReconnects ?? 0),
      p50Ms: round(percentile(moved, 50)),
      p99Ms: round(percentile(moved, 99)),
      maxMs: round(moved.at(-1)),
    },
    booksBalanced: books.balanced,
    ledgerTransactions: books.stats.ledgerTransactions,
    setupSeconds: { ...stage.seconds, seat: round(rampSeconds) },
    cpuProfile: cpuProfileDir && {
      dir: cpuProfileDir,
      windowUs: [String(windowStartUs), String(windowEndUs)],
    },
    machine: { cpus: os.cpus().length, loadAverage1m: round(os.loadavg()[0], 2), node: process.version },
  };
  result.targetMet =
    result.database === TARGET.database &&
    result.tables >= TARGET.tables &&
    result.players >= TARGET.players &&
    result.fanoutMs.p99 !== null &&
    result.fanoutMs.p99 < TARGET.p99Ms;
  return result;
}

/**
 * After the measuring window: kill -9 one process of the cluster (not the first) and wait until the
 * tables it ran are back (a fresh snapshot on a surviving socket of each) or 30 s pass.
 */
async function killOne(workers) {
  const at = Date.now();
  for (const worker of workers) worker.postMessage({ type: 'killed', at });
  const killed = server.kill(options.processes - 1);
  log(`killed ${killed} (kill -9); waiting for its tables to move`);
  await delay(BENCH_LEASE_TTL_MS + 12_000);
  return { killed };
}

function printSummary(r) {
  const lines = [
    `Tenger load benchmark on ${r.database}${r.processes > 1 ? ` (${r.processes} processes behind nginx, Redis, table sockets ${r.tableRouting === 'table' ? 'by table' : 'spread'})` : ''}: ${r.tables} tables, ${r.players} players seated (${r.accounts} accounts), ${r.durationSeconds} s measured`,
    `  hands per minute        ${r.handsPerMinute} (${r.hands} hands)`,
    `  actions measured        ${r.actions} (${r.actionsPerSecond}/s)`,
    `  fan-out latency (ms)    p50 ${r.fanoutMs.p50}  p90 ${r.fanoutMs.p90}  p99 ${r.fanoutMs.p99}  max ${r.fanoutMs.max}`,
    `  first to last seat (ms) p50 ${r.spreadMs.p50}  p99 ${r.spreadMs.p99}  (the spread of one event over the table's seats)`,
    `  PING round trip (ms)    p50 ${r.pingRttMs.p50}  p99 ${r.pingRttMs.p99}  (the same sockets, no table work: the transport's baseline)`,
    `  result to next deal (ms) p50 ${r.resultToNextDealMs.p50}  p99 ${r.resultToNextDealMs.p99}  (the result pause plus committing and dealing the next deck)`,
    `  server CPU              ${r.serverCpuPercent} % of one core; RSS ${r.serverRssMb} MB (peak ${r.serverPeakRssMb} MB)`,
    `  server CPU per action   ${r.serverCpuMsPerAction} ms; per hand ${r.serverCpuMsPerHand} ms (${r.serverCpuMs} ms in the window, /proc utime+stime)`,
    ...(r.cpuProfile
      ? [
          `  CPU profile             in ${r.cpuProfile.dir} when the server exits; the window: node bench/load/profileSummary.mjs <file> --window ${r.cpuProfile.windowUs.join(':')}`,
        ]
      : []),
    `  database backends CPU   ${r.databaseCpuPercent === null ? 'n/a (PGlite runs inside the server)' : `${r.databaseCpuPercent} % of one core`}`,
    `  bench client            ${r.clientCpuPercent} % CPU in ${r.clientThreads} thread(s), event-loop delay p99 ${r.clientLoopDelayP99Ms} ms`,
    `  rejected ${JSON.stringify(r.rejected)}, errors ${JSON.stringify(r.errors)}, disconnects ${r.disconnects}, incomplete ${r.incompleteFanouts}, rebuys ${r.rebuys} ${JSON.stringify(r.stoodUp)}`,
    ...(r.failover
      ? [
          `  failover (kill -9)      ${r.failover.tablesMoved} tables of ${r.failover.killed} running again after p50 ${r.failover.p50Ms} ms, p99 ${r.failover.p99Ms} ms, max ${r.failover.maxMs} ms (lease ${r.failover.leaseTtlMs} ms; ${r.failover.reconnected} sockets of the killed process reconnected)`,
        ]
      : []),
    `  books                   ${r.booksBalanced ? 'balanced' : 'NOT BALANCED'} after ${r.ledgerTransactions} ledger transactions`,
    `  machine                 ${r.machine.cpus} CPUs, load average ${r.machine.loadAverage1m}, node ${r.machine.node}`,
    `  target (300 tables, 1,800 players, p99 < 100 ms on PostgreSQL): ${r.targetMet ? 'met' : 'not met'}`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
}
