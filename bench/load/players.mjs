// A worker thread of the load benchmark: simulated people at some of the tables. Each seat is one real
// WebSocket to /ws/table/{id}: AUTH, SIT, then a random legal action 1–3 s after the server says it is
// that seat's turn. Every seat of a table lives in the same thread, so one clock times the fan-out.
import { clearTimeout, setInterval, setTimeout } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { FanoutTracker, chooseAction, thinkingTime } from './fanout.mjs';

/** Tables whose seats connect at the same time while ramping up. */
const CONNECTING_TABLES = 4;
/** Pause before a busted player buys in again. */
const REBUY_DELAY_MS = 2000;
/** A PING on one of this thread's connections this often: the transport's own round trip, as a baseline. */
const PING_EVERY_MS = 200;
/** A seat whose socket closed after a process was killed reconnects as the web client (tableSocket.ts). */
const RECONNECT_MS = 1000;
const RECONNECT_MAX_MS = 10_000;

const { wsBase, tables } = workerData;
let measuring = false;
let measureStartedAt = Number.POSITIVE_INFINITY;
let stopping = false;
/** --processes: when a process was killed (epoch ms), and per table the first snapshot after it. */
let killedAt = null;
const failoverMs = new Map();
const stats = {
  latencies: [],
  pingRtts: [],
  /** ms from a hand's result to the next hand's start at the same table (the result pause plus the deal). */
  handGaps: [],
  spreads: [],
  actionsSent: 0,
  rejected: {},
  hands: 0,
  rebuys: 0,
  stoodUp: {},
  disconnects: 0,
  /** Sockets of the killed process that reconnected to a survivor (--processes). */
  failoverReconnects: 0,
  errors: {},
  incomplete: 0,
};
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const liveTables = [];

parentPort.on('message', (message) => {
  if (message.type === 'measure') {
    measuring = true;
    measureStartedAt = performance.now();
    loopDelay.reset();
    loopDelay.enable();
  } else if (message.type === 'killed') {
    // A process of the cluster was killed: the steady-state measurement ends; the relay's fresh
    // snapshot on a surviving socket says when its table runs again (on its new owner).
    measuring = false;
    killedAt = message.at;
  } else if (message.type === 'stop') {
    measuring = false;
    loopDelay.disable();
    stopping = true;
    for (const table of liveTables) table.tracker.prune(Number.POSITIVE_INFINITY);
    stats.incomplete = liveTables.reduce((sum, t) => sum + t.tracker.incomplete, 0);
    for (const table of liveTables) for (const seat of table.seats) seat.ws?.terminate();
    parentPort.postMessage({
      type: 'stats',
      stats: { ...stats, failoverMs: [...failoverMs.values()] },
      loopDelayP99Ms: loopDelay.count ? loopDelay.percentile(99) / 1e6 : 0,
      loopDelayMaxMs: loopDelay.count ? loopDelay.max / 1e6 : 0,
    });
  }
});

const pruner = setInterval(() => {
  const now = performance.now();
  for (const table of liveTables) table.tracker.prune(now);
}, 5000);
pruner.unref();

const pinger = setInterval(ping, PING_EVERY_MS);
pinger.unref();
let pingTurn = 0;
let pings = 0;
const pingsInFlight = new Map();

function ping() {
  const seats = liveTables.flatMap((t) => t.seats);
  if (!measuring || seats.length === 0) return;
  const seat = seats[pingTurn++ % seats.length];
  if (!seat.open) return;
  const requestId = `ping${++pings}`;
  pingsInFlight.set(requestId, performance.now());
  seat.ws.send(JSON.stringify({ type: 'PING', requestId }));
}

await rampUp();

async function rampUp() {
  const queue = [...tables];
  let seated = 0;
  let failed = 0;
  const failures = [];
  await Promise.all(
    Array.from({ length: Math.min(CONNECTING_TABLES, queue.length) }, async () => {
      for (let spec = queue.shift(); spec; spec = queue.shift()) {
        const table = openTable(spec);
        liveTables.push(table);
        const results = await Promise.all(table.seats.map((seat) => seat.ready));
        for (const result of results) {
          if (result === true) seated += 1;
          else {
            failed += 1;
            if (failures.length < 5) failures.push(result);
          }
        }
      }
    }),
  );
  parentPort.postMessage({ type: 'ready', seated, failed, failures });
}

function openTable(spec) {
  const table = {
    tableId: spec.tableId,
    tracker: new FanoutTracker((latencyMs, sentAt, spreadMs) => {
      if (measuring && sentAt >= measureStartedAt) {
        stats.latencies.push(latencyMs);
        stats.spreads.push(spreadMs);
      }
    }),
    lastCountedHand: 0,
    /** When the table's latest hand-result arrived (first seat to see it), until the next hand starts. */
    resultAt: null,
    seats: [],
  };
  table.seats = spec.players.map((player) => openSeat(table, spec, player));
  return table;
}

