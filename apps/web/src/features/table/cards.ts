/**
 * Cards at the browser's edge. The table channel sends cards as two-character strings ('As', 'Td', '7c');
 * the engine's integer form (rank * 4 + suit, rank 0..12 = 2..A, suit 0..3 = c d h s) is accepted too
 * so a record from the hand endpoint can be shown whichever form it uses.
 */

export type Suit = 'c' | 'd' | 'h' | 's';
export type Rank = '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K' | 'A';

export interface Card {
  rank: Rank;
  suit: Suit;
  /** 2..14 (ace high). */
  value: number;
  code: string;
}

export const RANKS: readonly Rank[] = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
export const SUITS: readonly Suit[] = ['c', 'd', 'h', 's'];

export const SUIT_SYMBOL: Record<Suit, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };

/** Two-colour deck: red hearts and diamonds. Four-colour deck: blue diamonds, green clubs. */
export function suitColour(suit: Suit, fourColour: boolean): 'red' | 'black' | 'blue' | 'green' {
  if (suit === 'h') return 'red';
  if (suit === 's') return 'black';
  if (!fourColour) return suit === 'd' ? 'red' : 'black';
  return suit === 'd' ? 'blue' : 'green';
}

/** A card from 'As' / 'as' / 'AS' / '10s' or the engine's integer; null for anything else. */
export function parseCard(input: unknown): Card | null {
  if (typeof input === 'number') {
    if (!Number.isInteger(input) || input < 0 || input > 51) return null;
    return makeCard(RANKS[Math.floor(input / 4)], SUITS[input % 4]);
  }
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const match = /^(10|[2-9tjqka])([cdhs])$/i.exec(text);
  if (!match) return null;
  const rank = (match[1] === '10' ? 'T' : match[1].toUpperCase()) as Rank;
  return makeCard(rank, match[2].toLowerCase() as Suit);
}

/** Parses a list; entries that are not cards are dropped. */
export function parseCards(inputs: readonly unknown[] | null | undefined): Card[] {
  if (!inputs) return [];
  const cards: Card[] = [];
  for (const input of inputs) {
    const card = parseCard(input);
    if (card) cards.push(card);
  }
  return cards;
}

/** The card as the rank's face text ('10' for a ten) for display. */
export function rankLabel(rank: Rank): string {
  return rank === 'T' ? '10' : rank;
}

function makeCard(rank: Rank, suit: Suit): Card {
  return { rank, suit, value: RANKS.indexOf(rank) + 2, code: `${rank}${suit}` };
}
