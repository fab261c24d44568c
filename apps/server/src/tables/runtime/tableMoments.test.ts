// The moments that decide a hand, on a fake clock: paced all-in runouts, show or muck after the
// hand, waiting for the big blind, sitting out next hand / next big blind, auto top-up, leaving mid-hand.
import { replayPHH } from '@tenger/engine';
import { seededRandom } from './simulation/botPlayer.js';
import { describe, expect, it } from 'vitest';
import { handTexts } from '../../hands/handTexts.js';
import { snapshotOf, type Recorder } from '../../testing/testTables.js';
import { unitTable, type UnitTable } from '../../testing/unitTable.js';

const T = 7; // UNIT_TABLE.id

async function seated(u: UnitTable, count: number, stack = 5_000): Promise<Recorder[]> {
  const players: Recorder[] = [];
  for (let i = 0; i < count; i++) {
    const p = u.player();
    await u.sit(p, i, stack);
    players.push(p);
  }
  return players;
}

const seatOf = (u: UnitTable, viewer: Recorder) => snapshotOf(u.runtime, viewer).viewer.seat!;
const handOf = (u: UnitTable, viewer: Recorder) => snapshotOf(u.runtime, viewer).hand;
const eventsOf = (viewer: Recorder, type: string) => viewer.events().filter((e) => e.type === type);

/** Checks or calls until the hand is over (or until `stop` says so). */
async function playDown(u: UnitTable, players: Recorder[]): Promise<void> {
  for (let i = 0; i < 40 && u.runtime.isPlaying; i++) {
    const hand = handOf(u, players[0]);
    if (!hand || hand.phase === 'complete' || hand.toAct === null) return;
    const turn = u.toAct(players);
    await u.act(players, turn.canCheck ? 'check' : 'call');
  }
}

describe('a paced all-in runout', () => {
  it('turns every hand up at once, then deals the flop, turn and river one pause apart, then pays', async () => {
    const u = await unitTable({ timing: { runoutPauseMs: 1_500 } });
    const [a, b] = await seated(u, 2);
    const spectator = u.player(0);
    await u.tick(1_000);
    const first = u.toAct([a, b]);
    await u.send(first.viewer, { type: 'ACTION', action: 'allin', handNumber: first.handNumber });
    await u.act([a, b], 'call');
    // Both hands are face up to a spectator; no board yet, nothing paid.
    expect(eventsOf(spectator, 'cards-shown')).toHaveLength(2);
    expect(handOf(u, spectator)!.board).toEqual([]);
    expect(eventsOf(spectator, 'pot-awarded')).toHaveLength(0);
    const boards: number[] = [];
    for (const wait of [1_499, 1, 1_499, 1, 1_499, 1]) {
      await u.tick(wait);
      boards.push(eventsOf(spectator, 'street-dealt').length);
    }
    expect(boards).toEqual([0, 1, 1, 2, 2, 3]);
    expect(eventsOf(spectator, 'hand-result')).toHaveLength(1);
    expect(u.bank.settled).toHaveLength(1);
    expect(u.bank.total()).toBe(0);
  });
});

describe('the runout pause is an operator setting', () => {
  it('settings.table.runoutPauseMs paces the streets when the runtime has no override', async () => {
    const u = await unitTable({
      timing: { runoutPauseMs: undefined },
      settings: { table: { ratholeMinutes: 30, runoutPauseMs: 800 } },
    });
    const [a, b] = await seated(u, 2);
    const spectator = u.player(0);
    await u.tick(1_000);
    const first = u.toAct([a, b]);
    await u.send(first.viewer, { type: 'ACTION', action: 'allin', handNumber: first.handNumber });
    await u.act([a, b], 'call');
    await u.tick(799);
    expect(eventsOf(spectator, 'street-dealt')).toHaveLength(0);
    await u.tick(1);
    expect(eventsOf(spectator, 'street-dealt')).toHaveLength(1);
  });
});

