// /ws/global against an attacker: floods, oversized frames, AUTH storms, too many sockets, slow readers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GlobalServerMessage } from '@tenger/protocol';
import { TEST_DRIVERS } from '../testing/database.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { WsClient } from '../testing/wsClient.js';
import { newOpaqueToken } from '../auth/tokens.js';

type Frame = GlobalServerMessage;
const PER_IP = 6;

describe.each(TEST_DRIVERS)('/ws/global under attack on $name', ({ url }) => {
  let t: TestServer;
  let base: string;
  const open = (from?: string) => WsClient.open<Frame>(`${base}/ws/global`, from);

  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url, config: { wsConnectionsPerIp: PER_IP } });
    base = (await t.server.listen()).replace('http', 'ws');
  });
  afterAll(() => t.close());

  it('a client sending more than 20 messages in a second is told so and closed with 1008', async () => {
    const flooder = await open('127.0.0.11');
    for (let i = 0; i < 200; i++) flooder.send({ type: 'PING' });
    expect(await flooder.closedWithin(3_000)).toBe(1008);
    // 20 in its first second; a loaded machine may spread the 200 frames over more than one second,
    // and each new second admits 20 more: never all of them.
    const pongs = flooder.frames.filter((f) => f.type === 'PONG').length;
    expect(pongs).toBeGreaterThanOrEqual(20);
    expect(pongs).toBeLessThanOrEqual(60);
    expect(flooder.frames.at(-1)).toMatchObject({ type: 'ERROR', code: 'too_many_messages' });
  });

  it('an honest client pinging 10 times a second for 3 seconds stays open', async () => {
    const honest = await open('127.0.0.12');
    for (let i = 0; i < 30; i++) {
      honest.send({ type: 'PING' });
      await new Promise((r) => setTimeout(r, 100));
    }
    await honest.waitFor(() => honest.frames.filter((f) => f.type === 'PONG').length === 30);
    expect(honest.closeCode).toBeNull();
    honest.close();
  });

  it('a frame over 4 KB closes the socket (1009)', async () => {
    const client = await open('127.0.0.13');
    client.send(JSON.stringify({ type: 'AUTH', token: 'x'.repeat(5_000) }));
    expect(await client.closedWithin(3_000)).toBe(1009);
  });

  it('a second AUTH while one is being checked is refused as busy, and a sixth AUTH closes the socket', async () => {
    const player = await t.player(0);
    const client = await open('127.0.0.14');
    client.send({ type: 'AUTH', token: newOpaqueToken() });
    client.send({ type: 'AUTH', token: player.token });
    await client.waitFor((f) => f.type === 'ERROR' && f.code === 'unauthorized');
    expect(client.frames[0]).toMatchObject({ type: 'ERROR', code: 'busy' });
    for (let i = 0; i < 4; i++) {
      client.send({ type: 'AUTH', token: player.token });
      // An AUTH is done once the jackpot that follows AUTH_OK and the balance has arrived.
      await client.waitFor(() => client.frames.filter((f) => f.type === 'GAME').length === i + 1);
    }
    client.send({ type: 'AUTH', token: player.token });
    expect(await client.closedWithin(3_000)).toBe(1008);
  });

  it('junk tokens and repeated unknown tokens cost at most one database query each', async () => {
    const execute = vi.spyOn(t.services.db, 'execute');
    try {
      const unknown = newOpaqueToken();
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => t.services.auth.authenticate(i % 2 ? unknown : `junk-${i}`)),
      );
      expect(answers.every((a) => a === null)).toBe(true);
      expect(await t.services.auth.authenticate(unknown)).toBeNull();
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
  });

  it('concurrent checks of one valid token share one database query', async () => {
    const player = await t.player(0);
    t.services.auth.forgetSessions(player.id);
    const execute = vi.spyOn(t.services.db, 'execute');
    try {
      const users = await Promise.all(
        Array.from({ length: 40 }, () => t.services.auth.authenticate(player.token)),
      );
      expect(users.every((u) => u?.id === player.id)).toBe(true);
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
  });

  it('a known session is answered from memory while its refresh waits on a busy database, until it is revoked', async () => {
    const player = await t.player(0);
    expect(await t.services.auth.authenticate(player.token)).toMatchObject({ id: player.id });
    const sessions = (t.services.auth as unknown as { sessions: Map<string, { until: number }> }).sessions;
    for (const entry of sessions.values()) entry.until = Date.now() - 1; // the fresh period is over
    const execute = vi
      .spyOn(t.services.db, 'execute')
      .mockImplementation(() => new Promise(() => undefined) as never);
    try {
      const answer = await Promise.race([
        t.services.auth.authenticate(player.token),
        new Promise((r) => setTimeout(() => r('waited'), 500)),
      ]);
      expect(answer).toMatchObject({ id: player.id });
      expect(execute).toHaveBeenCalledTimes(1); // the refresh, in the background
    } finally {
      execute.mockRestore();
    }
    t.services.auth.forgetSessions(player.id);
    await t.services.auth.logout(player.token);
    expect(await t.services.auth.authenticate(player.token)).toBeNull();
  });

  it('one address may hold only the configured number of sockets (both channels together)', async () => {
    const from = '127.0.0.15';
    const held = [];
    for (let i = 0; i < PER_IP; i++) held.push(await open(from));
    await expect(open(from)).rejects.toThrow(/429/);
    await expect(WsClient.open(`${base}/ws/table/1`, from)).rejects.toThrow(/429/);
    // Another address is unaffected; a closed socket frees its place.
    const other = await open('127.0.0.16');
    held[0].close();
    await held[0].closed;
    await new Promise((r) => setTimeout(r, 50));
    const again = await open(from);
    [...held, other, again].forEach((c) => c.close());
  });

  it('a reader that stops reading is dropped once its send buffer passes the bound', async () => {
    const slow = await open('127.0.0.17');
    const count = t.services.hub.connectionCount;
    // The client stops reading its socket; the server keeps pushing jackpot updates.
    (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    for (let round = 0; round < 400 && t.services.hub.connectionCount >= count; round++) {
      for (let i = 0; i < 1_000; i++) t.services.hub.broadcastJackpot(1_000_000_000 + i);
      await new Promise((r) => setImmediate(r));
    }
    expect(t.services.hub.connectionCount).toBe(count - 1);
  });
});
