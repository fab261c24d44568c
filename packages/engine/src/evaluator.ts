// The hand evaluator: the engine's hot loop.
//
// Every poker hand of 5, 6 or 7 cards maps to one of the 7,462 distinct five-card hand classes.
// evaluateHoldem / evaluateOmaha return that class as a value 1..7462 where HIGHER WINS and equal
// values tie (7462 = royal flush, 1 = 7-5-4-3-2 offsuit).
//
// Design (all tables are built once at module load, see evaluatorTables.ts):
// - Flushes are found apart from everything else. Each card adds 1 to a 4-bit counter of its suit;
//   the counters start at 3, so a suit holds five or more cards exactly when its counter's top bit
//   (mask 0x8888) is set. With seven cards at most one suit can; then that suit's rank bits index
//   an 8,192-entry flush table (which also knows straight flushes). A flush of 7 cards always beats
//   whatever else the same cards make, so nothing else needs looking at.
// - Otherwise only ranks matter. Each rank has a key chosen so that every multiset of at most seven
//   ranks (at most four of each) has its own key sum; a displacement perfect hash folds the sums
//   (up to 18.4 million) into a Uint16Array of 294,528 slots holding the 73,775 values (590 KB).
// So a 7-card evaluation is 14 small-table reads, 13 additions and two reads of the answer tables.

import * as tables from './evaluatorTables.js';
import { VALUE_SCORE, scoreCategory, scoreDigits } from './evaluatorTables.js';

// Module-local copies: V8 reads imported bindings through a cell with a TDZ check on every use,
// which cost about a third of the 7-card evaluation; local constants are read directly.
const FLUSH_VALUE = tables.FLUSH_VALUE;
const RANK_HASH_OFFSET = tables.RANK_HASH_OFFSET;
const RANK_KEY_OF_CARD = tables.RANK_KEY_OF_CARD;
const RANK_VALUE = tables.RANK_VALUE;
const SUIT_KEY_OF_CARD = tables.SUIT_KEY_OF_CARD;
const RANK_HASH_BITS = 11;
const RANK_HASH_MASK = 0x7ff;
const SUIT_COUNTER_BIAS = 0x3333;
if (RANK_HASH_BITS !== tables.RANK_HASH_BITS || SUIT_COUNTER_BIAS !== tables.SUIT_COUNTER_BIAS) {
  throw new Error('evaluator constants out of step with its tables');
}

export const HAND_CATEGORIES = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
] as const;

export type HandCategory = (typeof HAND_CATEGORIES)[number];

/** Number of distinct five-card hand classes; also the value of a royal flush. */
export const HAND_CLASS_COUNT = 7462;

/** The lowest value of each category, in the order of HAND_CATEGORIES. */
export const CATEGORY_FLOOR: readonly number[] = [1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453];

const FLUSH_FLAGS = 0x8888;

/**
 * The value (1..7462, higher wins) of the best five-card hand among 5, 6 or 7 distinct cards.
 * Cards are distinct integers 0..51 (rank * 4 + suit); distinctness is the caller's promise (cards come
 * from one deck) and is not checked. Throws RangeError for another count or a card outside 0..51.
 */
