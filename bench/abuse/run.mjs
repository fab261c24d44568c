// npm run bench:abuse -- [--duration 30] [--calm 10] [--frames 1000000] [--db pglite|postgres] [--database-url postgres://…]
//                        [--flood-sockets 8] [--sit-sockets 20] [--honest 6] [--tables 2]
// Starts the built server as its own process on a fresh database (PGlite in a temporary folder, or a
// new database on the PostgreSQL server given), seats honest players at `tables` tables (6 of 9 seats
// each) and polls the lobby, measures a calm phase, then for `duration` seconds one attacker floods
// /ws/global with junk frames (reconnecting whenever it is closed) while another floods the first
// honest table's free seats with SIT from 20 sockets
// of a zero-balance player. Reports, measured during the flood: server RSS growth, GET
// /api/v1/user/tables p99, honest players' action-ACK p99, and whether the process lived.
// Prints a summary, then one JSON line last.
import console from 'node:console';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import {
  DATABASE_OPTIONS,
  benchLog,
  chooseDatabase,
  databaseLabel,
  latencySummary,
  nextMessage,
  readOptions,
  runBench,
} from '../common.mjs';
import { chooseAction } from '../load/fanout.mjs';
import { Api, BENCH_TABLE, loopbackAddress, prepare } from '../load/setup.mjs';
import { processUsage, startServer } from '../load/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The bars, all measured during the flood. */
export const TARGET = { rssGrowthMb: 100, tablesP99Ms: 100, ackP99Ms: 100 };
/** Who connects from where: the cap on connections per address applies per attacker, as in life. */
const ADDRESS = {
  flooder: '127.0.0.1',
  honest: loopbackAddress(1000),
  sitAttacker: loopbackAddress(1001),
  poller: loopbackAddress(1002),
};
/** Honest players think this long before acting (quicker than people, for more samples). */
const THINK_MS = [50, 250];
const POLL_EVERY_MS = 50;
const PING_EVERY_MS = 500;
const RSS_EVERY_MS = 250;
const BUY_IN = 10_000;

const USAGE =
  'npm run bench:abuse -- [--duration 30] [--calm 10] [--frames 1000000] [--db pglite|postgres] [--database-url postgres://…] [--flood-sockets 8] [--sit-sockets 20] [--honest 6] [--tables 2]';
const options = readOptions(
  process.argv.slice(2),
  {
    duration: { default: 30, whole: [1, 3600] },
    calm: { default: 10, whole: [1, 600] },
    frames: { default: 1_000_000, whole: [1, 100_000_000] },
    ...DATABASE_OPTIONS,
    'flood-sockets': { default: 8, whole: [1, 1000] },
    'sit-sockets': { default: 20, whole: [1, 1000] },
    honest: { default: 6, whole: [2, 6] },
    tables: { default: 2, whole: [1, 50] },
  },
  USAGE,
);
const postgresUrl = await chooseDatabase(options);
const log = benchLog('abuse');
const admin = { username: 'abuseadmin', password: 'abuse-admin-password', email: 'abuse@bench.local' };

log(`database: ${databaseLabel(postgresUrl)}`);
let server;
await runBench({
  start: async () => (server = await startServer({ postgresUrl, admin })),
  measure: benchmark,
  summary: printSummary,
});

