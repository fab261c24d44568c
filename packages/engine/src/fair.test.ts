import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, formatCards, orderedDeck } from './cards.js';
import { cardByPositionChiSquare, chiSquareCritical } from './chiSquare.js';
import { newServerSeed, shuffledDeck } from './fair.js';
import { commitment, deckFromSeed, verifyDeck } from './fair1.js';

const SEED = 'a'.repeat(64);
const ALPHA = 0.01;
/** Generous time for the chi-square tests (hundreds of thousands of shuffles) on a busy machine. */
const HEAVY_TEST_TIMEOUT = 60_000;

describe('shuffledDeck', () => {
  it('deals each of the 52 cards exactly once', () => {
    const deck = shuffledDeck();
    expect([...deck].sort((x, y) => x - y)).toEqual(orderedDeck());
  });

  it(
    'puts every card in every position equally often (chi-square over 200,000 shuffles, α = 0.01)',
    () => {
      // A fair shuffle is rejected at α = 0.01 one run in a hundred. A rejection is therefore confirmed
      // on a second, independent sample before the test fails: a fair shuffle then fails one run in
      // 10,000, while a biased one fails both samples.
      const first = shuffleChiSquare(200_000);
      const result = first.statistic < first.critical ? first : shuffleChiSquare(200_000);
      expect(result.critical).toBeGreaterThan(2700); // sanity: df = 51 × 51 = 2601, the 99th percentile is ≈ 2771
      expect(
        result.statistic,
        `chi-square ${result.statistic.toFixed(1)}, p = ${result.pValue.toFixed(4)}`,
      ).toBeLessThan(result.critical);
    },
    HEAVY_TEST_TIMEOUT * 2,
  );

  it('is not a fixed permutation: two shuffles differ', () => {
    expect(shuffledDeck()).not.toEqual(shuffledDeck());
  });
});

describe('provably fair deal', () => {
  it('makes a new server seed of 64 hex characters each time', () => {
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(seed);
  });

  it('commits to the seed with the SHA-256 of its text', () => {
    expect(commitment(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
    expect(commitment(SEED)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('deals the same deck for the same seeds and hand number, and another for any change', () => {
    const deck = deckFromSeed(SEED, 'player-chosen', 7);
    expect(deckFromSeed(SEED, 'player-chosen', 7)).toEqual(deck);
    expect([...deck].sort((x, y) => x - y)).toEqual(orderedDeck());
    expect(deckFromSeed(SEED, 'player-chosen', 8)).not.toEqual(deck);
    expect(deckFromSeed(SEED, 'player-chosen!', 7)).not.toEqual(deck);
    expect(deckFromSeed('b'.repeat(64), 'player-chosen', 7)).not.toEqual(deck);
  });

  it('follows the documented derivation, which anyone can redo with an HMAC tool', () => {
    const stream: number[] = [];
    for (let counter = 0; counter < 4; counter++) {
      stream.push(...createHmac('sha256', SEED).update(`table-9:42:${counter}`).digest());
    }
    const deck = orderedDeck();
    let next = 0;
    for (let i = 51; i > 0; i--) {
      const n = i + 1;
      let byte = stream[next++];
      while (byte >= 256 - (256 % n)) byte = stream[next++];
      const j = byte % n;
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    expect(formatCards(deckFromSeed(SEED, 'table-9', 42))).toBe(formatCards(deck));
  });

  it('verifies an honest deck and rejects a tampered deck, seed, commitment or hand number', () => {
    const serverSeed = newServerSeed();
    const published = commitment(serverSeed);
    const deck = deckFromSeed(serverSeed, 'client', 3);
    expect(verifyDeck(serverSeed, published, 'client', 3, deck)).toBe(true);
    expect(verifyDeck(serverSeed, published.toUpperCase(), 'client', 3, deck)).toBe(true);

    const swapped = [...deck];
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(verifyDeck(serverSeed, published, 'client', 3, swapped)).toBe(false);
    expect(verifyDeck(serverSeed, published, 'client', 3, deck.slice(0, 51))).toBe(false);
    expect(verifyDeck(newServerSeed(), published, 'client', 3, deck)).toBe(false);
    expect(verifyDeck(serverSeed, commitment(newServerSeed()), 'client', 3, deck)).toBe(false);
    expect(verifyDeck(serverSeed, published, 'other', 3, deck)).toBe(false);
    expect(verifyDeck(serverSeed, published, 'client', 4, deck)).toBe(false);
  });

  it('refuses malformed seeds and hand numbers with a RangeError, and never verifies them', () => {
    expect(() => deckFromSeed('not-hex', 'c', 1)).toThrow(RangeError);
    expect(() => commitment('ABC')).toThrow(RangeError);
    expect(() => deckFromSeed(SEED, 'c', -1)).toThrow(RangeError);
    expect(() => deckFromSeed(SEED, 'c', 1.5)).toThrow(RangeError);
    expect(verifyDeck('not-hex', 'x', 'c', 1, orderedDeck())).toBe(false);
  });

  it(
    'spreads cards evenly over positions across hand numbers (chi-square over 20,000 decks, α = 0.01)',
    () => {
      const decks = 20_000;
      const counts = new Int32Array(DECK_SIZE * DECK_SIZE);
      for (let hand = 0; hand < decks; hand++) {
        const deck = deckFromSeed(SEED, 'chi-square', hand);
        for (let position = 0; position < DECK_SIZE; position++)
          counts[deck[position] * DECK_SIZE + position]++;
      }
      const { statistic, critical } = cardByPositionChiSquare(counts, decks);
      expect(statistic).toBeLessThan(critical);
    },
    HEAVY_TEST_TIMEOUT,
  );
});

describe('chi-square helper', () => {
  it('computes known critical values: df 1 → 6.635, df 10 → 23.209, df 100 → 135.807', () => {
    expect(chiSquareCritical(1, ALPHA)).toBeCloseTo(6.635, 2);
    expect(chiSquareCritical(10, ALPHA)).toBeCloseTo(23.209, 2);
    expect(chiSquareCritical(100, ALPHA)).toBeCloseTo(135.807, 2);
  });

  it(
    'flags a shuffle that leaves the last card in place too often',
    () => {
      const shuffles = 20_000;
      const counts = new Int32Array(DECK_SIZE * DECK_SIZE);
      for (let s = 0; s < shuffles; s++) {
        const deck = shuffledDeck();
        if (s % 10 === 0) {
          const at = deck.indexOf(51);
          [deck[at], deck[51]] = [deck[51], deck[at]];
        }
        for (let position = 0; position < DECK_SIZE; position++)
          counts[deck[position] * DECK_SIZE + position]++;
      }
      const { statistic, critical } = cardByPositionChiSquare(counts, shuffles);
      expect(statistic).toBeGreaterThan(critical);
    },
    HEAVY_TEST_TIMEOUT,
  );
});

function shuffleChiSquare(shuffles: number) {
  const counts = new Int32Array(DECK_SIZE * DECK_SIZE);
  for (let s = 0; s < shuffles; s++) {
    const deck = shuffledDeck();
    for (let position = 0; position < DECK_SIZE; position++) counts[deck[position] * DECK_SIZE + position]++;
  }
  return cardByPositionChiSquare(counts, shuffles);
}
