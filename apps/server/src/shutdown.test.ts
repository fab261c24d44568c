// The socket side of a graceful shutdown, in process: both channels close with 1012 "server
// restarting"; while they close, a new socket is refused with 503 (so the client reconnects to the
// next process) and HTTP still answers; then the listener closes.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_DRIVERS } from './testing/database.js';
import { startTestServer, type TestServer } from './testing/testServer.js';
import { TableRegistry } from './tables/runtime/tableRegistry.js';
import { FAST_TIMING } from './testing/testTables.js';

function opened(
  url: string,
): Promise<{ socket: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const socket = new WebSocket(url);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** A peer that upgrades to a WebSocket and then never answers a close frame (the server must not wait for it forever). */
function silentPeer(base: string, path: string): Promise<Socket> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const raw = connect(Number(port), hostname, () =>
      raw.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      ),
    );
    raw.once('data', (chunk) =>
      chunk.toString().startsWith('HTTP/1.1 101') ? resolve(raw) : reject(new Error(chunk.toString())),
    );
    raw.on('error', () => undefined);
  });
}

/** The HTTP status a WebSocket upgrade gets (101 when it opens). */
function upgradeStatus(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('open', () => {
      socket.terminate();
      resolve({ status: 101, body: '' });
    });
    socket.on('error', () => undefined);
  });
}

describe.each(TEST_DRIVERS)('a graceful shutdown on $name', ({ url }) => {
  let t: TestServer | undefined;
  afterEach(async () => t?.close());

  it('closes both channels with 1012 "server restarting", refuses new sockets meanwhile with 503 server_restarting, and answers HTTP until the listener closes', async () => {
    t = await startTestServer({
      databaseUrl: url,
      tableLayer: (services) => new TableRegistry(services, { timing: FAST_TIMING }),
    });
    const http = await t.server.listen();
    const ws = http.replace('http', 'ws');
    const [table] = await t.services.tables.list();
    const global = await opened(`${ws}/ws/global`);
    const watcher = await opened(`${ws}/ws/table/${table.id}`);
    const silent = await silentPeer(http, '/ws/global');

    const shutdown = t.server.shutdown(60_000);
    const closes = await Promise.all([global.closed, watcher.closed]);
    for (const close of closes) expect(close).toEqual({ code: 1012, reason: 'server restarting' });
    // The silent peer holds the shutdown in its close grace: new sockets are refused, HTTP answers.
    const refused = await upgradeStatus(`${ws}/ws/table/${table.id}`);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({
      error: { code: 'server_restarting', message: expect.any(String) },
    });
    expect((await fetch(`${http}/api/v1/user/tables`)).status).toBe(200);

    const report = await shutdown;
    expect(report.sockets).toBe(3);
    expect(report.tables.every((d) => d.outcome === 'idle')).toBe(true);
    await expect(fetch(`${http}/api/v1/user/tables`)).rejects.toThrow();
    silent.destroy();
  });
});