async function benchmark() {
  log(`server pid ${server.pid} at ${server.base}`);
  const stage = await prepare({
    base: server.base,
    admin,
    tables: options.tables,
    seatsPerTable: 9,
    accounts: options.honest * options.tables,
    depositPerAccount: BUY_IN * 50,
    log,
  });
  const tableId = stage.tableIds[0];
  const api = new Api(server.base);
  const attacker = await api.request(
    'POST',
    '/api/v1/user/register',
    {
      email: 'broke@bench.local',
      username: 'brokeattacker',
      password: 'abuse-bench-password',
      repeatPassword: 'abuse-bench-password',
      acceptTerms: true,
      bank: 'Khan Bank',
      accountNumber: '5000123456',
    },
    null,
    ADDRESS.sitAttacker,
  );

  const honest = await seatHonestPlayers(stage.tableIds, stage.tokens);
  log(`${honest.seated} honest players seated at ${options.tables} tables; calm for ${options.calm} s`);
  const poller = pollLobby(api);
  const rss = sampleRss();

  await delay(options.calm * 1000);
  const calm = { acks: honest.takeAcks(), polls: poller.take(), peakRss: rss.take() };

  log(`flooding for ${options.duration} s`);
  const startedAt = performance.now();
  const baseline = processUsage(server.pid);
  const attackers = [
    new Worker(path.join(here, 'attackers.mjs'), {
      workerData: {
        role: 'global',
        url: `${server.wsBase}/ws/global`,
        sockets: options.floodSockets,
        maxFrames: options.frames,
        localAddress: ADDRESS.flooder,
      },
    }),
    new Worker(path.join(here, 'attackers.mjs'), {
      workerData: {
        role: 'sit',
        url: `${server.wsBase}/ws/table/${tableId}`,
        sockets: options.sitSockets,
        token: attacker.accessToken,
        tableId,
        seats: [6, 7, 8],
        amount: BENCH_TABLE.minBuyIn,
        localAddress: ADDRESS.sitAttacker,
      },
    }),
  ];
  await delay(options.duration * 1000);
  const flood = { acks: honest.takeAcks(), polls: poller.take(), peakRss: rss.take() };
  const seconds = (performance.now() - startedAt) / 1000;
  const after = processUsage(server.pid);
  const reports = await Promise.all(
    attackers.map((worker) => {
      const report = nextMessage(worker, 'stats');
      worker.postMessage({ type: 'stop' });
      return report;
    }),
  );
  await Promise.all(attackers.map((worker) => worker.terminate()));
  poller.stop();
  rss.stop();

  const alive =
    isAlive(server.pid) &&
    (await api.request('GET', '/api/v1/user/tables').then(
      () => true,
      () => false,
    ));
  const books = await api.request('GET', '/api/v1/admin/data', undefined, stage.adminToken).catch(() => null);
  const honestStats = honest.stop();
  api.close();

  const round = (x, digits = 1) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);
  const [global, sit] = reports.map((r) => r.stats);
  const result = {
    bench: 'abuse',
    database: server.database,
    durationSeconds: round(seconds),
    globalFlood: {
      framesSent: global.framesSent,
      framesPerSecond: round(global.framesSent / seconds, 0),
      connections: global.connections,
      refusedUpgrades: global.refusedUpgrades,
      closeCodes: global.closes,
    },
    sitFlood: {
      framesSent: sit.framesSent,
      connections: sit.connections,
      refusedUpgrades: sit.refusedUpgrades,
      closeCodes: sit.closes,
      replies: sit.replies,
    },
    honestPlayers: honest.seated,
    calm: {
      tablesMs: latencySummary(calm.polls),
      ackMs: latencySummary(merge(calm.acks.acks, calm.acks.handEnding)),
      pingMs: latencySummary(calm.acks.pings),
    },
    tablesMs: latencySummary(flood.polls),
    ackMs: latencySummary(merge(flood.acks.acks, flood.acks.handEnding)),
    ackMidHandMs: latencySummary(flood.acks.acks),
    ackHandEndingMs: latencySummary(flood.acks.handEnding),
    pingMs: latencySummary(flood.acks.pings),
    honestRejected: honestStats.rejected,
    honestDisconnects: honestStats.disconnects,
    serverRssBeforeMb: round(baseline.rssBytes / 2 ** 20),
    serverPeakRssMb: round(Math.max(flood.peakRss, after.rssBytes) / 2 ** 20),
    rssGrowthMb: round((Math.max(flood.peakRss, after.rssBytes) - baseline.rssBytes) / 2 ** 20),
    serverCpuPercent: round(((after.cpuSeconds - baseline.cpuSeconds) / seconds) * 100),
    serverAlive: alive,
    booksBalanced: books?.balanced ?? null,
    machine: { cpus: os.cpus().length, loadAverage1m: round(os.loadavg()[0], 2), node: process.version },
  };
  result.targetMet =
    result.serverAlive &&
    result.rssGrowthMb !== null &&
    result.rssGrowthMb < TARGET.rssGrowthMb &&
    result.tablesMs.p99 !== null &&
    result.tablesMs.p99 < TARGET.tablesP99Ms &&
    result.ackMs.p99 !== null &&
    result.ackMs.p99 < TARGET.ackP99Ms;
  return result;
}

