/* global process, console, URL, fetch, setTimeout */
// HTTP benchmark: starts the built server as a separate process (on PGlite, then on PostgreSQL when one
// answers), drives it with autocannon and prints requests/s and p99 latency for GET /me, GET /tables and
// POST /withdrawal (one ledger transaction each). Usage: npm run bench -w @tenger/server
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL
// (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test).
// `--ledger` (npm run bench -- --ledger) measures only the in-process ledger transfers; `--http` only the HTTP part.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverMain = path.join(here, '..', 'dist', 'main.js');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PLAYERS = 40;
const ADMIN = { username: 'benchadmin', password: 'bench-admin-password' };

const onlyLedger = process.argv.includes('--ledger');
const onlyHttp = process.argv.includes('--http');

const results = [];
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const postgresUp = await postgresAnswers(pgUrl);
if (!postgresUp) console.log(`PostgreSQL at ${pgUrl} does not answer: skipped`);
if (!onlyLedger) {
  await runOn('PGlite', undefined);
  if (postgresUp) await runOn('PostgreSQL', pgUrl);
}
if (!onlyHttp) {
  await ledgerThroughput('PGlite', undefined);
  if (postgresUp) await ledgerThroughput('PostgreSQL', pgUrl);
}

console.log(
  `\nTenger server benchmark: ${connections} connections, ${duration} s per endpoint, node ${process.version}`,
);
console.table(results);

async function runOn(name, adminUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tenger-bench-'));
  let databaseUrl;
  let dbName;
  if (adminUrl) {
    dbName = `tenger_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: 'bench@tenger.local',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilUp(`${base}/api/v1/user/tables`, child);
    const admin = await post(`${base}/api/v1/user/login`, ADMIN);
    const tokens = [];
    for (let i = 0; i < PLAYERS; i++) {
      const username = `bench${i}_${randomBytes(3).toString('hex')}`;
      const { accessToken, user } = await post(`${base}/api/v1/user/register`, {
        email: `${username}@bench.local`,
        username,
        password: 'bench-password',
        repeatPassword: 'bench-password',
        bank: 'Khan Bank',
        accountNumber: '5000123456',
      });
      await post(
        `${base}/api/v1/admin/deposit`,
        { userId: user.userId, amount: 1_000_000_000 },
        admin.accessToken,
      );
      tokens.push(`Bearer ${accessToken}`);
    }
    const rotate = () => {
      let i = 0;
      return (request) => ({
        ...request,
        headers: { ...request.headers, authorization: tokens[i++ % tokens.length] },
      });
    };
    results.push(
      await measure(name, 'GET /me', {
        url: `${base}/api/v1/user/me`,
        requests: [{ method: 'GET', setupRequest: rotate() }],
      }),
    );
    results.push(await measure(name, 'GET /tables', { url: `${base}/api/v1/user/tables` }));
    results.push(
      await measure(name, 'POST /withdrawal', {
        url: `${base}/api/v1/user/withdrawal`,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ amount: 1000 }),
            setupRequest: rotate(),
          },
        ],
      }),
    );
    const books = await get(`${base}/api/v1/admin/data`, admin.accessToken);
    console.log(
      `${name}: books total ${books.total} (balanced: ${books.balanced}), ${books.stats.ledgerTransactions} ledger transactions`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

/** Ledger transactions per second in-process (no HTTP): 50 concurrent workers, each moving 1 ₮ per transaction. */
async function ledgerThroughput(name, adminUrl) {
  const { openDatabase } = await import('../dist/db/client.js');
  const { Ledger } = await import('../dist/ledger/ledger.js');
  const { Accounts } = await import('../dist/ledger/accounts.js');
  let dbName;
  let databaseUrl;
  if (adminUrl) {
    dbName = `tenger_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const handle = await openDatabase({ databaseUrl, poolSize: 60 });
  try {
    const workers = 50;
    const ledger = new Ledger(handle.db);
    const { sql } = await import('drizzle-orm');
    const ids = [];
    for (let i = 0; i < workers; i++) {
      const rows = await handle.db.execute(
        sql`INSERT INTO users (username, email, password_hash) VALUES (${`l${i}`}, ${`l${i}@b.local`}, 'x') RETURNING id`,
      );
      const id = Number(rows.rows[0].id);
      ids.push(id);
      await ledger.transfer({
        from: Accounts.outsideBank,
        to: Accounts.available(id),
        amount: 1e9,
        kind: 'deposit',
        key: `fund-${id}`,
      });
    }
    let done = 0;
    const until = Date.now() + duration * 1000;
    const started = Date.now();
    await Promise.all(
      ids.map(async (id) => {
        for (let n = 0; Date.now() < until; n++) {
          await ledger.transfer({
            from: Accounts.available(id),
            to: Accounts.locked(id),
            amount: 1,
            kind: 'withdrawal_request',
            key: `b-${id}-${n}`,
          });
          done++;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const audit = await ledger.audit();
    const row = {
      database: name,
      endpoint: 'ledger.transfer (in-process)',
      'req/s': Math.round(done / seconds),
      'p50 ms': '',
      'p99 ms': '',
      '2xx': done,
      'non-2xx': 0,
      errors: audit.total === 0 && audit.mismatchedAccounts === 0 ? 0 : 'UNBALANCED',
    };
    console.log(JSON.stringify(row));
    results.push(row);
  } finally {
    await handle.close();
    if (dbName) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

async function measure(database, endpoint, options) {
  await autocannon({ connections, duration: 2, ...options }); // warm-up (JIT, pools, caches), not recorded
  const result = await autocannon({ connections, duration, ...options });
  const row = {
    database,
    endpoint,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(JSON.stringify(row));
  return row;
}

async function post(url, body, token) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function get(url, token) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function waitUntilUp(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start within 120 s');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function postgresAnswers(url) {
  try {
    await adminQuery(url, 'SELECT 1');
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(connectionString, text) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
