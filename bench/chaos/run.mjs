// npm run bench:chaos -- [--processes 3] [--tables 4] [--cut 10] [--settle 20] [--short]
// Three server processes as one site behind Debian's nginx, on a fresh PostgreSQL database and a private
// Redis, each reached through a TCP fault proxy of our own (site.mjs), with bots playing at every table
// and a client polling the site through nginx and every process directly. In turn: the database is cut
// for --cut seconds, then Redis, then Redis is restarted empty, then a process is SIGSTOPped past its
// table leases and woken (SIGCONT), then a process is killed (kill -9). After each fault it reports: hands
// settled and voided, hands settled twice (must be 0), the books (must be 0), seconds from the fault's end
// until every table has dealt again (must be under 30), HTTP 5xx other than 503 (must be 0) and money
// moved by a stale process (a table's ledger transaction committed by a process that was not the table's
// fenced owner: must be 0). --short (CI, `npm run test:chaos`): 3 tables, 4 s faults, about two minutes.
// Prints one JSON line last; exits 1 when a must is broken.
import console from 'node:console';
import os from 'node:os';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ADMIN, call, scrapeSum, staleMoves, startSite } from './site.mjs';

const { structuredClone } = globalThis;

/** The bound on how long after a fault every table deals again. */
const DEALS_AGAIN_WITHIN_S = 30;
/**
 * Leases short enough that a stalled or killed process's tables move within seconds, long enough that a
 * renewal (every third of it) that times out on a busy machine does not lose the lease at once.
 */
const LEASE_TTL_MS = 6_000;
const POLL_EVERY_MS = 200;
const MAX_IN_FLIGHT = 300;

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    tables: { type: 'string' },
    cut: { type: 'string' },
    settle: { type: 'string' },
    short: { type: 'boolean', default: false },
  },
});
const short = values.short;
const processes = Number(values.processes);
const tableCount = Number(values.tables ?? (short ? 3 : 4));
const cutMs = Number(values.cut ?? (short ? 4 : 10)) * 1000;
const settleMs = Number(values.settle ?? (short ? 6 : 20)) * 1000;
/** SIGSTOP lasts past the process's leases: two lease lifetimes and a second at least. */
const stopMs = Math.max(cutMs, 2 * LEASE_TTL_MS + 1_000);
const log = (line) => console.log(`[bench:chaos] ${line}`);
if (!Number.isInteger(processes) || processes < 3) {
  console.error('--processes must be at least 3 (one is stopped, one killed, one keeps the site)');
  process.exit(2);
}

const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const began = Date.now();
const loadAtStart = os.loadavg()[0];
const site = await startSite({ processes, postgresUrl, leaseTtlMs: LEASE_TTL_MS, log });
// Ctrl-C: every process, Redis, nginx and the database go with the bench.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void site.close().finally(() => process.exit(130)));
const { direct } = site;
let failed = false;
let poller = null;