/** The honest tables: one WebSocket per player, AUTH, SIT, a legal action soon after each turn; ACK times. */
async function seatHonestPlayers(tableIds, tokens) {
  const acks = [];
  const pings = [];
  const handEnding = [];
  const rejected = {};
  let disconnects = 0;
  let stopping = false;
  const players = tokens.map((token, i) => {
    const seat = i % options.honest;
    const tableId = tableIds[Math.floor(i / options.honest)];
    const ws = new WebSocket(`${server.wsBase}/ws/table/${tableId}`, {
      localAddress: ADDRESS.honest,
      perMessageDeflate: false,
    });
    const sent = new Map();
    const pinged = new Map();
    let handNumber = null;
    let requests = 0;
    const ready = new Promise((resolve) => {
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'AUTH', token, requestId: 'auth' }));
        ws.send(JSON.stringify({ type: 'SIT', seat, amount: BUY_IN, requestId: 'sit' }));
      });
      ws.on('close', () => {
        if (!stopping) disconnects += 1;
        resolve(false);
      });
      ws.on('error', () => resolve(false));
      ws.on('message', (data) => {
        const at = performance.now();
        const frame = JSON.parse(String(data));
        if (frame.type === 'ACK' && frame.requestId === 'sit') resolve(true);
        if ((frame.type === 'ACK' || frame.type === 'REJECT') && sent.has(frame.requestId)) {
          const action = sent.get(frame.requestId);
          (action.endedHand ? handEnding : acks).push(at - action.at);
          sent.delete(frame.requestId);
        }
        if (frame.type === 'PONG' && pinged.has(frame.requestId)) {
          pings.push(at - pinged.get(frame.requestId));
          pinged.delete(frame.requestId);
        }
        if (frame.type === 'REJECT') rejected[frame.code] = (rejected[frame.code] ?? 0) + 1;
        if (frame.type === 'REJECT' && frame.requestId === 'sit') resolve(false);
        if (frame.type === 'SNAPSHOT' && frame.hand) handNumber = frame.hand.handNumber;
        if (frame.type !== 'EVENT') return;
        const event = frame.event;
        if (event.type === 'hand-started') handNumber = event.handNumber;
        // An action that ends the hand is acknowledged after the hand is settled in the database.
        if (event.type === 'hand-ended' || event.type === 'hand-result')
          for (const action of sent.values()) action.endedHand = true;
        if (event.type === 'next-to-act' && event.seat === seat) {
          const think = THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]);
          setTimeout(() => {
            const choice = chooseAction(event.legal);
            if (!choice || ws.readyState !== WebSocket.OPEN || stopping) return;
            const requestId = `a${++requests}`;
            sent.set(requestId, { at: performance.now(), endedHand: false });
            ws.send(JSON.stringify({ type: 'ACTION', ...choice, handNumber, requestId }));
          }, think);
        }
        if (event.type === 'seat-left' && event.seat === seat && !stopping) {
          setTimeout(
            () =>
              ws.readyState === WebSocket.OPEN &&
              ws.send(JSON.stringify({ type: 'SIT', seat, amount: BUY_IN, requestId: `sit${++requests}` })),
            500,
          );
        }
        if (event.type === 'sat-out' && event.seat === seat)
          ws.send(JSON.stringify({ type: 'SIT_IN', requestId: `in${++requests}` }));
      });
    });
    // The channel answers PING itself (no table work): the transport's and the event loop's baseline.
    const pinger = setInterval(() => {
      if (ws.readyState !== WebSocket.OPEN || stopping) return;
      const requestId = `p${++requests}`;
      pinged.set(requestId, performance.now());
      ws.send(JSON.stringify({ type: 'PING', requestId }));
    }, PING_EVERY_MS);
    pinger.unref();
    return { ws, ready, pinger };
  });
  const seated = (await Promise.all(players.map((p) => p.ready))).filter(Boolean).length;
  if (seated < 2) throw new Error(`only ${seated} honest players could sit`);
  return {
    seated,
    /** Action ACKs: those that did not end a hand, those that did (settled first), and PING round trips. */
    takeAcks: () => ({
      acks: acks.splice(0).sort((a, b) => a - b),
      handEnding: handEnding.splice(0).sort((a, b) => a - b),
      pings: pings.splice(0).sort((a, b) => a - b),
    }),
    stop() {
      stopping = true;
      for (const p of players) {
        clearInterval(p.pinger);
        p.ws.terminate();
      }
      return { rejected, disconnects };
    },
  };
}

