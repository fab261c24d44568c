// npm run bench:slowloris -- [--connections 20000] [--duration 30] [--processes 2] [--reconnect-ms 1000]
//                            [--database-url postgres://…]
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
import { parseArgs } from 'node:util';
import { percentile } from '../load/fanout.mjs';
import { findPostgres, processUsage, startServer } from '../load/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TARGET = { tablesP99Ms: 100, failedHonest: 0 };
const ATTACKER = '127.0.0.2';
const HONEST = '127.0.0.1';
const ASK_EVERY_MS = 20;
const REQUEST_TIMEOUT_MS = 5_000;

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '30' },
    processes: { type: 'string', default: '2' },
    'reconnect-ms': { type: 'string', default: '1000' },
    'database-url': { type: 'string' },
    postgres: { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);
const durationMs = Number(values.duration) * 1000;
const processes = Number(values.processes);
const postgresUrl = values['database-url'] ?? (values.postgres ? await findPostgres() : null);

const admin = { username: 'benchadmin', password: 'bench-admin-password', email: 'bench@tenger.mn' };
const server = await startServer({ postgresUrl, admin });
const port = Number(new URL(server.base).port);
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: HONEST });
const fresh = new http.Agent({ keepAlive: false, localAddress: HONEST });

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
  const summary = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    const round = (v) => Math.round(v * 10) / 10;
    return {
      count: sorted.length,
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? NaN),
    };
  };
  return {
    all: summary([...times.keptAlive, ...times.fresh]),
    keptAlive: summary(times.keptAlive),
    fresh: summary(times.fresh),
    failures,
  };
}

const rssBefore = processUsage(server.pid).rssBytes;
const calm = await honestPhase(5_000);

const attackerStats = new Map();
const children = [];
for (let i = 0; i < processes; i++) {
  const share = Math.floor(connections / processes) + (i < connections % processes ? 1 : 0);
  const child = fork(path.join(here, 'attacker.mjs'), [port, ATTACKER, share, values['reconnect-ms']], {
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
await server.stop();

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
console.log(
  `slowloris: ${connections} slow connections from ${ATTACKER}; open on the attacker's side at the end ${attackEnded.open}, ` +
    `closed at accept ${attackEnded.refused}, dropped after the head timeout ${attackEnded.timedOut}`,
);
console.log(
  `honest GET /api/v1/user/tables from ${HONEST}: calm p99 ${calm.all.p99} ms; under attack p50 ${attacked.all.p50} ms, ` +
    `p99 ${attacked.all.p99} ms (kept-alive ${attacked.keptAlive.p99}, new connection ${attacked.fresh.p99}), ` +
    `max ${attacked.all.max} ms, ${attacked.all.count} answered, ${attacked.failures.length} failed`,
);
console.log(JSON.stringify(result));
process.exit(result.targetMet ? 0 : 1);
