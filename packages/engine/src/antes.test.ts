// Antes in the hand itself, as tournaments post them: every seat ("per-player") or the big blind for
// the whole table ("big-blind"). They are dead money, appear in PHH's `antes` field and PokerStars
// text ("posts the ante"), and a PHH export replays through this engine to the same stacks. (PokerKit
// itself cannot be installed here: PyPI is unreachable; `replayPHH` is the engine's own replayer.)
import { describe, expect, it } from 'vitest';
import { parseCards } from './cards.js';
import { applyAction, arrangeDeck, createHand } from './hand.js';
import type { ActionType, AnteKind, HandConfig, HandState } from './hand-types.js';
import { parsePHH, replayPHH, toPHH } from './phh.js';
import { toPokerStars } from './pokerstars.js';
import { handRecord, type HandRecord } from './record.js';

function deal(
  stacks: number[],
  ante: number,
  anteKind: AnteKind | undefined,
  holes: Record<number, string>,
  board: string,
  button = 0,
): HandState {
  const base = {
    variant: 'holdem-nl' as const,
    seats: stacks.map((stack, seat) => ({ seat, playerId: `p${seat}`, stack })),
    button,
    smallBlind: 50,
    bigBlind: 100,
    ante,
    anteKind,
    handNumber: 12,
  } satisfies Omit<HandConfig, 'deck'>;
  const cards: Record<number, number[]> = {};
  for (const [seat, text] of Object.entries(holes)) cards[Number(seat)] = parseCards(text);
  const created = createHand({ ...base, deck: arrangeDeck(base, cards, parseCards(board)) });
  if ('error' in created) throw new Error(created.error.message);
  return created.state;
}

function play(state: HandState, moves: [number, ActionType, number?][]): HandState {
  for (const [seat, type, amount] of moves) {
    const result = applyAction(state, { seat, type, amount });
    if ('error' in result) throw new Error(`${result.error.code}: ${result.error.message}`);
    state = result.state;
  }
  return state;
}

function recordOf(state: HandState): HandRecord {
  const record = handRecord(state);
  if (!record) throw new Error('the hand is not complete');
  return record;
}

function roundTrip(record: HandRecord) {
  const text = toPHH(record);
  const replay = replayPHH(text);
  if (!replay.ok) throw new Error(`${replay.error.code}: ${replay.error.message}`);
  return { text, replay: replay.replay };
}

const fourHoles = { 0: 'AsAd', 1: '7c2d', 2: 'KhKc', 3: '9s8s' };

describe('per-player antes', () => {
  it('every seat dealt in posts the ante as dead money, written in PHH and PokerStars text', () => {
    let state = deal([5_000, 5_000, 5_000, 5_000], 10, 'per-player', fourHoles, '2h3h4cJdQs');
    expect(state.seats.map((s) => [s.committed, s.bet])).toEqual([
      [10, 0],
      [60, 50],
      [110, 100],
      [10, 0],
    ]);
    state = play(state, [
      [3, 'fold'],
      [0, 'raise', 300],
      [1, 'fold'],
      [2, 'fold'],
    ]);
    const record = recordOf(state);
    expect(record.seats.map((s) => s.finalStack)).toEqual([5_000 + 30 + 150, 4_940, 4_890, 4_990]);
    const { text, replay } = roundTrip(record);
    expect(text).toContain('antes = [10, 10, 10, 10]');
    expect(replay.finishingStacks).toEqual([4_940, 4_890, 4_990, 5_180]);
    expect(toPokerStars(record)).toContain('p3: posts the ante 10');
  });
});