try {
  // Setting up may wait long on a busy machine (the login's scrypt); the polls during faults do not.
  const SETUP_MS = 120_000;
  const token = (await call(site.base, 'POST', '/api/v1/user/login', ADMIN, undefined, SETUP_MS)).body
    .accessToken;
  const tables = (await call(site.base, 'GET', '/api/v1/admin/table', undefined, token, SETUP_MS)).body.slice(
    0,
    tableCount,
  );
  for (const table of tables) {
    const started = await call(
      site.base,
      'PUT',
      `/api/v1/admin/table/simulate?tableId=${table.tableId}`,
      undefined,
      token,
      SETUP_MS,
    );
    if (started.status !== 200)
      throw new Error(
        `simulation at table ${table.tableId}: ${started.status} ${JSON.stringify(started.body)}`,
      );
  }
  const tableIds = tables.map((t) => t.tableId);
  log(`bots play at ${tableIds.length} tables; warming up`);
  if ((await everyTableDealsAfter(tableIds, new Date(), 120_000)) === null)
    throw new Error(`the tables did not start dealing (${JSON.stringify(await counts(tableIds))})`);
  log(`owners: ${JSON.stringify(await owners(tableIds))}`);

  poller = pollTheSite(token);
  const report = {};
  const faults = [
    ['database cut', () => cutFor(site.dbProxy, cutMs)],
    ['redis cut', () => cutFor(site.redisProxy, cutMs)],
    ['redis restarted empty', () => site.redis.restartEmpty()],
    ['process stopped past its lease', () => stopPastLease(tableIds)],
    ['process killed (kill -9)', () => killOne(tableIds)],
  ];
  for (const [fault, cause] of faults) {
    const before = await counts(tableIds);
    const refusalsBefore = await perNode('tenger_fencing_refusals_total');
    const takeoversBefore = await perNode('tenger_lease_takeovers_total');
    poller.reset();
    const faultBegan = Date.now();
    log(`${fault}…`);
    const victim = await cause();
    const ended = new Date();
    const back = await everyTableDealsAfter(tableIds, ended, DEALS_AGAIN_WITHIN_S * 1000 * 2);
    await delay(Math.max(0, settleMs - (Date.now() - ended.getTime())));
    const polled = poller.snapshot();
    const after = await counts(tableIds);
    const stale = await staleMoves(direct);
    const figures = {
      ...(victim ? { process: victim } : {}),
      faultSeconds: Number(((ended.getTime() - faultBegan) / 1000).toFixed(1)),
      handsSettled: after.settled - before.settled,
      handsVoided: after.voided - before.voided,
      settledTwice: after.twice,
      books: after.books,
      secondsUntilEveryTableDeals:
        back === null ? null : Number(((back - ended.getTime()) / 1000).toFixed(1)),
      http5xxOtherThan503: polled.bad,
      http503: polled.unavailable,
      unanswered: polled.unanswered,
      requests: polled.requests,
      notOk: polled.statuses,
      staleMoneyMoves: stale.transactions,
      staleMoneyTugrik: stale.tugrik,
      tableMovesWitnessed: stale.noted,
      ...(stale.what ? { staleWhat: stale.what } : {}),
      fencingRefusals: since(refusalsBefore, await perNode('tenger_fencing_refusals_total')),
      leaseTakeovers: since(takeoversBefore, await perNode('tenger_lease_takeovers_total')),
    };
    report[fault] = figures;
    log(`${fault}: ${JSON.stringify(figures)}`);
    if (
      figures.settledTwice !== 0 ||
      figures.books !== 0 ||
      figures.secondsUntilEveryTableDeals === null ||
      figures.secondsUntilEveryTableDeals >= DEALS_AGAIN_WITHIN_S ||
      figures.http5xxOtherThan503 !== 0 ||
      figures.staleMoneyMoves !== 0 ||
      figures.tableMovesWitnessed === 0
    )
      failed = true;
  }
  console.log(
    JSON.stringify({
      processes,
      tables: tableIds.length,
      cutSeconds: cutMs / 1000,
      stopSeconds: stopMs / 1000,
      short,
      seconds: Math.round((Date.now() - began) / 1000),
      loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
      ...report,
      ok: !failed,
    }),
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  poller?.stop();
  await site.close();
}
process.exit(failed ? 1 : 0);

async function cutFor(proxy, ms) {
  await proxy.cut();
  await delay(ms);
  await proxy.heal();
}

/** The live process that owns the most of the tables (every fault after the first may move them). */
async function busiestNode(tableIds) {
  const byOwner = await owners(tableIds);
  const live = site.nodes.filter((n) => !n.dead && !n.away);
  live.sort((a, b) => (byOwner[b.nodeId]?.length ?? 0) - (byOwner[a.nodeId]?.length ?? 0));
  return live[0];
}

async function stopPastLease(tableIds) {
  const node = await busiestNode(tableIds);
  node.away = true;
  node.child.kill('SIGSTOP');
  await delay(stopMs);
  node.child.kill('SIGCONT');
  node.away = false;
  return node.nodeId;
}

async function killOne(tableIds) {
  const node = await busiestNode(tableIds);
  node.away = true;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGKILL');
  await exited;
  return node.nodeId;
}

/** Table ids by the process holding each one's newest fencing token. */
async function owners(tableIds) {
  const { rows } = await direct.query('SELECT table_id, owner FROM table_fences WHERE table_id = ANY($1)', [
    tableIds,
  ]);
  const byOwner = {};
  for (const row of rows) (byOwner[row.owner] ??= []).push(row.table_id);
  return byOwner;
}

/** A counter of every process that answers now, by process. */
async function perNode(metric) {
  const values = {};
  for (const node of site.nodes)
    if (!node.dead && !node.away) values[node.nodeId] = await scrapeSum(node, metric);
  return values;
}

/** How much a counter grew on the processes read both times (a killed process's count is gone with it). */
function since(before, after) {
  let grown = 0;
  for (const [node, value] of Object.entries(after)) if (node in before) grown += value - before[node];
  return grown;
}

/**
 * A client of the site every 200 ms: the lobby and the administrator's profile through nginx, and the same
 * on every process that is not stopped or killed. Counts answers by status; `unanswered` is a request that
 * got no answer within 10 s or whose connection failed.
 */
function pollTheSite(token) {
  const fresh = () => ({ bad: 0, unavailable: 0, unanswered: 0, requests: 0, statuses: {} });
  const state = { figures: fresh(), stopped: false, inFlight: 0 };
  (async () => {
    while (!state.stopped) {
      // Not waiting for the answers: a stopped process must not slow the client's pace down.
      const bases = [site.base, ...site.nodes.filter((n) => !n.dead && !n.away).map((n) => n.base)];
      for (const base of bases)
        for (const url of ['/api/v1/user/tables', '/api/v1/user/me']) {
          if (state.inFlight >= MAX_IN_FLIGHT) continue;
          const figures = state.figures;
          const where = base === site.base ? 'nginx' : site.nodes.find((n) => n.base === base).nodeId;
          state.inFlight++;
          void call(base, 'GET', url, undefined, token)
            .catch(() => ({ status: 0 }))
            .then(({ status }) => {
              state.inFlight--;
              figures.requests++;
              const key = `${status} ${where} ${url.slice(url.lastIndexOf('/') + 1)}`;
              if (status !== 200) figures.statuses[key] = (figures.statuses[key] ?? 0) + 1;
              if (status === 0) figures.unanswered++;
              else if (status === 503) figures.unavailable++;
              else if (status >= 500) figures.bad++;
            });
        }
      await delay(POLL_EVERY_MS);
    }
  })();
  return {
    /** The counts so far (a copy: answers still on their way count in the next fault's). */
    snapshot() {
      return structuredClone(state.figures);
    },
    reset() {
      state.figures = fresh();
    },
    stop() {
      state.stopped = true;
    },
  };
}

/** When every table has settled a hand that began after `since`, or null past `limitMs`. */
async function everyTableDealsAfter(tableIds, since, limitMs) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const { rows } = await direct.query(
      'SELECT count(DISTINCT table_id) AS n FROM hands WHERE table_id = ANY($1) AND started_at > $2',
      [tableIds, since],
    );
    if (Number(rows[0].n) === tableIds.length) return Date.now();
    await delay(250);
  }
  return null;
}

async function counts(tableIds) {
  const one = async (text, params = []) => Number((await direct.query(text, params)).rows[0].n);
  return {
    settled: await one('SELECT count(*) AS n FROM hands WHERE table_id = ANY($1)', [tableIds]),
    voided: await one('SELECT count(*) AS n FROM voided_hands WHERE table_id = ANY($1)', [tableIds]),
    twice: await one(
      'SELECT count(*) AS n FROM (SELECT 1 FROM hands GROUP BY table_id, hand_number HAVING count(*) > 1) AS d',
    ),
    books: await one('SELECT coalesce(sum(balance), 0) AS n FROM ledger_accounts'),
  };
}