describe('show or muck after the hand', () => {
  /** Plays checked-down hands until one ends with a mucked loser who was asked to choose. */
  async function untilLoserChooses(u: UnitTable, players: Recorder[]) {
    for (let hand = 0; hand < 30; hand++) {
      await u.tick(1_000);
      await playDown(u, players);
      const choice = eventsOf(players[0], 'show-choice').at(-1);
      if (choice && choice.type === 'show-choice' && choice.handNumber === handOf(u, players[0])?.handNumber)
        return choice;
      await u.tick(5_000);
    }
    throw new Error('no mucked loser in 30 hands');
  }

  async function autoMuckOff(u: UnitTable, players: Recorder[]) {
    for (const p of players) await u.send(p, { type: 'SEAT_OPTIONS', options: { autoMuck: false } });
  }

  it('a loser with auto-muck off who mucks: the cards never reach anyone else, and the record says mucked', async () => {
    const u = await unitTable({ timing: { showWindowMs: 3_000 } });
    const players = await seated(u, 2);
    const spectator = u.player(0);
    await autoMuckOff(u, players);
    const choice = await untilLoserChooses(u, players);
    expect(choice.kind).toBe('loser');
    const loser = players.find((p) => seatOf(u, p) === choice.seat)!;
    const other = players.find((p) => p !== loser)!;
    // The loser still sees their own cards, and nothing is settled while the choice is open.
    const own = handOf(u, loser)!.seats.find((s) => s.seat === choice.seat)!.cards!;
    expect(own).toHaveLength(2);
    const settledBefore = u.bank.settled.length;
    expect(await u.send(other, { type: 'MUCK' })).toMatchObject({ ok: false, code: 'stale' });
    expect(await u.send(loser, { type: 'MUCK' })).toEqual({ ok: true });
    expect(u.bank.settled).toHaveLength(settledBefore + 1);
    const record = u.bank.settled.at(-1)!.record;
    expect(record.seats.find((s) => s.seat === choice.seat)).toMatchObject({
      mucked: true,
      shownCards: null,
    });
    for (const viewer of [spectator, other]) {
      const shown = viewer.events().filter((e) => e.type === 'cards-shown' && e.seat === choice.seat);
      expect(shown.filter((e) => e.type === 'cards-shown' && e.cards.join() === own.join())).toEqual([]);
      expect(handOf(u, viewer)!.seats.find((s) => s.seat === choice.seat)!.cards).toBeNull();
    }
    // The result pause still shows the loser their own cards.
    expect(handOf(u, loser)!.seats.find((s) => s.seat === choice.seat)!.cards).toEqual(own);
  });

  it('a loser who shows: everyone gets the cards with their openings, and the record, PHH and PokerStars text carry them', async () => {
    const u = await unitTable({ timing: { showWindowMs: 3_000 } });
    const players = await seated(u, 2);
    const spectator = u.player(0);
    await autoMuckOff(u, players);
    const choice = await untilLoserChooses(u, players);
    const loser = players.find((p) => seatOf(u, p) === choice.seat)!;
    expect(await u.send(loser, { type: 'SHOW' })).toEqual({ ok: true });
    const shown = eventsOf(spectator, 'cards-shown').at(-1)!;
    expect(shown).toMatchObject({ seat: choice.seat, openings: expect.any(Array) });
    if (shown.type !== 'cards-shown') throw new Error('expected cards-shown');
    expect(shown.openings?.map((o) => o.card).sort()).toEqual([...shown.cards].sort());
    const stored = u.bank.settled.at(-1)!;
    expect(stored.record.seats.find((s) => s.seat === choice.seat)!.mucked).toBe(false);
    const texts = handTexts(stored.stored);
    expect(texts.phh).toContain(`sm ${shown.cards.join('')}`);
    expect(texts.pokerstars).toContain(`shows [${shown.cards.join(' ')}]`);
    expect(replayPHH(texts.phh).ok).toBe(true);
  });

  it('a loser with auto-muck off who does not choose shows when the time runs out; with auto-muck on nobody is asked', async () => {
    const u = await unitTable({ timing: { showWindowMs: 3_000 } });
    const players = await seated(u, 2);
    await autoMuckOff(u, players);
    const choice = await untilLoserChooses(u, players);
    const settled = u.bank.settled.length;
    await u.tick(2_999);
    expect(u.bank.settled).toHaveLength(settled);
    await u.tick(1);
    expect(u.bank.settled).toHaveLength(settled + 1);
    expect(u.bank.settled.at(-1)!.record.seats.find((s) => s.seat === choice.seat)!.shownCards).toHaveLength(
      2,
    );

    const v = await unitTable({ timing: { showWindowMs: 3_000 } });
    const again = await seated(v, 2);
    for (let hand = 0; hand < 6; hand++) {
      await v.tick(5_000);
      await playDown(v, again);
    }
    expect(
      eventsOf(again[0], 'show-choice').filter((e) => e.type === 'show-choice' && e.kind === 'loser'),
    ).toEqual([]);
  });

  it('a winner nobody called may show one card; the other stays hidden from everyone else', async () => {
    const u = await unitTable({ timing: { showWindowMs: 3_000 } });
    const [a, b] = await seated(u, 2);
    const spectator = u.player(0);
    await u.tick(1_000);
    const folder = await u.act([a, b], 'fold');
    const winner = folder === a ? b : a;
    const choice = eventsOf(winner, 'show-choice').at(-1)!;
    expect(choice).toMatchObject({ kind: 'winner', seat: seatOf(u, winner) });
    const own = handOf(u, winner)!.seats.find((s) => s.seat === seatOf(u, winner))!.cards!;
    expect(await u.send(winner, { type: 'SHOW', cards: [own[1]] })).toEqual({ ok: true });
    const seen = handOf(u, spectator)!.seats.find((s) => s.seat === seatOf(u, winner))!.cards;
    expect(seen).toEqual([own[1]]);
    expect(JSON.stringify(spectator.frames)).not.toContain(`"${own[0]}"`);
    const stored = u.bank.settled.at(-1)!.stored;
    expect(handTexts(stored).phh).toContain(`sm ??${own[1]}`);
  });
});