export function evaluateHoldem(cards: ArrayLike<number>): number {
  // One inlined path per size: this is the engine's hottest function.
  const n = cards.length;
  if (n === 7) {
    const a = cards[0];
    const b = cards[1];
    const c = cards[2];
    const d = cards[3];
    const e = cards[4];
    const f = cards[5];
    const g = cards[6];
    const suits =
      SUIT_COUNTER_BIAS +
      SUIT_KEY_OF_CARD[a] +
      SUIT_KEY_OF_CARD[b] +
      SUIT_KEY_OF_CARD[c] +
      SUIT_KEY_OF_CARD[d] +
      SUIT_KEY_OF_CARD[e] +
      SUIT_KEY_OF_CARD[f] +
      SUIT_KEY_OF_CARD[g];
    if ((suits & FLUSH_FLAGS) !== 0) return flushValue(cards, suits);
    const key =
      RANK_KEY_OF_CARD[a] +
      RANK_KEY_OF_CARD[b] +
      RANK_KEY_OF_CARD[c] +
      RANK_KEY_OF_CARD[d] +
      RANK_KEY_OF_CARD[e] +
      RANK_KEY_OF_CARD[f] +
      RANK_KEY_OF_CARD[g];
    if (key !== key) throw invalidCards(cards);
    return RANK_VALUE[(key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS]];
  }
  if (n === 6) {
    const a = cards[0];
    const b = cards[1];
    const c = cards[2];
    const d = cards[3];
    const e = cards[4];
    const f = cards[5];
    const suits =
      SUIT_COUNTER_BIAS +
      SUIT_KEY_OF_CARD[a] +
      SUIT_KEY_OF_CARD[b] +
      SUIT_KEY_OF_CARD[c] +
      SUIT_KEY_OF_CARD[d] +
      SUIT_KEY_OF_CARD[e] +
      SUIT_KEY_OF_CARD[f];
    if ((suits & FLUSH_FLAGS) !== 0) return flushValue(cards, suits);
    const key =
      RANK_KEY_OF_CARD[a] +
      RANK_KEY_OF_CARD[b] +
      RANK_KEY_OF_CARD[c] +
      RANK_KEY_OF_CARD[d] +
      RANK_KEY_OF_CARD[e] +
      RANK_KEY_OF_CARD[f];
    if (key !== key) throw invalidCards(cards);
    return RANK_VALUE[(key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS]];
  }
  if (n === 5) {
    const a = cards[0];
    const b = cards[1];
    const c = cards[2];
    const d = cards[3];
    const e = cards[4];
    const valid =
      RANK_KEY_OF_CARD[a] > 0 &&
      RANK_KEY_OF_CARD[b] > 0 &&
      RANK_KEY_OF_CARD[c] > 0 &&
      RANK_KEY_OF_CARD[d] > 0 &&
      RANK_KEY_OF_CARD[e] > 0;
    if (!valid) throw invalidCards(cards);
    return evaluate5(a, b, c, d, e);
  }
  throw new RangeError(`evaluateHoldem takes 5, 6 or 7 cards, got ${n}`);
}

/** The flush value of cards whose suit counters show five or more of one suit. */
function flushValue(cards: ArrayLike<number>, suits: number): number {
  const suit = flushSuit(suits);
  let bits = 0;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i];
    if ((card & 3) === suit) bits |= 1 << (card >> 2);
  }
  return FLUSH_VALUE[bits];
}

/**
 * Seven cards as separate arguments: the allocation-free form for hot loops. The cards must be
 * distinct integers 0..51 (not checked beyond returning 0 for a card outside 0..51).
 */
export function evaluate7(
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number,
  g: number,
): number {
  const suits =
    SUIT_COUNTER_BIAS +
    SUIT_KEY_OF_CARD[a] +
    SUIT_KEY_OF_CARD[b] +
    SUIT_KEY_OF_CARD[c] +
    SUIT_KEY_OF_CARD[d] +
    SUIT_KEY_OF_CARD[e] +
    SUIT_KEY_OF_CARD[f] +
    SUIT_KEY_OF_CARD[g];
  if ((suits & FLUSH_FLAGS) !== 0) {
    const suit = flushSuit(suits);
    let bits = 0;
    if ((a & 3) === suit) bits |= 1 << (a >> 2);
    if ((b & 3) === suit) bits |= 1 << (b >> 2);
    if ((c & 3) === suit) bits |= 1 << (c >> 2);
    if ((d & 3) === suit) bits |= 1 << (d >> 2);
    if ((e & 3) === suit) bits |= 1 << (e >> 2);
    if ((f & 3) === suit) bits |= 1 << (f >> 2);
    if ((g & 3) === suit) bits |= 1 << (g >> 2);
    return FLUSH_VALUE[bits];
  }
  const key =
    RANK_KEY_OF_CARD[a] +
    RANK_KEY_OF_CARD[b] +
    RANK_KEY_OF_CARD[c] +
    RANK_KEY_OF_CARD[d] +
    RANK_KEY_OF_CARD[e] +
    RANK_KEY_OF_CARD[f] +
    RANK_KEY_OF_CARD[g];
  return lookUpRanks(key);
}

export function evaluate6(a: number, b: number, c: number, d: number, e: number, f: number): number {
  const suits =
    SUIT_COUNTER_BIAS +
    SUIT_KEY_OF_CARD[a] +
    SUIT_KEY_OF_CARD[b] +
    SUIT_KEY_OF_CARD[c] +
    SUIT_KEY_OF_CARD[d] +
    SUIT_KEY_OF_CARD[e] +
    SUIT_KEY_OF_CARD[f];
  if ((suits & FLUSH_FLAGS) !== 0) {
    const suit = flushSuit(suits);
    let bits = 0;
    if ((a & 3) === suit) bits |= 1 << (a >> 2);
    if ((b & 3) === suit) bits |= 1 << (b >> 2);
    if ((c & 3) === suit) bits |= 1 << (c >> 2);
    if ((d & 3) === suit) bits |= 1 << (d >> 2);
    if ((e & 3) === suit) bits |= 1 << (e >> 2);
    if ((f & 3) === suit) bits |= 1 << (f >> 2);
    return FLUSH_VALUE[bits];
  }
  const key =
    RANK_KEY_OF_CARD[a] +
    RANK_KEY_OF_CARD[b] +
    RANK_KEY_OF_CARD[c] +
    RANK_KEY_OF_CARD[d] +
    RANK_KEY_OF_CARD[e] +
    RANK_KEY_OF_CARD[f];
  return lookUpRanks(key);
}

