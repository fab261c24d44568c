import {
  evaluateHoldem,
  evaluateOmaha,
  handCategory,
  handRanks,
  parseCard as engineCard,
  type HandCategory as EngineCategory,
} from '@tenger/engine/browser';
import { RANKS, type Card, type Rank } from './cards';

/**
 * The name of the viewer's current best hand, by the engine's own evaluator (`@tenger/engine/browser`):
 * the same value the server settles with, named in the interface language. Before the flop in Hold'em
 * the hole cards alone are named (a pair or a high card), which the five-card evaluator does not do.
 */

export type HandCategory =
  | 'highCard'
  | 'pair'
  | 'twoPair'
  | 'trips'
  | 'straight'
  | 'flush'
  | 'fullHouse'
  | 'quads'
  | 'straightFlush'
  | 'royalFlush';

export interface BestHand {
  category: HandCategory;
  /** The rank the name is about: the pair's, the straight's top card… */
  rank: Rank;
  /** The second rank of two pair and full house. */
  second?: Rank;
}

/** The engine's category names, as the locale keys spell them. */
const CATEGORY_KEY: Record<EngineCategory, HandCategory> = {
  'high-card': 'highCard',
  pair: 'pair',
  'two-pair': 'twoPair',
  'three-of-a-kind': 'trips',
  straight: 'straight',
  flush: 'flush',
  'full-house': 'fullHouse',
  'four-of-a-kind': 'quads',
  'straight-flush': 'straightFlush',
};

/** Omaha uses exactly two of four hole cards. */
const OMAHA_HOLE_CARDS = 4;

/**
 * The best hand the viewer holds now, or null when there is nothing to name (no cards, Omaha before the
 * flop, or too few cards shown to make five).
 */
export function bestHand(hole: readonly Card[], board: readonly Card[], omaha: boolean): BestHand | null {
  if (hole.length === 0) return null;
  if (board.length < 3) return omaha ? null : holeCardsOnly(hole);
  if (omaha ? hole.length !== OMAHA_HOLE_CARDS : hole.length + board.length < 5) return null;
  const holeCards = hole.map((card) => engineCard(card.code));
  const boardCards = board.map((card) => engineCard(card.code));
  const value = omaha ? evaluateOmaha(holeCards, boardCards) : evaluateHoldem([...holeCards, ...boardCards]);
  const [first, second] = handRanks(value).map((rank) => RANKS[rank]);
  const category = CATEGORY_KEY[handCategory(value)];
  return {
    category: category === 'straightFlush' && first === 'A' ? 'royalFlush' : category,
    rank: first,
    second: category === 'twoPair' || category === 'fullHouse' ? second : undefined,
  };
}

/** One or two hole cards before the flop: a pocket pair or the high card. */
function holeCardsOnly(hole: readonly Card[]): BestHand {
  const [high, low] = [...hole].sort((a, b) => b.value - a.value);
  return low && low.value === high.value
    ? { category: 'pair', rank: high.rank }
    : { category: 'highCard', rank: high.rank };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The hand's name in the interface language: "Pair of Kings", "Flush, Ace high", "Хос ноён"… */
export function describeHand(t: Translate, hand: BestHand): string {
  return t(`table.handNames.${hand.category}`, {
    rank: t(`table.rankNames.${hand.rank}`),
    rankOne: t(`table.ranks.${hand.rank}`),
    second: hand.second ? t(`table.rankNames.${hand.second}`) : '',
  });
}
