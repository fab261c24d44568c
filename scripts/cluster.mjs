// npm run start:cluster -- [--processes N] [--port 8080] [--first-port 3001]
// WORKERS=N npm run start:cluster (the same as --processes N; WORKERS=auto or neither: one per core)
// Several server processes as one site on this machine (one per core by default): each on DATABASE_URL (PostgreSQL) and
// REDIS_URL (Redis 7), with its own PORT and NODE_ID, behind Debian's nginx (scripts/nginxConfig.mjs,
// the config of deploy/nginx.conf, written to a temporary folder and run in the foreground).
// Ctrl-C stops everything: each process drains its tables (SIGTERM) and nginx quits.
import { spawn } from 'node:child_process';
import console from 'node:console';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startNginx } from './nginxConfig.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = path.join(root, 'apps', 'server', 'dist', 'main.js');
const { values } = parseArgs({
  options: {
    processes: { type: 'string' },
    port: { type: 'string', default: '8080' },
    'first-port': { type: 'string', default: '3001' },
  },
});
// One process per core unless told otherwise: a process is one event loop, so a site of N cores carries
// about N times one process (docs/adr/0008-one-box-every-core.md).
const wanted = values.processes ?? process.env.WORKERS ?? 'auto';
const count = wanted === 'auto' ? os.availableParallelism() : Number(wanted);
const port = Number(values.port);
const firstPort = Number(values['first-port']);
const log = (line) => console.log(`[cluster] ${line}`);

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(
    'start:cluster needs DATABASE_URL (PostgreSQL, shared by every process), e.g.\n' +
      '  createdb -h 127.0.0.1 -U postgres tenger\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenger npm run start:cluster',
  );
  process.exit(2);
}
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('--processes (or WORKERS) must be 1 to 16, or auto (one per core)');
  process.exit(2);
}

const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
const children = [];

/** Starts process i and resolves once it listens (the first one also migrates the database). */
function startProcess(i) {
  const nodeId = `node-${i + 1}`;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(firstPort + i),
      HOST: '127.0.0.1',
      NODE_ID: nodeId,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PUBLIC_ORIGIN: publicOrigin,
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      process.stdout.write(text.replace(/^/gm, `[${nodeId}] `).replace(/\[node-\d+\] $/, ''));
      if (text.includes('is serving on')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${nodeId} exited (${code}) before listening`)));
  });
}

let nginx = null;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  log('stopping: the processes drain their tables (SIGTERM), then nginx quits');
  const exits = children.map(
    (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve))),
  );
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(exits);
  await nginx?.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

try {
  await startProcess(0);
  await Promise.all(Array.from({ length: count - 1 }, (_, i) => startProcess(i + 1)));
  nginx = await startNginx({ listenPort: port, upstreams: children.map((_, i) => firstPort + i) });
  log(
    `${count} processes (ports ${firstPort}-${firstPort + count - 1}) on ${databaseUrl.replace(/\/\/[^@]*@/, '//')} and ${redisUrl}`,
  );
  log(`open ${publicOrigin} (nginx, config in ${nginx.prefix})`);
  for (const child of children)
    child.once('exit', (code, signal) => !stopping && log(`a process exited (${code ?? signal})`));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
