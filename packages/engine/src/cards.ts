// Cards are small integers inside the engine and strings like "As", "Td", "7c" at every edge.
// card = rank * 4 + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s.

export type Card = number;

export const RANKS = '23456789TJQKA';
export const SUITS = 'cdhs';
export const DECK_SIZE = 52;

export function rankOf(card: Card): number {
  return card >> 2;
}

export function suitOf(card: Card): number {
  return card & 3;
}

export function makeCard(rank: number, suit: number): Card {
  return rank * 4 + suit;
}

export function isCard(value: unknown): value is Card {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < DECK_SIZE;
}

/** Parses one card like "As", "td" or "7C"; throws a RangeError naming the bad text otherwise. */
export function parseCard(text: string): Card {
  if (typeof text !== 'string' || text.length !== 2) throw new RangeError(`Not a card: "${text}"`);
  const rank = RANKS.indexOf(text[0].toUpperCase());
  const suit = SUITS.indexOf(text[1].toLowerCase());
  if (rank < 0 || suit < 0) throw new RangeError(`Not a card: "${text}"`);
  return makeCard(rank, suit);
}

export function formatCard(card: Card): string {
  if (!isCard(card)) throw new RangeError(`Not a card: ${card}`);
  return RANKS[rankOf(card)] + SUITS[suitOf(card)];
}

/** Parses "AsKd", "As Kd" or "As,Kd" into cards; rejects duplicates. */
export function parseCards(text: string): Card[] {
  const compact = text.replace(/[\s,]+/g, '');
  if (compact.length % 2 !== 0) throw new RangeError(`Not a list of cards: "${text}"`);
  const cards: Card[] = [];
  for (let i = 0; i < compact.length; i += 2) cards.push(parseCard(compact.slice(i, i + 2)));
  if (new Set(cards).size !== cards.length) throw new RangeError(`Duplicate card in "${text}"`);
  return cards;
}

export function formatCards(cards: readonly Card[], separator = ''): string {
  return cards.map(formatCard).join(separator);
}

/** The 52 cards in order 2c 2d 2h 2s 3c … As. */
export function orderedDeck(): Card[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => i);
}
