// The site bench:chaos breaks: server processes on a fresh PostgreSQL database and a private Redis
// (its own redis-server on a free port, which the bench can restart empty), each dependency reached
// through one TCP fault proxy of ours (apps/server/src/ops/faultProxy.ts), the processes behind Debian's
// nginx (scripts/nginxConfig.mjs). Every process names itself to PostgreSQL (application_name = NODE_ID),
// so a trigger of the bench's own can tell which process moved a table's money and whether it held the
// table's fencing token then.
import { fork, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath, URL } from 'node:url';
import pg from 'pg';
import { startNginx } from '../../scripts/nginxConfig.mjs';

const { fetch, AbortSignal } = globalThis;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../../apps/server');

/** CHAOS_LOG_DIR: each process logs (info) to <dir>/<node>.log; otherwise the processes are silent. */
const logDir = process.env.CHAOS_LOG_DIR;
export const ADMIN = { username: 'chaosadmin', password: 'chaos-admin-password' };
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A private redis-server on its own port, nothing saved: `restartEmpty` kills it and starts it again. */
export async function privateRedis() {
  const port = await freePort();
  let child = null;
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const exited = child;
    for (let i = 0; i < 200; i++) {
      if (exited.exitCode !== null) throw new Error(`redis-server exited (${exited.exitCode})`);
      if (await answers(port)) return;
      await delay(25);
    }
    throw new Error('redis-server did not start');
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    /** Redis goes away and comes back with nothing in it (no leases, no counters, no subscribers). */
    async restartEmpty() {
      await stop();
      await start();
    },
    stop,
  };
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (data) => (socket.destroy(), resolve(String(data).startsWith('+PONG'))));
    socket.once('error', () => resolve(false));
  });
}

/**
 * The whole site: a fresh database named tenger_chaos_*, the private Redis, fault proxies, `processes`
 * server processes (the first migrates) and nginx. `close()` removes every trace.
 */
export async function startSite({ processes, postgresUrl, leaseTtlMs, log }) {
  const name = `tenger_chaos_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${name}` }).toString();
  await adminQuery(postgresUrl, `CREATE DATABASE ${name}`);
  const cleanups = [() => adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)];
  const site = {
    name,
    databaseUrl,
    direct: null,
    redis: null,
    dbProxy: null,
    redisProxy: null,
    nodes: [],
    nginx: null,
    base: null,
    async close() {
      for (const node of site.nodes) node.kill();
      for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    },
  };
  try {
    site.redis = await privateRedis();
    cleanups.push(() => site.redis.stop());
    const pgTarget = new URL(postgresUrl);
    site.dbProxy = await proxyProcess(pgTarget.hostname, Number(pgTarget.port || 5432));
    cleanups.push(() => site.dbProxy.close());
    site.redisProxy = await proxyProcess('127.0.0.1', site.redis.port);
    cleanups.push(() => site.redisProxy.close());
    site.direct = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    cleanups.push(() => site.direct.end());

    const start = (index) =>
      startNode({
        index,
        databaseUrl: site.dbProxy.through(databaseUrl),
        redisUrl: site.redisProxy.through(site.redis.url),
        leaseTtlMs,
        started: (node) => site.nodes.push(node),
      });
    await start(0);
    await recordTableMoves(site.direct);
    await Promise.all(Array.from({ length: processes - 1 }, (_, i) => start(i + 1)));
    site.nodes.sort((a, b) => a.nodeId.localeCompare(b.nodeId));
    const listenPort = await freePort();
    site.nginx = await startNginx({ listenPort, upstreams: site.nodes.map((n) => n.port) });
    cleanups.push(() => site.nginx.stop());
    site.base = `http://127.0.0.1:${listenPort}`;
    log(
      `${processes} processes behind nginx (${site.base}) on ${name}; Redis ${site.redis.url}; both through fault proxies`,
    );
    return site;
  } catch (error) {
    await site.close();
    throw error;
  }
}

/** A fault proxy in its own process (proxy.mjs): `cut`, `heal`, `close` resolve once it has done them. */
async function proxyProcess(host, port) {
  const child = fork(path.join(here, 'proxy.mjs'), [host, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { port: listening } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`fault proxy exited (${code})`)));
  });
  const command = (name) =>
    new Promise((resolve) => {
      if (!child.connected) return resolve();
      child.once('message', resolve);
      child.send(name);
    });
  return {
    port: listening,
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(listening);
      return proxied.toString();
    },
    cut: () => command('cut'),
    heal: () => command('heal'),
    async close() {
      await command('close');
      child.kill();
    },
  };
}

