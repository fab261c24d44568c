import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Duplex } from 'node:stream';
import { MemoryCounters } from '../cluster/counterStore.js';
import { SiteSocketCap } from './socketCap.js';
import { sendBounded, SEND_BUFFER_MAX_BYTES } from './socketGuard.js';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  terminated = false;
  closedWith: number | null = null;
  send(text: string) {
    this.sent.push(text);
    this.bufferedAmount += text.length;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
}

const asSocket = (s: FakeSocket) => s as unknown as WebSocket;

describe('the socket guard', () => {
  it('drops a reader whose send buffer passed the bound instead of queueing more (both channels send through it)', () => {
    const slow = new FakeSocket();
    const frame = 'x'.repeat(64 * 1024);
    let sent = 0;
    while (sendBounded(asSocket(slow), frame)) sent++;
    expect(slow.terminated).toBe(true);
    expect(sent * frame.length).toBeLessThanOrEqual(SEND_BUFFER_MAX_BYTES + frame.length);
    expect(sendBounded(asSocket(slow), frame)).toBe(false);
  });

  it('caps open connections per address and frees a place when one closes (one cap for both channels)', async () => {
    const cap = new SiteSocketCap(new MemoryCounters(), 2, 'node');
    const [a, b, c] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    const tcp = (s: FakeSocket) => Object.assign(s, { destroyed: false }) as unknown as Duplex;
    expect(await cap.admit('10.0.0.1', tcp(a))).toBe(true);
    expect(await cap.admit('10.0.0.1', tcp(b))).toBe(true);
    expect(await cap.admit('10.0.0.1', tcp(c))).toBe(false);
    expect(await cap.admit('10.0.0.2', tcp(new FakeSocket()))).toBe(true);
    a.emit('close');
    expect(cap.size).toBe(2);
    expect(await cap.admit('10.0.0.1', tcp(c))).toBe(true);
    await cap.close();
  });
});
