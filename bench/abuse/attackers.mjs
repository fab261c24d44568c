// A worker thread of the abuse benchmark: one attacker, as fast as it can, reconnecting whenever the
// server closes it (as an attacker would).
// - role "global": junk frames at /ws/global from `sockets` parallel connections (non-JSON, unknown
//   messages, AUTH with random well-formed tokens, PING), up to `maxFrames` in all.
// - role "sit": `sockets` connections to one table, each signed in as a zero-balance player, sending SIT.
import { Buffer } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setImmediate } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

/** Frames written per socket per turn of the loop, and the client-side backlog at which it waits. */
const BURST = 200;
const CLIENT_BACKLOG_BYTES = 1 << 20;
/** Frames are built ahead (a pool cycled through), so the attacker spends its CPU on sending. */
const POOL_SIZE = 4096;
/** Pause before reconnecting after a refused upgrade (the per-address cap), so the loop is not a busy spin. */
const REFUSED_PAUSE_MS = 20;

const { role, url, sockets, maxFrames, token, seats, amount, localAddress } = workerData;
// A real attacker floods from another machine. Here it shares the server's cores, so its thread runs at
// the lowest priority (Linux nice is per thread): it takes the CPU the server leaves, it does not starve it.
try {
  os.setPriority(19);
} catch {
  // not permitted: run at normal priority
}
const stats = { framesSent: 0, connections: 0, refusedUpgrades: 0, closes: {}, replies: {} };
let stopping = false;

parentPort.on('message', (message) => {
  if (message.type !== 'stop') return;
  stopping = true;
  parentPort.postMessage({ type: 'stats', stats });
});

const junk = [
  () => 'not json at all',
  () => '{"type":"AUTH","token":',
  () => JSON.stringify({ type: 'STEAL', amount: 1e300 }),
  () => JSON.stringify({ type: 'AUTH', token: randomBytes(32).toString('base64url') }),
  () => JSON.stringify({ type: 'PING' }),
  () => randomBytes(48).toString('base64'),
];

const pool = Array.from({ length: POOL_SIZE }, (_, n) =>
  Buffer.from(
    role === 'global'
      ? junk[n % junk.length]()
      : JSON.stringify({ type: 'SIT', seat: seats[n % seats.length], amount, requestId: `s${n}` }),
  ),
);
const nextFrame = (n) => pool[n % POOL_SIZE];
/** An all-zero mask: ws then skips masking (the server cannot tell, and the attacker saves CPU). */
const zeroMask = () => undefined;

function connection() {
  return new Promise((resolve) => {
    if (stopping) return resolve();
    const ws = new WebSocket(url, { localAddress, perMessageDeflate: false, generateMask: zeroMask });
    let n = 0;
    ws.on('unexpected-response', () => {
      stats.refusedUpgrades += 1;
      ws.terminate();
    });
    ws.on('error', () => undefined);
    ws.on('open', () => {
      stats.connections += 1;
      if (role === 'sit') ws.send(JSON.stringify({ type: 'AUTH', token, requestId: 'auth' }));
      const blast = () => {
        if (stopping || ws.readyState !== WebSocket.OPEN) return;
        if (role === 'global' && stats.framesSent >= maxFrames) return;
        if (ws.bufferedAmount < CLIENT_BACKLOG_BYTES) {
          for (let i = 0; i < BURST; i++) {
            ws.send(nextFrame(n++), { binary: false });
            stats.framesSent += 1;
          }
        }
        setImmediate(blast);
      };
      blast();
    });
    ws.on('message', (data) => {
      if (role !== 'sit') return;
      try {
        const frame = JSON.parse(String(data));
        if (frame.type === 'REJECT' || frame.type === 'ERROR')
          count(stats.replies, `${frame.type} ${frame.code}`);
        else if (frame.type === 'ACK') count(stats.replies, 'ACK');
      } catch {
        count(stats.replies, 'unparseable');
      }
    });
    ws.on('close', (code) => {
      count(stats.closes, String(code));
      resolve();
    });
  });
}

function count(counter, key) {
  counter[key] = (counter[key] ?? 0) + 1;
}

await Promise.all(
  Array.from({ length: sockets }, async () => {
    while (!stopping) {
      const before = stats.refusedUpgrades;
      await connection();
      if (stats.refusedUpgrades > before) await delay(REFUSED_PAUSE_MS);
      if (role === 'global' && stats.framesSent >= maxFrames) while (!stopping) await delay(200);
    }
  }),
);
