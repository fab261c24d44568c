// A tournament table's rules on the unit harness: the real runtime in tournament mode on a FakeClock,
// chips that are not money, the level's blinds and antes, players away blinded off, busts leaving.
import { parseCards, replayPHH, type Level } from '@tenger/engine';
import { describe, expect, it } from 'vitest';
import type { StoredHand } from '../../hands/handStore.js';
import { handTexts } from '../../hands/handTexts.js';
import { dealingDeck, ScriptedDeals } from '../../testing/scriptedDeals.js';
import { Recorder, snapshotOf } from '../../testing/testTables.js';
import { TournamentChipBank } from './tournamentChipBank.js';
import { TournamentTableMode, type TournamentHandReport } from './tournamentMode.js';
import { UNIT_TIMING, unitTable, type UnitTable } from '../../testing/unitTable.js';

const level = (n: number, smallBlind: number, bigBlind: number, ante = 0, big = false): Level => ({
  level: n,
  smallBlind,
  bigBlind,
  ante,
  anteKind: big ? 'big-blind' : 'per-player',
  seconds: 300,
  isBreak: false,
});
const LEVEL_1 = level(1, 50, 100);
const LEVEL_2 = level(2, 100, 200, 200, true);
const FULL_CLOCK = UNIT_TIMING.actionTimeMs! + UNIT_TIMING.timeBankMaxMs! + 1;

interface TournamentUnit {
  u: UnitTable;
  mode: TournamentTableMode;
  players: Recorder[];
  hands: StoredHand[];
  reports: TournamentHandReport[];
  /** Releases the table and lets the pause before the deal run. */
  deal(): Promise<void>;
}

async function tournamentTable(
  stacks: number[],
  first: Level = LEVEL_1,
  deckSource?: ScriptedDeals,
): Promise<TournamentUnit> {
  const hands: StoredHand[] = [];
  const reports: TournamentHandReport[] = [];
  // The first button is the lowest occupied seat (production draws it with node:crypto).
  const mode = new TournamentTableMode(
    1,
    first,
    (r) => reports.push(r),
    (seats) => seats[0]!,
  );
  const tableBank = new TournamentChipBank(async (hand) => {
    hands.push(hand);
  });
  const u = await unitTable({ tournament: mode, tableBank, ...(deckSource ? { deckSource } : {}) });
  const players: Recorder[] = [];
  for (const [seat, stack] of stacks.entries()) {
    const viewer = u.player();
    const userId = viewer.userId!;
    await u.runtime.seatTournamentPlayer({ userId, isBot: false }, seat, stack);
    players.push(viewer);
  }
  const deal = async () => {
    await u.runtime.releaseTournamentHand();
    await u.tick(UNIT_TIMING.nextHandDelayMs);
  };
  return { u, mode, players, hands, reports, deal };
}

/** Plays the running hand to its end: `choose` picks each action (the first legal one as a fallback). */
async function playOut(
  t: TournamentUnit,
  choose: (viewer: Recorder) => 'fold' | 'check' | 'call' | 'allin' | 'timeout',
): Promise<void> {
  for (let step = 0; step < 100 && t.u.runtime.isPlaying; step++) {
    const turn = t.u.toAct(t.players);
    const wanted = choose(turn.viewer);
    if (wanted === 'timeout') {
      await t.u.tick(FULL_CLOCK);
      continue;
    }
    const { hand } = snapshotOf(t.u.runtime, turn.viewer);
    const legal = hand!.legal!.actions.map((a) => a.type);
    const action = legal.includes(wanted)
      ? wanted
      : wanted === 'allin' && legal.includes('call')
        ? 'call'
        : legal.includes('check')
          ? 'check'
          : 'fold';
    const reply = await t.u.send(turn.viewer, {
      type: 'ACTION',
      action,
      handNumber: turn.handNumber,
      stateId: turn.stateId,
    });
    if (!reply.ok) throw new Error(`could not ${action}: ${reply.code}`);
  }
  await t.u.tick(0);
  expect(t.u.runtime.isPlaying).toBe(false);
}

/** Someone not logged in, watching the table. */
function watcher(t: TournamentUnit): Recorder {
  const viewer = new Recorder(null);
  t.u.runtime.join(viewer);
  return viewer;
}