describe('joining, sitting out and topping up', () => {
  it('a newcomer at a table of two waits for the big blind; one who chose "Post now" is dealt in at once with a posted big blind', async () => {
    const u = await unitTable();
    const [a, b] = await seated(u, 2);
    await u.tick(1_000);
    const c = u.player();
    await u.sit(c, 3, 5_000);
    expect(u.runtime.seatList().find((s) => s.userId === c.userId)).toMatchObject({
      waitingForBigBlind: true,
    });
    const dealtTo = (viewer: Recorder) =>
      handOf(u, viewer)?.seats.some((s) => s.userId === viewer.userId) ?? false;
    const joinedAt: number[] = [];
    for (let hand = 0; hand < 4; hand++) {
      await u.act([a, b, c], 'fold').catch(() => undefined);
      await playDown(u, [a, b, c]);
      await u.tick(1_000);
      const h = handOf(u, c)!;
      if (dealtTo(c)) joinedAt.push(h.handNumber);
      if (dealtTo(c)) expect(h.bigBlindSeat).toBe(3);
      if (joinedAt.length > 0) break;
    }
    expect(joinedAt.length).toBe(1);
    for (const record of u.bank.settled.map((s) => s.record))
      expect(record.history.filter((e) => e.kind === 'post' && e.post === 'newcomer-big-blind')).toEqual([]);

    const v = await unitTable();
    const [d, e] = await seated(v, 2);
    await v.tick(1_000);
    const f = v.player();
    expect(await v.send(f, { type: 'SIT', seat: 4, amount: 5_000, postNow: true })).toEqual({ ok: true });
    await v.act([d, e], 'fold');
    await v.tick(1_000);
    const posts = eventsOf(f, 'blind-posted').filter((x) => x.type === 'blind-posted' && x.seat === 4);
    expect(posts.length).toBe(1);
  });

  it('"sit out next hand" sits the player out as the next hand is dealt; "sit out next big blind" when the big blind would be theirs', async () => {
    const u = await unitTable();
    const [a, b, c] = await seated(u, 3);
    await u.tick(1_000);
    await u.send(a, { type: 'SEAT_OPTIONS', options: { sitOutNextHand: true } });
    expect(snapshotOf(u.runtime, a).viewer.options).toMatchObject({ sitOutNextHand: true });
    await playDown(u, [a, b, c]);
    await u.tick(1_000);
    expect(u.runtime.seatList().find((s) => s.userId === a.userId)!.status).toBe('sitting-out');
    expect(snapshotOf(u.runtime, a).viewer.options).toMatchObject({ sitOutNextHand: false });

    const v = await unitTable();
    const players = await seated(v, 3);
    await v.tick(1_000);
    // Seats 0, 1, 2: the button moves from 0 to 1, so the next big blind is seat 0's (seat 1 is the button).
    const bigBlindNext = players.find((p) => seatOf(v, p) === 0)!;
    const onTheButton = players.find((p) => seatOf(v, p) === 1)!;
    for (const p of [bigBlindNext, onTheButton])
      await v.send(p, { type: 'SEAT_OPTIONS', options: { sitOutNextBigBlind: true } });
    await playDown(v, players);
    await v.tick(1_000);
    const out = v.runtime.seatList().filter((s) => s.status === 'sitting-out');
    expect(out.map((s) => s.userId)).toEqual([bigBlindNext.userId]);
  });

  it('auto top-up brings the stack back to the chosen amount between hands, through the bank', async () => {
    const u = await unitTable();
    const [a, b] = await seated(u, 2, 3_000);
    await u.send(a, { type: 'SEAT_OPTIONS', options: { autoTopUp: 4_000 } });
    expect(await u.send(b, { type: 'SEAT_OPTIONS', options: { autoTopUp: 99_999 } })).toMatchObject({
      ok: false,
      code: 'bad_amount',
    });
    await u.tick(1_000);
    await u.act([a, b], 'fold');
    await u.tick(10);
    expect(u.runtime.seatList().find((s) => s.userId === a.userId)!.stack).toBe(4_000);
    expect(u.bank.seat(a.userId!, T)).toBe(4_000);
    const net = u.bank.settled[0].record.seats.find((s) => s.seat === 0)!.net;
    expect(net).toBeLessThan(0);
    expect(u.bank.available(a.userId!)).toBe(47_000 - (4_000 - (3_000 + net)));
    expect(u.bank.total()).toBe(0);
  });
});

