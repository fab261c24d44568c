import { describe, expect, it } from 'vitest';
import { formatCards, parseCards } from './cards.js';
import { applyAction, arrangeDeck, awaitingRunout, createHand, runOutStreet } from './hand.js';
import type { HandConfig, HandEvent, HandState } from './hand-types.js';
import { openingsForRecord } from './openings.js';
import { commitToDeck } from './fair2.js';
import { replayPHH, toPHH } from './phh.js';
import { handRecord, redactRecord } from './record.js';
import { showAfterHand } from './showdown.js';
import { viewFor } from './view.js';

const base: Omit<HandConfig, 'deck'> = {
  variant: 'holdem-nl',
  seats: [
    { seat: 0, playerId: 'ann', stack: 1000 },
    { seat: 3, playerId: 'bat', stack: 1000 },
  ],
  button: 0,
  smallBlind: 5,
  bigBlind: 10,
  handNumber: 7,
};
// Ann (button, small blind) holds aces; Bat holds sevens; the board misses both.
const deck = arrangeDeck(base, { 0: parseCards('AsAd'), 3: parseCards('7c7d') }, parseCards('2h9sKdJc4h'));

function play(state: HandState, ...moves: [number, 'fold' | 'check' | 'call' | 'allin' | 'bet'][]) {
  const events: HandEvent[] = [];
  for (const [seat, type] of moves) {
    const result = applyAction(state, { seat, type, ...(type === 'bet' ? { amount: 20 } : {}) });
    if ('error' in result) throw new Error(result.error.message);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

function started(config: Partial<HandConfig> = {}): HandState {
  const result = createHand({ ...base, deck, ...config });
  if ('error' in result) throw new Error(result.error.message);
  return result.state;
}

function checkedDown(): HandState {
  return play(started(), [0, 'call'], [3, 'check'], ...streets()).state;
}
// Ann bets the river and shows first; Bat calls and is mucked as a loser.
function streets(): [number, 'check' | 'bet' | 'call'][] {
  return [
    [3, 'check'],
    [0, 'check'],
    [3, 'check'],
    [0, 'check'],
    [3, 'check'],
    [0, 'bet'],
    [3, 'call'],
  ];
}

describe('a paced all-in runout', () => {
  it('turns the hands up when betting ends and deals each remaining street only when asked, then settles', () => {
    const { state, events } = play(started({ pacedRunout: true }), [0, 'allin'], [3, 'call']);
    expect(awaitingRunout(state)).toBe(true);
    expect(state.board).toEqual([]);
    expect(events.filter((e) => e.type === 'cards-shown').map((e) => e.seat)).toEqual([0, 3].sort());
    expect(events.some((e) => e.type === 'street-dealt' || e.type === 'pot-awarded')).toBe(false);

    const flop = runOutStreet(state);
    if ('error' in flop) throw new Error(flop.error.message);
    expect(flop.events.map((e) => e.type)).toEqual(['street-dealt']);
    expect(flop.state.board).toHaveLength(3);
    const turn = runOutStreet(flop.state);
    if ('error' in turn) throw new Error(turn.error.message);
    const river = runOutStreet(turn.state);
    if ('error' in river) throw new Error(river.error.message);
    expect(river.state.phase).toBe('complete');
    expect(river.events.map((e) => e.type)).toContain('pot-awarded');
    expect('error' in runOutStreet(river.state)).toBe(true);

    const unpaced = play(started(), [0, 'allin'], [3, 'call']).state;
    expect(river.state.seats.map((s) => s.stack)).toEqual(unpaced.seats.map((s) => s.stack));
    expect(toPHH(handRecord(river.state)!)).toBe(toPHH(handRecord(unpaced)!));
    // Nobody can act while the runout waits.
    expect('error' in applyAction(state, { seat: 3, type: 'check' })).toBe(true);
  });
});

describe('showing after the hand', () => {
  it('a loser who mucked at showdown may show: the show takes the muck’s place and the PHH replays', () => {
    const done = checkedDown();
    expect(done.seats.find((s) => s.seat === 3)!.mucked).toBe(true);
    const result = showAfterHand(done, 3);
    if ('error' in result) throw new Error(result.error.message);
    const bat = result.state.seats.find((s) => s.seat === 3)!;
    expect(bat.mucked).toBe(false);
    expect(formatCards(bat.shownCards!)).toBe('7c7d');
    expect(result.events).toMatchObject([{ type: 'cards-shown', seat: 3, handName: expect.any(String) }]);
    const record = handRecord(result.state)!;
    expect(record.history.filter((e) => e.kind === 'muck')).toEqual([]);
    const phh = toPHH(record);
    expect(phh).toContain('sm 7c7d');
    expect(replayPHH(phh).ok).toBe(true);
    // Public now: a spectator's copy of the record keeps Bat's cards and they are opened.
    expect(redactRecord(record, null).seats.find((s) => s.seat === 3)!.holeCards).toHaveLength(2);
    // The old state still says mucked: nothing was changed in place.
    expect(done.seats.find((s) => s.seat === 3)!.mucked).toBe(true);
  });

  it('a winner nobody called may show one card in Hold’em; the other stays hidden everywhere but with the owner', () => {
    const { state } = play(started(), [0, 'allin'], [3, 'fold']);
    expect(state.phase).toBe('complete');
    const result = showAfterHand(state, 0, parseCards('Ad'));
    if ('error' in result) throw new Error(result.error.message);
    expect(result.events).toMatchObject([{ type: 'cards-shown', seat: 0, handName: null }]);
    expect(formatCards(viewFor(result.state, null).seats[0].cards!)).toBe('Ad');
    expect(formatCards(viewFor(result.state, 0).seats[0].cards!)).toBe('AsAd');
    const record = handRecord(result.state)!;
    const spectator = redactRecord(record, null);
    expect(spectator.seats[0].holeCards).toEqual([]);
    expect(JSON.stringify(spectator)).not.toContain(String(parseCards('As')[0]) + ',');
    const phh = toPHH(record, { viewer: null });
    expect(phh).toContain('sm ??Ad');
    expect(phh).not.toContain('As');
    expect(replayPHH(toPHH(record)).ok).toBe(true);
    const committed = commitToDeck(
      deck,
      Array.from({ length: 52 }, (_, i) => new Uint8Array(16).fill(i)),
    );
    const opened = openingsForRecord(committed, record, null).map((o) => o.card);
    expect(opened).toEqual(['Ad']);
  });

  it('folded seats, running hands, cards not held and a part of an Omaha hand cannot be shown', () => {
    const folded = play(started(), [0, 'allin'], [3, 'fold']).state;
    expect('error' in showAfterHand(folded, 3)).toBe(true);
    expect('error' in showAfterHand(started(), 0)).toBe(true);
    expect('error' in showAfterHand(folded, 0, parseCards('Kh'))).toBe(true);
    expect('error' in showAfterHand(folded, 0, [])).toBe(true);
    const shown = showAfterHand(folded, 0);
    if ('error' in shown) throw new Error(shown.error.message);
    expect('error' in showAfterHand(shown.state, 0)).toBe(true);
    const omahaDeck = arrangeDeck(
      { ...base, variant: 'omaha-pl' },
      { 0: parseCards('AsAdKsKd'), 3: parseCards('7c7d8c8d') },
      parseCards('2h9sQdJc4h'),
    );
    const omaha = createHand({ ...base, variant: 'omaha-pl', deck: omahaDeck });
    if ('error' in omaha) throw new Error(omaha.error.message);
    const won = play(omaha.state, [0, 'call'], [3, 'check'], [3, 'check'], [0, 'check']).state;
    const ended = applyAction(won, { seat: 3, type: 'bet', amount: 20 });
    if ('error' in ended) throw new Error(ended.error.message);
    const over = applyAction(ended.state, { seat: 0, type: 'fold' });
    if ('error' in over) throw new Error(over.error.message);
    expect('error' in showAfterHand(over.state, 3, parseCards('7c'))).toBe(true);
    expect('error' in showAfterHand(over.state, 3)).toBe(false);
  });
});
