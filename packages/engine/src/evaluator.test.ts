import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseCards, type Card } from './cards.js';
import {
  CATEGORY_FLOOR,
  HAND_CATEGORIES,
  HAND_CLASS_COUNT,
  evaluate5,
  evaluate6,
  evaluate7,
  evaluateHoldem,
  evaluateOmaha,
  handCategory,
  handName,
  handRanks,
  type HandCategory,
} from './evaluator.js';

// ---------------------------------------------------------------------------------------------
// A slow, obviously correct reference: a five-card hand becomes a tuple [category, ranks…] that
// compares lexicographically, built from "group the ranks by how often they occur".

type Tuple = number[];

function referenceTuple(cards: readonly Card[]): Tuple {
  const ranks = cards.map((card) => card >> 2);
  const suits = cards.map((card) => card & 3);
  const flush = suits.every((suit) => suit === suits[0]);
  const groups = [...new Set(ranks)]
    .map((rank) => ({ rank, count: ranks.filter((r) => r === rank).length }))
    .sort((x, y) => y.count - x.count || y.rank - x.rank);
  const distinct = groups.map((group) => group.rank);
  let straightHigh = -1;
  if (distinct.length === 5) {
    if (distinct[0] - distinct[4] === 4) straightHigh = distinct[0];
    if (distinct.join() === '12,3,2,1,0') straightHigh = 3; // the wheel, A-2-3-4-5, is Five high
  }
  const shape = groups.map((group) => group.count).join('');
  const category = (name: HandCategory): number => HAND_CATEGORIES.indexOf(name);
  if (flush && straightHigh >= 0) return [category('straight-flush'), straightHigh];
  if (shape === '41') return [category('four-of-a-kind'), ...distinct];
  if (shape === '32') return [category('full-house'), ...distinct];
  if (flush) return [category('flush'), ...distinct];
  if (straightHigh >= 0) return [category('straight'), straightHigh];
  if (shape === '311') return [category('three-of-a-kind'), ...distinct];
  if (shape === '221') return [category('two-pair'), ...distinct];
  if (shape === '2111') return [category('pair'), ...distinct];
  return [category('high-card'), ...distinct];
}

function compareTuples(x: Tuple, y: Tuple): number {
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? -1) - (y[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, size - 1).map((combo) => [first, ...combo]), ...combinations(rest, size)];
}

function referenceBest(cards: readonly Card[]): Tuple {
  return combinations(cards, 5)
    .map(referenceTuple)
    .reduce((best, tuple) => (compareTuples(tuple, best) > 0 ? tuple : best));
}