describe('default joining at a live table', () => {
  it('players coming and going over 150 hands never post an out-of-position blind, and every hand’s PHH replays', async () => {
    const u = await unitTable();
    const random = seededRandom(12);
    const pool = Array.from({ length: 6 }, () => u.player(1_000_000));
    const seatedNow = () => pool.filter((p) => u.runtime.seatList().some((s) => s.userId === p.userId));
    for (let round = 0; round < 400 && u.bank.settled.length < 150; round++) {
      const outside = pool.filter((p) => !seatedNow().includes(p));
      if (outside.length > 0 && random() < 0.3) {
        const free = [0, 1, 2, 3, 4, 5].filter((s) => !u.runtime.seatList().some((x) => x.seat === s));
        await u.send(outside[0], {
          type: 'SIT',
          seat: free[Math.floor(random() * free.length)],
          amount: 3_000,
        });
      }
      if (seatedNow().length > 3 && random() < 0.1) await u.send(seatedNow()[0], { type: 'LEAVE' });
      await u.tick(1_000);
      if (!u.runtime.isPlaying) continue;
      const players = seatedNow();
      for (let i = 0; i < 30 && u.runtime.isPlaying; i++) {
        const hand = handOf(u, players[0]);
        if (!hand || hand.phase === 'complete' || hand.toAct === null) break;
        const turn = u.toAct(players);
        const type = turn.canCheck ? 'check' : random() < 0.3 ? 'fold' : 'call';
        await u.act(players, type);
      }
    }
    const records = u.bank.settled.map((s) => s.stored);
    expect(records.length).toBeGreaterThanOrEqual(150);
    expect(records.filter((r) => r.record.seats.filter((x) => x.dealtIn).length >= 3).length).toBeGreaterThan(
      50,
    );
    for (const stored of records) {
      expect(
        stored.record.history.filter((e) => e.kind === 'post' && e.post === 'newcomer-big-blind'),
      ).toEqual([]);
      const { phh } = handTexts(stored);
      expect(phh).not.toContain('_newcomer_big_blinds');
      const replay = replayPHH(phh);
      expect(replay.ok ? 'ok' : replay.error.message).toBe('ok');
    }
  });
});

describe('leaving during your hand', () => {
  it('folds at once when it is your turn, and the rest of the hand runs without a clock for you', async () => {
    const u = await unitTable();
    const [a, b, c] = await seated(u, 3);
    await u.tick(1_000);
    const turn = u.toAct([a, b, c]);
    expect(await u.send(turn.viewer, { type: 'LEAVE' })).toEqual({ ok: true });
    const folds = eventsOf(a, 'action').filter((e) => e.type === 'action' && e.action === 'fold');
    expect(folds).toHaveLength(1);
    const waiting = [a, b, c].filter(
      (p) => p !== turn.viewer && u.runtime.seatList().some((s) => s.userId === p.userId),
    );
    const later = waiting[0];
    expect(await u.send(later, { type: 'LEAVE' })).toEqual({ ok: true });
    // When the turn reaches the leaver they fold at once: the hand ends with no timeout.
    await playDown(u, waiting);
    await u.tick(10);
    expect(eventsOf(a, 'timed-out')).toEqual([]);
    expect(u.runtime.seatList().map((s) => s.userId)).not.toContain(turn.viewer.userId);
  });
});
