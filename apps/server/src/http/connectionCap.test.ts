// The HTTP edge against a slowloris: many TCP connections from one address, each sending half a request
// head and then nothing. The cap is taken at accept (before any byte is read), the head must be finished
// in time, and honest clients keep getting answers throughout.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { ConnectionsAtAccept, REFUSAL_WINDOW_MS } from './connectionCap.js';
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

describe('an address out of refusals', () => {
  const BUDGET = 3;
  let clock = 1_000_000;
  let cap: ConnectionsAtAccept;
  let server: net.Server;
  let port: number;
  /** The server side of each connection it served, by the client's local port. */
  const served = new Map<number, net.Socket>();

  beforeAll(async () => {
    cap = new ConnectionsAtAccept({ maxOpen: 0, maxRefusals: BUDGET, now: () => clock });
    // A plain server that answers "hi" on every connection it serves.
    server = net.createServer((socket) => {
      served.set(socket.remotePort ?? 0, socket);
      socket.on('error', () => undefined);
      socket.write('hi');
    });
    cap.watch(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of served.values()) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A connection from `from`: closed (by the server, without a byte) or answered, and its server side. */
  async function connect(
    from: string,
  ): Promise<{ client: net.Socket; server?: net.Socket; closed: boolean }> {
    const client = net.connect({ port, host: '127.0.0.1', localAddress: from });
    client.on('error', () => undefined);
    const answered = await new Promise<boolean>((resolve) => {
      client.once('data', () => resolve(true));
      client.once('close', () => resolve(false));
    });
    return { client, server: served.get(client.localPort ?? -1), closed: !answered };
  }

  it('is refused at accept for the rest of the window once it used its budget of 429s, then served again', async () => {
    const first = await connect('127.0.0.31');
    expect(first.closed).toBe(false);
    const open = await connect('127.0.0.31');
    expect(cap.afterAnswer(first.server!, 429)).toBe(false);
    expect(cap.afterAnswer(first.server!, 200)).toBe(false);
    expect(cap.afterAnswer(first.server!, 429)).toBe(false);
    // The budget's last refusal: this connection is to close after its answer, and any other of its
    // address after its next answer, whatever it is.
    expect(cap.afterAnswer(first.server!, 429)).toBe(true);
    expect(cap.isShutOut('127.0.0.31')).toBe(true);
    expect(cap.afterAnswer(open.server!, 200)).toBe(true);

    const refused = await connect('127.0.0.31');
    expect(refused.closed).toBe(true);
    expect(refused.server).toBeUndefined();
    // Another address is served meanwhile.
    const other = await connect('127.0.0.32');
    expect(other.closed).toBe(false);

    clock += REFUSAL_WINDOW_MS - 1;
    expect((await connect('127.0.0.31')).closed).toBe(true);
    clock += 1;
    const again = await connect('127.0.0.31');
    expect(again.closed).toBe(false);
    // A new window: the budget is whole again.
    expect(cap.afterAnswer(again.server!, 429)).toBe(false);
    expect(cap.afterAnswer(again.server!, 200)).toBe(false);
    for (const c of [first, open, other, again]) c.client.destroy();
  });

  it('refusals answered on a socket it never accepted (fastify.inject) count for nothing', () => {
    const stranger = new net.Socket();
    for (let i = 0; i < BUDGET * 2; i++) expect(cap.afterAnswer(stranger, 429)).toBe(false);
  });
});
