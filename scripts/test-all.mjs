#!/usr/bin/env node
// The whole test run (`npm test` after the build), in three lanes side by side: the server suite, which
// mostly waits on databases, timers and child processes; the CPU-bound unit suites (engine, protocol, web);
// and the browser tests, which mostly wait on a real server's bots and clocks (they need only the build, so
// they start at once instead of after the web suite). The short chaos run (three processes, faults) comes
// last, alone, because its healing times are judged against the clock. Each line of output is prefixed with
// its suite; the end prints every suite's time and the run fails if any suite failed.
//
//   node scripts/test-all.mjs            everything
//   node scripts/test-all.mjs --serial   one suite at a time (the old order), for a machine with one core
//   TEST_SKIP=e2e,chaos node scripts/test-all.mjs   leave suites out (names below)
import { spawn } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';

const serial = process.argv.includes('--serial');
const skip = new Set((process.env.TEST_SKIP ?? '').split(',').filter(Boolean));
// The chaos run needs PostgreSQL (and redis-server, nginx): like the server suite's PostgreSQL half, it runs
// when TEST_DATABASE_URL says where one is (.ci/run sets it when one answers).
if (!process.env.TEST_DATABASE_URL) {
  console.log('[test-all] TEST_DATABASE_URL is not set: the chaos run is left out');
  skip.add('chaos');
}

/** name → the npm command that runs it. */
const SUITES = {
  engine: ['run', 'test', '-w', '@tenger/engine'],
  protocol: ['run', 'test', '-w', '@tenger/protocol'],
  server: ['run', 'test', '-w', '@tenger/server'],
  web: ['run', 'test', '-w', '@tenger/web'],
  e2e: ['run', 'test:e2e'],
  chaos: ['run', 'test:chaos'],
};

/** Lanes run side by side; the suites of one lane one after another. Every suite runs, failed or not. */
const PHASES = serial
  ? [[['engine', 'protocol', 'server', 'web', 'e2e', 'chaos']]]
  : [[['server'], ['engine', 'protocol', 'web'], ['e2e']], [['chaos']]];

const timings = [];

function run(name) {
  if (skip.has(name)) {
    timings.push({ name, seconds: 0, ok: true, skipped: true });
    return Promise.resolve(true);
  }
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', SUITES[name], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const prefix = `[${name}] `;
    const pipe = (from, to) => {
      let rest = '';
      from.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(prefix + line + '\n');
      });
      from.on('end', () => rest && to.write(prefix + rest + '\n'));
    };
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    child.on('close', (code) => {
      const ok = code === 0;
      timings.push({ name, seconds: Math.round((Date.now() - started) / 1000), ok });
      resolve(ok);
    });
  });
}

async function lane(names) {
  let passed = true;
  for (const name of names) passed = (await run(name)) && passed;
  return passed;
}

const began = Date.now();
let ok = true;
for (const phase of PHASES) {
  const results = await Promise.all(phase.map(lane));
  if (results.includes(false)) ok = false;
}
console.log('\nSuite times:');
for (const t of timings)
  console.log(
    `  ${t.name.padEnd(9)} ${t.skipped ? 'skipped' : `${String(t.seconds).padStart(4)} s  ${t.ok ? 'passed' : 'FAILED'}`}`,
  );
console.log(
  `  ${'all'.padEnd(9)} ${String(Math.round((Date.now() - began) / 1000)).padStart(4)} s  ${ok ? 'passed' : 'FAILED'}`,
);
process.exit(ok ? 0 : 1);
