import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { ConnectionsPerIp, sendBounded, SEND_BUFFER_MAX_BYTES } from './socketGuard.js';

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

  it('caps open connections per address and frees a place when one closes', () => {
    const cap = new ConnectionsPerIp(2);
    const [a, b, c] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    expect(cap.admit(asSocket(a), '10.0.0.1')).toBe(true);
    expect(cap.admit(asSocket(b), '10.0.0.1')).toBe(true);
    expect(cap.hasRoom('10.0.0.1')).toBe(false);
    expect(cap.admit(asSocket(c), '10.0.0.1')).toBe(false);
    expect(c.closedWith).toBe(1013);
    expect(cap.admit(asSocket(new FakeSocket()), '10.0.0.2')).toBe(true);
    a.emit('close');
    expect(cap.count('10.0.0.1')).toBe(1);
    expect(cap.hasRoom('10.0.0.1')).toBe(true);
  });
});