export function evaluate5(a: number, b: number, c: number, d: number, e: number): number {
  if ((a & 3) === (b & 3) && (a & 3) === (c & 3) && (a & 3) === (d & 3) && (a & 3) === (e & 3)) {
    const bits = (1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2)) | (1 << (d >> 2)) | (1 << (e >> 2));
    return FLUSH_VALUE[bits] | 0;
  }
  const key =
    RANK_KEY_OF_CARD[a] +
    RANK_KEY_OF_CARD[b] +
    RANK_KEY_OF_CARD[c] +
    RANK_KEY_OF_CARD[d] +
    RANK_KEY_OF_CARD[e];
  return lookUpRanks(key);
}

// Scratch space for Omaha: the up-to-10 board triples of one call.
const tripleRankKey = new Int32Array(10);
const tripleSuit = new Int32Array(10);
const tripleBits = new Int32Array(10);
const NOT_SUITED = -1;

/**
 * Omaha: the value of the best hand made of exactly two of the four hole cards and exactly three of
 * the 3..5 board cards. Same value scale as evaluateHoldem. Throws RangeError for other card counts
 * or a card outside 0..51.
 */
export function evaluateOmaha(hole: ArrayLike<number>, board: ArrayLike<number>): number {
  if (hole.length !== 4) throw new RangeError(`evaluateOmaha takes 4 hole cards, got ${hole.length}`);
  const boardSize = board.length;
  if (boardSize < 3 || boardSize > 5) {
    throw new RangeError(`evaluateOmaha takes 3 to 5 board cards, got ${boardSize}`);
  }
  const h0 = hole[0];
  const h1 = hole[1];
  const h2 = hole[2];
  const h3 = hole[3];
  const k0 = RANK_KEY_OF_CARD[h0];
  const k1 = RANK_KEY_OF_CARD[h1];
  const k2 = RANK_KEY_OF_CARD[h2];
  const k3 = RANK_KEY_OF_CARD[h3];
  if (!(k0 > 0 && k1 > 0 && k2 > 0 && k3 > 0)) throw invalidCards(hole);
  // The six hole pairs' rank-key sums.
  const p0 = k0 + k1;
  const p1 = k0 + k2;
  const p2 = k0 + k3;
  const p3 = k1 + k2;
  const p4 = k1 + k3;
  const p5 = k2 + k3;

  let triples = 0;
  let suitedTriples = 0;
  for (let i = 0; i < boardSize - 2; i++) {
    const x = board[i];
    for (let j = i + 1; j < boardSize - 1; j++) {
      const y = board[j];
      const xy = RANK_KEY_OF_CARD[x] + RANK_KEY_OF_CARD[y];
      for (let k = j + 1; k < boardSize; k++) {
        const z = board[k];
        const key = xy + RANK_KEY_OF_CARD[z];
        if (key !== key) throw invalidCards(board);
        tripleRankKey[triples] = key;
        if ((x & 3) === (y & 3) && (x & 3) === (z & 3)) {
          tripleSuit[triples] = x & 3;
          tripleBits[triples] = (1 << (x >> 2)) | (1 << (y >> 2)) | (1 << (z >> 2));
          suitedTriples++;
        } else {
          tripleSuit[triples] = NOT_SUITED;
        }
        triples++;
      }
    }
  }

  // Without flushes: 6 × triples rank lookups.
  let best = 0;
  for (let t = 0; t < triples; t++) {
    const tKey = tripleRankKey[t];
    let key = tKey + p0;
    let value = RANK_VALUE[(key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS]];
    if (value > best) best = value;
    key = tKey + p1;
    value = RANK_VALUE[(key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS]];
    if (value > best) best = value;
    key = tKey + p2;
    value = RANK_VALUE[(key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS]];
    if (value > best) best = value;
    key = tKey + p3;
    value = RANK_VALUE[(key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS]];
    if (value > best) best = value;
    key = tKey + p4;
    value = RANK_VALUE[(key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS]];
    if (value > best) best = value;
    key = tKey + p5;
    value = RANK_VALUE[(key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS]];
    if (value > best) best = value;
  }
  if (suitedTriples === 0) return best;

  // A flush needs a one-suit board triple and a hole pair of that same suit; it replaces the
  // rank-only value of that same five (a high card or straight), which is never higher.
  for (let t = 0; t < triples; t++) {
    const suit = tripleSuit[t];
    if (suit === NOT_SUITED) continue;
    const bits = tripleBits[t];
    best = withSuitedPair(h0, h1, suit, bits, best);
    best = withSuitedPair(h0, h2, suit, bits, best);
    best = withSuitedPair(h0, h3, suit, bits, best);
    best = withSuitedPair(h1, h2, suit, bits, best);
    best = withSuitedPair(h1, h3, suit, bits, best);
    best = withSuitedPair(h2, h3, suit, bits, best);
  }
  return best;
}