function openSeat(table, spec, player) {
  const seat = { ws: null, seatIndex: player.seat, handNumber: null, timer: null, ready: null, open: false };
  let settle;
  seat.ready = new Promise((resolve) => (settle = resolve));
  let requests = 0;
  const nextRequestId = () => `r${++requests}`;
  let ws;
  let attempts = 0;
  const sit = () =>
    ws.send(
      JSON.stringify({
        type: 'SIT',
        seat: seat.seatIndex,
        amount: spec.buyIn,
        requestId: `sit${++requests}`,
      }),
    );
  connect(true);

  /**
   * Opens the seat's socket: AUTH and SIT the first time; after a process of the cluster was killed, a
   * socket it held reconnects (through nginx, to a survivor) with AUTH only, as the web client does:
   * the seat is kept, and the new owner's SNAPSHOT says the table runs again.
   */
  function connect(first) {
    ws = new WebSocket(`${wsBase}/ws/table/${spec.tableId}`, { perMessageDeflate: false });
    seat.ws = ws;
    ws.on('open', () => {
      seat.open = true;
      table.tracker.connected += 1;
      ws.send(JSON.stringify({ type: 'AUTH', token: player.token, requestId: nextRequestId() }));
      if (first) sit();
    });
    ws.on('error', (error) => {
      count(stats.errors, error.code ?? error.message);
      settle(`socket error: ${error.message}`);
    });
    ws.on('close', () => {
      if (seat.timer) clearTimeout(seat.timer);
      if (seat.open) table.tracker.connected -= 1;
      const wasOpen = seat.open;
      seat.open = false;
      settle('closed before sitting');
      if (stopping) return;
      if (killedAt === null) {
        stats.disconnects += 1;
        return;
      }
      // Its process was killed: reconnect as the web client does (tableSocket.ts: 1 s × attempt, at most
      // 10 s), through nginx to a survivor.
      if (wasOpen) {
        stats.failoverReconnects += 1;
        attempts = 0;
      }
      attempts += 1;
      setTimeout(
        () => !stopping && connect(false),
        Math.min(RECONNECT_MAX_MS, RECONNECT_MS * attempts),
      ).unref();
    });
    ws.on('message', onMessage);
  }

  function onMessage(data) {
    const at = performance.now();
    const message = JSON.parse(data.toString());
    switch (message.type) {
      case 'EVENT':
        table.tracker.eventReceived(message.seq, message.event, at);
        onEvent(message.event);
        return;
      case 'SNAPSHOT':
        if (killedAt !== null && !failoverMs.has(spec.tableId))
          failoverMs.set(spec.tableId, Date.now() - killedAt);
        if (message.hand) seat.handNumber = message.hand.handNumber;
        return;
      case 'ACK':
        if (message.requestId?.startsWith('sit')) settle(true);
        return;
      case 'REJECT':
        count(stats.rejected, message.code);
        if (message.requestId?.startsWith('sit')) settle(`SIT refused: ${message.code} ${message.message}`);
        else if (message.requestId?.startsWith('act')) table.tracker.actionRefused(seat.seatIndex);
        return;
      case 'PONG': {
        const sentAt = pingsInFlight.get(message.requestId);
        pingsInFlight.delete(message.requestId);
        if (sentAt !== undefined && measuring) stats.pingRtts.push(at - sentAt);
        return;
      }
      case 'ERROR':
        count(stats.errors, message.code);
        return;
    }
  }

  function onEvent(event) {
    switch (event.type) {
      case 'hand-started':
        seat.handNumber = event.handNumber;
        if (table.resultAt !== null) {
          if (measuring) stats.handGaps.push(performance.now() - table.resultAt);
          table.resultAt = null;
        }
        return;
      case 'next-to-act':
        if (event.seat === seat.seatIndex) decideLater(event.legal);
        return;
      case 'hand-result':
        if (event.handNumber > table.lastCountedHand) {
          table.lastCountedHand = event.handNumber;
          table.resultAt = performance.now();
          if (measuring) stats.hands += 1;
        }
        return;
      case 'seat-left':
        if (event.seat === seat.seatIndex && !stopping) {
          // Busted (or stood up): buy in again, as a regular would.
          stats.rebuys += 1;
          count(stats.stoodUp, event.reason);
          setTimeout(() => ws.readyState === WebSocket.OPEN && sit(), REBUY_DELAY_MS).unref();
        }
        return;
      case 'sat-out':
        if (event.seat === seat.seatIndex)
          ws.send(JSON.stringify({ type: 'SIT_IN', requestId: nextRequestId() }));
        return;
    }
  }

  function decideLater(legal) {
    if (seat.timer) clearTimeout(seat.timer);
    const handNumber = seat.handNumber;
    seat.timer = setTimeout(() => {
      seat.timer = null;
      const choice = chooseAction(legal);
      if (!choice || ws.readyState !== WebSocket.OPEN || handNumber === null) return;
      const frame = JSON.stringify({ type: 'ACTION', ...choice, handNumber, requestId: `act${++requests}` });
      table.tracker.actionSent(seat.seatIndex, performance.now());
      ws.send(frame);
      if (measuring) stats.actionsSent += 1;
    }, thinkingTime());
  }

  return seat;
}

function count(counter, key) {
  counter[key] = (counter[key] ?? 0) + 1;
}

// Keeps the worker alive until the main thread says stop (timers above are unref'd).
while (!stopping) await delay(500);