/** One server process; resolves once /readyz answers 200. */
async function startNode({ index, databaseUrl, redisUrl, leaseTtlMs, started }) {
  const nodeId = `chaos-${index + 1}`;
  const [port, metricsPort] = [await freePort(), await freePort()];
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', nodeId);
  const child = spawn(process.execPath, [path.join(serverDir, 'dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: logDir ? 'info' : 'silent',
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      NODE_ID: nodeId,
      TRUST_PROXY: '1',
      TABLE_LEASE_TTL_MS: String(leaseTtlMs),
      BOT_PAUSE_MS: '100-300',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', logDir ? openSync(path.join(logDir, `${nodeId}.log`), 'a') : 'ignore', 'inherit'],
  });
  const node = {
    nodeId,
    port,
    base: `http://127.0.0.1:${port}`,
    metrics: `http://127.0.0.1:${metricsPort}/metrics`,
    child,
    /** SIGSTOPped or killed: not polled directly. */
    away: false,
    get dead() {
      return child.exitCode !== null || child.signalCode !== null;
    },
    kill() {
      if (!node.dead) {
        child.kill('SIGCONT');
        child.kill('SIGKILL');
      }
    },
  };
  started(node);
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await delay(250)) {
    if (node.dead) throw new Error(`process ${nodeId} exited with ${child.exitCode ?? child.signalCode}`);
    const ready = await fetch(`${node.base}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => null,
    );
    if (ready?.status === 200) return node;
  }
  throw new Error(`process ${nodeId} did not become ready`);
}

/**
 * The bench's own witness (not a migration: this database is thrown away): every ledger transaction of a
 * table is noted with the process that committed it and the table's fenced owner as that transaction saw it.
 * A settlement locks the fence row (FOR SHARE) before it commits, so a row whose process is not the owner
 * is money moved by a stale process.
 */
async function recordTableMoves(db) {
  await db.query(`
    CREATE TABLE chaos_table_moves (
      transaction_id bigint PRIMARY KEY,
      table_id integer NOT NULL,
      kind text NOT NULL,
      node text NOT NULL,
      fence_owner text,
      at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE FUNCTION chaos_note_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.table_id IS NOT NULL THEN
        INSERT INTO chaos_table_moves (transaction_id, table_id, kind, node, fence_owner)
        VALUES (NEW.id, NEW.table_id, NEW.kind, current_setting('application_name'),
                (SELECT owner FROM table_fences WHERE table_id = NEW.table_id));
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER chaos_note_move AFTER INSERT ON ledger_transactions
      FOR EACH ROW EXECUTE FUNCTION chaos_note_move();
  `);
}

/** Ledger transactions of a table committed by a process that was not its fenced owner, and their money. */
export async function staleMoves(db) {
  const { rows } = await db.query(`
    SELECT count(DISTINCT m.transaction_id) AS n, coalesce(sum(p.amount) FILTER (WHERE p.amount > 0), 0) AS tugrik,
           string_agg(DISTINCT m.kind || '@' || m.node || '/' || m.fence_owner, ', ') AS what
      FROM chaos_table_moves m JOIN ledger_postings p ON p.transaction_id = m.transaction_id
     WHERE m.fence_owner IS NOT NULL AND m.node <> m.fence_owner`);
  // Every table transaction noted: the witness works (a process without its name would show as stale).
  const noted = await db.query('SELECT count(*) AS n FROM chaos_table_moves');
  return {
    transactions: Number(rows[0].n),
    tugrik: Number(rows[0].tugrik),
    what: rows[0].what,
    noted: Number(noted.rows[0].n),
  };
}

export async function call(base, method, url, body, token, timeoutMs = 10_000) {
  const response = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
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

/** A counter's value summed over its series in a process's scrape (0 when absent), null when unreachable. */
export async function scrapeSum(node, metric) {
  const text = await fetch(node.metrics, { signal: AbortSignal.timeout(5_000) })
    .then((r) => r.text())
    .catch(() => null);
  if (text === null) return null;
  let sum = 0;
  for (const line of text.split('\n'))
    if (line.startsWith(metric) && /^[a-z_]+(\{|\s)/.test(line) && line.split(/[{\s]/)[0] === metric)
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  return sum;
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