/** GET /api/v1/user/tables every POLL_EVERY_MS, one at a time; latencies in ms. */
function pollLobby(api) {
  const latencies = [];
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const started = performance.now();
      await api.request('GET', '/api/v1/user/tables', undefined, null, ADDRESS.poller).catch(() => undefined);
      latencies.push(performance.now() - started);
      await delay(POLL_EVERY_MS);
    }
  })();
  return {
    take: () => latencies.splice(0).sort((a, b) => a - b),
    stop: () => (stopped = true),
  };
}

/** The server's resident memory, sampled; `take` returns the peak since the last take. */
function sampleRss() {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, processUsage(server.pid).rssBytes);
    } catch {
      // the process is gone: reported as not alive
    }
  }, RSS_EVERY_MS);
  return {
    take() {
      const value = peak;
      peak = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

function merge(a, b) {
  return [...a, ...b].sort((x, y) => x - y);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function printSummary(r) {
  const ok = (met) => (met ? 'ok' : 'MISSED');
  const lines = [
    `Tenger abuse benchmark on ${r.database}: ${r.durationSeconds} s of flood, ${r.honestPlayers} honest players`,
    `  /ws/global junk         ${r.globalFlood.framesSent} frames (${r.globalFlood.framesPerSecond}/s) over ${r.globalFlood.connections} connections; closes ${JSON.stringify(r.globalFlood.closeCodes)}`,
    `  SIT flood (0 balance)   ${r.sitFlood.framesSent} frames over ${r.sitFlood.connections} connections; replies ${JSON.stringify(r.sitFlood.replies)}`,
    `  server RSS              ${r.serverRssBeforeMb} MB before, peak ${r.serverPeakRssMb} MB: growth ${r.rssGrowthMb} MB (< ${TARGET.rssGrowthMb}: ${ok(r.rssGrowthMb < TARGET.rssGrowthMb)})`,
    `  GET /user/tables (ms)   calm p99 ${r.calm.tablesMs.p99}; flood p50 ${r.tablesMs.p50} p99 ${r.tablesMs.p99} max ${r.tablesMs.max} over ${r.tablesMs.count} (< ${TARGET.tablesP99Ms}: ${ok(r.tablesMs.p99 < TARGET.tablesP99Ms)})`,
    `  action ACK (ms)         calm p99 ${r.calm.ackMs.p99}; flood p50 ${r.ackMs.p50} p99 ${r.ackMs.p99} max ${r.ackMs.max} over ${r.ackMs.count} (< ${TARGET.ackP99Ms}: ${ok(r.ackMs.p99 < TARGET.ackP99Ms)})`,
    `    of which               mid-hand p99 ${r.ackMidHandMs.p99} (${r.ackMidHandMs.count}); hand-ending (settled first) p99 ${r.ackHandEndingMs.p99} (${r.ackHandEndingMs.count})`,
    `  PING round trip (ms)    calm p99 ${r.calm.pingMs.p99}; flood p50 ${r.pingMs.p50} p99 ${r.pingMs.p99} max ${r.pingMs.max} (no table work: the machine's baseline)`,
    `  server                  ${r.serverAlive ? 'alive' : 'DEAD'}; CPU ${r.serverCpuPercent} % of one core; books balanced: ${r.booksBalanced}`,
    `  target met              ${r.targetMet}`,
  ];
  console.log(lines.join('\n'));
}
