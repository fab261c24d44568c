import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { WebSocket } from 'ws';
import type { Ledger } from '../ledger/ledger.js';
import { GlobalHub } from './globalHub.js';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  send(text: string) {
    this.sent.push(text);
  }
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  close() {
    this.terminate();
  }
}

const fakeLedger = {
  onPosted: () => () => undefined,
  balancesOf: async () => ({ available: 0, locked: 0, pendingWithdrawals: 0, atTables: 0 }),
  jackpotAmount: async () => 0,
} as unknown as Ledger;

describe('global hub heartbeats', () => {
  it('pings every connection and drops one that did not answer the previous ping', () => {
    vi.useFakeTimers();
    try {
      const hub = new GlobalHub(fakeLedger, async () => null, pino({ level: 'silent' }), 1000);
      const alive = new FakeSocket();
      const dead = new FakeSocket();
      hub.attach(alive as unknown as WebSocket);
      hub.attach(dead as unknown as WebSocket);
      vi.advanceTimersByTime(1000);
      expect(alive.pings).toBe(1);
      expect(dead.pings).toBe(1);
      alive.emit('pong');
      vi.advanceTimersByTime(1000);
      expect(alive.terminated).toBe(false);
      expect(dead.terminated).toBe(true);
      expect(hub.connectionCount).toBe(1);
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('broadcasts the jackpot to every open connection', () => {
    const hub = new GlobalHub(fakeLedger, async () => null, pino({ level: 'silent' }), 60_000);
    const sockets = [new FakeSocket(), new FakeSocket()];
    for (const s of sockets) hub.attach(s as unknown as WebSocket);
    hub.broadcastJackpot(123_456);
    for (const s of sockets)
      expect(JSON.parse(s.sent[0])).toEqual({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: 123_456 });
    hub.close();
  });
});
