// One slowloris process: holds `count` TCP connections to the server from `from`, each sending half a
// request head and then one more header byte every few seconds, never the blank line that ends it.
// A connection the server closes is opened again after `reconnectMs`. Reports its counts to the parent
// (process.send) every second: open now, opened in all, closed at once (no byte back), dropped with
// 408 after the head timeout.
import net from 'node:net';
import process from 'node:process';
import { clearInterval, setInterval, setTimeout } from 'node:timers';

const [port, from, count, reconnectMs] = process.argv.slice(2).map((v, i) => (i === 1 ? v : Number(v)));
const HALF_HEAD = 'GET /api/v1/user/tables HTTP/1.1\r\nHost: tenger\r\nUser-Agent: slowloris\r\nX-a: ';
const TRICKLE_MS = 5_000;
const stats = { started: 0, open: 0, opened: 0, refused: 0, timedOut: 0, errors: 0 };

function connect() {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  let answered = '';
  let trickle = null;
  socket.setEncoding('utf8');
  socket.on('connect', () => {
    stats.open += 1;
    stats.opened += 1;
    socket.write(HALF_HEAD);
    trickle = setInterval(() => socket.write('a'), TRICKLE_MS + Math.random() * 1_000);
  });
  socket.on('data', (text) => (answered += text));
  socket.on('error', () => (stats.errors += 1));
  socket.on('close', () => {
    if (trickle) {
      clearInterval(trickle);
      stats.open -= 1;
      if (answered.startsWith('HTTP/1.1 408')) stats.timedOut += 1;
      else if (answered === '') stats.refused += 1;
    }
    setTimeout(connect, reconnectMs * (0.5 + Math.random()));
  });
}

// Open them in batches so the kernel's accept queue is not the only thing measured.
let started = 0;
const opener = setInterval(() => {
  for (let i = 0; i < 500 && started < count; i++, started++) connect();
  stats.started = started;
  if (started >= count) clearInterval(opener);
}, 20);
setInterval(() => process.send?.({ ...stats }), 1_000);
process.on('disconnect', () => process.exit(0));
