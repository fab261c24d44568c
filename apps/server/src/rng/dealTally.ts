// RNG health (issue 24 part 6): a running chi-square test of the live deals, card × deck position, over
// the last N hands of this process. The tally is published only every PUBLISH_EVERY_HANDS hands, so two
// readings never differ by one hand's deck (no hidden card can be recovered by reading it twice).
import { cardByPositionChiSquare, CARD_BY_POSITION_DEGREES_OF_FREEDOM } from '@tenger/engine';
import type { RngHealth } from '@tenger/protocol';

const DECK = 52;
/** How many of the latest hands the test covers. */
export const RNG_WINDOW_HANDS = 10_000;
/** The published figures change once per this many hands. */
export const PUBLISH_EVERY_HANDS = 100;
/** The test fails (alert) when the deals are this unlikely under a uniform shuffle: 99.9 %. */
export const RNG_ALERT_P = 0.001;
/** Below this many hands some cells expect fewer than 5 deals: the test is not yet meaningful. */
export const RNG_MIN_HANDS = 5 * DECK;

/** The deals of one process: which card lay at which deck position, over a sliding window of hands. */
export class DealTally {
  private readonly decks: Uint8Array;
  private readonly counts = new Uint32Array(DECK * DECK);
  private hands = 0;
  private next = 0;
  private sinceSnapshot = 0;
  private snapshot: RngHealth;

  constructor(
    private readonly windowHands = RNG_WINDOW_HANDS,
    private readonly publishEvery = PUBLISH_EVERY_HANDS,
  ) {
    this.decks = new Uint8Array(windowHands * DECK);
    this.snapshot = healthOf(this.counts, 0, windowHands);
  }

  /** One dealt deck (52 distinct cards 0..51 in dealing order); anything else is ignored. */
  record(deck: readonly number[]): void {
    if (deck.length !== DECK) return;
    const slot = this.next * DECK;
    if (this.hands === this.windowHands) {
      for (let position = 0; position < DECK; position++) {
        this.counts[this.decks[slot + position] * DECK + position]--;
      }
    } else this.hands++;
    for (let position = 0; position < DECK; position++) {
      this.decks[slot + position] = deck[position];
      this.counts[deck[position] * DECK + position]++;
    }
    this.next = (this.next + 1) % this.windowHands;
    if (++this.sinceSnapshot >= this.publishEvery) {
      this.sinceSnapshot = 0;
      this.snapshot = healthOf(this.counts, this.hands, this.windowHands);
    }
  }

  /** The figures as last published. */
  health(): RngHealth {
    return this.snapshot;
  }
}

/**
 * The tally of this process's live tables. One per process, like a metrics registry: every table's
 * deal feeds it (tables/runtime/fairness.ts) and the admin Data page reads it.
 */
export const liveDeals = new DealTally();

/** Pearson's chi-square of the card × position table against the uniform shuffle (the engine's), and its p-value. */
export function healthOf(counts: Uint32Array, hands: number, windowHands: number): RngHealth {
  const degreesOfFreedom = CARD_BY_POSITION_DEGREES_OF_FREEDOM;
  if (hands === 0) {
    return {
      hands,
      windowHands,
      chiSquare: 0,
      degreesOfFreedom,
      pValue: 1,
      enoughHands: false,
      alert: false,
    };
  }
  const { statistic, pValue } = cardByPositionChiSquare(counts, hands, RNG_ALERT_P);
  const enoughHands = hands >= RNG_MIN_HANDS;
  return {
    hands,
    windowHands,
    chiSquare: Math.round(statistic * 100) / 100,
    degreesOfFreedom,
    pValue,
    enoughHands,
    alert: enoughHands && pValue < RNG_ALERT_P,
  };
}
