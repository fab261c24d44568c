// The HTTP edge against a slowloris: many TCP connections from one address, each sending half a request
// head and then nothing. The cap is taken at accept (before any byte is read), the head must be finished
// in time, and honest clients keep getting answers throughout.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { WsClient } from '../testing/wsClient.js';

const CAP = 5;
const HEAD_TIMEOUT_MS = 300;
const HALF_HEAD = 'GET /api/v1/user/tables HTTP/1.1\r\nHost: tenger\r\nX-Slow: ';
const FULL_HEAD = 'GET /api/v1/user/tables HTTP/1.1\r\nHost: tenger\r\nConnection: close\r\n\r\n';

/** A raw TCP connection from `localAddress` that records what it received and when it closed. */
class RawClient {
  received = '';
  readonly closed: Promise<void>;
  private constructor(readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => (this.received += text));
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static open(port: number, localAddress: string, head: string): Promise<RawClient> {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    const client = new RawClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => {
        socket.write(head);
        resolve(client);
      });
      socket.once('error', reject);
    });
  }

  /** Whether the socket closed within `ms` (an upper bound, never the thing measured). */
  closedWithin(ms: number): Promise<boolean> {
    return Promise.race([
      this.closed.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
    ]);
  }
}

/** One whole request from `localAddress`; resolves with the status line. */
async function honestGet(port: number, localAddress: string): Promise<string> {
  const client = await RawClient.open(port, localAddress, FULL_HEAD);
  await client.closed;
  return client.received.split('\r\n')[0];
}

describe('connections capped at accept', () => {
  let t: TestServer;
  let port: number;

  beforeAll(async () => {
    t = await startTestServer({
      config: { tcpConnectionsPerIp: CAP, httpHeadersTimeoutMs: HEAD_TIMEOUT_MS },
    });
    port = Number(new URL(await t.server.listen()).port);
  });
  afterAll(() => t.close());

  it('an address holding the cap of unfinished request heads has every further connection closed at once, and other addresses still get answers', async () => {
    const attacker = '127.0.0.21';
    const held = await Promise.all(
      Array.from({ length: CAP }, () => RawClient.open(port, attacker, HALF_HEAD)),
    );
    const extra = await Promise.all(
      Array.from({ length: 3 }, () => RawClient.open(port, attacker, HALF_HEAD)),
    );
    for (const client of extra) {
      expect(await client.closedWithin(2_000)).toBe(true);
      expect(client.received).toBe('');
    }
    expect(await honestGet(port, '127.0.0.1')).toBe('HTTP/1.1 200 OK');
    expect(await honestGet(port, '127.0.0.22')).toBe('HTTP/1.1 200 OK');
    for (const client of held) client.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
  });

  it('a request head not finished in time is dropped, and its place is free again', async () => {
    const attacker = '127.0.0.23';
    const held = await Promise.all(
      Array.from({ length: CAP }, () => RawClient.open(port, attacker, HALF_HEAD)),
    );
    // Dropped by the server (408), well before the test's own bound.
    for (const client of held) expect(await client.closedWithin(HEAD_TIMEOUT_MS * 10)).toBe(true);
    expect(held[0].received).toMatch(/^HTTP\/1.1 408/);
    expect(await honestGet(port, attacker)).toBe('HTTP/1.1 200 OK');
  });

  it('a WebSocket counts against the same cap as HTTP connections from its address', async () => {
    const from = '127.0.0.24';
    const sockets = await Promise.all(
      Array.from({ length: CAP }, () => WsClient.open(`ws://127.0.0.1:${port}/ws/global`, from)),
    );
    const extra = await RawClient.open(port, from, FULL_HEAD);
    expect(await extra.closedWithin(2_000)).toBe(true);
    expect(extra.received).toBe('');
    sockets[0].close();
    await sockets[0].closed;
    // The server hears of the close a moment later; until then the address is still full.
    let answer = '';
    for (let i = 0; i < 100 && answer === ''; i++) answer = await honestGet(port, from);
    expect(answer).toBe('HTTP/1.1 200 OK');
    for (const s of sockets) s.close();
  });

  it('an open WebSocket is not dropped by the request-head timeout', async () => {
    const socket = await WsClient.open(`ws://127.0.0.1:${port}/ws/global`, '127.0.0.25');
    expect(await socket.closedWithin(HEAD_TIMEOUT_MS * 5)).toBeNull();
    socket.send({ type: 'PING' });
    await socket.waitFor((f) => f.type === 'PONG');
    socket.close();
  });
});