/** One representative hand per distinct five-card class, ranked by the reference (value = index + 1). */
function allClassesByReference(): { hand: Card[]; tuple: Tuple }[] {
  const classes: { hand: Card[]; tuple: Tuple }[] = [];
  // Every multiset of five ranks (at most four of a rank), dealt in mixed suits so it makes no flush…
  const walk = (rank: number, ranks: number[]): void => {
    if (ranks.length === 5) {
      const hand = ranks.map((r, i) => r * 4 + (i % 4));
      classes.push({ hand, tuple: referenceTuple(hand) });
      return;
    }
    if (rank > 12) return;
    for (let count = Math.min(4, 5 - ranks.length); count >= 0; count--) {
      walk(rank + 1, [...ranks, ...Array<number>(count).fill(rank)]);
    }
  };
  walk(0, []);
  // …and every set of five different ranks once more, all in clubs.
  for (const ranks of combinations([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 5)) {
    const hand = ranks.map((rank) => rank * 4);
    classes.push({ hand, tuple: referenceTuple(hand) });
  }
  return classes.sort((x, y) => compareTuples(x.tuple, y.tuple));
}

/** Deterministic pseudo-random numbers for test data only (cards in play come from node:crypto). */
function testRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomHands(count: number, size: number, seed: number): Card[][] {
  const random = testRandom(seed);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const hands: Card[][] = [];
  for (let h = 0; h < count; h++) {
    for (let i = 0; i < size; i++) {
      const j = i + Math.floor(random() * (52 - i));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    hands.push(deck.slice(0, size));
  }
  return hands;
}

/** Generous time for the tests that walk millions of hands or a slow reference, on a busy machine. */
const HEAVY_TEST_TIMEOUT = 60_000;

const holdem = (text: string): number => evaluateHoldem(parseCards(text));
const omaha = (hole: string, board: string): number => evaluateOmaha(parseCards(hole), parseCards(board));

const classes = allClassesByReference();
const valueOfTuple = new Map(classes.map((entry, index) => [entry.tuple.join(), index + 1]));

// ---------------------------------------------------------------------------------------------

describe('evaluateHoldem: the 7,462 five-card classes', () => {
  it('finds exactly 7,462 distinct classes with the reference', () => {
    expect(valueOfTuple.size).toBe(HAND_CLASS_COUNT);
  });

  it(
    'gives every class its rank in order: value = position among all classes, weakest = 1',
    () => {
      const wrong = classes.filter((entry, index) => evaluateHoldem(entry.hand) !== index + 1);
      expect(wrong.map((entry) => entry.hand)).toEqual([]);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'puts each category in its documented value range',
    () => {
      for (const [index, entry] of classes.entries()) {
        const value = index + 1;
        expect(HAND_CATEGORIES[entry.tuple[0]]).toBe(handCategory(value));
      }
      expect(CATEGORY_FLOOR.map((floor) => handCategory(floor))).toEqual([...HAND_CATEGORIES]);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'counts every one of the 2,598,960 five-card hands into the known category frequencies',
    () => {
      const counts = new Array<number>(HAND_CATEGORIES.length).fill(0);
      for (let a = 0; a < 48; a++)
        for (let b = a + 1; b < 49; b++)
          for (let c = b + 1; c < 50; c++)
            for (let d = c + 1; d < 51; d++)
              for (let e = d + 1; e < 52; e++) counts[CATEGORY_INDEX[evaluate5(a, b, c, d, e)]]++;
      expect(counts).toEqual([1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]);
    },
    HEAVY_TEST_TIMEOUT,
  );
});

const CATEGORY_INDEX = new Uint8Array(HAND_CLASS_COUNT + 1);
for (let value = 1; value <= HAND_CLASS_COUNT; value++) {
  CATEGORY_INDEX[value] = HAND_CATEGORIES.indexOf(handCategory(value));
}

describe('evaluateHoldem: six and seven cards', () => {
  it(
    'takes the best five of seven cards, as the reference does, on 3,000 random hands',
    () => {
      for (const hand of randomHands(3_000, 7, 7)) {
        const expected = valueOfTuple.get(referenceBest(hand).join());
        if (evaluateHoldem(hand) !== expected)
          expect({ hand, value: evaluateHoldem(hand) }).toEqual({ hand, expected });
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'takes the best five of six cards, as the reference does, on 2,000 random hands',
    () => {
      for (const hand of randomHands(2_000, 6, 6)) {
        const expected = valueOfTuple.get(referenceBest(hand).join());
        if (evaluateHoldem(hand) !== expected)
          expect({ hand, value: evaluateHoldem(hand) }).toEqual({ hand, expected });
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'agrees with the npm evaluator phe (7463 - its value) on 200,000 random seven-card hands',
    () => {
      const phe = createRequire(import.meta.url)('phe') as { evaluateCardCodes(codes: number[]): number };
      // phe numbers a card rank * 4 + (s = 0, h = 1, d = 2, c = 3); ours is rank * 4 + (c, d, h, s).
      const toPhe = (card: Card): number => (card & ~3) | (3 - (card & 3));
      let disagreements = 0;
      for (const hand of randomHands(200_000, 7, 77)) {
        if (evaluateHoldem(hand) !== HAND_CLASS_COUNT + 1 - phe.evaluateCardCodes(hand.map(toPhe)))
          disagreements++;
      }
      expect(disagreements).toBe(0);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it('gives the same value through evaluate5/6/7 and evaluateHoldem, whatever the card order', () => {
    for (const hand of randomHands(2_000, 7, 8)) {
      const reversed = [...hand].reverse();
      expect(
        evaluate7(reversed[0], reversed[1], reversed[2], reversed[3], reversed[4], reversed[5], reversed[6]),
      ).toBe(evaluateHoldem(hand));
      expect(evaluate6(hand[5], hand[4], hand[3], hand[2], hand[1], hand[0])).toBe(
        evaluateHoldem(hand.slice(0, 6)),
      );
      expect(evaluate5(hand[4], hand[3], hand[2], hand[1], hand[0])).toBe(evaluateHoldem(hand.slice(0, 5)));
    }
  });

  it('ranks well-known seven-card spots correctly', () => {
    // A flush beats the straight on the same board; the higher kicker wins; the board plays for both.
    expect(holdem('Ah2h 9h8d7h6s5h')).toBeGreaterThan(holdem('Td2c 9h8d7h6s5h'));
    expect(holdem('AsKd QhQc7d4s2h')).toBeGreaterThan(holdem('AdJc QhQc7d4s2h'));
    expect(holdem('2c3d AhKhQhJhTh')).toBe(holdem('4c5d AhKhQhJhTh'));
    // Two trips make a full house of the higher over the lower; three pairs play the best two.
    expect(handName(holdem('9c9d9h4c4d4hAs'))).toBe('Full house, Nines full of Fours');
    expect(handRanks(holdem('AcAdKcKdQcQd2h'))).toEqual([12, 11, 10]);
    // The wheel is the lowest straight and the lowest straight flush.
    expect(handName(holdem('As2d3c4h5s9dKh'))).toBe('Straight, Five high');
    expect(holdem('As2s3s4s5s')).toBe(CATEGORY_FLOOR[8]);
    expect(holdem('2h3h4h5h6h')).toBe(CATEGORY_FLOOR[8] + 1);
  });

  it('refuses other card counts and cards outside 0..51 with a RangeError', () => {
    expect(() => evaluateHoldem([0, 1, 2, 3])).toThrow(RangeError);
    expect(() => evaluateHoldem([0, 1, 2, 3, 4, 5, 6, 7])).toThrow(RangeError);
    expect(() => evaluateHoldem([0, 1, 2, 3, 52])).toThrow(RangeError);
    expect(() => evaluateHoldem([0, 1, 2, 3, 4, 5, -1])).toThrow(RangeError);
    expect(() => evaluateHoldem([48, 44, 40, 36, 52])).toThrow(RangeError);
    expect(() => evaluateHoldem([48, 44, 40, 36, 32, 0.5])).toThrow(RangeError);
    expect(() => evaluateHoldem([48, 44, 40, 36, 1.5])).toThrow(RangeError);
    expect(evaluate5(48, 44, 40, 36, -4)).toBe(0);
  });
});

describe('evaluateOmaha', () => {
  it(
    'is the best of the 60 two-hole-card plus three-board-card hands, on 2,000 random deals',
    () => {
      for (const cards of randomHands(2_000, 9, 9)) {
        const hole = cards.slice(0, 4);
        for (const boardSize of [3, 4, 5]) {
          const board = cards.slice(4, 4 + boardSize);
          let best = 0;
          for (const pair of combinations(hole, 2)) {
            for (const triple of combinations(board, 3))
              best = Math.max(best, evaluateHoldem([...pair, ...triple]));
          }
          expect(evaluateOmaha(hole, board)).toBe(best);
        }
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it('makes no flush from one hole card of the suit and four on the board', () => {
    expect(handCategory(omaha('As9c8d2c', 'KsQs7s3sJh'))).not.toBe('flush');
    expect(handCategory(omaha('As9s8d2c', 'KsQs7s3dJh'))).toBe('flush');
  });

  it('does not let a board four of a kind play: two hole cards are always used', () => {
    expect(handName(omaha('KsKh2c3d', 'AcAdAhAs9c'))).toBe('Full house, Aces full of Kings');
    expect(handName(omaha('Ks7h2c3d', 'AcAdAhAs9c'))).toBe('Three of a kind, Aces');
  });

  it('does not play a straight or flush that lies entirely on the board', () => {
    expect(handCategory(omaha('2c2d7h7s', '9h8dTsJcQh'))).toBe('pair');
    expect(handCategory(omaha('2c3d7c8d', 'AhKhQhJhTh'))).toBe('high-card');
    expect(handCategory(omaha('2c3dJd8d', 'AhKhQhJhTh'))).toBe('pair');
  });

  it('needs three board cards: a pair in the hand plus trips on the board make a full house', () => {
    expect(handName(omaha('QcQd4s5s', 'QhQs7c'))).toBe('Four of a kind, Queens');
    expect(handName(omaha('7c7d4s5s', 'QhQsQc'))).toBe('Full house, Queens full of Sevens');
  });

  it('refuses a hand of other than four hole cards or a board of other than three to five cards', () => {
    expect(() => evaluateOmaha(parseCards('AsKs'), parseCards('2c3c4c'))).toThrow(RangeError);
    expect(() => evaluateOmaha(parseCards('AsKsQsJs'), parseCards('2c3c'))).toThrow(RangeError);
    expect(() => evaluateOmaha(parseCards('AsKsQsJs'), parseCards('2c3c4c5c6c7c'))).toThrow(RangeError);
    expect(() => evaluateOmaha([51, 50, 49, 99], parseCards('2c3c4c'))).toThrow(RangeError);
  });
});

describe('handCategory, handName and handRanks', () => {
  const cases: [string, HandCategory, string][] = [
    ['AsKsQsJsTs', 'straight-flush', 'Royal flush'],
    ['9d8d7d6d5d', 'straight-flush', 'Straight flush, Nine high'],
    ['AcAdAhAs2c', 'four-of-a-kind', 'Four of a kind, Aces'],
    ['KcKdKh7s7c', 'full-house', 'Full house, Kings full of Sevens'],
    ['Ah9h7h4h2h', 'flush', 'Flush, Ace high'],
    ['9c8d7h6s5c', 'straight', 'Straight, Nine high'],
    ['TcTdTh4s2c', 'three-of-a-kind', 'Three of a kind, Tens'],
    ['AcAd4h4s9c', 'two-pair', 'Two pair, Aces and Fours'],
    ['6c6dAh9s3c', 'pair', 'Pair of Sixes'],
    ['AcJd8h5s3c', 'high-card', 'High card, Ace'],
  ];
  for (const [cards, category, name] of cases) {
    it(`calls ${cards} a ${category}: "${name}"`, () => {
      const value = holdem(cards);
      expect(handCategory(value)).toBe(category);
      expect(handName(value)).toBe(name);
    });
  }

  it('lists the deciding ranks, highest first, with kickers', () => {
    expect(handRanks(holdem('AcAd4h4s9c'))).toEqual([12, 2, 7]);
    expect(handRanks(holdem('6c6dAh9s3c'))).toEqual([4, 12, 7, 1]);
    expect(handRanks(holdem('5c4d3h2sAc'))).toEqual([3]);
  });

  it('refuses values outside 1..7462', () => {
    for (const bad of [0, 7463, 1.5, Number.NaN]) {
      expect(() => handCategory(bad)).toThrow(RangeError);
      expect(() => handName(bad)).toThrow(RangeError);
    }
  });
});
