// npm run bench:chaos -- [--processes 2] [--tables 4] [--cut 10] [--settle 20]
// Two (or more) server processes as one site on a fresh PostgreSQL database and Redis, each through a TCP
// fault proxy of our own (apps/server/src/ops/faultProxy.ts), with bots playing at every table. In turn
// it cuts the database for --cut seconds, then Redis, and after each fault reports: hands settled and
// voided, hands settled twice (must be 0), the books (must be 0), seconds until every table deals again
// (must be under 30) and HTTP 5xx other than 503 seen by a client polling every process (must be 0).
// Prints one JSON line last; exits 1 when a must is broken.
import console from 'node:console';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { fetch, AbortSignal } = globalThis;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../../apps/server');
const { FaultProxy } = await import(path.join(serverDir, 'dist/ops/faultProxy.js'));
/** The bound on how long after a fault every table deals again. */
const DEALS_AGAIN_WITHIN_S = 30;
const ADMIN = { username: 'chaosadmin', password: 'chaos-admin-password' };

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    tables: { type: 'string', default: '4' },
    cut: { type: 'string', default: '10' },
    settle: { type: 'string', default: '20' },
  },
});
const processes = Number(values.processes);
const cutMs = Number(values.cut) * 1000;
const settleMs = Number(values.settle) * 1000;
const log = (line) => console.log(`[bench:chaos] ${line}`);

const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const name = `tenger_chaos_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${name}` }).toString();
await adminQuery(postgresUrl, `CREATE DATABASE ${name}`);
const direct = new pg.Pool({ connectionString: databaseUrl, max: 2 });

const pgTarget = new URL(postgresUrl);
const redisTarget = new URL(redisUrl);
const dbProxy = await FaultProxy.start({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
const redisProxy = await FaultProxy.start({
  host: redisTarget.hostname,
  port: Number(redisTarget.port || 6379),
});
const children = [];
let failed = false;

try {
  const bases = [];
  for (let i = 0; i < processes; i++) bases.push(await startProcess(i));
  log(`${processes} processes on ${name}, PostgreSQL and Redis through fault proxies`);
  const token = (await call(bases[0], 'POST', '/api/v1/user/login', ADMIN)).body.accessToken;
  const tables = (await call(bases[0], 'GET', '/api/v1/admin/table', undefined, token)).body.slice(
    0,
    Number(values.tables),
  );
  for (const table of tables) {
    const started = await call(
      bases[0],
      'PUT',
      `/api/v1/admin/table/simulate?tableId=${table.tableId}`,
      undefined,
      token,
    );
    if (started.status !== 200)
      throw new Error(
        `simulation at table ${table.tableId}: ${started.status} ${JSON.stringify(started.body)}`,
      );
  }
  const tableIds = tables.map((t) => t.tableId);
  log(`bots play at ${tableIds.length} tables; warming up`);
  if (!(await everyTableDealsAfter(tableIds, new Date(), 120_000)))
    throw new Error(`the tables did not start dealing (${JSON.stringify(await counts(tableIds))})`);

  const poller = pollEveryProcess(bases, token);
  const report = {};
  for (const [fault, proxy] of [
    ['database cut', dbProxy],
    ['redis cut', redisProxy],
  ]) {
    const before = await counts(tableIds);
    poller.reset();
    log(`${fault}: ${cutMs / 1000} s`);
    proxy.cut();
    await delay(cutMs);
    proxy.heal();
    const healed = new Date();
    const back = await everyTableDealsAfter(tableIds, healed, DEALS_AGAIN_WITHIN_S * 1000 * 2);
    await delay(Math.max(0, settleMs - (Date.now() - healed.getTime())));
    const after = await counts(tableIds);
    const figures = {
      handsSettled: after.settled - before.settled,
      handsVoided: after.voided - before.voided,
      settledTwice: after.twice,
      books: after.books,
      secondsUntilEveryTableDeals:
        back === null ? null : Number(((back - healed.getTime()) / 1000).toFixed(1)),
      http5xxOtherThan503: poller.bad,
      http503: poller.unavailable,
      requests: poller.requests,
    };
    report[fault] = figures;
    log(`${fault}: ${JSON.stringify(figures)}`);
    if (
      figures.settledTwice !== 0 ||
      figures.books !== 0 ||
      figures.secondsUntilEveryTableDeals === null ||
      figures.secondsUntilEveryTableDeals >= DEALS_AGAIN_WITHIN_S ||
      figures.http5xxOtherThan503 !== 0
    )
      failed = true;
  }
  poller.stop();
  console.log(
    JSON.stringify({ processes, tables: tableIds.length, cutSeconds: cutMs / 1000, ...report, ok: !failed }),
  );
} finally {
  for (const child of children) child.kill('SIGKILL');
  await direct.end();
  await dbProxy.close();
  await redisProxy.close();
  await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
}
process.exit(failed ? 1 : 0);

async function startProcess(index) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(serverDir, 'dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: dbProxy.through(databaseUrl),
      REDIS_URL: redisProxy.through(redisUrl),
      REDIS_PREFIX: `${name}:`,
      NODE_ID: `chaos-${index}`,
      TABLE_LEASE_TTL_MS: '3000',
      BOT_PAUSE_MS: '20-80',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await delay(250)) {
    if (child.exitCode !== null) throw new Error(`process ${index} exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/readyz`).catch(() => null);
    if (ready?.status === 200) return base;
  }
  throw new Error(`process ${index} did not become ready`);
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Every process polled every 200 ms (the lobby and the administrator's profile): statuses counted. */
function pollEveryProcess(bases, token) {
  const state = { bad: 0, unavailable: 0, requests: 0, stopped: false };
  (async () => {
    while (!state.stopped) {
      await Promise.all(
        bases.flatMap((base) =>
          ['/api/v1/user/tables', '/api/v1/user/me'].map(async (url) => {
            const { status } = await call(base, 'GET', url, undefined, token).catch(() => ({ status: 0 }));
            state.requests++;
            if (status === 503) state.unavailable++;
            else if (status >= 500) state.bad++;
          }),
        ),
      );
      await delay(200);
    }
  })();
  return {
    get bad() {
      return state.bad;
    },
    get unavailable() {
      return state.unavailable;
    },
    get requests() {
      return state.requests;
    },
    reset() {
      state.bad = state.unavailable = state.requests = 0;
    },
    stop() {
      state.stopped = true;
    },
  };
}

/** When every table has settled a hand that began after `since` (ms epoch), or null past `limitMs`. */
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

async function call(base, method, url, body, token) {
  const response = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a text answer
  }
  return { status: response.status, body: parsed };
}

async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
