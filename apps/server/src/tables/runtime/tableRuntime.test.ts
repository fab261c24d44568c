import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { handTransactionCount, seatBalances } from '../../ledger/ledgerReads.js';
import { TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../../testing/testServer.js';
import { TableRegistry } from './tableRegistry.js';
import type { TableRuntime } from './tableRuntime.js';
import {
  action,
  createTestTable,
  FAST_TIMING,
  Recorder,
  sleep,
  snapshotOf,
  waitForTurn,
} from '../../testing/testTables.js';

describe.each(TEST_DRIVERS)('a live table on $name', ({ url }) => {
  let t: TestServer;
  let registry: TableRegistry;

  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      tableLayer: (services) =>
        (registry = new TableRegistry(services, {
          timing: { ...FAST_TIMING, actionTimeMs: 400, sitOutLimitMs: 300 },
          botPauseMs: [0, 2],
        })),
    });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  async function table(overrides = {}): Promise<TableRuntime> {
    const row = await createTestTable(t, overrides);
    return (await registry.runtime(row.id))!;
  }
  async function seated(runtime: TableRuntime, seat: number, amount: number, balance = 50_000) {
    const player = await t.player(balance);
    const viewer = new Recorder(player.id);
    runtime.join(viewer);
    const reply = await runtime.handle(viewer, { type: 'SIT', seat, amount });
    expect(reply).toEqual({ ok: true });
    return { player, viewer };
  }
  const balances = (p: TestPlayer) => t.services.ledger.balancesOf(p.id);
  async function seatBalance(userId: number, tableId: number): Promise<number> {
    return (await seatBalances(t.database.db, tableId)).find((s) => s.userId === userId)?.balance ?? 0;
  }

  it('sitting down moves the buy-in from the balance to the seat, as buy_in in game history', async () => {
    const runtime = await table();
    const { player, viewer } = await seated(runtime, 2, 5_000);
    expect(await balances(player)).toMatchObject({ available: 45_000, atTables: 5_000, locked: 5_000 });
    const seatTaken = viewer.events().find((e) => e.type === 'seat-taken');
    expect(seatTaken).toMatchObject({
      seat: { seat: 2, userId: player.id, stack: 5_000, status: 'playing' },
    });
    const outcome = await t.call({ method: 'GET', url: '/api/v1/user/outcome', token: player.token });
    expect(outcome.json().items[0]).toMatchObject({ type: 'buy_in', amount: 5_000 });
  });

  it('refuses a second seat, a taken seat, a buy-in out of range or above the balance, and changes nothing', async () => {
    const runtime = await table();
    const { player, viewer } = await seated(runtime, 0, 3_000, 12_000);
    expect(await runtime.handle(viewer, { type: 'SIT', seat: 1, amount: 3_000 })).toMatchObject({
      code: 'already_seated',
    });
    const other = await t.player(4_000);
    const otherViewer = new Recorder(other.id);
    expect(await runtime.handle(otherViewer, { type: 'SIT', seat: 0, amount: 3_000 })).toMatchObject({
      code: 'seat_taken',
    });
    expect(await runtime.handle(otherViewer, { type: 'SIT', seat: 1, amount: 1_000 })).toMatchObject({
      code: 'bad_amount',
    });
    expect(await runtime.handle(otherViewer, { type: 'SIT', seat: 1, amount: 20_000 })).toMatchObject({
      code: 'bad_amount',
    });
    expect(await runtime.handle(otherViewer, { type: 'SIT', seat: 6, amount: 3_000 })).toMatchObject({
      code: 'bad_seat',
    });
    expect(await runtime.handle(otherViewer, { type: 'SIT', seat: 1, amount: 5_000 })).toMatchObject({
      code: 'insufficient_funds',
    });
    expect(await runtime.handle(new Recorder(null), { type: 'SIT', seat: 3, amount: 3_000 })).toMatchObject({
      code: 'unauthorized',
    });
    expect(await balances(player)).toMatchObject({ available: 9_000, atTables: 3_000 });
    expect(await balances(other)).toMatchObject({ available: 4_000, atTables: 0 });
    expect(snapshotOf(runtime, viewer).table.seats.map((s) => s.userId)).toEqual([player.id]);
    const rejects = viewer.frames.filter((f) => f.type === 'REJECT');
    expect(rejects).toHaveLength(1);
  });

  it('leaving between hands returns every chip to the balance as leave_seat', async () => {
    const runtime = await table();
    const { player, viewer } = await seated(runtime, 1, 4_000, 10_000);
    expect(await runtime.handle(viewer, { type: 'LEAVE' })).toEqual({ ok: true });
    expect(await balances(player)).toMatchObject({ available: 10_000, atTables: 0 });
    expect(viewer.events().at(-1)).toMatchObject({ type: 'seat-left', seat: 1, reason: 'left' });
    const outcome = await t.call({ method: 'GET', url: '/api/v1/user/outcome', token: player.token });
    expect(outcome.json().items[0]).toMatchObject({ type: 'leave_seat', amount: 4_000 });
  });

  it('plays a hand to showdown and settles it in one transaction: nets, rake and the hand record', async () => {
    const runtime = await table();
    const a = await seated(runtime, 0, 5_000);
    const b = await seated(runtime, 3, 5_000);
    const spectator = new Recorder(null);
    runtime.join(spectator);
    // Both players check or call down.
    const play = async (me: { viewer: Recorder }) => {
      for (;;) {
        const hand = await waitForTurn(runtime, me.viewer).catch(() => null);
        if (!hand) return;
        const check = hand.legal!.actions.find((x) => x.type === 'check');
        await runtime.handle(me.viewer, action(hand, check ? 'check' : 'call'));
      }
    };
    void play(a);
    void play(b);
    const result = await spectator.waitFor((f) => f.type === 'EVENT' && f.event.type === 'hand-result');
    if (result.type !== 'EVENT' || result.event.type !== 'hand-result') throw new Error('unreachable');
    const { results, rake, handId, deckCommitment, playerSeeds } = result.event;
    expect(results.reduce((s, r) => s + r.net, 0)).toBe(-rake);
    // 200 in the pot after a flop: 5% rake = 10.
    expect(rake).toBe(10);
    // Nothing secret in the result: the commitment and the seeds (none sent: '').
    expect(result.event).not.toHaveProperty('serverSeed');
    expect(deckCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(playerSeeds.map((s) => s.seed)).toEqual(['', '']);
    const started = spectator.events().find((e) => e.type === 'hand-started');
    expect(started).toMatchObject({ handId, deckCommitment });
    // The commitment was published before the deal (the spectator joined after it: in its snapshot).
    const first = spectator.frames[0];
    expect(first.type === 'SNAPSHOT' && first.nextDeckCommitment).toBe(deckCommitment);
    await runtime.kick(a.player.id);
    await runtime.kick(b.player.id);
    await runtime.idle();
    await sleep(50);
    await runtime.idle();
    const [hand] = await queryRows<{ n: string; rake: string }>(
      t.database.db,
      sql`SELECT count(*) AS n, sum(rake) AS rake FROM hands WHERE table_id = ${runtime.tableId}`,
    );
    expect(Number(hand.n)).toBeGreaterThanOrEqual(1);
    expect(await handTransactionCount(t.database.db, handId, 'gameplay')).toBe(1);
    const total = (await balances(a.player)).available + (await balances(b.player)).available;
    const rakeTaken = Number(hand.rake);
    expect(total).toBe(100_000 - rakeTaken);
  });

  it('refuses bad actions (out of turn, below the minimum raise, over the stack, stale) and changes nothing', async () => {
    const runtime = await table();
    const a = await seated(runtime, 0, 3_000);
    const b = await seated(runtime, 1, 3_000);
    const stranger = new Recorder((await t.player(1_000)).id);
    const hand = await Promise.any([waitForTurn(runtime, a.viewer), waitForTurn(runtime, b.viewer)]);
    const actor = snapshotOf(runtime, a.viewer).viewer.seat === hand.toAct ? a : b;
    const waiting = actor === a ? b : a;
    const before = snapshotOf(runtime, actor.viewer).hand!;
    const raise = hand.legal!.actions.find((x) => x.type === 'raise')!;
    const attempts = [
      [waiting, action(hand, 'call')],
      [waiting, action(hand, 'fold')],
      [actor, action(hand, 'raise', raise.min - 1)],
      [actor, action(hand, 'raise', 3_001)],
      [actor, action(hand, 'bet', 500)],
      [actor, { ...action(hand, 'call'), handNumber: hand.handNumber + 1 }],
      [actor, { ...action(hand, 'call'), stateId: hand.actionCount + 5 }],
      [{ viewer: stranger }, action(hand, 'call')],
      [{ viewer: new Recorder(null) }, action(hand, 'call')],
    ] as const;
    const codes = [];
    for (const [who, message] of attempts) {
      const reply = await runtime.handle(who.viewer, message);
      codes.push(reply.ok ? 'ok' : reply.code);
    }
    expect(codes).toEqual([
      'not_your_turn',
      'not_your_turn',
      'bad_amount',
      'bad_amount',
      'illegal_action',
      'stale',
      'stale',
      'not_seated',
      'unauthorized',
    ]);
    const after = snapshotOf(runtime, actor.viewer).hand!;
    expect(after.actionCount).toBe(before.actionCount);
    expect(after.seats).toEqual(before.seats);
    await runtime.kick(a.player.id);
    await runtime.kick(b.player.id);
    await runtime.handle(actor.viewer, action(hand, 'fold'));
    await sleep(30);
    await runtime.idle();
  });

  it('a player who runs out of time checks when free, else folds, and is sat out after two timeouts in a row', async () => {
    const runtime = await table();
    const a = await seated(runtime, 0, 3_000);
    const b = await seated(runtime, 1, 3_000);
    const timedOut = await a.viewer.waitFor((f) => f.type === 'EVENT' && f.event.type === 'timed-out', 3_000);
    if (timedOut.type !== 'EVENT' || timedOut.event.type !== 'timed-out') throw new Error('unreachable');
    // The first to act before the flop faces the big blind: no free check, so a fold.
    expect(timedOut.event.action).toBe('fold');
    const satOut = await a.viewer.waitFor(
      (f) => f.type === 'EVENT' && f.event.type === 'sat-out',
      5_000,
      true,
    );
    expect(satOut).toBeTruthy();
    // Sat out longer than the limit (300 ms here): stood up and cashed out.
    await a.viewer.waitFor((f) => f.type === 'EVENT' && f.event.type === 'seat-left', 5_000, true);
    await sleep(50);
    await runtime.idle();
    expect(snapshotOf(runtime, a.viewer).table.seats.length).toBeLessThan(2);
    // Blinds went to the other player; no flop, no rake: nothing was created or lost.
    const [ba, bb] = [await balances(a.player), await balances(b.player)];
    expect(ba.available + ba.atTables + bb.available + bb.atTables).toBe(100_000);
    expect(ba.available + ba.atTables).toBeLessThan(50_000);
    await runtime.kick(a.player.id);
    await runtime.kick(b.player.id);
    await runtime.idle();
  });

  it('recharge adds chips between hands, waits for the end of a hand in play, and never exceeds the maximum', async () => {
    const runtime = await table({ maxBuyIn: 6_000 });
    const a = await seated(runtime, 0, 4_000);
    expect(await runtime.handle(a.viewer, { type: 'RECHARGE', amount: 1_500 })).toEqual({ ok: true });
    expect(snapshotOf(runtime, a.viewer).table.seats[0].stack).toBe(5_500);
    expect(await runtime.handle(a.viewer, { type: 'RECHARGE', amount: 501 })).toMatchObject({
      code: 'above_max',
    });
    expect(await balances(a.player)).toMatchObject({ available: 44_500, atTables: 5_500 });
    const b = await seated(runtime, 1, 4_000);
    await waitForTurn(runtime, a.viewer).catch(() => waitForTurn(runtime, b.viewer));
    expect(await runtime.handle(b.viewer, { type: 'RECHARGE', amount: 1_000 })).toEqual({ ok: true });
    const seatB = snapshotOf(runtime, b.viewer).table.seats.find((s) => s.userId === b.player.id)!;
    expect(seatB.pendingRecharge).toBe(1_000);
    expect(await seatBalance(b.player.id, runtime.tableId)).toBe(5_000);
    await runtime.kick(a.player.id);
    await runtime.kick(b.player.id);
    for (const p of [a, b]) {
      const hand = await waitForTurn(runtime, p.viewer, 500).catch(() => null);
      if (hand) await runtime.handle(p.viewer, action(hand, 'fold'));
    }
    await b.viewer.waitFor((f) => f.type === 'EVENT' && f.event.type === 'seat-left', 5_000, true);
    await runtime.idle();
    expect(await seatBalance(b.player.id, runtime.tableId)).toBe(0);
  });

  it('a restart cashes out every seat to its owner: the unfinished hand never happened', async () => {
    const runtime = await table();
    const a = await seated(runtime, 0, 5_000);
    const b = await seated(runtime, 1, 5_000);
    await Promise.any([waitForTurn(runtime, a.viewer), waitForTurn(runtime, b.viewer)]);
    runtime.stop();
    await registry.start();
    expect(await balances(a.player)).toMatchObject({ available: 50_000, atTables: 0 });
    expect(await balances(b.player)).toMatchObject({ available: 50_000, atTables: 0 });
  });
});
