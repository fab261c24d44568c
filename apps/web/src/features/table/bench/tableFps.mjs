/* global console, process, URL, window, requestAnimationFrame, setTimeout, clearTimeout */
// Frame rate of the table view during its animations, on a mid-range phone profile.
//
//   npm run build -w @tenger/web            (the built app in apps/web/dist is what is measured)
//   node apps/web/src/features/table/bench/tableFps.mjs [--seconds 10] [--cpu 4]
//
// It serves apps/web/dist with a scripted table channel (six players, a hand every few seconds: cards
// dealt, bets flying in, board cards, a showdown and the win), opens /table/1 in Debian's Chromium at
// 390×844 with touch and 4× CPU slowdown (the usual "mid-range phone" setting of Chromium's DevTools),
// records a Chromium performance trace while hands play, and reports frames per second from the
// trace's DrawFrame and DroppedFrame events, with the page's own requestAnimationFrame intervals as a
// cross-check.
// Not a test: numbers depend on the machine.
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { WebSocketServer } from 'ws';

const args = new Map(
  process.argv.slice(2).flatMap((arg, i, all) => (arg.startsWith('--') ? [[arg.slice(2), all[i + 1]]] : [])),
);
const SECONDS = Number(args.get('seconds') ?? 10);
const CPU_SLOWDOWN = Number(args.get('cpu') ?? 4);
const DIST = fileURLToPath(new URL('../../../../dist/', import.meta.url));
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

if (!existsSync(join(DIST, 'index.html'))) {
  console.error(`No built app in ${DIST}: run "npm run build -w @tenger/web" first.`);
  process.exit(1);
}

// ---- the scripted table ----

const PLAYERS = ['Altai', 'Khangai', 'Gobi', 'Orkhon', 'Tuul', 'Selenge'];
const table = {
  tableId: 1,
  name: 'Bench',
  variant: 'holdem',
  betting: 'no-limit',
  smallBlind: 100,
  bigBlind: 200,
  minBuyIn: 8000,
  maxBuyIn: 20000,
  maxPlayers: 6,
  status: 'playing',
  actionTimeSeconds: 20,
  button: 0,
  handsPlayed: 0,
  seats: PLAYERS.map((name, seat) => ({
    seat,
    userId: seat + 10,
    username: name,
    isBot: true,
    stack: 20000,
    status: 'playing',
    connected: true,
    timeBankMs: 30000,
    pendingRecharge: null,
  })),
};
const DECK = ['As', 'Kd', 'Qh', 'Jc', 'Ts', '9d', '8h', '7c', '6s', '5d', '4h', '3c', '2s'];

/** One hand as events, with the delay (ms) before each. */
function handScript(number) {
  const button = number % 6;
  const sb = (button + 1) % 6;
  const bb = (button + 2) % 6;
  const events = [
    [
      0,
      {
        type: 'hand-started',
        handId: `bench-${number}`,
        handNumber: number,
        button,
        smallBlindSeat: sb,
        bigBlindSeat: bb,
        deckCommitment: 'c'.repeat(64),
      },
    ],
    [150, { type: 'blind-posted', seat: sb, post: 'small-blind', amount: 100, allIn: false }],
    [150, { type: 'blind-posted', seat: bb, post: 'big-blind', amount: 200, allIn: false }],
    ...PLAYERS.map((_, seat) => [60, { type: 'hole-cards-dealt', seat, count: 2, cards: null }]),
  ];
  let stack = 20000;
  for (let k = 0; k < 6; k += 1) {
    const seat = (bb + 1 + k) % 6;
    stack -= 600;
    events.push([
      250,
      {
        type: 'next-to-act',
        seat,
        legal: { seat, toCall: 600, actions: [{ type: 'fold', min: 0, max: 0 }] },
      },
    ]);
    events.push([
      250,
      { type: 'action', seat, action: k === 0 ? 'raise' : 'call', to: 600, added: 600, stack, allIn: false },
    ]);
  }
  events.push([300, { type: 'pots-updated', pots: [{ amount: 3600, eligible: [0, 1, 2, 3, 4, 5] }] }]);
  events.push([
    300,
    { type: 'street-dealt', street: 'flop', cards: DECK.slice(0, 3), board: DECK.slice(0, 3) },
  ]);
  events.push([700, { type: 'street-dealt', street: 'turn', cards: [DECK[3]], board: DECK.slice(0, 4) }]);
  events.push([700, { type: 'street-dealt', street: 'river', cards: [DECK[4]], board: DECK.slice(0, 5) }]);
  events.push([
    500,
    { type: 'cards-shown', seat: 1, cards: ['9d', '8h'], handValue: 7000, handName: 'Straight' },
  ]);
  events.push([
    200,
    { type: 'cards-shown', seat: 4, cards: ['2s', '3c'], handValue: 1000, handName: 'High card' },
  ]);
  events.push([
    300,
    {
      type: 'pot-awarded',
      potIndex: 0,
      amount: 3600,
      winners: [{ seat: 1, amount: 3600 }],
      handName: 'Straight',
    },
  ]);
  events.push([
    900,
    {
      type: 'hand-ended',
      finalStacks: PLAYERS.map((_, seat) => ({ seat, stack: seat === 1 ? stack + 3600 : stack })),
    },
  ]);
  return events;
}

