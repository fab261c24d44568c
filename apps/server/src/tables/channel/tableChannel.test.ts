import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TableServerMessage } from '@tenger/protocol';
import { TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../../testing/testServer.js';
import { TableRegistry } from '../runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING } from '../../testing/testTables.js';
import { parseClientFrame } from './tableChannel.js';

/** A real WebSocket client that records every frame. */
class Client {
  readonly frames: TableServerMessage[] = [];
  private waiters: Array<{
    test: (f: TableServerMessage) => boolean;
    resolve: (f: TableServerMessage) => void;
  }> = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as TableServerMessage;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.test(frame) ? (w.resolve(frame), false) : true));
    });
  }
  static async open(url: string): Promise<Client> {
    const socket = new WebSocket(url);
    const client = new Client(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return client;
  }
  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }
  waitFor(test: (f: TableServerMessage) => boolean, timeoutMs = 5_000): Promise<TableServerMessage> {
    const seen = this.frames.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a frame')), timeoutMs);
      this.waiters.push({ test, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }
  reply(requestId: string) {
    return this.waitFor((f) => (f.type === 'ACK' || f.type === 'REJECT') && f.requestId === requestId);
  }
  close() {
    this.socket.close();
  }
}

describe.each(TEST_DRIVERS)('the table channel on $name', ({ url }) => {
  let t: TestServer;
  let base: string;

  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      tableLayer: (services) =>
        new TableRegistry(services, { timing: { ...FAST_TIMING, actionTimeMs: 5_000 } }),
      config: { tableClosedLingerMs: 200 },
    });
    base = (await t.server.listen()).replace('http', 'ws');
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  async function authed(tableId: number, player: TestPlayer): Promise<Client> {
    const client = await Client.open(`${base}/ws/table/${tableId}`);
    client.send({ type: 'AUTH', token: player.token, requestId: 'auth' });
    expect(await client.reply('auth')).toMatchObject({ type: 'ACK' });
    await client.waitFor((f) => f.type === 'SNAPSHOT' && f.viewer.userId === player.id);
    return client;
  }

  it('two authenticated players play a whole hand; each sees only its own hole cards', async () => {
    const table = await createTestTable(t);
    const [alice, bob] = [await t.player(20_000), await t.player(20_000)];
    const spectator = await Client.open(`${base}/ws/table/${table.id}`);
    const first = await spectator.waitFor((f) => f.type === 'SNAPSHOT');
    expect(first).toMatchObject({ viewer: { userId: null, seat: null }, table: { tableId: table.id } });
    const a = await authed(table.id, alice);
    const b = await authed(table.id, bob);
    const seats = new Map([
      [a, 0],
      [b, 1],
    ]);
    for (const [client, seat] of seats) {
      client.send({ type: 'SIT', seat, amount: 5_000, requestId: `sit${seat}` });
      expect(await client.reply(`sit${seat}`)).toMatchObject({ type: 'ACK' });
    }
    // Each player checks or calls whenever it is its turn.
    for (const [client, seat] of seats) {
      client.socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as TableServerMessage;
        if (frame.type !== 'EVENT' || frame.event.type !== 'next-to-act' || frame.event.seat !== seat) return;
        const legal = frame.event.legal.actions;
        const handNumber = [...client.frames]
          .reverse()
          .find((f) => f.type === 'EVENT' && f.event.type === 'hand-started');
        if (!handNumber || handNumber.type !== 'EVENT' || handNumber.event.type !== 'hand-started') return;
        client.send({
          type: 'ACTION',
          action: legal.some((x) => x.type === 'check') ? 'check' : 'call',
          handNumber: handNumber.event.handNumber,
        });
      });
    }
    const isResult = (f: TableServerMessage) => f.type === 'EVENT' && f.event.type === 'hand-result';
    await Promise.all([
      a.waitFor(isResult, 10_000),
      b.waitFor(isResult, 10_000),
      spectator.waitFor(isResult, 10_000),
    ]);

    const dealt = (client: Client) =>
      client.frames.flatMap((f) =>
        f.type === 'EVENT' && f.event.type === 'hole-cards-dealt' ? [f.event] : [],
      );
    const firstHand = (client: Client) => dealt(client).slice(0, 2);
    expect(firstHand(a).find((e) => e.seat === 0)!.cards).toHaveLength(2);
    expect(firstHand(a).find((e) => e.seat === 1)!.cards).toBeNull();
    expect(firstHand(b).find((e) => e.seat === 1)!.cards).toHaveLength(2);
    expect(firstHand(b).find((e) => e.seat === 0)!.cards).toBeNull();
    expect(firstHand(spectator).every((e) => e.cards === null)).toBe(true);
    // Every viewer got the same events in the same order (only card visibility differs).
    const seqs = (client: Client) => client.frames.flatMap((f) => (f.type === 'EVENT' ? [f.seq] : []));
    expect(seqs(spectator).slice(0, 10)).toEqual(
      seqs(a)
        .filter((s) => s >= seqs(spectator)[0])
        .slice(0, 10),
    );

    for (const [client] of seats) {
      client.send({ type: 'LEAVE', requestId: 'leave' });
      expect(await client.reply('leave')).toMatchObject({ type: 'ACK' });
    }
    const leftCount = () =>
      spectator.frames.filter((f) => f.type === 'EVENT' && f.event.type === 'seat-left').length;
    for (let i = 0; i < 200 && leftCount() < 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect(leftCount()).toBe(2);
    const total =
      (await t.services.ledger.balancesOf(alice.id)).available +
      (await t.services.ledger.balancesOf(bob.id)).available;
    expect(total).toBeLessThanOrEqual(40_000);
    expect(total).toBeGreaterThan(39_000);
    [a, b, spectator].forEach((c) => c.close());
  });

  it('garbage and hostile frames are refused and the table carries on', async () => {
    const table = await createTestTable(t);
    const alice = await t.player(20_000);
    const client = await authed(table.id, alice);
    const hostile = [
      'not json',
      '{"type":"SIT"',
      JSON.stringify({ type: 'SIT', seat: 1, amount: -5, requestId: 'neg' }),
      JSON.stringify({ type: 'SIT', seat: 1, amount: 2500.5, requestId: 'frac' }),
      '{"type":"SIT","seat":1,"amount":NaN,"requestId":"nan"}',
      JSON.stringify({ type: 'SIT', seat: 1, amount: '3000', requestId: 'str' }),
      JSON.stringify({ type: 'STEAL_CHIPS', requestId: 'steal' }),
      JSON.stringify({ __proto__: { type: 'SIT' }, constructor: 1 }),
      JSON.stringify([1, 2, 3]),
    ];
    for (const frame of hostile) client.send(frame);
    client.send({ type: 'PING', requestId: 'alive' });
    await client.waitFor((f) => f.type === 'PONG' && f.requestId === 'alive');
    const errors = client.frames.filter((f) => f.type === 'ERROR' || f.type === 'REJECT');
    expect(errors.length).toBeGreaterThanOrEqual(7);
    expect(errors.filter((f) => f.type === 'REJECT').map((f) => f.type === 'REJECT' && f.code)).toEqual(
      expect.arrayContaining(['bad_message']),
    );
    expect((await t.services.ledger.balancesOf(alice.id)).available).toBe(20_000);
    // An oversized frame closes only that connection.
    const flooder = await Client.open(`${base}/ws/table/${table.id}`);
    const closed = new Promise<number>((resolve) => flooder.socket.once('close', (code) => resolve(code)));
    flooder.send('x'.repeat(5_000));
    expect(await closed).toBe(1009);
    client.send({ type: 'SIT', seat: 1, amount: 3_000, requestId: 'ok' });
    expect(await client.reply('ok')).toMatchObject({ type: 'ACK' });
    client.send({ type: 'LEAVE', requestId: 'bye' });
    expect(await client.reply('bye')).toMatchObject({ type: 'ACK' });
    client.close();
  });

  it('parses only well-formed commands', () => {
    const parse = (text: string) => parseClientFrame(Buffer.from(text), false);
    expect(parse('{"type":"ACTION","action":"raise","amount":300,"handNumber":4}')).toHaveProperty('message');
    expect(parse('{"type":"ACTION","action":"raise","amount":1e400,"handNumber":4}')).toHaveProperty('error');
    expect(
      parse('{"type":"ACTION","action":"raise","amount":-1,"handNumber":4,"requestId":"q"}'),
    ).toMatchObject({
      requestId: 'q',
    });
    expect(parseClientFrame(Buffer.from('{}'), true)).toHaveProperty('error');
  });

  it('a disconnected player keeps the seat and the clock keeps running', async () => {
    const table = await createTestTable(t);
    const [alice, bob] = [await t.player(20_000), await t.player(20_000)];
    const a = await authed(table.id, alice);
    const b = await authed(table.id, bob);
    a.send({ type: 'SIT', seat: 0, amount: 3_000, requestId: 'a' });
    b.send({ type: 'SIT', seat: 1, amount: 3_000, requestId: 'b' });
    await Promise.all([a.reply('a'), b.reply('b')]);
    a.close();
    const gone = await b.waitFor(
      (f) => f.type === 'EVENT' && f.event.type === 'connection' && !f.event.connected,
    );
    expect(gone).toMatchObject({ event: { seat: 0, connected: false } });
    // Bob answers his turns; Alice's turns run out on her clock (5 s here) and she is folded or checked.
    let leaving = false;
    b.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as TableServerMessage;
      if (frame.type !== 'EVENT' || frame.event.type !== 'next-to-act' || frame.event.seat !== 1) return;
      const started = [...b.frames]
        .reverse()
        .find((f) => f.type === 'EVENT' && f.event.type === 'hand-started');
      if (started?.type !== 'EVENT' || started.event.type !== 'hand-started') return;
      const check = frame.event.legal.actions.some((x) => x.type === 'check');
      const move = leaving && !check ? 'fold' : check ? 'check' : 'call';
      b.send({ type: 'ACTION', action: move, handNumber: started.event.handNumber });
    });
    const timedOut = await b.waitFor(
      (f) => f.type === 'EVENT' && f.event.type === 'timed-out' && f.event.seat === 0,
      15_000,
    );
    expect(timedOut).toBeTruthy();
    const seat = (
      await t.call({
        method: 'GET',
        url: `/api/v1/admin/table/session?tableId=${table.id}`,
        token: t.admin.token,
      })
    )
      .json()
      .seats.find((s: { userId: number }) => s.userId === alice.id);
    expect(seat).toMatchObject({ seat: 0, connected: false });
    leaving = true;
    b.send({ type: 'LEAVE', requestId: 'l' });
    await b.reply('l');
    await t.services.tableLayer.kick(table.id, alice.id);
    for (let i = 0; i < 600; i++) {
      const session = (await t.services.tableLayer.session(table.id)).seats.length;
      if (session === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await t.services.tableLayer.session(table.id)).seats).toEqual([]);
    b.close();
  }, 90_000);

  it('an unknown table answers not_found and closes', async () => {
    const client = await Client.open(`${base}/ws/table/999999`);
    expect(await client.waitFor((f) => f.type === 'ERROR')).toMatchObject({ code: 'not_found' });
    await new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
  });

  it('a table deleted while watched: the spectator hears table-closed, and its socket closes a moment later (the table is let go)', async () => {
    const table = await createTestTable(t);
    const spectator = await Client.open(`${base}/ws/table/${table.id}`);
    await spectator.waitFor((f) => f.type === 'SNAPSHOT');
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      spectator.socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    await t.services.tables.remove(table.id);
    expect(
      await spectator.waitFor((f) => f.type === 'EVENT' && f.event.type === 'table-closed'),
    ).toBeTruthy();
    // Kept open, every socket of a broken tournament table held its runtime (a 10,000-entrant run kept
    // ~900 MB of closed tables alive through its spectators).
    expect(await closed).toEqual({ code: 1000, reason: 'Table closed' });
  });

  it('a reconnecting viewer resumes from its last sequence number', async () => {
    const table = await createTestTable(t);
    const [alice, bob] = [await t.player(20_000), await t.player(20_000)];
    const watcher = await Client.open(`${base}/ws/table/${table.id}`);
    const snapshot = await watcher.waitFor((f) => f.type === 'SNAPSHOT');
    const lastSeq = snapshot.type === 'SNAPSHOT' ? snapshot.seq : 0;
    watcher.close();
    const a = await authed(table.id, alice);
    a.send({ type: 'SIT', seat: 0, amount: 3_000, requestId: 's' });
    await a.reply('s');
    const again = await Client.open(`${base}/ws/table/${table.id}`);
    again.send({ type: 'RESUME', lastSeq, requestId: 'r' });
    await again.reply('r');
    const missed = await again.waitFor((f) => f.type === 'EVENT' && f.seq === lastSeq + 1);
    expect(missed).toMatchObject({ event: { type: 'seat-taken', seat: { userId: alice.id } } });
    // Far behind or ahead of the buffer: a fresh snapshot instead.
    again.send({ type: 'RESUME', lastSeq: 10_000_000, requestId: 'r2' });
    await again.reply('r2');
    await again.waitFor((f) => f.type === 'SNAPSHOT' && f.seq >= lastSeq + 1);
    a.send({ type: 'LEAVE', requestId: 'l' });
    await a.reply('l');
    void bob;
    [a, again].forEach((c) => c.close());
  });
});
