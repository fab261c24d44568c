// node bench/heap/snapshot.mjs PID OUT.heapsnapshot [--gc-only]
// A heap snapshot of a running server without restarting it: SIGUSR1 opens its inspector on
// 127.0.0.1:9229, then over the DevTools protocol a full GC (the live heap is printed) and, unless
// --gc-only, HeapProfiler.takeHeapSnapshot streamed to OUT. The process stalls while it runs (seconds to
// a minute for a heap of hundreds of MB) and its RSS grows by about the heap's size: not during a
// measurement. Read the file with bench/heap/count.mjs.
/* global fetch */
import console from 'node:console';
import { createWriteStream } from 'node:fs';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket from 'ws';

const [pid, out, flag] = process.argv.slice(2);
if (!pid || (!out && flag !== '--gc-only')) {
  console.error('usage: node bench/heap/snapshot.mjs PID OUT.heapsnapshot [--gc-only]');
  process.exit(2);
}
process.kill(Number(pid), 'SIGUSR1');
await delay(1000);
const [target] = await (await fetch('http://127.0.0.1:9229/json')).json();
const socket = new WebSocket(target.webSocketDebuggerUrl, { maxPayload: 2 ** 30 });
const file = out && flag !== '--gc-only' ? createWriteStream(out) : null;
const pending = new Map();
let nextId = 0;
socket.on('message', (data) => {
  const message = JSON.parse(data.toString());
  if (message.method === 'HeapProfiler.addHeapSnapshotChunk') file?.write(message.params.chunk);
  pending.get(message.id)?.(message);
  pending.delete(message.id);
});
await new Promise((resolve) => socket.once('open', resolve));
const call = (method, params = {}) =>
  new Promise((resolve) => {
    const id = ++nextId;
    pending.set(id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
  });
await call('HeapProfiler.enable');
await call('HeapProfiler.collectGarbage');
const usage = await call('Runtime.evaluate', {
  expression: 'JSON.stringify(process.memoryUsage())',
  returnByValue: true,
});
console.log(`after a full GC: ${usage.result?.result?.value}`);
if (file) {
  const started = Date.now();
  await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await new Promise((resolve) => file.end(resolve));
  console.log(`snapshot written to ${out} in ${Date.now() - started} ms`);
}
socket.close();
