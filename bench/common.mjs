// What every benchmark of the live server does the same way (bench:load, bench:abuse, bench:auth,
// bench:slowloris): read its options, choose the database, start the built server on a fresh one, stop
// it whatever happens, print a summary and one JSON line last, and exit with a code that says whether
// the target was met.
import console from 'node:console';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { percentile } from './load/fanout.mjs';
import { findPostgres } from './load/server.mjs';

/** The database options every benchmark takes (see `chooseDatabase`). */
export const DATABASE_OPTIONS = {
  db: { choices: ['pglite', 'postgres'] },
  'database-url': {},
};

/**
 * Parses `argv` by `spec`, one entry per option: `{ default?, whole?: [min, max] }` (a whole number),
 * `{ choices: [...] }`, `{ boolean: true }`, or `{}` (any text). Answers the values by camelCase name;
 * a bad value prints the problem and `usage` and exits 2.
 */
export function readOptions(argv, spec, usage) {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(
      Object.entries(spec).map(([name, o]) => [
        name,
        o.boolean
          ? { type: 'boolean', default: o.default ?? false }
          : { type: 'string', ...(o.default === undefined ? {} : { default: String(o.default) }) },
      ]),
    ),
  });
  const parsed = {};
  for (const [name, o] of Object.entries(spec)) {
    const raw = values[name];
    let value = raw;
    if (raw !== undefined && o.whole) {
      const [min, max] = o.whole;
      value = Number(raw);
      if (!Number.isInteger(value) || value < min || value > max)
        fail(`--${name} must be a whole number from ${min} to ${max}`, usage);
    }
    if (raw !== undefined && o.choices && !o.choices.includes(raw))
      fail(`--${name} must be ${o.choices.join(' or ')}`, usage);
    parsed[name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = value;
  }
  return parsed;
}

/** Prints `problem` (and the usage) and exits 2. */
export function fail(problem, usage) {
  console.error(usage ? `${problem}\nusage: ${usage}` : problem);
  process.exit(2);
}

/**
 * The PostgreSQL server URL to run on, or null for PGlite: `--database-url` wins; `--db postgres` takes
 * BENCH_DATABASE_URL / DATABASE_URL or the local server (exits 2 when none answers); `--db pglite` is
 * PGlite; with neither, `byDefault` ('pglite', or 'auto': PostgreSQL when one answers).
 */
export async function chooseDatabase({ db, databaseUrl }, byDefault = 'pglite') {
  if (databaseUrl) return databaseUrl;
  const wanted = db ?? byDefault;
  if (wanted === 'pglite') return null;
  const found = await findPostgres();
  if (!found && wanted === 'postgres')
    fail('PostgreSQL does not answer (set BENCH_DATABASE_URL or DATABASE_URL)');
  return found;
}

/** How a benchmark names the database it ran on. */
export function databaseLabel(postgresUrl) {
  return postgresUrl ? 'PostgreSQL (a fresh database on the given server)' : 'PGlite (temporary folder)';
}

/** A line of this benchmark's log: `[bench:<name>] …`. */
export function benchLog(name) {
  return (line) => console.log(`[bench:${name}] ${line}`);
}

/**
 * Starts the server (`start()`, e.g. load/server.mjs startServer), measures (`measure(server)` answers
 * the result), prints `summary(result)` and the result as one JSON line last, and stops the server and
 * anything `stop` names whatever happens (Ctrl-C too). Exits 1 when measuring failed or, with
 * `failOnTarget`, when `result.targetMet` is false; else 0.
 */
export async function runBench({ start, measure, summary, stop = async () => {}, failOnTarget = true }) {
  const server = await start();
  const stopAll = async () => {
    await stop();
    await server.stop();
  };
  const interrupted = () => void stopAll().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let exitCode = 0;
  try {
    const result = await measure(server);
    summary(result);
    console.log(JSON.stringify(result));
    if (failOnTarget && !result.targetMet) exitCode = 1;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    exitCode = 1;
  } finally {
    await stopAll();
  }
  process.exit(exitCode);
}

/** count, p50, p99 and max of samples in ms, rounded to `digits` decimals (null when there are none). */
export function latencySummary(samples, digits = 1) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (x) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)),
  };
}

/** The next message of `type` from a worker thread. */
export function nextMessage(worker, type) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message.type !== type) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve(message);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}
