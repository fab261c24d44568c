// npm run bench:tournament -- [--entrants 1000] [--table-size 9] [--bot-pause 0-20] [--level-seconds 20]
//                             [--next-hand-ms 200] [--processes 1]
// A tournament of bots to the end on PostgreSQL: starts the built server as its own process on a fresh
// database (bench/load/server.mjs), creates a multi-table Sit & Go of `entrants` through the admin API
// on a fast structure, fills it with bots (PUT /admin/tournament/simulate; they think BOT_PAUSE_MS),
// and watches every table it opens as a spectator over a WebSocket until it is finished. Reports the
// wall time, hands per second and minute, the action fan-out (each `clock` event carries its deadline:
// it was emitted at deadline − action time; the latency is until the spectator received it), players
// moved between tables, the server's CPU and memory, the books (every ledger account summed, the
// prize pool, the prizes) and places 1..N. Prints a summary, then one JSON line last. With --processes N
// (PostgreSQL and Redis), N processes of one site behind nginx (bench/load/cluster.mjs): the director runs
// under its lease on one of them, which hosts the tournament's tables; spectators come through nginx.
/* global fetch, URL */
import console from 'node:console';
import os from 'node:os';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { startCluster } from '../load/cluster.mjs';
import { percentile } from '../load/fanout.mjs';
import {
  backendCpuBetween,
  databaseBackends,
  findPostgres,
  processUsage,
  query,
  startServer,
} from '../load/server.mjs';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    entrants: { type: 'string', default: '1000' },
    'table-size': { type: 'string', default: '9' },
    'bot-pause': { type: 'string', default: '0-20' },
    'level-seconds': { type: 'string', default: '20' },
    'next-hand-ms': { type: 'string', default: '200' },
    'limit-minutes': { type: 'string', default: '30' },
    'cpu-prof': { type: 'string' },
    processes: { type: 'string', default: '1' },
  },
});
const ENTRANTS = Number(values.entrants);
const TABLE_SIZE = Number(values['table-size']);
const LEVEL_SECONDS = Number(values['level-seconds']);
const ACTION_MS = 15_000;
const STACK = 1_500;
const BUY_IN = 1_000;
const FEE = 100;
const log = (line) => console.log(`[bench:tournament] ${line}`);

const admin = { username: 'benchadmin', password: 'bench-admin-password', email: 'admin@bench.local' };
const postgresUrl = await findPostgres();
if (!postgresUrl) {
  console.error('PostgreSQL does not answer (set BENCH_DATABASE_URL or DATABASE_URL)');
  process.exit(2);
}
Object.assign(process.env, {
  BOT_PAUSE_MS: values['bot-pause'],
  BENCH_ACTION_MS: String(ACTION_MS),
  BENCH_NEXT_HAND_MS: values['next-hand-ms'],
  WS_MAX_CONNECTIONS_PER_IP: '1000000',
  TCP_MAX_CONNECTIONS_PER_IP: '0',
});
const PROCESSES = Number(values.processes);
const serverMain = fileURLToPath(new URL('./server.mjs', import.meta.url));
const server =
  PROCESSES > 1
    ? await startCluster({ postgresUrl, admin, processes: PROCESSES, main: serverMain })
    : await startServer({ postgresUrl, admin, main: serverMain, cpuProfileDir: values['cpu-prof'] ?? null });
if (PROCESSES > 1) await server.join();
/** The server's CPU seconds and resident memory, summed over its processes. */
const serverUsage = () => {
  const pids = PROCESSES > 1 ? server.pids() : [server.pid];
  return pids.reduce(
    (sum, pid) => {
      const usage = processUsage(pid);
      return { cpuSeconds: sum.cpuSeconds + usage.cpuSeconds, rssBytes: sum.rssBytes + usage.rssBytes };
    },
    { cpuSeconds: 0, rssBytes: 0 },
  );
};
const databaseUrl = (() => {
  const url = new URL(postgresUrl);
  url.pathname = `/${server.dbName}`;
  return url.toString();
})();
const sql = async (text) => (await query(databaseUrl, text)).rows;
process.once('SIGINT', () => void server.stop().finally(() => process.exit(130)));

