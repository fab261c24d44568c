import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { verifyHandFairness } from '@tenger/engine/browser';
import { HandHistoryResponseSchema, TableHandsResponseSchema } from '@tenger/protocol';
import { users } from '../../../db/schema.js';
import { postingsTotal, seatBalances } from '../../../ledger/ledgerReads.js';
import { TEST_DRIVERS } from '../../../testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../../../testing/testServer.js';
import { TableRegistry } from '../../../tables/runtime/tableRegistry.js';
import type { TableRuntime } from '../../../tables/runtime/tableRuntime.js';
import {
  action,
  createTestTable,
  FAST_TIMING,
  Recorder,
  sleep,
  waitForTurn,
} from '../../../testing/testTables.js';

const ALICE_SEED = ' typed by Alice: ~!@#$%^&*() 42 ';

describe.each(TEST_DRIVERS)('hand history and the admin table calls on $name', ({ url }) => {
  let t: TestServer;
  let registry: TableRegistry;
  let runtime: TableRuntime;
  let tableId: number;
  let alice: TestPlayer;
  let bob: TestPlayer;
  let carol: TestPlayer;
  let handId: string;

  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      tableLayer: (services) =>
        (registry = new TableRegistry(services, {
          timing: { ...FAST_TIMING, nextHandDelayMs: 50 },
          botPauseMs: [0, 2],
        })),
    });
    tableId = (await createTestTable(t)).id;
    runtime = (await registry.runtime(tableId))!;
    [alice, bob, carol] = [await t.player(30_000), await t.player(30_000), await t.player(30_000)];
    const viewers = [new Recorder(alice.id), new Recorder(bob.id)];
    for (const [i, v] of viewers.entries()) {
      runtime.join(v);
      await runtime.handle(v, { type: 'SIT', seat: i, amount: 5_000 });
    }
    // Bob's seat made the table ready: the next deck is committed, Alice adds her own seed.
    expect(await runtime.handle(viewers[0], { type: 'SEED', seed: ALICE_SEED })).toEqual({ ok: true });
    // One hand: raise, then fold — nobody shows.
    const first = await Promise.any(viewers.map((v) => waitForTurn(runtime, v)));
    const actor = viewers.find((v) => runtime.snapshotFor(v).type === 'SNAPSHOT' && first.toAct === snap(v))!;
    await runtime.handle(actor, action(first, 'raise', 400));
    const other = viewers.find((v) => v !== actor)!;
    const second = await waitForTurn(runtime, other);
    await runtime.handle(other, action(second, 'fold'));
    const result = await viewers[0].waitFor(
      (f) => f.type === 'EVENT' && f.event.type === 'hand-result',
      5_000,
      true,
    );
    if (result.type !== 'EVENT' || result.event.type !== 'hand-result') throw new Error('unreachable');
    handId = result.event.handId;

    function snap(v: Recorder) {
      const s = runtime.snapshotFor(v);
      return s.type === 'SNAPSHOT' ? s.viewer.seat : null;
    }
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  it('a player reads a hand they played: own cards only, PHH, PokerStars text and verifiable fairness', async () => {
    const res = await t.call({ method: 'GET', url: `/api/v1/user/hand/${handId}`, token: alice.token });
    expect(res.statusCode).toBe(200);
    const hand = HandHistoryResponseSchema.parse(res.json());
    const mine = hand.record.seats.find((s) => s.userId === alice.id)!;
    const theirs = hand.record.seats.find((s) => s.userId === bob.id)!;
    expect(mine.holeCards).toHaveLength(2);
    expect(theirs.holeCards).toEqual([]);
    expect(hand.phh).toContain('????');
    expect(hand.pokerstars).toContain(`Dealt to ${alice.username}`);
    expect(hand.pokerstars).not.toContain(`Dealt to ${bob.username}`);
    if (!('version' in hand.fairness) || hand.fairness.version !== 2) throw new Error('version 2 expected');
    expect(hand.pokerstars).toContain(hand.fairness.deckCommitment);
    expect(hand.phh).toContain(hand.fairness.deckCommitment);
    // Folded before the flop, nobody showed: only Alice's own two cards are opened to her.
    expect(hand.fairness.openings.map((o) => o.card).sort()).toEqual([...mine.holeCards].sort());
    const check = verifyHandFairness(hand.record, hand.fairness, { viewerSeat: mine.seat });
    expect(check).toMatchObject({ version: 2, ok: true, ownHoleCards: 'verified', dealUsedSeeds: true });
    expect(JSON.stringify(res.json())).not.toMatch(/salts|committedDeck|serverSeed/);
  });

  it("a player's own seed is in the hand's record verbatim; a seat that sent none is recorded with ''", async () => {
    const res = await t.call({ method: 'GET', url: `/api/v1/user/hand/${handId}`, token: bob.token });
    const hand = HandHistoryResponseSchema.parse(res.json());
    if (!('version' in hand.fairness) || hand.fairness.version !== 2) throw new Error('version 2 expected');
    expect(hand.fairness.playerSeeds).toEqual([
      { seat: 0, userId: alice.id, seed: ALICE_SEED },
      { seat: 1, userId: bob.id, seed: '' },
    ]);
    const bobSeat = hand.record.seats.find((s) => s.userId === bob.id)!.seat;
    const check = verifyHandFairness(hand.record, hand.fairness, { viewerSeat: bobSeat });
    expect(check).toMatchObject({ ok: true, viewerSeed: '' });
    expect(hand.chain?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an administrator reads any finished hand with every card; others get 404; bad ids get 400', async () => {
    const admin = await t.call({ method: 'GET', url: `/api/v1/user/hand/${handId}`, token: t.admin.token });
    expect(admin.statusCode).toBe(200);
    const seats = HandHistoryResponseSchema.parse(admin.json()).record.seats;
    expect(seats.every((s) => s.holeCards.length === 2)).toBe(true);
    const stranger = await t.call({ method: 'GET', url: `/api/v1/user/hand/${handId}`, token: carol.token });
    expect(stranger.statusCode).toBe(404);
    const anonymous = await t.call({ method: 'GET', url: `/api/v1/user/hand/${handId}` });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.call({ method: 'GET', url: '/api/v1/user/hand/not-a-hand', token: alice.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it("an administrator's session that has not passed its second factor sees only what a stranger sees of a hand", async () => {
    const player = await t.player(0);
    await t.services.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, player.id));
    const login = () =>
      t.services.auth.login({ username: player.username, password: 'player-password' }, 'test');
    const enrolling = await login();
    const { secret } = await t.services.secondFactor.startEnrolment(enrolling.user);
    const now = Math.floor(Date.now() / 1000);
    const code = (steps: number) => generate({ secret, epoch: now + steps * 30 });
    await t.services.secondFactor.confirmEnrolment(
      enrolling.user,
      enrolling.accessToken,
      await code(0),
      'test',
    );
    const { accessToken } = await login();
    const before = await t.call({ method: 'GET', url: `/api/v1/user/hand/${handId}`, token: accessToken });
    expect(before.statusCode).toBe(404);
    const verify = await t.call({
      method: 'POST',
      url: '/api/v1/user/second-factor/verify',
      token: accessToken,
      payload: { code: await code(1) },
    });
    expect(verify.statusCode).toBe(200);
    const after = await t.call({ method: 'GET', url: `/api/v1/user/hand/${handId}`, token: accessToken });
    expect(after.statusCode).toBe(200);
  });

  it('lists the latest hands of a table, newest first, for administrators only', async () => {
    await sleep(200);
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/admin/table/hands?tableId=${tableId}&limit=5`,
      token: t.admin.token,
    });
    expect(res.statusCode).toBe(200);
    const { items } = TableHandsResponseSchema.parse(res.json());
    expect(items.length).toBeGreaterThanOrEqual(1);
    expect(items.map((h) => h.handNumber)).toEqual([...items.map((h) => h.handNumber)].sort((a, b) => b - a));
    expect(items.at(-1)!.winners).toHaveLength(1);
    const player = await t.call({
      method: 'GET',
      url: `/api/v1/admin/table/hands?tableId=${tableId}`,
      token: alice.token,
    });
    expect(player.statusCode).toBe(403);
    const bad = await t.call({
      method: 'GET',
      url: `/api/v1/admin/table/hands?tableId=${tableId}&limit=0`,
      token: t.admin.token,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the live session shows seats, stacks, connection and totals, never a hole card', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/admin/table/session?tableId=${tableId}`,
      token: t.admin.token,
    });
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      tableId,
      handsPlayed: expect.any(Number),
      rakeTaken: expect.any(Number),
    });
    expect(session.seats.map((s: { userId: number }) => s.userId).sort()).toEqual([alice.id, bob.id].sort());
    expect(session.seats[0]).toMatchObject({ connected: true, status: expect.any(String) });
    const text = JSON.stringify(session);
    const cards = text.match(/"[2-9TJQKA][cdhs]"/g) ?? [];
    expect(cards.every((c) => session.board.includes(c.slice(1, -1)))).toBe(true);
  });

  it('simulation fills empty seats with bots (leaving two free) and they leave when it stops', async () => {
    const bankrollBefore = (await t.services.ledger.bookTotals()).bot_bankroll ?? 0;
    const start = await t.call({
      method: 'PUT',
      url: `/api/v1/admin/table/simulate?tableId=${tableId}`,
      token: t.admin.token,
    });
    expect(start.statusCode).toBe(200);
    const seated = runtime.seatList();
    const bots = seated.filter((s) => s.isBot).map((s) => s.userId);
    expect(bots).toHaveLength(2);
    expect(seated).toHaveLength(4);
    const table = await t.call({ method: 'GET', url: '/api/v1/admin/table', token: t.admin.token });
    expect(table.json().find((x: { tableId: number }) => x.tableId === tableId)).toMatchObject({
      simulation: true,
    });
    await sleep(300);
    const stop = await t.call({
      method: 'DELETE',
      url: `/api/v1/admin/table/simulate?tableId=${tableId}`,
      token: t.admin.token,
    });
    expect(stop.statusCode).toBe(200);
    // The bots leave once the hand in play ends: up to 30 s on a loaded machine (5 s ran out in a full run).
    for (let i = 0; i < 600 && runtime.seatList().some((s) => s.isBot); i++) await sleep(50);
    expect(runtime.seatList().some((s) => s.isBot)).toBe(false);
    // Every chip a bot held went back to the bot bankroll: no bot seat account holds any, and the
    // bankroll moved by exactly what the bots won or lost at play (either way: that is chance).
    const db = t.database.db;
    expect((await seatBalances(db, tableId)).filter((s) => bots.includes(s.userId))).toEqual([]);
    let botsWon = 0;
    for (const bot of bots) botsWon += await postingsTotal(db, bot, ['gameplay', 'bonus']);
    expect(((await t.services.ledger.bookTotals()).bot_bankroll ?? 0) - bankrollBefore).toBe(botsWon);
    expect(await t.services.ledger.audit()).toEqual(BALANCED);
  });

  it('kick stands a player up after the hand and cashes them out', async () => {
    const res = await t.call({
      method: 'DELETE',
      url: `/api/v1/admin/table/kick?tableId=${tableId}&userId=${bob.id}`,
      token: t.admin.token,
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 100 && runtime.seatList().some((s) => s.userId === bob.id); i++) {
      const hand = await waitForTurn(runtime, { userId: bob.id, send: () => undefined }, 100).catch(
        () => null,
      );
      if (hand) await runtime.handle({ userId: bob.id, send: () => undefined }, action(hand, 'fold'));
      const mine = await waitForTurn(runtime, { userId: alice.id, send: () => undefined }, 100).catch(
        () => null,
      );
      if (mine)
        await runtime.handle(
          { userId: alice.id, send: () => undefined },
          action(mine, mine.legal!.actions.some((a) => a.type === 'check') ? 'check' : 'fold'),
        );
    }
    expect(runtime.seatList().some((s) => s.userId === bob.id)).toBe(false);
    expect((await t.services.ledger.balancesOf(bob.id)).atTables).toBe(0);
    const again = await t.call({
      method: 'DELETE',
      url: `/api/v1/admin/table/kick?tableId=${tableId}&userId=${bob.id}`,
      token: t.admin.token,
    });
    expect(again.statusCode).toBe(404);
    await runtime.kick(alice.id);
    for (let i = 0; i < 100 && runtime.seatList().length > 0; i++) {
      const mine = await waitForTurn(runtime, { userId: alice.id, send: () => undefined }, 100).catch(
        () => null,
      );
      if (mine) await runtime.handle({ userId: alice.id, send: () => undefined }, action(mine, 'fold'));
    }
    await runtime.idle();
  });
});
