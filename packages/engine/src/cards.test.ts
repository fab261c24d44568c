import { describe, expect, it } from 'vitest';
import { formatCard, formatCards, orderedDeck, parseCard, parseCards, rankOf, suitOf } from './cards.js';

describe('cards', () => {
  it('round-trips every card of the deck through its string', () => {
    for (const card of orderedDeck()) expect(parseCard(formatCard(card))).toBe(card);
  });

  it('reads rank and suit: As is the highest card, 2c the lowest', () => {
    expect(parseCard('As')).toBe(51);
    expect(parseCard('2c')).toBe(0);
    expect(rankOf(parseCard('Td'))).toBe(8);
    expect(suitOf(parseCard('Td'))).toBe(1);
  });

  it('accepts either case and rejects anything that is not a card', () => {
    expect(parseCard('aS')).toBe(parseCard('As'));
    for (const bad of ['', 'A', 'Ax', '1s', 'Ass', '10s']) expect(() => parseCard(bad)).toThrow(RangeError);
  });

  it('parses lists with or without separators and refuses a duplicate', () => {
    expect(formatCards(parseCards('As Kd,7c'))).toBe('AsKd7c');
    expect(() => parseCards('AsAs')).toThrow(/Duplicate/);
  });
});