describe('big-blind ante', () => {
  it('only the big blind posts the ante, for the whole table, before its blind', () => {
    const state = deal([5_000, 5_000, 5_000, 5_000], 100, 'big-blind', fourHoles, '2h3h4cJdQs');
    expect(state.seats.map((s) => [s.committed, s.bet])).toEqual([
      [0, 0],
      [50, 50],
      [200, 100],
      [0, 0],
    ]);
    const posts = recordOf(
      play(state, [
        [3, 'fold'],
        [0, 'fold'],
        [1, 'fold'],
      ]),
    ).history.filter((e) => e.kind === 'post');
    expect(posts.map((p) => p.kind === 'post' && [p.seat, p.post, p.amount])).toEqual([
      [2, 'ante', 100],
      [1, 'small-blind', 50],
      [2, 'big-blind', 100],
    ]);
  });

  it('a hand with a big-blind ante round-trips through PHH export and replay to the same stacks', () => {
    const state = play(deal([5_000, 5_000, 5_000, 5_000], 100, 'big-blind', fourHoles, '2h3h4cJdQs'), [
      [3, 'call'],
      [0, 'raise', 400],
      [1, 'fold'],
      [2, 'call'],
      [3, 'fold'],
      [2, 'check'],
      [0, 'bet', 500],
      [2, 'call'],
      [2, 'check'],
      [0, 'check'],
      [2, 'check'],
      [0, 'check'],
    ]);
    const record = recordOf(state);
    expect(record.anteKind).toBe('big-blind');
    // Pot: ante 100 + SB 50 + limp 100 + 2 × 900 = 2,050 to seat 0's aces.
    expect(record.seats.map((s) => s.finalStack)).toEqual([5_000 - 900 + 2_050, 4_950, 4_000, 4_900]);
    const { text, replay } = roundTrip(record);
    // PHH order runs from the small blind: p1 = seat 1, p2 = seat 2 (the big blind), … p4 = the button.
    expect(text).toContain('antes = [0, 100, 0, 0]');
    expect(replay.record.anteKind).toBe('big-blind');
    expect(replay.record.seats.map((s) => s.finalStack)).toEqual(record.seats.map((s) => s.finalStack));
    expect(toPokerStars(record)).toContain('p2: posts the ante 100');
  });

  it('heads-up the big blind (PHH p1) antes, and the hand replays', () => {
    const state = play(deal([3_000, 3_000], 100, 'big-blind', { 0: 'AsAd', 1: '7c2d' }, '2h3h4cJdQs', 1), [
      [1, 'raise', 300],
      [0, 'call'],
      [0, 'check'],
      [1, 'check'],
      [0, 'check'],
      [1, 'check'],
      [0, 'check'],
      [1, 'check'],
    ]);
    const record = recordOf(state);
    expect(record.seats.map((s) => s.finalStack)).toEqual([3_000 + 300, 2_700]);
    const { text, replay } = roundTrip(record);
    expect(text).toContain('antes = [100, 0]');
    expect(replay.finishingStacks).toEqual([3_300, 2_700]);
  });

  it('a big blind too short for ante and blind pays the ante first and is all-in for the rest of the blind', () => {
    const state = deal([5_000, 5_000, 150, 5_000], 100, 'big-blind', fourHoles, '2h3h4cJdQs');
    const bb = state.seats[2];
    expect([bb.committed, bb.bet, bb.stack, bb.allIn]).toEqual([150, 50, 0, true]);
    // The others still owe the full big blind.
    expect(state.currentBet).toBe(100);
    const record = recordOf(
      play(state, [
        [3, 'fold'],
        [0, 'call'],
        [1, 'fold'],
      ]),
    );
    // Seat 0's call above the short blind's live 50 is matched by nobody: 50 goes back. The main pot
    // is the ante (dead, for the table) plus 50 live from seats 0, 1 and 2: 250 to seat 0's aces.
    expect(record.pots).toMatchObject([{ amount: 250, eligible: [0, 2] }]);
    expect(record.seats.map((s) => s.finalStack)).toEqual([5_200, 4_950, 0, 5_000]);
    const { replay } = roundTrip(record);
    expect(replay.record.seats.map((s) => s.finalStack)).toEqual(record.seats.map((s) => s.finalStack));
  });

  it('a big blind all-in short after its ante wins only the ante and what its live blind matched', () => {
    const holes = { 0: '7c2d', 1: '8h3d', 2: 'AsAd', 3: '9s8s' };
    const state = deal([5_000, 5_000, 150, 5_000], 100, 'big-blind', holes, 'KhQc4cJd5s');
    const record = recordOf(
      play(state, [
        [3, 'fold'],
        [0, 'raise', 1_000],
        [1, 'call'],
        [1, 'check'],
        [0, 'check'],
        [1, 'check'],
        [0, 'check'],
        [1, 'check'],
        [0, 'check'],
      ]),
    );
    // Main pot: the dead ante 100 + 50 live from each of three = 250 to the big blind's aces; the side
    // pot of 2 × 950 goes to the better of seats 0 and 1 (8-high beats 7-high: seat 1).
    expect(record.pots.map((p) => [p.amount, p.eligible])).toEqual([
      [250, [0, 1, 2]],
      [1_900, [0, 1]],
    ]);
    expect(record.seats.map((s) => s.finalStack)).toEqual([4_000, 4_000 + 1_900, 250, 5_000]);
    const { replay } = roundTrip(record);
    expect(replay.finishingStacks).toEqual([5_900, 250, 5_000, 4_000]);
  });

  it('a PHH file whose antes only the big blind pays is read as a big-blind ante', () => {
    const text = [
      "variant = 'NT'",
      'antes = [0, 200, 0]',
      'blinds_or_straddles = [100, 200, 0]',
      'min_bet = 200',
      'starting_stacks = [10000, 10000, 10000]',
      'actions = [',
      "  'd dh p1 7c2d', 'd dh p2 8h3d', 'd dh p3 AsAd',",
      "  'p3 cbr 600', 'p1 f', 'p2 f',",
      ']',
      'finishing_stacks = [9900, 9600, 10500]',
    ].join('\n');
    expect('hand' in parsePHH(text)).toBe(true);
    const replay = replayPHH(text);
    if (!replay.ok) throw new Error(replay.error.message);
    expect(replay.replay.state.config.anteKind).toBe('big-blind');
    expect(replay.replay.finishingStacks).toEqual([9_900, 9_600, 10_500]);
  });
});