async function api(method, path, token, body) {
  const res = await fetch(server.base + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Blinds that double about every two levels from 10/20, antes from level 3: a bot field busts fast. */
function fastLevels() {
  const smallBlinds = [
    10, 15, 25, 40, 60, 100, 150, 250, 400, 600, 1000, 1500, 2500, 4000, 6000, 10000, 15000,
  ];
  // A big field has more chips: the blinds go on rising until the big blind is a twentieth of them (a
  // 10,000 field's last 30 players sat ~20 big blinds deep at 15,000/30,000 and busted a few a minute).
  while (smallBlinds.at(-1) * 40 < ENTRANTS * STACK) smallBlinds.push(Math.round(smallBlinds.at(-1) * 1.6));
  return smallBlinds.map((sb, i) => ({
    level: i + 1,
    smallBlind: sb,
    bigBlind: 2 * sb,
    ante: i >= 2 ? 2 * sb : 0,
    seconds: LEVEL_SECONDS,
    isBreak: false,
  }));
}

let result;
try {
  const { accessToken: token } = await api('POST', '/api/v1/user/login', undefined, {
    username: admin.username,
    password: admin.password,
  });
  const created = await api('POST', '/api/v1/admin/tournament', token, {
    name: `Bench ${ENTRANTS}`,
    kind: 'sng',
    variant: 'holdem',
    buyIn: BUY_IN,
    fee: FEE,
    startingStack: STACK,
    tableSize: TABLE_SIZE,
    minEntrants: 2,
    maxEntrants: ENTRANTS,
    levels: fastLevels(),
    actionSeconds: ACTION_MS / 1000,
  });
  const id = created.tournamentId;
  log(
    `database: PostgreSQL (fresh database); tournament ${id}: ${ENTRANTS} entrants, ${TABLE_SIZE}-max, ${LEVEL_SECONDS} s levels, bots ${values['bot-pause']} ms`,
  );
  // The accounts are made beforehand (one statement): registration times the entries, not sign-ups.
  await sql(
    `INSERT INTO users (username, email, password_hash, is_bot)
     SELECT 'Benchbot' || g, 'benchbot' || g || '@bots.tenger.local', '!', true FROM generate_series(1, ${ENTRANTS}) AS g`,
  );
  const registering = Date.now();
  // Registered in batches; the last one (which fills the field and so starts the tournament: the seat
  // draw opens every table) is timed on its own.
  let seating = 0;
  for (let left = ENTRANTS; left > 0;) {
    const batch = Math.min(left, 250);
    if (batch === left) seating = Date.now();
    const { bots } = await api(
      'PUT',
      `/api/v1/admin/tournament/simulate?tournamentId=${id}&bots=${batch}`,
      token,
    );
    left -= bots;
    if (bots === 0) throw new Error('no bot could register');
  }
  const seatedAt = Date.now();
  const registrationSeconds = (seating - registering) / 1000;
  const registeredBeforeLast = ENTRANTS - Math.min(ENTRANTS, 250);
  const seatSeconds = (seatedAt - seating) / 1000;
  const expectedTables = Math.ceil(ENTRANTS / TABLE_SIZE);
  log(
    `registered ${registeredBeforeLast} bots in ${registrationSeconds.toFixed(1)} s ` +
      `(${(registeredBeforeLast / registrationSeconds).toFixed(0)}/s); the last ${ENTRANTS - registeredBeforeLast} ` +
      `and the seat draw on ${expectedTables} tables took ${seatSeconds.toFixed(1)} s; load average ${loadAverage()}`,
  );

  // A spectator at every table the tournament opens.
  const fanout = [];
  const watched = new Map();
  let moved = 0;
  let actions = 0;
  // Spectators join a few at a time (a thousand at once would only measure the join storm).
  const joining = [];
  let connecting = 0;
  const watch = (tableId) => {
    if (watched.has(tableId)) return;
    watched.set(tableId, null);
    joining.push(tableId);
    pump();
  };
  const pump = () => {
    while (connecting < 8 && joining.length > 0) {
      const tableId = joining.shift();
      connecting++;
      const socket = connect(tableId);
      watched.set(tableId, socket);
      let done = false;
      const joined = () => {
        if (done) return;
        done = true;
        connecting--;
        pump();
      };
      socket.once('message', joined);
      socket.once('close', joined);
      socket.once('error', joined);
    }
  };
  const connect = (tableId) => {
    const socket = new WebSocket(`${server.wsBase}/ws/table/${tableId}`);
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.type !== 'EVENT') return;
      const event = frame.event;
      if (event.type === 'clock') fanout.push(Date.now() - (event.deadline - ACTION_MS));
      else if (event.type === 'action') actions++;
      else if (event.type === 'seat-left' && event.reason === 'moved') moved++;
    });
    socket.on('error', () => undefined);
    return socket;
  };

  const started = Date.now();
  const cpuBefore = serverUsage();
  const backendsBefore = databaseBackends(server.dbName);
  let peakRss = 0;
  let detail;
  const limit = started + Number(values['limit-minutes']) * 60_000;
  // Chips: the players still in hold entrants × the starting stack at every look (the director's
  // stacks after each settled hand), checked at each level. Tables: a table that goes while two or more
  // remain was broken; the final table is new, holds every player still in, and comes only when they
  // fit at one table.
  const chipsByLevel = new Map();
  const chipsExpected = ENTRANTS * STACK;
  let allSeatedAt = null;
  let tablesNow = new Set();
  let broken = 0;
  let finalTable = null;
  let peakTables = 0;
  const pollMs = ENTRANTS > 3000 ? 1000 : 500;
  let missedLooks = 0;
  for (let lastLog = 0; ;) {
    try {
      detail = await api('GET', `/api/v1/user/tournaments/${id}`);
    } catch (error) {
      // A busy database answers 503 for a moment: the look is missed, the run goes on.
      missedLooks++;
      if (Date.now() > limit) throw error;
      if (missedLooks % 10 === 1)
        log(`a look failed (${missedLooks} so far): ${error.message.slice(0, 120)}`);
      await delay(pollMs);
      continue;
    }
    for (const table of detail.tables) watch(table.tableId);
    peakRss = Math.max(peakRss, serverUsage().rssBytes);
    peakTables = Math.max(peakTables, detail.tables.length);
    const inPlay = detail.players.filter((p) => p.place === null);
    if (detail.status === 'running' || detail.status === 'break') {
      const chips = inPlay.reduce((sum, p) => sum + p.stack, 0);
      const check = chipsByLevel.get(detail.level) ?? { level: detail.level, looks: 0, wrong: 0 };
      check.looks++;
      if (chips !== chipsExpected) check.wrong++;
      chipsByLevel.set(detail.level, check);
      const seated = detail.tables.reduce((sum, t) => sum + t.players, 0);
      if (allSeatedAt === null && detail.tables.length === expectedTables && seated === ENTRANTS)
        allSeatedAt = Date.now();
      const ids = new Set(detail.tables.map((t) => t.tableId));
      const gone = [...tablesNow].filter((t) => !ids.has(t));
      const [only] = detail.tables;
      if (detail.tables.length === 1 && !tablesNow.has(only.tableId) && tablesNow.size > 1) {
        // The final table's redraw: every table closed, one new one with everyone still in.
        finalTable = {
          players: only.players,
          playersLeft: inPlay.length,
          fits: inPlay.length <= TABLE_SIZE,
          everyoneAtIt: inPlay.every((p) => p.tableId === only.tableId) && only.players === inPlay.length,
          tablesBefore: tablesNow.size,
        };
      } else broken += gone.length;
      tablesNow = ids;
    }
    if (detail.status === 'finished' || detail.status === 'cancelled') break;
    if (Date.now() > limit) throw new Error(`not finished after ${values['limit-minutes']} minutes`);
    if (Date.now() - lastLog > 15_000) {
      lastLog = Date.now();
      const left = detail.players.filter((p) => p.place === null).length;
      // The figures so far (a run stopped before the end still tells them).
      const soFar = [...fanout].sort((x, y) => x - y);
      log(
        `${((Date.now() - started) / 1000).toFixed(0)} s: level ${detail.level}, ${left} left on ${detail.tables.length} tables; ` +
          `fan-out p50 ${percentile(soFar, 50)} ms p99 ${percentile(soFar, 99)} ms (${soFar.length}), ${moved} moved, ${broken} broken; ` +
          `RSS ${Math.round(serverUsage().rssBytes / 2 ** 20)} MB, load average ${loadAverage()}`,
      );
    }
    await delay(pollMs);
  }
  const wallSeconds = (Date.now() - started) / 1000;
  const cpuAfter = serverUsage();
  const databaseCpuSeconds = backendCpuBetween(backendsBefore, databaseBackends(server.dbName));
  for (const socket of watched.values()) socket?.terminate();

  const [{ hands }] = await sql(
    `SELECT count(*)::int AS hands FROM hands h JOIN poker_tables t ON t.id = h.table_id WHERE t.tournament_id = ${id}`,
  );
  const [{ total }] = await sql('SELECT coalesce(sum(balance), 0)::bigint AS total FROM ledger_accounts');
  const [{ pool }] = await sql(
    `SELECT coalesce(sum(balance), 0)::bigint AS pool FROM ledger_accounts WHERE code = 'tournament:${id}:pool'`,
  );
  const prizes = await sql(
    `SELECT sum(p.amount)::bigint AS amount FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
     WHERE t.kind = 'tournament_prize' AND t.meta->>'tournamentId' = '${id}' AND p.amount > 0 GROUP BY t.id`,
  );
  const prizeTotal = prizes.reduce((sum, p) => sum + Number(p.amount), 0);
  const places = detail.players.map((p) => p.place).sort((a, b) => a - b);
  const placesOnce = places.every((place, i) => place === i + 1);
  const chipLevels = [...chipsByLevel.values()];
  const chipsConserved = chipLevels.length > 0 && chipLevels.every((c) => c.wrong === 0);
  const finalTableCorrect = Boolean(
    finalTable && finalTable.fits && finalTable.everyoneAtIt && finalTable.players >= 2,
  );
  const sorted = [...fanout].sort((a, b) => a - b);
  result = {
    bench: 'tournament',
    database: 'postgres',
    entrants: ENTRANTS,
    tableSize: TABLE_SIZE,
    levelSeconds: LEVEL_SECONDS,
    botPauseMs: values['bot-pause'],
    processes: PROCESSES,
    status: detail.status,
    registrationSeconds: round(registrationSeconds),
    registrationsPerSecond: round(registeredBeforeLast / registrationSeconds),
    seatDrawSeconds: round(seatSeconds),
    allSeatedSeconds: allSeatedAt === null ? null : round((allSeatedAt - seating) / 1000),
    tables: expectedTables,
    peakTables,
    wallSeconds: round(wallSeconds),
    hands: Number(hands),
    handsPerSecond: round(Number(hands) / wallSeconds),
    handsPerMinute: Math.round((Number(hands) / wallSeconds) * 60),
    actions,
    fanoutMs: {
      samples: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? null,
    },
    playersMoved: moved,
    missedLooks,
    tablesBroken: broken,
    finalTable,
    finalTableCorrect,
    chipsConserved,
    chipChecks: chipLevels,
    loadAverage: loadAverage(),
    serverCpuPercent: round(((cpuAfter.cpuSeconds - cpuBefore.cpuSeconds) / wallSeconds) * 100),
    serverPeakRssMb: Math.round(peakRss / 2 ** 20),
    databaseCpuPercent: round((databaseCpuSeconds / wallSeconds) * 100),
    booksTotal: Number(total),
    booksBalanced: Number(total) === 0,
    prizePoolLeft: Number(pool),
    prizesPaid: prizes.length,
    prizesSumToPool: prizeTotal === ENTRANTS * BUY_IN,
    placesOnce,
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  };
  log(
    `finished in ${result.wallSeconds} s: ${result.hands} hands (${result.handsPerSecond}/s, ${result.handsPerMinute}/min), ` +
      `fan-out p50 ${result.fanoutMs.p50} ms p99 ${result.fanoutMs.p99} ms (${sorted.length} turns), ${moved} players moved, ${broken} tables broken`,
  );
  log(
    `final table: ${finalTableCorrect ? 'formed correctly' : 'WRONG'} (${JSON.stringify(finalTable)}); chips ` +
      `${chipsConserved ? 'conserved' : 'NOT conserved'} at ${chipLevels.length} levels (${chipLevels.reduce((n, c) => n + c.looks, 0)} looks)`,
  );
  log(
    `server CPU ${result.serverCpuPercent} % of a core, peak RSS ${result.serverPeakRssMb} MB; PostgreSQL CPU ${result.databaseCpuPercent} %`,
  );
  log(
    `books ${result.booksBalanced ? 'zero' : `OFF by ${total}`}; pool left ${pool}; ${prizes.length} prizes summing ` +
      `${result.prizesSumToPool ? 'to' : 'NOT to'} the pool; places 1..${ENTRANTS} ${placesOnce ? 'each once' : 'WRONG'}`,
  );
} finally {
  await server.stop();
}
console.log(JSON.stringify(result));
if (
  !result ||
  !result.booksBalanced ||
  !result.prizesSumToPool ||
  !result.placesOnce ||
  !result.chipsConserved ||
  !result.finalTableCorrect ||
  result.prizePoolLeft !== 0
)
  process.exit(1);

function loadAverage() {
  return os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
}

function round(x) {
  return Math.round(x * 100) / 100;
}
