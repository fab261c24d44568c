import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
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

  it('sends the frames one socket gets in one turn in one write, in order, at the end of the turn', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const got: string[] = [];
    client.on('message', (data) => got.push(String(data)));
    try {
      const socket = await accepted;
      await new Promise((resolve) =>
        client.readyState === client.OPEN ? resolve(null) : client.once('open', resolve),
      );
      type Spied = { _writev(...args: unknown[]): void; _write(...args: unknown[]): void };
      const raw = (socket as unknown as { _socket: Spied })._socket;
      const writev = vi.spyOn(raw, '_writev');
      const write = vi.spyOn(raw, '_write');
      for (const text of ['one', 'two', 'three']) expect(sendBounded(socket, text)).toBe(true);
      sendBounded(socket, Buffer.from('four'));
      expect(writev).not.toHaveBeenCalled();
      await new Promise((resolve) => setImmediate(resolve));
      expect(writev.mock.calls.length + write.mock.calls.length).toBe(1);
      await vi.waitFor(() => expect(got).toEqual(['one', 'two', 'three', 'four']));
    } finally {
      client.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
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
