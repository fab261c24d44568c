import type { HandRecordWire } from '@tenger/protocol';
import { describe, expect, it } from 'vitest';
import { replayFrames } from './replay';

const seat = (
  index: number,
  username: string,
  holeCards: string[],
  shownCards: string[] | null,
  finalStack: number,
) => ({
  seat: index,
  userId: index + 1,
  username,
  startingStack: 1000,
  finalStack,
  dealtIn: true,
  holeCards,
  shownCards,
  mucked: false,
  folded: false,
  foldedOn: null,
  net: finalStack - 1000,
});

/** Heads-up: bat (button, SB) raises, dorj calls, checks down, dorj shows and wins. Redacted for bat. */
const record: HandRecordWire = {
  handNumber: 4,
  variant: 'holdem-nl',
  button: 0,
  smallBlind: 5,
  bigBlind: 10,
  ante: 0,
  smallBlindSeat: 0,
  bigBlindSeat: 1,
  seats: [seat(0, 'bat', ['3c', '4s'], null, 970), seat(1, 'dorj', [], ['Ah', 'Ad'], 1030)],
  history: [
    { kind: 'post', seat: 0, post: 'small-blind', amount: 5 },
    { kind: 'post', seat: 1, post: 'big-blind', amount: 10 },
    { kind: 'deal-hole', seat: 0, cards: ['3c', '4s'] },
    { kind: 'deal-hole', seat: 1, cards: [] },
    { kind: 'action', seat: 0, type: 'raise', to: 30, added: 25, allIn: false },
    { kind: 'action', seat: 1, type: 'call', to: 30, added: 20, allIn: false },
    { kind: 'board', street: 'flop', cards: ['Td', '8h', 'Kh'] },
    { kind: 'board', street: 'turn', cards: ['2c'] },
    { kind: 'board', street: 'river', cards: ['8d'] },
    { kind: 'show', seat: 1, cards: ['Ah', 'Ad'] },
    { kind: 'muck', seat: 0 },
  ],
  board: ['Td', '8h', 'Kh', '2c', '8d'],
  pots: [
    {
      amount: 60,
      rake: 0,
      eligible: [0, 1],
      winners: [{ seat: 1, amount: 60 }],
      handValue: 2000,
      handName: 'Two Pair',
    },
  ],
  rake: 0,
  totalPot: 60,
};

describe('replaying a hand step by step', () => {
  const frames = replayFrames(record);

  it('has a frame before the deal, one per history entry, and the payout', () => {
    expect(frames).toHaveLength(record.history.length + 2);
    expect(frames[0].step).toBeNull();
    expect(frames.at(-1)?.step).toMatchObject({
      key: 'winsWith',
      values: { name: 'dorj', amount: 60, seat: 1 },
    });
  });

  it('moves chips: blinds and raises into bets, bets into the pot when the flop comes', () => {
    const afterCall = frames[6];
    expect(afterCall.step).toMatchObject({ key: 'call', values: { name: 'dorj', amount: 30 } });
    expect(afterCall.seats.map((s) => [s.stack, s.bet])).toEqual([
      [970, 30],
      [970, 30],
    ]);
    const flop = frames[7];
    expect(flop.board).toEqual(['Td', '8h', 'Kh']);
    expect(flop.pot).toBe(60);
    expect(flop.seats.every((s) => s.bet === 0)).toBe(true);
  });

  it('shows only the cards the record holds: own cards, face-down others until they are shown', () => {
    expect(frames[4].seats[1]).toMatchObject({ cards: [], faceDown: 2 });
    expect(frames[3].seats[0].cards).toEqual(['3c', '4s']);
    expect(frames[10].seats[1].cards).toEqual(['Ah', 'Ad']);
    expect(frames[11].seats[0].mucked).toBe(true);
  });

  it('ends on the final stacks', () => {
    expect(frames.at(-1)?.seats.map((s) => s.stack)).toEqual([970, 1030]);
    expect(frames.at(-1)?.pot).toBe(0);
  });
});
