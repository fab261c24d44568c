import { describe, expect, it } from 'vitest';
import { parseCards } from './cards.js';
import { evaluateHoldem, evaluateOmaha, handCategory, handName } from './evaluator.js';

const holdem = (text: string): number => evaluateHoldem(parseCards(text));

describe('evaluateHoldem', () => {
  it('gives a royal flush the top value 7462 and 7-5-4-3-2 offsuit the bottom value 1', () => {
    expect(holdem('AsKsQsJsTs')).toBe(7462);
    expect(holdem('7c5d4h3s2c')).toBe(1);
  });

  it('names a seven-card full house by its best five cards', () => {
    const value = holdem('KcKdKh7s7c2d3d');
    expect(handCategory(value)).toBe('full-house');
    expect(handName(value)).toBe('Full house, Kings full of Sevens');
  });
});

describe('evaluateOmaha', () => {
  it('uses exactly two hole cards: a board of four aces gives no four of a kind', () => {
    const value = evaluateOmaha(parseCards('KsKh2c3d'), parseCards('AcAdAhAs9c'));
    expect(handCategory(value)).toBe('full-house');
  });
});
