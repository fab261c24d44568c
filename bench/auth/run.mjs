// npm run bench:auth -- [--duration 20] [--flood 200] [--calm 5] [--db pglite|postgres] [--database-url postgres://…]
//                       [--server-main path] [--nginx]
// Starts the built server (apps/server/dist/main.js, or --server-main: another build to compare with) as
// its own process on a fresh database, with the production scrypt cost (128 MB per hash). Measures
// another user's login in calm, then for at least `duration` seconds one player sends waves of `flood`
// concurrent `PATCH /me` requests with the right current password (issue 17: each one cost a scrypt),
// the next wave when the last is answered, while the other user logs in again and again, each time from
// a fresh address, until the last wave is answered. --nginx: every request goes through Debian's nginx
// as deployed (scripts/nginxConfig.mjs: limit_req, limit_conn per client address; TRUST_PROXY=1).
// A flood request whose connection the server closed without an answer counts as "refused".
// Prints a summary, then one JSON line last. Exit code 0 only when the login p99 during the flood is
// under TARGET.loginP99Ms and no login failed.
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { performance } from 'node:perf_hooks';
import {
  DATABASE_OPTIONS,
  benchLog,
  chooseDatabase,
  databaseLabel,
  latencySummary,
  readOptions,
  runBench,
} from '../common.mjs';
import { Api, loopbackAddress } from '../load/setup.mjs';
import { SERVER_MAIN, processUsage, startServer } from '../load/server.mjs';

export const TARGET = { loginP99Ms: 1_000 };
const ADDRESS = { flooder: loopbackAddress(3000), setup: loopbackAddress(3001) };
/** Each of the other user's logins comes from its own address, as a stranger's would. */
const firstLoginAddress = 4000;

const USAGE =
  'npm run bench:auth -- [--duration 20] [--flood 200] [--calm 5] [--db pglite|postgres] [--database-url postgres://…] [--server-main path] [--nginx]';
const options = readOptions(
  process.argv.slice(2),
  {
    duration: { default: 20, whole: [1, 3600] },
    flood: { default: 200, whole: [1, 10_000] },
    calm: { default: 5, whole: [1, 100] },
    ...DATABASE_OPTIONS,
    'server-main': { default: SERVER_MAIN },
    nginx: { boolean: true },
  },
  USAGE,
);
const serverMain = path.resolve(options.serverMain);
const postgresUrl = await chooseDatabase(options);
const log = benchLog('auth');
const admin = { username: 'authadmin', password: 'auth-admin-password', email: 'auth@bench.local' };

log(`server: ${path.relative(process.cwd(), serverMain)}`);
log(`database: ${databaseLabel(postgresUrl)}${options.nginx ? ', behind nginx' : ''}`);
let server;
await runBench({
  start: async () =>
    (server = await startServer({ postgresUrl, admin, main: serverMain, nginx: options.nginx })),
  measure: benchmark,
  summary: printSummary,
});