/** The better of `best` and the flush of two hole cards plus a one-suit board triple, if both are in `suit`. */
function withSuitedPair(x: number, y: number, suit: number, tripleBits: number, best: number): number {
  if ((x & 3) !== suit || (y & 3) !== suit) return best;
  const value = FLUSH_VALUE[tripleBits | (1 << (x >> 2)) | (1 << (y >> 2))];
  return value > best ? value : best;
}

/** The category of a hand value: 'high-card' … 'straight-flush'. */
export function handCategory(value: number): HandCategory {
  return HAND_CATEGORIES[categoryIndex(value)];
}

/** The index of a value's category in HAND_CATEGORIES (0 = high card … 8 = straight flush). */
export function categoryIndex(value: number): number {
  assertHandValue(value);
  let index = CATEGORY_FLOOR.length - 1;
  while (CATEGORY_FLOOR[index] > value) index--;
  return index;
}

const RANK_NAMES = [
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Jack',
  'Queen',
  'King',
  'Ace',
];
const RANK_PLURALS = [
  'Twos',
  'Threes',
  'Fours',
  'Fives',
  'Sixes',
  'Sevens',
  'Eights',
  'Nines',
  'Tens',
  'Jacks',
  'Queens',
  'Kings',
  'Aces',
];
const ACE = 12;

/** A human name in English, e.g. "Full house, Kings full of Sevens" or "Straight, Nine high". */
export function handName(value: number): string {
  assertHandValue(value);
  const score = VALUE_SCORE[value];
  const [first, second, third] = scoreDigits(score);
  switch (HAND_CATEGORIES[scoreCategory(score)]) {
    case 'straight-flush':
      return first === ACE ? 'Royal flush' : `Straight flush, ${RANK_NAMES[first]} high`;
    case 'four-of-a-kind':
      return `Four of a kind, ${RANK_PLURALS[first]}`;
    case 'full-house':
      return `Full house, ${RANK_PLURALS[first]} full of ${RANK_PLURALS[second]}`;
    case 'flush':
      return `Flush, ${RANK_NAMES[first]} high`;
    case 'straight':
      return `Straight, ${RANK_NAMES[first]} high`;
    case 'three-of-a-kind':
      return `Three of a kind, ${RANK_PLURALS[first]}`;
    case 'two-pair':
      return `Two pair, ${RANK_PLURALS[first]} and ${RANK_PLURALS[second]}`;
    case 'pair':
      return `Pair of ${RANK_PLURALS[first]}`;
    case 'high-card':
      return `High card, ${RANK_NAMES[first]}`;
  }
  // Unreachable: every category is named above.
  throw new RangeError(`No name for hand value ${value} (${third})`);
}

/**
 * The ranks (0 = Two … 12 = Ace) that decide a hand value, most significant first: e.g. a full house
 * of Kings over Sevens gives [11, 5]; a wheel straight gives [3] (Five high).
 */
export function handRanks(value: number): number[] {
  assertHandValue(value);
  const score = VALUE_SCORE[value];
  const digits = scoreDigits(score);
  return digits.slice(0, SIGNIFICANT_RANKS[scoreCategory(score)]);
}

const SIGNIFICANT_RANKS = [5, 4, 3, 3, 1, 5, 2, 2, 1];

function assertHandValue(value: number): void {
  if (!Number.isInteger(value) || value < 1 || value > HAND_CLASS_COUNT) {
    throw new RangeError(`Not a hand value: ${value}`);
  }
}

/** The value of a rank-key sum; 0 when the sum is NaN (a card outside 0..51 was given). */
function lookUpRanks(key: number): number {
  if (key !== key) return 0;
  return RANK_VALUE[(key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS]];
}

function flushSuit(suits: number): number {
  return (31 - Math.clz32(suits & FLUSH_FLAGS)) >> 2;
}

function invalidCards(cards: ArrayLike<number>): RangeError {
  return new RangeError(`Not distinct cards 0..51: ${Array.from(cards).join(',')}`);
}
