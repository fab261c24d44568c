// Lookup tables for the evaluator, built once when the module loads (about 100–180 ms of CPU).
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

/** Appends the highest `count` ranks of a rank bit set to a score as base-13 digits. */
function appendHighest(score: number, bits: number, count: number): number {
  let result = score;
  for (let rank = 12, left = count; rank >= 0 && left > 0; rank--) {
    if (bits & (1 << rank)) {
      result = result * DIGIT_BASE + rank;
      left--;
    }
  }
  return result;
}

/** Fills a score with `digits` rank digits up to five digits (zeros), making it comparable. */
function padScore(score: number, digits: number): number {
  return score * DIGIT_BASE ** (5 - digits);
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

/** Best score among cards of one suit, given as a rank bit set with at least five bits. */
function flushScore(bits: number): number {
  const high = straightHigh(bits);
  if (high >= 0) return padScore(Category.StraightFlush * DIGIT_BASE + high, 1);
  return padScore(appendHighest(Category.Flush, bits, 5), 5);
}

/** Best score of five or more cards that make no flush, given how many cards of each rank there are. */
function rankScore(counts: readonly number[]): number {
  let quads = -1;
  let trips = -1;
  let secondTrips = -1;
  let pair = -1;
  let secondPair = -1;
  let present = 0;
  for (let rank = 12; rank >= 0; rank--) {
    const count = counts[rank];
    if (count > 0) present |= 1 << rank;
    if (count === 4) {
      if (quads < 0) quads = rank;
    } else if (count === 3) {
      if (trips < 0) trips = rank;
      else if (secondTrips < 0) secondTrips = rank;
    } else if (count === 2) {
      if (pair < 0) pair = rank;
      else if (secondPair < 0) secondPair = rank;
    }
  }
  if (quads >= 0) {
    return padScore(appendHighest(Category.FourOfAKind * DIGIT_BASE + quads, present & ~(1 << quads), 1), 2);
  }
  if (trips >= 0 && (secondTrips >= 0 || pair >= 0)) {
    return padScore((Category.FullHouse * DIGIT_BASE + trips) * DIGIT_BASE + Math.max(secondTrips, pair), 2);
  }
  const high = straightHigh(present);
  if (high >= 0) return padScore(Category.Straight * DIGIT_BASE + high, 1);
  if (trips >= 0) {
    return padScore(appendHighest(Category.ThreeOfAKind * DIGIT_BASE + trips, present & ~(1 << trips), 2), 3);
  }
  if (secondPair >= 0) {
    const kickers = present & ~(1 << pair) & ~(1 << secondPair);
    return padScore(
      appendHighest((Category.TwoPair * DIGIT_BASE + pair) * DIGIT_BASE + secondPair, kickers, 1),
      3,
    );
  }
  if (pair >= 0)
    return padScore(appendHighest(Category.Pair * DIGIT_BASE + pair, present & ~(1 << pair), 3), 4);
  return padScore(appendHighest(Category.HighCard, present, 5), 5);
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

// 3. Rank table: the value of every multiset of 5..7 ranks, behind a displacement perfect hash.
const rankKeys: number[] = [];
const rankValues: number[] = [];
forEachRankMultiset(5, MAX_CARDS, (counts, _size, keySum) => {
  rankKeys.push(keySum);
  rankValues.push(valueOf(rankScore(counts)));
});

/** Bits of a rank-key sum that pick the column within a row of the displacement hash. */
export const RANK_HASH_BITS = 11;
export const RANK_HASH_MASK = (1 << RANK_HASH_BITS) - 1;
const rankHash = buildDisplacementHash(rankKeys, RANK_HASH_BITS);
/** Slot of a key sum: (key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS]. */
export const RANK_HASH_OFFSET = rankHash.offsets;
export const RANK_VALUE = new Uint16Array(rankHash.tableSize);
rankKeys.forEach((key, i) => {
  const slot = (key & RANK_HASH_MASK) + RANK_HASH_OFFSET[key >>> RANK_HASH_BITS];
  if (RANK_VALUE[slot] !== 0) throw new Error('Rank hash collision');
  RANK_VALUE[slot] = rankValues[i];
});

/**
 * A row-displacement perfect hash for distinct non-negative keys: slot = (key & mask) + offsets[key >>> bits].
 * Keys are cut into rows of 2^bits columns; rows are placed fullest first, each at the lowest offset
 * (not below the previous row's) where all its columns land on free slots. Giving up the gaps behind
 * the previous row keeps the build to a few hundred thousand probes (tens of milliseconds) at the
 * price of a table about four times the key count (≈ 590 KB of Uint16, inside a core's L2 cache).
 */
function buildDisplacementHash(
  keys: readonly number[],
  bits: number,
): { offsets: Int32Array; tableSize: number } {
  const mask = (1 << bits) - 1;
  let maxKey = 0;
  for (const key of keys) maxKey = Math.max(maxKey, key);
  const rowCount = (maxKey >>> bits) + 1;
  const rows: number[][] = Array.from({ length: rowCount }, () => []);
  for (const key of keys) rows[key >>> bits].push(key & mask);
  const order = rows
    .map((_, row) => row)
    .filter((row) => rows[row].length > 0)
    .sort((x, y) => rows[y].length - rows[x].length || x - y);

  const occupied = new Uint8Array(keys.length * 8 + (1 << bits));
  const offsets = new Int32Array(rowCount);
  let offset = 0;
  for (const row of order) {
    const columns = rows[row];
    while (!fitsAt(columns, offset, occupied)) offset++;
    if (offset + mask >= occupied.length) throw new Error('Perfect hash build ran out of room');
    for (const column of columns) occupied[column + offset] = 1;
    offsets[row] = offset;
  }
  return { offsets, tableSize: offset + mask + 1 };
}

function fitsAt(columns: readonly number[], offset: number, occupied: Uint8Array): boolean {
  for (let i = 0; i < columns.length; i++) if (occupied[columns[i] + offset] === 1) return false;
  return true;
}
