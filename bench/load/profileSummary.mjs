// node bench/load/profileSummary.mjs <file.cpuprofile> [--window START:END] [--top 30] [--actions N] [--json]
// Reads a V8 CPU profile (node --cpu-prof; bench:load --cpu-prof DIR writes one for the server) and
// prints where the CPU went: self time by function and by source file (top N), self and inclusive time
// by cost centre (parsing, validation, engine, frames, JSON, compression, WebSocket, logging, timers,
// database, GC…). `--window` keeps only the samples inside the bench's measuring window (µs of
// CLOCK_MONOTONIC, as bench:load prints it); `--actions` divides by the window's actions.
import console from 'node:console';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { URL } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * Cost centres, first match wins: [name, test(url, functionName)]. A sample counts, inclusively, in
 * every centre on its stack, and its self time in the innermost frame's centre.
 */
export const CENTRES = [
  ['gc', (url, name) => name === '(garbage collector)'],
  ['idle', (url, name) => name === '(idle)'],
  ['program (native, unattributed)', (url, name) => name === '(program)'],
  ['compression (zlib, permessage-deflate)', (url) => /node:zlib|permessage-deflate/.test(url)],
  ['logging (pino)', (url) => /node_modules\/(pino|thread-stream|sonic-boom)/.test(url)],
  ['validation (zod)', (url) => /node_modules\/zod/.test(url)],
  [
    'database (pg, PGlite, drizzle)',
    (url) => /node_modules\/(pg|pg-[a-z-]+|@electric-sql|drizzle-orm|postgres-)/.test(url),
  ],
  ['WebSocket (ws)', (url) => /node_modules\/ws\//.test(url)],
  [
    'HTTP (fastify)',
    (url) => /node_modules\/(fastify|@fastify|find-my-way|light-my-request|avvio)/.test(url),
  ],
  ['engine (packages/engine)', (url) => /packages\/engine\//.test(url)],
  ['protocol (packages/protocol)', (url) => /packages\/protocol\//.test(url)],
  [
    'frames (viewerDoor, tableView, viewerSet)',
    (url) => /tables\/runtime\/(viewerDoor|tableView|viewerSet)\./.test(url),
  ],
  ['table runtime', (url) => /tables\/runtime\//.test(url)],
  ['table channel, realtime', (url) => /tables\/channel\/|realtime\//.test(url)],
  ['ledger, wallet, hands', (url) => /src\/(ledger|wallet|hands)\//.test(url)],
  ['server (other)', (url) => /apps\/server\//.test(url)],
  [
    'socket writes (writev, writeBuffer: the system call)',
    (url, name) => !url && /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(name),
  ],
  ['JSON.stringify', (url, name) => name === 'stringify' && !url],
  ['JSON.parse', (url, name) => name === 'parse' && !url],
  ['timers', (url) => /node:internal\/timers|node:timers/.test(url)],
  [
    'net, streams (node)',
    (url) => /node:(net|internal\/stream|stream|internal\/streams|_stream|internal\/net)/.test(url),
  ],
  ['crypto (node)', (url) => /node:(crypto|internal\/crypto)/.test(url)],
  ['node (other)', (url) => url.startsWith('node:')],
  ['other modules', (url) => /node_modules/.test(url)],
  ['V8 builtins (unattributed)', () => true],
];

const centreOf = (callFrame) => {
  for (const [name, test] of CENTRES) if (test(callFrame.url, callFrame.functionName)) return name;
  return 'other';
};

const shortUrl = (url) => {
  if (!url) return '(native)';
  const at = url.search(/(node_modules|packages|apps)\//);
  return at >= 0 ? url.slice(at).replace(/^file:\/\//, '') : url.replace(/^file:\/\//, '');
};

/** Sums a profile's samples (within the window) by function, file and cost centre. */
export function summarise(profile, window = null) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfByFunction = new Map();
  const selfByFile = new Map();
  const selfByCentre = new Map();
  const inclusiveByCentre = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  // Each sample counts as one sampling interval (the median gap), not as its gap: on a loaded machine
  // a descheduled process is sampled late, and the gap (wall time) would go to whatever ran just then.
  const gaps = [...profile.timeDeltas].filter((d) => d > 0).sort((a, b) => a - b);
  const interval = gaps[Math.floor(gaps.length / 2)] ?? 1000;
  let t = profile.startTime;
  let totalUs = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (window && (t < window[0] || t > window[1])) continue;
    const us = interval;
    totalUs += us;
    const node = nodes.get(profile.samples[i]);
    const cf = node.callFrame;
    const fn = `${cf.functionName || '(anonymous)'} ${shortUrl(cf.url)}:${cf.lineNumber + 1}`;
    add(selfByFunction, fn, us);
    add(selfByFile, shortUrl(cf.url), us);
    add(selfByCentre, centreOf(cf), us);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const centre = centreOf(nodes.get(id).callFrame);
      if (!seen.has(centre)) {
        seen.add(centre);
        add(inclusiveByCentre, centre, us);
      }
    }
  }
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return {
    totalUs,
    selfByFunction: sorted(selfByFunction),
    selfByFile: sorted(selfByFile),
    selfByCentre: sorted(selfByCentre),
    inclusiveByCentre: sorted(inclusiveByCentre),
  };
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      window: { type: 'string' },
      top: { type: 'string', default: '30' },
      actions: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) {
    console.error(
      'usage: node bench/load/profileSummary.mjs <file.cpuprofile> [--window START:END] [--top 30] [--actions N] [--json]',
    );
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
  const window = values.window ? values.window.split(':').map(Number) : null;
  const top = Number(values.top);
  const actions = values.actions ? Number(values.actions) : null;
  const s = summarise(profile, window);
  const busyUs = s.totalUs - (s.selfByCentre.find(([k]) => k === 'idle')?.[1] ?? 0);
  const row = ([key, us]) => ({
    key,
    ms: Math.round(us / 1000),
    percentOfBusy: Number(((us / busyUs) * 100).toFixed(1)),
    ...(actions ? { msPerAction: Number((us / 1000 / actions).toFixed(4)) } : {}),
  });
  const out = {
    profile: path.basename(positionals[0]),
    windowSeconds: Number((s.totalUs / 1e6).toFixed(1)),
    busySeconds: Number((busyUs / 1e6).toFixed(1)),
    actions,
    selfByCentre: s.selfByCentre.map(row),
    inclusiveByCentre: s.inclusiveByCentre.map(row),
    topFunctionsBySelf: s.selfByFunction.slice(0, top).map(row),
    topFilesBySelf: s.selfByFile.slice(0, top).map(row),
  };
  if (values.json) {
    console.log(JSON.stringify(out, null, 1));
    return;
  }
  const table = (title, rows) => {
    console.log(`\n${title}`);
    for (const r of rows)
      console.log(
        `  ${String(r.ms).padStart(7)} ms ${String(r.percentOfBusy).padStart(5)} %${r.msPerAction !== undefined ? ` ${r.msPerAction.toFixed(4)} ms/action` : ''}  ${r.key}`,
      );
  };
  console.log(
    `${out.profile}: ${out.windowSeconds} s of samples (count × median interval), ${out.busySeconds} s busy${actions ? `, ${actions} actions` : ''}`,
  );
  table('self time by cost centre (% of busy)', out.selfByCentre);
  table(
    'inclusive time by cost centre (a sample counts in every centre on its stack)',
    out.inclusiveByCentre,
  );
  table(`top ${top} functions by self time`, out.topFunctionsBySelf);
  table(`top ${top} files by self time`, out.topFilesBySelf);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname))
  main();
