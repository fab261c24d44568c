// Lookup tables for the evaluator, built once when the module loads (a few milliseconds).
//
// A hand class is first described by a "score": category * 13^5 + its deciding ranks as base-13
// digits, most significant first (e.g. full house Kings over Sevens = 6 * 13^5 + 11 * 13^4 + 5 * 13^3).
// Scores order hands correctly but leave gaps; sorting the 7,462 distinct class scores gives each
// class its dense value 1..7462.

const RANK_COUNT = 13;
const DIGIT_BASE = 13;
const CATEGORY_BASE = DIGIT_BASE ** 5;
const MAX_CARDS = 7;
const MAX_OF_A_RANK = 4;

const Category = {
  HighCard: 0,
  Pair: 1,
  TwoPair: 2,
  ThreeOfAKind: 3,
  Straight: 4,
  Flush: 5,
  FullHouse: 6,
  FourOfAKind: 7,
  StraightFlush: 8,
} as const;
type Category = (typeof Category)[keyof typeof Category];

/**
 * Rank keys: every multiset of at most 7 ranks, each rank at most 4 times, has its own key sum.
 * Found by a greedy search (each key the smallest that keeps all sums distinct).
 */
export const RANK_KEYS: readonly number[] = [
  1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];

/** Per suit, a 4-bit counter; all four start at 3 so a top bit (0x8888) means five of that suit. */
export const SUIT_COUNTER_BIAS = 0x3333;

export const RANK_KEY_OF_CARD = new Int32Array(52);
export const SUIT_KEY_OF_CARD = new Int32Array(52);
for (let card = 0; card < 52; card++) {
  RANK_KEY_OF_CARD[card] = RANK_KEYS[card >> 2];
  SUIT_KEY_OF_CARD[card] = 1 << ((card & 3) * 4);
}

export function scoreCategory(score: number): number {
  return Math.floor(score / CATEGORY_BASE);
}

/** The five base-13 rank digits of a score, most significant first. */
export function scoreDigits(score: number): number[] {
  const digits: number[] = [];
  let rest = score % CATEGORY_BASE;
  for (let place = DIGIT_BASE ** 4; place >= 1; place /= DIGIT_BASE) {
    digits.push(Math.floor(rest / place));
    rest %= place;
  }
  return digits;
}

function makeScore(category: Category, ranks: readonly number[]): number {
  let score = category;
  for (let i = 0; i < 5; i++) score = score * DIGIT_BASE + (ranks[i] ?? 0);
  return score;
}

/** The high rank of a five-in-a-row in the rank bit set, or -1; the wheel A-2-3-4-5 is Five high (3). */
function straightHigh(bits: number): number {
  for (let high = 12; high >= 4; high--) {
    const run = 0x1f << (high - 4);
    if ((bits & run) === run) return high;
  }
  const wheel = (1 << 12) | 0xf;
  return (bits & wheel) === wheel ? 3 : -1;
}

/** Ranks present in a bit set, highest first. */
function ranksOf(bits: number): number[] {
  const ranks: number[] = [];
  for (let rank = 12; rank >= 0; rank--) if (bits & (1 << rank)) ranks.push(rank);
  return ranks;
}

/** Best score among cards of one suit, given as a rank bit set with at least five bits. */
function flushScore(bits: number): number {
  const high = straightHigh(bits);
  if (high >= 0) return makeScore(Category.StraightFlush, [high]);
  return makeScore(Category.Flush, ranksOf(bits).slice(0, 5));
}

