import { describe, expect, it } from 'vitest';
import { chiSquareSurvival } from '@tenger/engine';
import { DealTally, RNG_MIN_HANDS } from './dealTally.js';

/** mulberry32: a seeded generator, so the test's "fair" decks are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(24);

/** A Fisher–Yates shuffle (of a seeded generator: the test checks the statistics, not the source). */
function fairDeck(): number[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

describe('RNG health: the running chi-square of live deals', () => {
  it('the chi-square survival function matches published table values', () => {
    // Critical values: P(X ≥ x) for k degrees of freedom.
    expect(chiSquareSurvival(3.841, 1)).toBeCloseTo(0.05, 3);
    expect(chiSquareSurvival(18.307, 10)).toBeCloseTo(0.05, 3);
    expect(chiSquareSurvival(29.588, 10)).toBeCloseTo(0.001, 4);
    expect(chiSquareSurvival(124.342, 100)).toBeCloseTo(0.05, 3);
    expect(chiSquareSurvival(0, 5)).toBe(1);
    // Far in the tail of 2601 degrees of freedom.
    expect(chiSquareSurvival(2601, 2601)).toBeGreaterThan(0.4);
    expect(chiSquareSurvival(4000, 2601)).toBeLessThan(1e-10);
  });

  it('fair shuffles pass; a shuffle that always leaves the ace of clubs on top fails at 99.9 %', () => {
    const fair = new DealTally(2_000, 100);
    for (let i = 0; i < 2_000; i++) fair.record(fairDeck());
    const passed = fair.health();
    expect(passed).toMatchObject({ hands: 2_000, degreesOfFreedom: 2_601, enoughHands: true, alert: false });
    expect(passed.pValue).toBeGreaterThan(0.001);

    const biased = new DealTally(2_000, 100);
    for (let i = 0; i < 2_000; i++) {
      const deck = fairDeck();
      if (i % 4 === 0) {
        deck.splice(deck.indexOf(0), 1);
        deck.unshift(0);
      }
      biased.record(deck);
    }
    expect(biased.health()).toMatchObject({ alert: true });
    expect(biased.health().pValue).toBeLessThan(0.001);
  });

  it('the figures change only every 100 hands, and the window slides', () => {
    const tally = new DealTally(300, 100);
    for (let i = 0; i < 99; i++) tally.record(fairDeck());
    expect(tally.health().hands).toBe(0);
    tally.record(fairDeck());
    expect(tally.health()).toMatchObject({ hands: 100, enoughHands: false, alert: false });
    for (let i = 0; i < 500; i++) tally.record(fairDeck());
    expect(tally.health().hands).toBe(300);
    expect(RNG_MIN_HANDS).toBe(260);
  });

  it('a malformed deck is ignored', () => {
    const tally = new DealTally(10, 1);
    tally.record([1, 2, 3]);
    expect(tally.health().hands).toBe(0);
  });
});
