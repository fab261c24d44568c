// The table channel against a revoked session and a flooding player: a socket whose session ended can
// neither sit, recharge nor act, and closes within a second; floods the channel can refuse alone never
// reach the database.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GlobalServerMessage, TableServerMessage } from '@tenger/protocol';
import { Accounts } from '../../ledger/accounts.js';
import { TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../../testing/testServer.js';
import { WsClient } from '../../testing/wsClient.js';
import { TableRegistry } from '../runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING } from '../../testing/testTables.js';

type TableClient = WsClient<TableServerMessage>;
const reply = (c: TableClient, requestId: string) =>
  c.waitFor((f) => (f.type === 'ACK' || f.type === 'REJECT') && f.requestId === requestId);

describe.each(TEST_DRIVERS)('table sessions and floods on $name', ({ url }) => {
  let t: TestServer;
  let base: string;

  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      tableLayer: (services) =>
        new TableRegistry(services, { timing: { ...FAST_TIMING, actionTimeMs: 3_000 } }),
    });
    base = (await t.server.listen()).replace('http', 'ws');
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  async function atTable(tableId: number, player: TestPlayer, token = player.token): Promise<TableClient> {
    const client = await WsClient.open<TableServerMessage>(`${base}/ws/table/${tableId}`);
    client.send({ type: 'AUTH', token, requestId: 'auth' });
    expect(await reply(client, 'auth')).toMatchObject({ type: 'ACK' });
    await client.waitFor((f) => f.type === 'SNAPSHOT' && f.viewer.userId === player.id);
    return client;
  }

  async function onGlobal(token: string): Promise<WsClient<GlobalServerMessage>> {
    const client = await WsClient.open<GlobalServerMessage>(`${base}/ws/global`);
    client.send({ type: 'AUTH', token });
    await client.waitFor((f) => f.type === 'AUTH_OK');
    return client;
  }

  /** Alice and Bob seated at a fresh table with a hand running. */
  async function handRunning() {
    const table = await createTestTable(t);
    const [alice, bob] = [await t.player(20_000), await t.player(20_000)];
    const a = await atTable(table.id, alice);
    const b = await atTable(table.id, bob);
    a.send({ type: 'SIT', seat: 0, amount: 5_000, requestId: 'sit' });
    b.send({ type: 'SIT', seat: 1, amount: 5_000, requestId: 'sit' });
    expect(await reply(a, 'sit')).toMatchObject({ type: 'ACK' });
    expect(await reply(b, 'sit')).toMatchObject({ type: 'ACK' });
    const started = await a.waitFor((f) => f.type === 'EVENT' && f.event.type === 'hand-started');
    const handNumber =
      started.type === 'EVENT' && started.event.type === 'hand-started' ? started.event.handNumber : 0;
    return { table, alice, bob, a, b, handNumber };
  }

  /** Every money command the attacker might try on the open socket; none may be acknowledged. */
  async function tryEverything(client: TableClient, handNumber: number) {
    client.send({ type: 'RECHARGE', amount: 2_000, requestId: 'recharge' });
    client.send({ type: 'ACTION', action: 'fold', handNumber, requestId: 'act' });
    client.send({ type: 'SIT', seat: 3, amount: 5_000, requestId: 'sit-again' });
    client.send({ type: 'LEAVE', requestId: 'leave' });
    const code = await client.closedWithin(1_000);
    const acked = client.frames.filter(
      (f) => f.type === 'ACK' && ['recharge', 'act', 'sit-again', 'leave'].includes(f.requestId ?? ''),
    );
    return { code, acked };
  }

  async function standUpEveryone(tableId: number, ...players: TestPlayer[]) {
    for (const p of players) await t.services.tableLayer.kick(tableId, p.id);
    for (let i = 0; i < 400; i++) {
      if ((await t.services.tableLayer.session(tableId)).seats.length === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('after logout the open table and global sockets close within a second and can move no money', async () => {
    const { table, alice, bob, a, b, handNumber } = await handRunning();
    const global = await onGlobal(alice.token);
    const before = await t.services.ledger.balancesOf(alice.id);
    const loggedOut = Date.now();
    const res = await t.call({ method: 'POST', url: '/api/v1/user/logout', token: alice.token });
    expect(res.statusCode).toBeLessThan(300);
    const { code, acked } = await tryEverything(a, handNumber);
    expect(code).toBe(4001);
    expect(await global.closedWithin(1_000)).toBe(4001);
    expect(Date.now() - loggedOut).toBeLessThan(1_000);
    expect(acked).toEqual([]);
    expect(await t.services.ledger.balancesOf(alice.id)).toEqual(before);
    expect(b.closeCode).toBeNull();
    b.close();
    await standUpEveryone(table.id, alice, bob);
  });

  it('after a password change (tokens revoked in the database) the open socket closes and cannot sit, recharge or act', async () => {
    const { table, alice, bob, a, b, handNumber } = await handRunning();
    const global = await onGlobal(alice.token);
    const before = await t.services.ledger.balancesOf(alice.id);
    await t.services.db.execute(
      sql`UPDATE access_tokens SET revoked_at = now() WHERE user_id = ${alice.id} AND revoked_at IS NULL`,
    );
    t.services.auth.forgetSessions(alice.id);
    const { code, acked } = await tryEverything(a, handNumber);
    expect(code).toBe(4001);
    expect(await global.closedWithin(1_000)).toBe(4001);
    expect(acked).toEqual([]);
    expect(await t.services.ledger.balancesOf(alice.id)).toEqual(before);
    b.close();
    await standUpEveryone(table.id, alice, bob);
  });

  it('a command sent right after the revocation is refused with session_ended', async () => {
    const { table, alice, bob, a, b } = await handRunning();
    await t.services.db.execute(
      sql`UPDATE access_tokens SET revoked_at = now() WHERE user_id = ${alice.id} AND revoked_at IS NULL`,
    );
    // Only the cache is cleared, no event: the re-check itself must catch it.
    (t.services.auth as unknown as { sessions: Map<string, unknown> }).sessions.clear();
    a.send({ type: 'RECHARGE', amount: 2_000, requestId: 'late' });
    expect(await reply(a, 'late')).toMatchObject({ type: 'REJECT', code: 'session_ended' });
    expect(await a.closedWithin(1_000)).toBe(4001);
    expect((await t.services.ledger.balancesOf(alice.id)).available).toBe(15_000);
    b.close();
    await standUpEveryone(table.id, alice, bob);
  });

  it('after the admin blocks a player the sockets close within a second and nothing is acknowledged', async () => {
    const { table, alice, bob, a, b, handNumber } = await handRunning();
    const global = await onGlobal(alice.token);
    const before = await t.services.ledger.balancesOf(alice.id);
    const res = await t.call({
      method: 'PUT',
      url: `/api/v1/admin/user/block?userId=${alice.id}`,
      token: t.admin.token,
    });
    expect(res.statusCode).toBe(200);
    const { code, acked } = await tryEverything(a, handNumber);
    expect(code).toBe(4001);
    expect(await global.closedWithin(1_000)).toBe(4001);
    expect(acked).toEqual([]);
    // The only money that may move is the removal itself (her hand played out for her, her stack cashed
    // out when it ends, which may already have happened): never a buy-in or a recharge, never a gain.
    const after = await t.services.ledger.balancesOf(alice.id);
    expect(after.available).toBeGreaterThanOrEqual(before.available);
    expect(after.available + after.locked).toBeLessThanOrEqual(before.available + before.locked);
    b.close();
    await standUpEveryone(table.id, alice, bob);
  });

  it('logging out one session leaves the sockets of the player’s other session open', async () => {
    const table = await createTestTable(t);
    const alice = await t.player(0);
    const second = await t.services.auth.issueToken(alice.id);
    const first = await atTable(table.id, alice);
    const other = await atTable(table.id, alice, second);
    await t.call({ method: 'POST', url: '/api/v1/user/logout', token: alice.token });
    expect(await first.closedWithin(1_000)).toBe(4001);
    expect(await other.closedWithin(300)).toBeNull();
    // A profile change (no revocation) keeps it open too.
    t.services.auth.forgetSessions(alice.id);
    expect(await other.closedWithin(300)).toBeNull();
    other.send({ type: 'PING', requestId: 'p' });
    await other.waitFor((f) => f.type === 'PONG');
    other.close();
  });

  it('a zero-balance player flooding SIT from 20 sockets reaches the ledger once', async () => {
    const table = await createTestTable(t);
    const broke = await t.player(0);
    const sockets = await Promise.all(Array.from({ length: 20 }, () => atTable(table.id, broke)));
    // Every table money move is one fenced posting (Ledger.post with the fence inside its transaction).
    const transfer = vi.spyOn(t.services.ledger, 'post');
    try {
      for (let round = 0; round < 20; round++)
        for (const [i, s] of sockets.entries())
          s.send({ type: 'SIT', seat: i % 6, amount: 2_000, requestId: `s${round}` });
      await Promise.all(sockets.map((s) => reply(s, 's19')));
      const rejects = sockets.flatMap((s) => s.frames.filter((f) => f.type === 'REJECT'));
      expect(rejects).toHaveLength(400);
      const codes = new Set(rejects.map((f) => (f.type === 'REJECT' ? f.code : null)));
      expect([...codes].every((c) => c === 'busy' || c === 'insufficient_funds')).toBe(true);
      expect(transfer).toHaveBeenCalledTimes(1);
      // Once money arrives the player may sit at once.
      await t.services.ledger.transfer({
        from: Accounts.outsideBank,
        to: Accounts.available(broke.id),
        amount: 2_000,
        kind: 'deposit',
        key: `sessions-test:${broke.id}`,
      });
      sockets[0].send({ type: 'SIT', seat: 0, amount: 2_000, requestId: 'paid' });
      expect(await reply(sockets[0], 'paid')).toMatchObject({ type: 'ACK' });
    } finally {
      transfer.mockRestore();
    }
    sockets.forEach((s) => s.close());
    await standUpEveryone(table.id, broke);
  });

  it('refusals the channel can decide alone (not seated, too fast) touch no database', async () => {
    const table = await createTestTable(t);
    const alice = await t.player(0);
    const client = await atTable(table.id, alice);
    const db = t.services.db as unknown as Record<string, (...args: unknown[]) => unknown>;
    const spies = ['execute', 'select', 'insert', 'update', 'delete', 'transaction'].map((m) =>
      vi.spyOn(db, m),
    );
    try {
      for (let i = 0; i < 10; i++) {
        client.send({ type: 'ACTION', action: 'fold', handNumber: 1, requestId: `a${i}` });
        client.send({ type: 'LEAVE', requestId: `l${i}` });
        client.send({ type: 'SIT_OUT', requestId: `o${i}` });
        client.send({ type: 'RECHARGE', amount: 2_000, requestId: `r${i}` });
      }
      await reply(client, 'r9');
      expect(client.frames.filter((f) => f.type === 'REJECT' && f.code === 'not_seated')).toHaveLength(40);
      // Over the rate: the 40 above and 30 more inside a second. The window forgives what the server's
      // own stalls explain (a loaded machine) and forgets what is older than a second (the wait for r9
      // above may have taken that long), so the flood goes on in bursts until the channel closes it.
      for (let burst = 0; burst < 20 && client.closeCode === null; burst++) {
        for (let i = 0; i < 30; i++) client.send({ type: 'PING', requestId: `p${burst}.${i}` });
        if ((await client.closedWithin(250)) !== null) break;
      }
      expect(await client.closedWithin(2_000)).toBe(1008);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
  });
});