async function benchmark() {
  const api = new Api(server.base);
  try {
    const suffix = Date.now().toString(36);
    const flooder = await register(api, `flooder_${suffix}`);
    const other = await register(api, `other_${suffix}`);
    let nextAddress = firstLoginAddress;
    let floodStarted = performance.now();
    const timedLogin = async () => {
      const started = performance.now();
      const status = await send(
        api,
        'POST',
        '/api/v1/user/login',
        { username: other.username, password: 'bench-password' },
        undefined,
        loopbackAddress(nextAddress++),
      );
      return { at: (started - floodStarted) / 1000, ms: performance.now() - started, status };
    };

    const calm = [];
    for (let i = 0; i < options.calm; i++) calm.push(await timedLogin());
    const calmMs = stats(calm);
    log(`calm: ${options.calm} logins, p50 ${calmMs.p50} ms, max ${calmMs.max} ms`);

    const nginxCpu = () => server.nginxPids().reduce((sum, pid) => sum + processUsage(pid).cpuSeconds, 0);
    const cpuBefore = processUsage(server.pid).cpuSeconds;
    const nginxCpuBefore = nginxCpu();
    const loadBefore = os.loadavg()[0];
    floodStarted = performance.now();
    const floodStatuses = new Map();
    const end = performance.now() + options.duration * 1000;
    let sent = 0;
    // Waves of `flood` requests at once, the next when the last is answered, as the issue's attacker did.
    const floodWave = async () => {
      const wave = Array.from({ length: options.flood }, () =>
        send(
          api,
          'PATCH',
          '/api/v1/user/me',
          { accountNumber: String(6_000_000_000 + sent++), currentPassword: 'bench-password' },
          flooder.accessToken,
          ADDRESS.flooder,
        ),
      );
      for (const status of await Promise.all(wave))
        floodStatuses.set(status, (floodStatuses.get(status) ?? 0) + 1);
    };
    const flooding = (async () => {
      do await floodWave();
      while (performance.now() < end);
    })();
    let floodDone = false;
    void flooding.finally(() => (floodDone = true));
    const during = [];
    // The other user logs in for the whole flood (at least `duration` seconds).
    while (performance.now() < end || !floodDone) during.push(await timedLogin());
    await flooding;
    const cpuSeconds = processUsage(server.pid).cpuSeconds - cpuBefore;
    const nginxCpuSeconds = nginxCpu() - nginxCpuBefore;
    const floodSeconds = (performance.now() - floodStarted) / 1000;

    const failedLogins =
      during.filter((l) => l.status !== 200).length + calm.filter((l) => l.status !== 200).length;
    const loginMs = stats(during);
    return {
      bench: 'auth',
      database: server.database,
      behindNginx: options.nginx,
      server: path.relative(process.cwd(), serverMain),
      durationSeconds: Math.round(floodSeconds * 10) / 10,
      floodConcurrency: options.flood,
      flood: { requests: sent, statuses: Object.fromEntries([...floodStatuses].sort()) },
      calmLoginMs: calmMs,
      loginMs,
      /** Each login during the flood in order: when it started (s into the flood) and how long it took (ms). */
      logins: during.map((l) => [Math.round(l.at * 10) / 10, Math.round(l.ms)]),
      failedLogins,
      serverCpuPercent: Math.round((cpuSeconds / floodSeconds) * 100),
      nginxCpuPercent: options.nginx ? Math.round((nginxCpuSeconds / floodSeconds) * 100) : null,
      machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
      loadAverage1m: { before: round2(loadBefore), after: round2(os.loadavg()[0]) },
      targetMet: loginMs.count > 0 && loginMs.p99 < TARGET.loginP99Ms && failedLogins === 0,
    };
  } finally {
    api.close();
  }
}

async function register(api, username) {
  const body = {
    username,
    email: `${username}@bench.local`,
    password: 'bench-password',
    repeatPassword: 'bench-password',
    acceptTerms: true,
    bank: 'Khan Bank',
    accountNumber: '5000123456',
  };
  const { accessToken } = await api.request('POST', '/api/v1/user/register', body, undefined, ADDRESS.setup);
  return { username, accessToken };
}

/** The status of one request (the benchmark counts refusals, it does not stop at them). */
async function send(api, method, pathname, body, token, address) {
  try {
    await api.request(method, pathname, body, token, address);
    return 200;
  } catch (error) {
    const match = / (\d{3}) /.exec(error instanceof Error ? error.message : '');
    return match ? Number(match[1]) : 'refused';
  }
}

function printSummary(r) {
  log(
    `flood: ${r.flood.requests} PATCH /me (${r.floodConcurrency} in flight), answers ${JSON.stringify(r.flood.statuses)}`,
  );
  log(
    `other user's login during the flood: ${r.loginMs.count} logins, p50 ${r.loginMs.p50} ms, p99 ${r.loginMs.p99} ms, ` +
      `max ${r.loginMs.max} ms, failed ${r.failedLogins} (target p99 < ${TARGET.loginP99Ms} ms)`,
  );
  log(
    `server CPU ${r.serverCpuPercent} %${r.behindNginx ? `, nginx ${r.nginxCpuPercent} %` : ''} on ${r.machine}, load average ${r.loadAverage1m.before} → ${r.loadAverage1m.after}: ` +
      (r.targetMet ? 'target met' : 'TARGET MISSED'),
  );
}

/** count, p50, p99, max of the logins' milliseconds, whole. */
function stats(logins) {
  return latencySummary(
    logins.map((l) => l.ms),
    0,
  );
}

function round2(x) {
  return Math.round(x * 100) / 100;
}