/** Best score of five or more cards that make no flush, given how many cards of each rank there are. */
function rankScore(counts: readonly number[]): number {
  const quads: number[] = [];
  const trips: number[] = [];
  const pairs: number[] = [];
  let present = 0;
  for (let rank = 12; rank >= 0; rank--) {
    const count = counts[rank];
    if (count > 0) present |= 1 << rank;
    if (count === 4) quads.push(rank);
    else if (count === 3) trips.push(rank);
    else if (count === 2) pairs.push(rank);
  }
  const highestExcept = (excluded: readonly number[], howMany: number): number[] =>
    ranksOf(present)
      .filter((rank) => !excluded.includes(rank))
      .slice(0, howMany);

  if (quads.length > 0) return makeScore(Category.FourOfAKind, [quads[0], ...highestExcept([quads[0]], 1)]);
  if (trips.length > 0) {
    const pairRanks = [...trips.slice(1), ...pairs].sort((x, y) => y - x);
    if (pairRanks.length > 0) return makeScore(Category.FullHouse, [trips[0], pairRanks[0]]);
  }
  const high = straightHigh(present);
  if (high >= 0) return makeScore(Category.Straight, [high]);
  if (trips.length > 0) {
    return makeScore(Category.ThreeOfAKind, [trips[0], ...highestExcept([trips[0]], 2)]);
  }
  if (pairs.length >= 2) {
    const [upper, lower] = pairs;
    return makeScore(Category.TwoPair, [upper, lower, ...highestExcept([upper, lower], 1)]);
  }
  if (pairs.length === 1) return makeScore(Category.Pair, [pairs[0], ...highestExcept([pairs[0]], 3)]);
  return makeScore(Category.HighCard, ranksOf(present).slice(0, 5));
}

/** Calls visit(counts, size, keySum) for every multiset of ranks of the given sizes (≤ 4 of a rank). */
function forEachRankMultiset(
  minSize: number,
  maxSize: number,
  visit: (counts: readonly number[], size: number, keySum: number) => void,
): void {
  const counts = new Array<number>(RANK_COUNT).fill(0);
  const walk = (rank: number, size: number, keySum: number): void => {
    if (rank === RANK_COUNT) {
      if (size >= minSize) visit(counts, size, keySum);
      return;
    }
    for (let count = 0; count <= MAX_OF_A_RANK && size + count <= maxSize; count++) {
      counts[rank] = count;
      walk(rank + 1, size + count, keySum + count * RANK_KEYS[rank]);
    }
    counts[rank] = 0;
  };
  walk(0, 0, 0);
}

function popcount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}

// 1. Every five-card class: 6,175 rank multisets without a flush, 1,287 flush rank sets.
const classScores: number[] = [];
forEachRankMultiset(5, 5, (counts) => classScores.push(rankScore(counts)));
for (let bits = 0; bits < 1 << RANK_COUNT; bits++)
  if (popcount(bits) === 5) classScores.push(flushScore(bits));
classScores.sort((x, y) => x - y);
const valueOfScore = new Map<number, number>();
/** VALUE_SCORE[value] is the score of the class with that value (index 0 unused). */
export const VALUE_SCORE = new Float64Array(classScores.length + 1);
classScores.forEach((score, index) => {
  if (valueOfScore.has(score)) throw new Error(`Duplicate hand class score ${score}`);
  valueOfScore.set(score, index + 1);
  VALUE_SCORE[index + 1] = score;
});

function valueOf(score: number): number {
  const value = valueOfScore.get(score);
  if (value === undefined) throw new Error(`Unknown hand class score ${score}`);
  return value;
}

// 2. Flush table: the value of the best hand in one suit, for every rank set of five to seven cards.
export const FLUSH_VALUE = new Uint16Array(1 << RANK_COUNT);
for (let bits = 0; bits < 1 << RANK_COUNT; bits++) {
  if (popcount(bits) >= 5) FLUSH_VALUE[bits] = valueOf(flushScore(bits));
}

// 3. Rank table: the value of every multiset of 5..7 ranks, by its key sum.
const rankKeys: number[] = [];
const rankValues: number[] = [];
forEachRankMultiset(5, MAX_CARDS, (counts, _size, keySum) => {
  rankKeys.push(keySum);
  rankValues.push(valueOf(rankScore(counts)));
});
// First version: a direct table indexed by the key sum (18.4 M entries); to be replaced by a compact hash.
export const RANK_VALUE = new Uint16Array(Math.max(...rankKeys) + 1);
rankKeys.forEach((key, i) => {
  RANK_VALUE[key] = rankValues[i];
});
