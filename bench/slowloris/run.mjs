// npm run bench:slowloris -- [--connections 20000] [--duration 30] [--processes 2] [--reconnect-ms 1000]
//                            [--db pglite|postgres] [--database-url postgres://…]
// Starts the built server as its own process on a fresh database (its defaults: 200 connections per
// address at accept, a 10 s request-head timeout), then `connections` slow connections from 127.0.0.2
// (split over `processes` attacker processes, for the open-file limit, at nice 19), and for `duration`
// seconds an honest client on 127.0.0.1 asks GET /api/v1/user/tables every 20 ms, half on a kept-alive
// connection and half on a new connection each. Reports the honest p50/p99/max and failures, what the
// attackers held, and the server's memory. Prints a summary, then one JSON line last.
import { fork } from 'node:child_process';
import console from 'node:console';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import { URL, fileURLToPath } from 'node:url';
import { DATABASE_OPTIONS, chooseDatabase, latencySummary, readOptions, runBench } from '../common.mjs';
import { processUsage, startServer } from '../load/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TARGET = { tablesP99Ms: 100, failedHonest: 0 };
const ATTACKER = '127.0.0.2';
const HONEST = '127.0.0.1';
const ASK_EVERY_MS = 20;
const REQUEST_TIMEOUT_MS = 5_000;

const USAGE =
  'npm run bench:slowloris -- [--connections 20000] [--duration 30] [--processes 2] [--reconnect-ms 1000] [--db pglite|postgres] [--database-url postgres://…]';
const options = readOptions(
  process.argv.slice(2),
  {
    connections: { default: 20_000, whole: [1, 1_000_000] },
    duration: { default: 30, whole: [1, 3600] },
    processes: { default: 2, whole: [1, 64] },
    'reconnect-ms': { default: 1000, whole: [0, 600_000] },
    ...DATABASE_OPTIONS,
  },
  USAGE,
);
const { connections, processes } = options;
const durationMs = options.duration * 1000;
const postgresUrl = await chooseDatabase(options);

const admin = { username: 'benchadmin', password: 'bench-admin-password', email: 'bench@tenger.mn' };
let port;
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: HONEST });
const fresh = new http.Agent({ keepAlive: false, localAddress: HONEST });
const children = [];
await runBench({
  start: async () => {
    const server = await startServer({ postgresUrl, admin });
    port = Number(new URL(server.base).port);
    return server;
  },
  measure: attack,
  summary: printSummary,
  stop: async () => {
    for (const child of children) child.kill();
  },
});

/** One honest GET; resolves with its milliseconds, or an error string. */
function ask(agent) {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/v1/user/tables', agent, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve(
            response.statusCode === 200 ? performance.now() - started : `status ${response.statusCode}`,
          ),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(error.message));
  });
}

async function honestPhase(ms) {
  const times = { keptAlive: [], fresh: [] };
  const failures = [];
  const deadline = performance.now() + ms;
  let turn = 0;
  while (performance.now() < deadline) {
    const which = turn++ % 2 === 0 ? 'keptAlive' : 'fresh';
    const result = await ask(which === 'keptAlive' ? keepAlive : fresh);
    if (typeof result === 'number') times[which].push(result);
    else failures.push(result);
    await delay(ASK_EVERY_MS);
  }
  return {
    all: latencySummary([...times.keptAlive, ...times.fresh]),
    keptAlive: latencySummary(times.keptAlive),
    fresh: latencySummary(times.fresh),
    failures,
  };
}

/** The honest client calm, then under `connections` slow connections; the result. */
async function attack(server) {
  const rssBefore = processUsage(server.pid).rssBytes;
  const calm = await honestPhase(5_000);

  const attackerStats = new Map();
  for (let i = 0; i < processes; i++) {
    const share = Math.floor(connections / processes) + (i < connections % processes ? 1 : 0);
    const child = fork(path.join(here, 'attacker.mjs'), [port, ATTACKER, share, options.reconnectMs], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      os.setPriority(child.pid, 19);
    } catch {
      // not allowed here: the attackers share the CPU at normal priority
    }
    child.on('message', (stats) => attackerStats.set(i, stats));
    children.push(child);
  }
  const totals = () => {
    const sum = { started: 0, open: 0, opened: 0, refused: 0, timedOut: 0, errors: 0 };
    for (const s of attackerStats.values()) for (const k of Object.keys(sum)) sum[k] += s[k];
    return sum;
  };
  // Until every attacker connection has been tried once.
  while (attackerStats.size < processes || totals().started < connections) await delay(250);
  await delay(2_000);
  let peakRss = processUsage(server.pid).rssBytes;
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, processUsage(server.pid).rssBytes)), 250);
  const cpuBefore = processUsage(server.pid).cpuSeconds;
  const attackStarted = totals();
  const attacked = await honestPhase(durationMs);
  const attackEnded = totals();
  clearInterval(rssTimer);
  const cpuSeconds = processUsage(server.pid).cpuSeconds - cpuBefore;
  for (const child of children) child.kill();

  const result = {
    bench: 'slowloris',
    database: server.database,
    slowConnections: connections,
    attackerAddress: ATTACKER,
    honestAddress: HONEST,
    attack: {
      openAtStart: attackStarted.open,
      openAtEnd: attackEnded.open,
      connectionsTried: attackEnded.opened,
      closedAtOnce: attackEnded.refused,
      droppedAfterHeadTimeout: attackEnded.timedOut,
    },
    calm: calm.all,
    tablesMs: attacked.all,
    keptAliveMs: attacked.keptAlive,
    freshConnectionMs: attacked.fresh,
    failedHonest: attacked.failures.length,
    failures: [...new Set(attacked.failures)].slice(0, 5),
    serverRssBeforeMb: Math.round(rssBefore / 2 ** 20),
    serverPeakRssMb: Math.round(peakRss / 2 ** 20),
    serverCpuPercent: Math.round((cpuSeconds / (durationMs / 1000)) * 100),
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`.trim(),
  };
  result.targetMet = result.tablesMs.p99 < TARGET.tablesP99Ms && result.failedHonest === TARGET.failedHonest;
  return result;
}

function printSummary(r) {
  console.log(
    `slowloris: ${r.slowConnections} slow connections from ${r.attackerAddress}; open on the attacker's side at the end ${r.attack.openAtEnd}, ` +
      `closed at accept ${r.attack.closedAtOnce}, dropped after the head timeout ${r.attack.droppedAfterHeadTimeout}`,
  );
  console.log(
    `honest GET /api/v1/user/tables from ${r.honestAddress}: calm p99 ${r.calm.p99} ms; under attack p50 ${r.tablesMs.p50} ms, ` +
      `p99 ${r.tablesMs.p99} ms (kept-alive ${r.keptAliveMs.p99}, new connection ${r.freshConnectionMs.p99}), ` +
      `max ${r.tablesMs.max} ms, ${r.tablesMs.count} answered, ${r.failedHonest} failed`,
  );
}