function playTable(socket) {
  let seq = 0;
  let number = 0;
  let timer = null;
  socket.send(
    JSON.stringify({
      type: 'SNAPSHOT',
      seq,
      viewer: { userId: null, seat: null },
      table,
      hand: null,
      jackpot: { amount: 1_250_000 },
    }),
  );
  const nextHand = () => {
    number += 1;
    const script = handScript(number);
    let index = 0;
    const step = () => {
      if (socket.readyState !== 1) return;
      if (index >= script.length) {
        timer = setTimeout(nextHand, 400);
        return;
      }
      const [, event] = script[index];
      index += 1;
      seq += 1;
      socket.send(JSON.stringify({ type: 'EVENT', seq, event }));
      timer = setTimeout(step, script[index]?.[0] ?? 0);
    };
    step();
  };
  timer = setTimeout(nextHand, 300);
  socket.on('close', () => clearTimeout(timer));
}

// ---- a static server for the built app, the few API calls the page makes, and the socket ----

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://bench');
  const json = (status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/api/v1/user/maintenance') return json(200, { enabled: false, message: '' });
  if (url.pathname === '/api/v1/user/jackpot') return json(200, { amount: 1_250_000 });
  if (url.pathname.startsWith('/api/'))
    return json(401, { error: { code: 'unauthorized', message: 'Spectator' } });
  let file = normalize(join(DIST, decodeURIComponent(url.pathname)));
  if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory())
    file = join(DIST, 'index.html');
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
const sockets = new WebSocketServer({ server });
sockets.on('connection', (socket, req) => {
  if (req.url?.startsWith('/ws/table/')) playTable(socket);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// ---- measure ----

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(`${origin}/table/1`);
  await page.getByRole('button', { name: 'Tap to Fullscreen' }).tap();
  await page.getByText('Altai').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);

  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__frames = [];
    const tick = (time) => {
      w.__frames.push(time);
      if (w.__frames.length < 100_000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame'],
  });
  await page.waitForTimeout(SECONDS * 1000);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const raf = await page.evaluate(() => /** @type {any} */ (window).__frames);

  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const draws = events
    .filter((e) => e.name === 'DrawFrame')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const dropped = events.filter((e) => e.name === 'DroppedFrame').length;
  const traceSeconds = draws.length > 1 ? (draws.at(-1) - draws[0]) / 1e6 : SECONDS;
  const deltas = raf
    .slice(1)
    .map((time, i) => time - raf[i])
    .sort((a, b) => a - b);
  const pct = (p) => deltas[Math.min(deltas.length - 1, Math.floor((p / 100) * deltas.length))] ?? 0;
  const result = {
    profile: { viewport: '390x844@2x', touch: true, cpuSlowdown: CPU_SLOWDOWN },
    seconds: SECONDS,
    // Drawn frames per second (the compositor draws nothing while nothing moves) and the share of frames
    // Chromium dropped: the 60 fps question is "how many frames were dropped while things moved".
    trace: {
      drawnFrames: draws.length,
      droppedFrames: dropped,
      droppedShare: Number((dropped / Math.max(1, draws.length + dropped)).toFixed(3)),
      drawnFps: Number((draws.length / traceSeconds).toFixed(1)),
    },
    machineLoad: loadavg().map((value) => Number(value.toFixed(2))),
    requestAnimationFrame: {
      frames: raf.length,
      fps: Number((1000 / (deltas.reduce((sum, d) => sum + d, 0) / Math.max(1, deltas.length))).toFixed(1)),
      p50Ms: Number(pct(50).toFixed(1)),
      p95Ms: Number(pct(95).toFixed(1)),
      over20MsShare: Number((deltas.filter((d) => d > 20).length / Math.max(1, deltas.length)).toFixed(3)),
    },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await browser.close();
  sockets.close();
  server.close();
}
