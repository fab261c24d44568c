// bench:load --processes N: the server as N processes of one site on a fresh PostgreSQL database and
// Redis (REDIS_URL, default 127.0.0.1:6379, a key prefix of its own), behind Debian's nginx
// (scripts/nginxConfig.mjs). The first process starts alone (it migrates and the bench sets up the
// site through it); `join()` starts the others and nginx, and the players connect through nginx: each
// table's sockets to one process (as deployed), or with --table-routing spread by least_conn (relayed).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { URL } from 'node:url';
import { startNginx } from '../../scripts/nginxConfig.mjs';
import { SERVER_MAIN, freePort, query, waitUntilUp } from './server.mjs';

/** The lease time of the run (the production default): a killed process's tables move after it. */
export const BENCH_LEASE_TTL_MS = 8000;

/**
 * tableRouting: 'table' (nginx sends a table's sockets to one process, as deployed) or 'spread' (least_conn);
 * main: the server script each process runs (bench:tournament's server.mjs has its own timings).
 */
export async function startCluster({
  postgresUrl,
  admin,
  processes,
  logLevel = 'warn',
  tableRouting = 'table',
  main = SERVER_MAIN,
}) {
  const dbName = `tenger_load_${randomBytes(4).toString('hex')}`;
  await query(postgresUrl, `CREATE DATABASE ${dbName}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${dbName}`;
  const shared = {
    ...process.env,
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `tenger-bench-${randomBytes(4).toString('hex')}:`,
    TABLE_LEASE_TTL_MS: String(BENCH_LEASE_TTL_MS),
    TRUST_PROXY: '1',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    ADMIN_EMAIL: admin.email,
    LOG_LEVEL: logLevel,
  };
  const children = [];
  let nginx = null;

  const startOne = async (i) => {
    const port = await freePort();
    const child = spawn(process.execPath, [main], {
      env: { ...shared, PORT: String(port), NODE_ID: `bench-${i + 1}` },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push({ child, port, nodeId: `bench-${i + 1}` });
    await waitUntilUp(`http://127.0.0.1:${port}/api/v1/user/tables`, child);
    return port;
  };

  const stop = async () => {
    await Promise.all(
      children.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, delay(15_000)]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }),
    );
    await nginx?.stop();
    await query(postgresUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  };

  let firstPort;
  try {
    firstPort = await startOne(0);
  } catch (error) {
    await stop();
    throw error;
  }
  const cluster = {
    database: 'postgres',
    dbName,
    processes,
    base: `http://127.0.0.1:${firstPort}`,
    wsBase: `ws://127.0.0.1:${firstPort}`,
    get pid() {
      return children[0].child.pid;
    },
    /** The pids of the processes still running. */
    pids: () =>
      children
        .filter(({ child }) => child.exitCode === null && child.signalCode === null)
        .map(({ child }) => child.pid),
    /** Starts the other processes and nginx; from then on base and wsBase are nginx's. */
    async join() {
      await Promise.all(Array.from({ length: processes - 1 }, (_, i) => startOne(i + 1)));
      const listenPort = await freePort();
      // Every simulated player comes from 127.0.0.1: no per-client limits in this run.
      nginx = await startNginx({
        listenPort,
        upstreams: children.map((c) => c.port),
        limits: null,
        tablesByTable: tableRouting === 'table',
      });
      cluster.base = `http://127.0.0.1:${listenPort}`;
      cluster.wsBase = `ws://127.0.0.1:${listenPort}`;
    },
    /** kill -9 of process `i`. */
    kill(i) {
      const { child, nodeId } = children[i];
      child.kill('SIGKILL');
      return nodeId;
    },
    stop,
  };
  return cluster;
}
