import type { Card, Rank } from './cards';

/**
 * The name of the viewer's current best hand, worked out in the browser (the engine is a server package
 * and names hands only at showdown). Small and plain: it tries every 5-card combination — at most 21 for
 * Hold'em and 60 for Omaha, where exactly two hole cards and three board cards are used.
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

const CATEGORY_ORDER: readonly HandCategory[] = [
  'highCard',
  'pair',
  'twoPair',
  'trips',
  'straight',
  'flush',
  'fullHouse',
  'quads',
  'straightFlush',
  'royalFlush',
];

export interface BestHand {
  category: HandCategory;
  /** The rank the name is about: the pair's, the straight's top card… */
  rank: Rank;
  /** The second rank of two pair and full house. */
  second?: Rank;
  /** Comparable strength: category first, then the ranks that break ties. */
  score: number[];
}

/**
 * The best hand the viewer holds now, or null when there is nothing to name (no cards, or Omaha
 * before the flop). Before the flop in Hold'em the two hole cards are named alone (a pair or a high card).
 */
export function bestHand(hole: readonly Card[], board: readonly Card[], omaha: boolean): BestHand | null {
  if (hole.length === 0) return null;
  if (board.length < 3) {
    if (omaha) return null;
    return evaluate(hole);
  }
  let best: BestHand | null = null;
  const holeSets = omaha ? combinations(hole, 2) : [[...hole]];
  for (const holePart of holeSets) {
    const pool = omaha
      ? combinations(board, 3).map((b) => [...holePart, ...b])
      : combinations([...holePart, ...board], 5);
    for (const five of pool) {
      const hand = evaluate(five);
      if (!best || compareScores(hand.score, best.score) > 0) best = hand;
    }
  }
  return best;
}

export function compareScores(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Evaluates up to five cards (fewer before the flop: only pairs and high cards are possible). */
function evaluate(cards: readonly Card[]): BestHand {
  const counts = new Map<number, number>();
  for (const card of cards) counts.set(card.value, (counts.get(card.value) ?? 0) + 1);
  // Groups ordered by size, then by rank: [[value, count], …]
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const values = groups.map(([value]) => value);
  const five = cards.length === 5;
  const flush = five && cards.every((card) => card.suit === cards[0].suit);
  const straightTop = five && groups.length === 5 ? straightHigh(values) : 0;

  let category: HandCategory;
  let rankValues = values;
  if (straightTop && flush) category = straightTop === 14 ? 'royalFlush' : 'straightFlush';
  else if (groups[0][1] === 4) category = 'quads';
  else if (groups[0][1] === 3 && groups[1]?.[1] === 2) category = 'fullHouse';
  else if (flush) category = 'flush';
  else if (straightTop) category = 'straight';
  else if (groups[0][1] === 3) category = 'trips';
  else if (groups[0][1] === 2 && groups[1]?.[1] === 2) category = 'twoPair';
  else if (groups[0][1] === 2) category = 'pair';
  else category = 'highCard';
  if (straightTop) rankValues = [straightTop];

  return {
    category,
    rank: rankOf(rankValues[0]),
    second: category === 'twoPair' || category === 'fullHouse' ? rankOf(rankValues[1]) : undefined,
    score: [CATEGORY_ORDER.indexOf(category), ...rankValues],
  };
}

/** The top card of a straight in five distinct values (sorted high to low), with A-2-3-4-5 as 5 high; else 0. */
function straightHigh(valuesHighToLow: readonly number[]): number {
  const sorted = [...valuesHighToLow].sort((a, b) => b - a);
  if (sorted[0] - sorted[4] === 4) return sorted[0];
  if (sorted[0] === 14 && sorted[1] === 5 && sorted[4] === 2) return 5;
  return 0;
}

function rankOf(value: number): Rank {
  return (['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const)[value - 2];
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  const pick = (start: number, chosen: T[]) => {
    if (chosen.length === size) {
      result.push([...chosen]);
      return;
    }
    for (let i = start; i <= items.length - (size - chosen.length); i += 1) {
      chosen.push(items[i]);
      pick(i + 1, chosen);
      chosen.pop();
    }
  };
  pick(0, []);
  return result;
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