const sum = (m: ReadonlyMap<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('a tournament table', () => {
  it('deals only after its release, one hand per release, and reports each hand to the director', async () => {
    const t = await tournamentTable([3_000, 3_000, 3_000]);
    await t.u.tick(60_000);
    expect(t.u.runtime.isPlaying).toBe(false);
    await t.deal();
    expect(t.u.runtime.isPlaying).toBe(true);
    await playOut(t, () => 'fold');
    expect(t.reports).toHaveLength(1);
    await t.u.tick(60_000);
    expect(t.u.runtime.isPlaying).toBe(false);
    await t.deal();
    expect(t.u.runtime.isPlaying).toBe(true);
  });

  it('a deal whose write fails keeps its release: the retry deals (the table never waits for a second release)', async () => {
    const t = await tournamentTable([3_000, 3_000, 3_000]);
    const handStarted = t.u.store.handStarted.bind(t.u.store);
    let failures = 1;
    t.u.store.handStarted = async (tableId, hand) => {
      if (failures-- > 0) throw new Error('the database is busy');
      return handStarted(tableId, hand);
    };
    await t.deal();
    expect(t.u.runtime.isPlaying).toBe(false);
    await t.u.tick(1_000); // dealOrRetry's first pause
    expect(t.u.runtime.isPlaying).toBe(true);
    await playOut(t, () => 'fold');
    expect(t.reports).toHaveLength(1);
  });

  it('takes the blinds and ante of the level in force at the deal: a new level applies from the next hand', async () => {
    const t = await tournamentTable([5_000, 5_000, 5_000]);
    await t.deal();
    await t.u.runtime.setTournamentLevel(LEVEL_2); // the director's setLevel during the hand
    // Viewers see the level of the next hand at once; the hand in play keeps its blinds.
    expect(t.players[0]!.events().at(-1)).toMatchObject({
      type: 'table-updated',
      table: {
        smallBlind: 100,
        bigBlind: 200,
        tournament: { tournamentId: 1, level: 2, ante: 200, anteKind: 'big-blind' },
      },
    });
    expect(snapshotOf(t.u.runtime, t.players[1]!).hand).toMatchObject({ smallBlind: 50, bigBlind: 100 });
    await playOut(t, () => 'call');
    await t.deal();
    await playOut(t, () => 'call');
    const [first, second] = t.hands.map((h) => h.record);
    expect([first!.smallBlind, first!.bigBlind, first!.ante]).toEqual([50, 100, 0]);
    expect([second!.smallBlind, second!.bigBlind, second!.ante, second!.anteKind]).toEqual([
      100,
      200,
      200,
      'big-blind',
    ]);
    // The big blind moves forward one seat each hand (the engine's nextBlinds), and the director can read it.
    expect(second!.bigBlindSeat).toBe((first!.bigBlindSeat + 1) % 3);
    expect(t.mode.lastBigBlindSeat).toBe(second!.bigBlindSeat);
  });

  it('moves no money: no buy-in, no rake, no jackpot, nothing at settlement; the hand record is still written', async () => {
    const t = await tournamentTable([5_000, 5_000]);
    await t.deal();
    await playOut(t, () => 'call');
    for (const p of t.players) expect(t.u.bank.available(p.userId!)).toBe(50_000);
    expect(t.u.bank.moves).toEqual([]);
    expect(t.u.bank.settled).toEqual([]);
    expect(t.u.bank.total()).toBe(0);
    const { table } = snapshotOf(t.u.runtime, t.players[0]!);
    // Before the director tells the standings, the table shows what it knows: its own players.
    expect(table.tournament).toEqual({
      tournamentId: 1,
      level: 1,
      ante: 0,
      anteKind: 'per-player',
      isBreak: false,
      levelEndsAt: null,
      nextLevel: null,
      playersLeft: 2,
      entrants: 2,
      averageStack: 5_000,
      handForHand: false,
    });
    expect(table.rake).toBeUndefined();
    expect(table.jackpotRule).toBeUndefined();
    const [hand] = t.hands;
    expect(hand!.rake).toBe(0);
    expect(hand!.jackpotContribution).toBe(0);
    expect(hand!.record.rakeConfig).toEqual({ percent: 0, cap: 0 });
    expect(hand!.players.reduce((a, p) => a + p.net, 0)).toBe(0);
    // Chips are counted, not priced: the PokerStars text of a tournament's hand carries no currency.
    expect(handTexts({ ...hand!, tournament: true }).pokerstars).not.toContain('₮');
  });

  it('refuses SIT, RECHARGE, LEAVE and automatic top-ups with tournament_table, and changes nothing', async () => {
    const t = await tournamentTable([5_000, 5_000]);
    const [a] = t.players;
    const outsider = t.u.player();
    for (const [viewer, message] of [
      [outsider, { type: 'SIT', seat: 3, amount: 5_000 }],
      [a, { type: 'RECHARGE', amount: 1_000 }],
      [a, { type: 'LEAVE' }],
      [a, { type: 'SEAT_OPTIONS', options: { autoTopUp: 5_000 } }],
    ] as const) {
      expect(await t.u.send(viewer!, message)).toMatchObject({ ok: false, code: 'tournament_table' });
    }
    expect(t.u.runtime.seatList().map((s) => [s.userId, s.stack])).toEqual(
      t.players.map((p) => [p.userId, 5_000]),
    );
    expect(t.u.bank.available(outsider.userId!)).toBe(50_000);
  });

  it('deals a sitting-out player in and blinds them off: their turn times out (check where free, else fold), they are never stood up', async () => {
    const t = await tournamentTable([2_000, 2_000, 2_000]);
    const [away] = t.players;
    expect(await t.u.send(away!, { type: 'SIT_OUT' })).toEqual({ ok: true });
    for (let hand = 0; hand < 4; hand++) {
      await t.deal();
      expect(t.u.runtime.isPlaying).toBe(true);
      await playOut(t, (viewer) => (viewer === away ? 'timeout' : 'call'));
    }
    expect(t.hands).toHaveLength(4);
    for (const { record } of t.hands) {
      const seat = record.seats.find((s) => s.playerId === String(away!.userId))!;
      expect(seat.dealtIn).toBe(true);
      // Away, the player never puts in more than the forced bets, and folds to any raise.
      const posted =
        record.bigBlindSeat === seat.seat
          ? record.bigBlind
          : record.smallBlindSeat === seat.seat
            ? record.smallBlind
            : 0;
      expect(seat.startingStack - seat.finalStack).toBeLessThanOrEqual(posted);
    }
    // Hours away later the seat is still there.
    await t.u.tick(UNIT_TIMING.sitOutLimitMs * 3);
    expect(t.u.runtime.seatList().find((s) => s.userId === away!.userId)).toMatchObject({ sittingOut: true });
  });

  it('a busted player leaves after the hand; every report keeps the chips (start sum = end sum) and shows the bust as 0', async () => {
    // The first hand is scripted: the button is seat 0, so the cards go round from seat 1 (the small
    // blind). Seat 1 holds aces, seat 2 kings, seat 0 (the shortest stack) seven-deuce on a dry board.
    const deals = new ScriptedDeals().next(dealingDeck(['As Ad', 'Ks Kd', '7c 2d'], '3h 4h 9c Jd Qs'));
    const t = await tournamentTable([1_000, 3_000, 5_000], LEVEL_1, deals);
    // Everyone all in every hand: the shortest stack busts unless it wins or ties (bounded below).
    for (let hand = 0; hand < 40 && t.u.runtime.seatedCount === 3; hand++) {
      await t.deal();
      await playOut(t, () => 'allin');
    }
    expect(deals.dealtScripted).toBe(1);
    expect(t.hands).toHaveLength(1);
    const [shortest] = t.players;
    const dealt = t.hands[0]!.record.history.find((e) => e.kind === 'deal-hole' && e.seat === 0);
    expect(dealt).toMatchObject({ cards: parseCards('7c2d') });
    expect(t.u.runtime.hasSeated(shortest!.userId!)).toBe(false);
    expect(t.u.runtime.seatedCount).toBeLessThan(3);
    for (const report of t.reports) {
      expect(sum(report.startStacks)).toBe(sum(report.endStacks));
      expect(sum(report.endStacks)).toBe(9_000);
    }
    const last = t.reports.at(-1)!;
    const busted = [...last.endStacks].filter(([, stack]) => stack === 0).map(([userId]) => userId);
    expect(busted.length).toBeGreaterThan(0);
    for (const userId of busted) expect(t.u.runtime.hasSeated(userId)).toBe(false);
    expect(t.players[0]!.events().some((e) => e.type === 'seat-left' && e.reason === 'busted')).toBe(true);
    // Dealing order: the first key is the first seat after the button.
    const record = t.hands.at(-1)!.record;
    const firstAfterButton = record.seats
      .filter((s) => s.dealtIn)
      .map((s) => s.seat)
      .sort((a, b) => a - b)
      .find((s) => s > record.button);
    const order = [...last.startStacks.keys()];
    if (firstAfterButton !== undefined)
      expect(order[0]).toBe(Number(record.seats.find((s) => s.seat === firstAfterButton)!.playerId));
  });

  it('writes tournament hands with antes as PHH that the engine replays to the same stacks', async () => {
    const t = await tournamentTable([5_000, 5_000, 5_000], level(3, 100, 200, 25));
    await t.deal();
    await playOut(t, () => 'call');
    await t.u.runtime.setTournamentLevel(LEVEL_2);
    await t.deal();
    await playOut(t, () => 'call');
    expect(t.hands).toHaveLength(2);
    for (const hand of t.hands) {
      const { phh } = handTexts(hand);
      expect(phh).toMatch(/antes = \[/);
      const replay = replayPHH(phh);
      if (!replay.ok) throw new Error(replay.error.message);
      const finals = new Map(hand.record.seats.map((s) => [s.seat, s.finalStack]));
      expect(replay.replay.record.seats.map((s) => s.finalStack).sort()).toEqual([...finals.values()].sort());
    }
    expect(handTexts(t.hands[0]!).phh).toMatch(/antes = \[25, 25, 25\]/);
  });

  it('takes a player away between hands for a move and seats one who arrives, dealt in from the next hand', async () => {
    const t = await tournamentTable([3_000, 3_000, 3_000]);
    await t.deal();
    await playOut(t, () => 'fold');
    const [, moved] = t.players;
    await t.u.runtime.takeTournamentPlayer(moved!.userId!);
    expect(t.u.runtime.hasSeated(moved!.userId!)).toBe(false);
    expect(t.u.bank.moves).toEqual([]);
    const arriving = t.u.player();
    await t.u.runtime.seatTournamentPlayer({ userId: arriving.userId!, isBot: false }, 5, 4_321);
    t.players.push(arriving);
    await t.deal();
    await playOut(t, () => 'fold');
    const dealt = t.hands
      .at(-1)!
      .record.seats.filter((s) => s.dealtIn)
      .map((s) => Number(s.playerId));
    expect(dealt).toContain(arriving.userId);
    expect(dealt).not.toContain(moved!.userId);
  });

  it('a cancelled tournament closes its table in the middle of a hand: the hand is void, nobody is paid, everyone is taken away', async () => {
    const t = await tournamentTable([3_000, 3_000, 3_000]);
    await t.deal();
    expect(t.u.runtime.isPlaying).toBe(true);
    await t.u.runtime.closeTournamentTable('cancelled');
    expect(t.u.store.voided.map((v) => v.reason)).toEqual(['tournament_cancelled']);
    expect(t.hands).toEqual([]);
    expect(t.reports).toEqual([]);
    expect(t.u.runtime.seatedCount).toBe(0);
    expect(t.u.bank.moves).toEqual([]);
    const events = t.players[0]!.events();
    expect(
      events.filter((e) => e.type === 'seat-left').map((e) => e.type === 'seat-left' && e.reason),
    ).toEqual(['moved', 'moved', 'moved']);
    expect(events.at(-1)).toMatchObject({ type: 'table-closed' });
    await t.u.tick(60_000);
    expect(t.u.runtime.isPlaying).toBe(false);
  });

  it("shows the director's standings to every viewer; a new level hides the old level's clock until the director tells the new one", async () => {
    const t = await tournamentTable([3_000, 3_000, 3_000]);
    const spectator = watcher(t);
    const standings = {
      levelEndsAt: 1_700_000_300_000,
      nextLevel: LEVEL_2,
      playersLeft: 14,
      entrants: 18,
      averageStack: 1_928,
      handForHand: true,
    };
    await t.u.runtime.setTournamentStandings(standings);
    const shown = {
      levelEndsAt: 1_700_000_300_000,
      nextLevel: { smallBlind: 100, bigBlind: 200, ante: 200, isBreak: false },
      playersLeft: 14,
      entrants: 18,
      averageStack: 1_928,
      handForHand: true,
    };
    expect(spectator.events().at(-1)).toMatchObject({ type: 'table-updated', table: { tournament: shown } });
    expect(snapshotOf(t.u.runtime, t.players[0]!).table.tournament).toMatchObject({ level: 1, ...shown });
    await t.u.runtime.setTournamentLevel(LEVEL_2);
    expect(snapshotOf(t.u.runtime, spectator).table.tournament).toMatchObject({
      level: 2,
      levelEndsAt: null,
      nextLevel: null,
      playersLeft: 14,
    });
  });

  it("a finish is told to every viewer at once and kept in the finished player's own snapshot, nobody else's", async () => {
    const t = await tournamentTable([3_000, 3_000, 3_000]);
    const [winner, other] = t.players;
    const spectator = watcher(t);
    t.u.runtime.announceTournamentExit(winner!.userId!, {
      finished: { place: 1, prize: 54_000, entrants: 9 },
    });
    const told = { type: 'tournament-finish', userId: winner!.userId, place: 1, prize: 54_000, entrants: 9 };
    for (const viewer of [winner, other, spectator]) expect(viewer!.events().at(-1)).toEqual(told);
    expect(snapshotOf(t.u.runtime, winner!).viewer.finished).toEqual({
      place: 1,
      prize: 54_000,
      entrants: 9,
    });
    expect(snapshotOf(t.u.runtime, other!).viewer.finished).toBeUndefined();
    expect(snapshotOf(t.u.runtime, spectator).viewer.finished).toBeUndefined();
  });

  it('a move is told at the table the player left, even after it closed; seated here again, the move is forgotten', async () => {
    const t = await tournamentTable([3_000, 3_000, 3_000]);
    const [moved, stays] = t.players;
    const userId = moved!.userId!;
    await t.u.runtime.takeTournamentPlayer(userId);
    t.u.runtime.announceTournamentExit(userId, { movedTo: { tableId: 77, tableName: 'MTT · 2', seat: 4 } });
    expect(moved!.events().slice(-2)).toEqual([
      expect.objectContaining({ type: 'seat-left', userId, reason: 'moved' }),
      { type: 'tournament-move', userId, tableId: 77, tableName: 'MTT · 2', seat: 4 },
    ]);
    expect(snapshotOf(t.u.runtime, moved!).viewer).toMatchObject({
      seat: null,
      movedTo: { tableId: 77, tableName: 'MTT · 2', seat: 4 },
    });
    expect(snapshotOf(t.u.runtime, stays!).viewer.movedTo).toBeUndefined();
    await t.u.runtime.seatTournamentPlayer({ userId, isBot: false }, 5, 3_000);
    expect(snapshotOf(t.u.runtime, moved!).viewer.movedTo).toBeUndefined();
    // The final table's redraw closes every table before the new one exists: the news still arrives.
    await t.u.runtime.closeTournamentTable('broken');
    t.u.runtime.announceTournamentExit(userId, { movedTo: { tableId: 78, tableName: 'Final', seat: 2 } });
    expect(moved!.events().slice(-2)).toEqual([
      { type: 'table-closed' },
      { type: 'tournament-move', userId, tableId: 78, tableName: 'Final', seat: 2 },
    ]);
    // The closed table let its kept events go (sockets linger a while; the hands' decks must not):
    // a viewer resuming from before the close gets a fresh snapshot, which still names the move.
    const frames = moved!.frames.length;
    t.u.runtime.resume(moved!, 1);
    const [fresh] = moved!.frames.slice(frames);
    expect(fresh).toMatchObject({ type: 'SNAPSHOT', viewer: { movedTo: { tableId: 78 } } });
  });

  it('a table released just before a break deals nothing during it and deals as soon as the break is over', async () => {
    const t = await tournamentTable([3_000, 3_000, 3_000]);
    await t.deal();
    await playOut(t, () => 'fold');
    await t.u.runtime.releaseTournamentHand(); // the director releases it…
    await t.u.runtime.setTournamentLevel({ ...LEVEL_1, level: 2, isBreak: true }); // …and the break begins
    await t.u.tick(60_000);
    expect(t.u.runtime.isPlaying).toBe(false);
    await t.u.runtime.setTournamentLevel({ ...LEVEL_2, level: 3 });
    await t.u.tick(UNIT_TIMING.nextHandDelayMs);
    expect(t.u.runtime.isPlaying).toBe(true);
    expect(snapshotOf(t.u.runtime, t.players[0]!).hand).toMatchObject({ smallBlind: 100, bigBlind: 200 });
  });
});
