// Issue 24 part 5 against the whole server: the detectors read stored hands once each (a cursor, not a
// rescan), the desk shows their flags with the evidence hands, an administrator suspends a player
// (audited, like a block), a player gets 403, and a second seat from one address is refused when set.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserSchema, SecurityFlagsResponseSchema, type TableServerMessage } from '@tenger/protocol';
import { listAudit } from '../src/audit/auditLog.js';
import { HandStore, type StoredHand } from '../src/hands/handStore.js';
import type { ObservedHand } from '../src/security/handSignals.js';
import { playSession, type ScriptedPlayer } from '../src/testing/colludingTable.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { startTestServer, type TestPlayer, type TestServer } from '../src/testing/testServer.js';
import { createTestTable } from '../src/testing/testTables.js';
import { WsClient } from '../src/testing/wsClient.js';

const A = '/api/v1/admin';

describe.each(TEST_DRIVERS)('the security desk on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());

  const desk = async (token = t.admin.token) => {
    const response = await t.call({ method: 'GET', url: `${A}/security/flags`, token });
    expect(response.statusCode).toBe(200);
    return SecurityFlagsResponseSchema.parse(response.json());
  };

  /** Stores the hands as settlement does (chained, with their players and decision times). */
  async function store(hands: readonly ObservedHand[], tableId: number): Promise<string[]> {
    const ids: string[] = [];
    for (const hand of hands) {
      const handId = randomUUID();
      const stored: StoredHand = {
        handId,
        tableId,
        handNumber: hand.record.handNumber,
        startedAt: hand.startedAt,
        endedAt: hand.endedAt,
        variant: hand.record.variant,
        record: hand.record,
        fairnessVersion: 2,
        serverSeed: '',
        seedCommitment: '',
        clientSeed: '',
        totalPot: hand.record.totalPot,
        rake: hand.record.rake,
        jackpotContribution: 0,
        jackpotPayout: 0,
        players: hand.record.seats.map((s) => ({
          userId: hand.owners.get(s.seat)!,
          seat: s.seat,
          net: s.net,
          won: Math.max(0, s.net),
        })),
        decisions: hand.decisions ? [...hand.decisions] : null,
      };
      await t.services.db.transaction((tx) => new HandStore(t.services.db).insert(tx as never, stored));
      ids.push(handId);
    }
    return ids;
  }

  it('flags the colluding pair and the shared address from stored hands, reading each hand once', async () => {
    const table = await createTestTable(t);
    const people: TestPlayer[] = [];
    for (let i = 0; i < 6; i++) people.push(await t.player(0));
    const [honest1, dumper, honest2, honest3, receiver, honest4] = people;
    const roles: ScriptedPlayer['role'][] = ['honest', 'dumper', 'honest', 'honest', 'receiver', 'honest'];
    const players = people.map((p, i) => ({ userId: p.id, role: roles[i] }));
    // Two honest players sat down from one address.
    await t.services.seatAddresses.record(table.id, honest2.id, '10.0.0.7', 'Firefox');
    await t.services.seatAddresses.record(table.id, honest3.id, '10.0.0.7', 'Chrome');
    const hands = playSession({
      tableId: table.id,
      players,
      hands: 400,
      seed: 3,
      startAt: new Date('2026-11-01T12:00:00Z'),
    });
    const before = (await desk()).scannedHands;

    const first = await store(hands.slice(0, 200), table.id);
    expect((await desk()).scannedHands).toBe(before + 200);
    const ids = new Set([...first, ...(await store(hands.slice(200), table.id))]);
    const answer = await desk();
    expect(answer.scannedHands).toBe(before + 400);
    expect(answer.scannedAt).not.toBeNull();
    // Asking again reads nothing again.
    expect((await desk()).scannedHands).toBe(before + 400);

    const mine = answer.items.filter(
      (f) => f.kind !== 'report' && f.userIds.every((id) => people.some((p) => p.id === id)),
    );
    const dumping = mine.find((f) => f.kind === 'chip_dumping');
    expect(dumping).toMatchObject({
      userIds: [dumper.id, receiver.id],
      usernames: [dumper.username, receiver.username],
    });
    expect(dumping!.score).toBeGreaterThan(0);
    expect(dumping!.handIds.length).toBeGreaterThan(0);
    expect(dumping!.handIds.every((id) => ids.has(id) && dumping!.handTables[id] === table.id)).toBe(true);
    expect(dumping!.explanation).toMatch(/big losses/);
    expect(mine.find((f) => f.kind === 'soft_play')?.userIds).toEqual([dumper.id, receiver.id]);
    const shared = mine.find((f) => f.kind === 'shared_address');
    expect(shared?.userIds).toEqual([honest2.id, honest3.id].sort((a, b) => a - b));
    expect(shared!.handIds.length).toBeGreaterThan(0);
    const honest = [honest1, honest2, honest3, honest4].map((p) => p.id);
    expect(
      mine.filter((f) => f.kind !== 'shared_address' && f.userIds.some((id) => honest.includes(id))),
    ).toEqual([]);

    // The evidence opens in Replay (the admin sees every card).
    const replay = await t.call({
      method: 'GET',
      url: `/api/v1/user/hand/${dumping!.handIds[0]}`,
      token: t.admin.token,
    });
    expect(replay.statusCode, replay.body).toBe(200);
  }, 120_000); // 400 hands stored and scanned: ~7 s alone, more beside the web suite in CI

  it('a player gets 403 from the desk and from the suspend call', async () => {
    const player = await t.player(0);
    const other = await t.player(0);
    expect(
      (await t.call({ method: 'GET', url: `${A}/security/flags`, token: player.token })).statusCode,
    ).toBe(403);
    const suspend = await t.call({
      method: 'POST',
      url: `${A}/security/suspend`,
      token: player.token,
      payload: { userId: other.id, reason: 'no' },
    });
    expect(suspend.statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `${A}/security/flags` })).statusCode).toBe(401);
  });

  it('an administrator suspends a player pending review: blocked, signed out, audited with the reason', async () => {
    const suspect = await t.player(0);
    const response = await t.call({
      method: 'POST',
      url: `${A}/security/suspend`,
      token: t.admin.token,
      payload: { userId: suspect.id, reason: 'Chip dumping flag: 12 dumps to one opponent' },
    });
    expect(response.statusCode).toBe(200);
    expect(AdminUserSchema.parse(response.json()).status).toBe('blocked');
    expect((await t.call({ method: 'GET', url: '/api/v1/user/me', token: suspect.token })).statusCode).toBe(
      401,
    );
    const audit = await listAudit(t.services.db, {
      action: 'security.suspend',
      target: String(suspect.id),
      limit: 10,
    });
    expect(audit[0]?.summary).toMatch(/Chip dumping flag/);
    // Twice is a conflict; bad input a 400.
    const again = await t.call({
      method: 'POST',
      url: `${A}/security/suspend`,
      token: t.admin.token,
      payload: { userId: suspect.id, reason: 'again' },
    });
    expect(again.statusCode).toBe(409);
    for (const payload of [
      { userId: suspect.id },
      { userId: suspect.id, reason: ' ' },
      { userId: -1, reason: 'x' },
    ]) {
      const bad = await t.call({
        method: 'POST',
        url: `${A}/security/suspend`,
        token: t.admin.token,
        payload,
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('with the setting on, a second seat from the same address at one table is refused; off, allowed', async () => {
    const base = (await t.server.listen()).replace('http', 'ws');
    const table = await createTestTable(t);
    const [anna, boris] = [await t.player(20_000), await t.player(20_000)];
    const open = async (p: TestPlayer) => {
      const c = await WsClient.open<TableServerMessage>(`${base}/ws/table/${table.id}`);
      c.send({ type: 'AUTH', token: p.token, requestId: 'auth' });
      await c.waitFor((f) => f.type === 'ACK' && f.requestId === 'auth');
      return c;
    };
    const sit = (c: WsClient<TableServerMessage>, seat: number, requestId: string) => {
      c.send({ type: 'SIT', seat, amount: 5_000, requestId });
      return c.waitFor((f) => (f.type === 'ACK' || f.type === 'REJECT') && f.requestId === requestId);
    };
    const setting = (refuseSharedAddress: boolean) =>
      t.call({
        method: 'PUT',
        url: `${A}/settings`,
        token: t.admin.token,
        payload: { security: { refuseSharedAddress } },
      });
    expect((await setting(true)).statusCode).toBe(200);
    const a = await open(anna);
    const b = await open(boris);
    expect(await sit(a, 0, 'a')).toMatchObject({ type: 'ACK' });
    expect(await sit(b, 1, 'b')).toMatchObject({ type: 'REJECT', code: 'shared_address' });
    expect((await setting(false)).statusCode).toBe(200);
    expect(await sit(b, 1, 'b2')).toMatchObject({ type: 'ACK' });
    for (const [c, requestId] of [
      [a, 'la'],
      [b, 'lb'],
    ] as const) {
      c.send({ type: 'LEAVE', requestId });
      await c.waitFor((f) => (f.type === 'ACK' || f.type === 'REJECT') && f.requestId === requestId);
      c.close();
    }
  });
});
