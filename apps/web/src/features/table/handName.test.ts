import { describe, expect, it } from 'vitest';
import { parseCards } from './cards';
import { bestHand } from './handName';

const hand = (hole: string[], board: string[], omaha = false) =>
  bestHand(parseCards(hole), parseCards(board), omaha);

describe('naming the viewer’s best hand', () => {
  it('names a pocket pair before the flop and a high card otherwise', () => {
    expect(hand(['Kd', 'Ks'], [])).toMatchObject({ category: 'pair', rank: 'K' });
    expect(hand(['Ad', '7s'], [])).toMatchObject({ category: 'highCard', rank: 'A' });
  });

  it('finds the best five of seven cards', () => {
    expect(hand(['Ah', 'Kh'], ['Qh', 'Jh', 'Th', '2c', '3d'])).toMatchObject({ category: 'royalFlush' });
    expect(hand(['9h', '9d'], ['9s', '4c', '4d', 'Kc', '2s'])).toMatchObject({
      category: 'fullHouse',
      rank: '9',
      second: '4',
    });
    expect(hand(['Ac', '2d'], ['3h', '4s', '5c', 'Kd', 'Kh'])).toMatchObject({
      category: 'straight',
      rank: '5',
    });
    expect(hand(['Ac', 'Ad'], ['Kh', 'Ks', '5c', '5d', '2h'])).toMatchObject({
      category: 'twoPair',
      rank: 'A',
      second: 'K',
    });
    expect(hand(['7c', '8c'], ['2c', 'Jc', 'Kc', '7d', '7h'])).toMatchObject({
      category: 'flush',
      rank: 'K',
    });
  });

  it('in Omaha uses exactly two hole cards and three board cards', () => {
    // Four spades on the board but only one in hand: no flush in Omaha.
    expect(hand(['As', 'Kd', 'Qc', 'Jd'], ['2s', '5s', '8s', '9s', 'Th'], true)?.category).not.toBe('flush');
    // The same cards in Hold'em terms make a flush.
    expect(hand(['As', 'Kd'], ['2s', '5s', '8s', '9s', 'Th'])?.category).toBe('flush');
    expect(hand(['As', 'Kd', 'Qc', 'Jd'], [], true)).toBeNull();
  });
});
