// node --max-old-space-size=16000 bench/heap/count.mjs FILE.heapsnapshot [ConstructorName]
// Sums a V8 heap snapshot's objects by constructor (count and self size, the 40 largest), and with a
// constructor name lists what holds those objects (the retaining object's constructor and the edge's
// name, by count): "1113 object:TableConnection .table" is how the 10,000-entrant run's leak was found.
// Reads files larger than a JavaScript string can hold (the arrays are parsed from the bytes).
import console from 'node:console';
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import process from 'node:process';

const [path, wanted] = process.argv.slice(2);
if (!path) {
  console.error('usage: node bench/heap/count.mjs FILE.heapsnapshot [ConstructorName]');
  process.exit(2);
}
const bytes = readFileSync(path);
const after = (marker, from = 0) => {
  const at = bytes.indexOf(marker, from);
  if (at < 0) throw new Error(`no ${marker} in ${path}`);
  return at + Buffer.byteLength(marker);
};
/** The unsigned integers of the JSON array starting at `start`, up to its closing bracket. */
const integers = (start) => {
  const end = bytes.indexOf(93, start);
  const values = new Uint32Array(Math.ceil((end - start) / 2) + 1);
  let count = 0;
  let value = 0;
  let inNumber = false;
  for (let i = start; i <= end; i++) {
    const c = bytes[i];
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      inNumber = true;
    } else {
      if (inNumber) values[count++] = value;
      value = 0;
      inNumber = false;
    }
  }
  return values.subarray(0, count);
};
const nodesAt = after('"nodes":[');
const meta = JSON.parse(
  bytes.subarray(after('"snapshot":'), bytes.lastIndexOf(',', nodesAt)).toString(),
).meta;
const nodes = integers(nodesAt);
const edges = integers(after('"edges":['));
const strings = JSON.parse(bytes.subarray(after('"strings":'), bytes.lastIndexOf('}')).toString());

const nodeFields = meta.node_fields.length;
const edgeFields = meta.edge_fields.length;
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const [type, name, selfSize, edgeCount] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
  meta.node_fields.indexOf(f),
);
const [edgeType, edgeName, toNode] = ['type', 'name_or_index', 'to_node'].map((f) =>
  meta.edge_fields.indexOf(f),
);

const byName = new Map();
for (let n = 0; n < nodes.length; n += nodeFields) {
  if (nodeTypes[nodes[n + type]] !== 'object') continue;
  const entry = byName.get(strings[nodes[n + name]]) ?? { count: 0, bytes: 0 };
  entry.count++;
  entry.bytes += nodes[n + selfSize];
  byName.set(strings[nodes[n + name]], entry);
}
for (const [constructor, { count, bytes: size }] of [...byName]
  .sort((a, b) => b[1].bytes - a[1].bytes)
  .slice(0, 40))
  console.log(`${(size / 1e6).toFixed(1).padStart(8)} MB ${String(count).padStart(9)} ${constructor}`);

if (wanted) {
  const targets = new Set();
  for (let n = 0; n < nodes.length; n += nodeFields)
    if (nodeTypes[nodes[n + type]] === 'object' && strings[nodes[n + name]] === wanted) targets.add(n);
  const holders = new Map();
  for (let n = 0, e = 0; n < nodes.length; n += nodeFields) {
    for (const last = e + nodes[n + edgeCount] * edgeFields; e < last; e += edgeFields) {
      if (!targets.has(edges[e + toNode])) continue;
      const kind = edgeTypes[edges[e + edgeType]];
      if (kind === 'weak') continue;
      const label =
        kind === 'element' || kind === 'hidden' ? `[${edges[e + edgeName]}]` : strings[edges[e + edgeName]];
      const key = `${nodeTypes[nodes[n + type]]}:${strings[nodes[n + name]]} .${label}`;
      holders.set(key, (holders.get(key) ?? 0) + 1);
    }
  }
  console.log(`\n${targets.size} × ${wanted}, held by:`);
  for (const [key, count] of [...holders].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${count} ${key}`);
}
