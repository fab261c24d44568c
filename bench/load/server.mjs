// The server under test: the built server (apps/server/dist/main.js) as its own process on a fresh
// database (a new PostgreSQL database dropped afterwards, or PGlite in a temporary folder), and what
// /proc says about its CPU time and memory (and the CPU time of its PostgreSQL backends).
/* global fetch */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { URL, fileURLToPath } from 'node:url';
import pg from 'pg';
import { startNginx } from '../../scripts/nginxConfig.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_MAIN = path.resolve(here, '..', '..', 'apps', 'server', 'dist', 'main.js');
/** Where PostgreSQL is looked for when no URL is given. */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Linux clock ticks per second (USER_HZ) and page size, as /proc/<pid>/stat counts them. */
const CLOCK_TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;
const START_TIMEOUT_MS = 180_000;

/** The PostgreSQL server URL to use (from env or the local default), or null when none answers. */
export async function findPostgres(env = process.env) {
  const url = env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  try {
    await query(url, 'SELECT 1');
    return url;
  } catch {
    return null;
  }
}

/**
 * Starts the server on a fresh database. `postgresUrl` null = PGlite; `main` another build to compare
 * with; `nginx`: behind Debian's nginx as deployed (scripts/nginxConfig.mjs, its per-client limits;
 * the server with TRUST_PROXY=1), and `base` is nginx's; `cpuProfileDir`: the server runs under
 * `node --cpu-prof` and writes its profile there when it exits. Resolves once HTTP answers.
 * @returns {Promise<{ pid: number, nginxPids?: () => number[], base: string, wsBase: string, database: string, stop(): Promise<void> }>}
 */
export async function startServer({
  postgresUrl,
  admin,
  logLevel = 'warn',
  main = SERVER_MAIN,
  nginx = false,
  cpuProfileDir = null,
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tenger-load-'));
  let databaseUrl = '';
  let dbName = null;
  if (postgresUrl) {
    dbName = `tenger_load_${randomBytes(4).toString('hex')}`;
    await query(postgresUrl, `CREATE DATABASE ${dbName}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const nodeArgs = cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir] : [];
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ADMIN_EMAIL: admin.email,
      LOG_LEVEL: logLevel,
      ...(nginx ? { TRUST_PROXY: '1' } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let proxy = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A profiled server writes its profile as it exits: give it longer.
      await Promise.race([exited, delay(cpuProfileDir ? 120_000 : 15_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await proxy?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await query(postgresUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  };
  let listenPort = port;
  try {
    await waitUntilUp(`http://127.0.0.1:${port}/api/v1/user/tables`, child);
    if (nginx) {
      listenPort = await freePort();
      proxy = await startNginx({ listenPort, upstreams: [port] });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    pid: child.pid,
    /** nginx's master and worker processes (none without nginx). */
    nginxPids: () => (proxy ? [proxy.process.pid, ...childPids(proxy.process.pid)] : []),
    base: `http://127.0.0.1:${listenPort}`,
    wsBase: `ws://127.0.0.1:${listenPort}`,
    database: dbName ? 'postgres' : 'pglite',
    dbName,
    stop,
  };
}

/** CPU seconds (user + system) and resident memory of a process, from /proc/<pid>/stat. */
export function processUsage(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at field 3 (state).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  const rssPages = Number(fields[21]);
  return { cpuSeconds: (utime + stime) / CLOCK_TICKS_PER_SECOND, rssBytes: rssPages * PAGE_BYTES };
}

/** The pids of a process's children (nginx's workers). */
function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU seconds of every PostgreSQL backend serving `dbName` (their process titles name the database),
 * by pid; empty when PostgreSQL runs elsewhere.
 */
export function databaseBackends(dbName) {
  const found = new Map();
  if (!dbName) return found;
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.includes(` ${dbName} `)) {
        found.set(Number(entry), processUsage(Number(entry)).cpuSeconds);
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/** CPU seconds the backends used between two `databaseBackends` readings (new backends count whole). */
export function backendCpuBetween(before, after) {
  let seconds = 0;
  for (const [pid, cpu] of after) seconds += cpu - (before.get(pid) ?? 0);
  return seconds;
}

export async function waitUntilUp(url, child) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await delay(250);
  }
  throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function query(connectionString, text) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
