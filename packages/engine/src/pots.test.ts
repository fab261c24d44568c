import { describe, expect, it } from 'vitest';
import { allocateRake, buildPots, rakeFor, splitPot } from './pots.js';

const c = (seat: number, committed: number, folded = false) => ({ seat, committed, folded });

describe('pots', () => {
  it('one pot when everybody put in the same', () => {
    expect(buildPots([c(0, 10), c(1, 10), c(2, 10)])).toEqual([{ amount: 30, eligible: [0, 1, 2] }]);
  });

  it('three all-ins for different amounts make a main pot and two side pots', () => {
    expect(buildPots([c(0, 50), c(1, 150), c(2, 300), c(3, 300)])).toEqual([
      { amount: 200, eligible: [0, 1, 2, 3] },
      { amount: 300, eligible: [1, 2, 3] },
      { amount: 300, eligible: [2, 3] },
    ]);
  });

  it("a folded player's chips stay in the pots but the player is eligible for none", () => {
    expect(buildPots([c(0, 80, true), c(1, 50), c(2, 200), c(3, 200)])).toEqual([
      { amount: 200, eligible: [1, 2, 3] },
      { amount: 330, eligible: [2, 3] },
    ]);
  });

  it('levels with the same eligible seats merge into one pot', () => {
    expect(buildPots([c(0, 5, true), c(1, 20), c(2, 20)])).toEqual([{ amount: 45, eligible: [1, 2] }]);
  });

  it('rake is a percent of the pot rounded down and never above the cap', () => {
    expect(rakeFor(199, { percent: 5, cap: 100 })).toBe(9);
    expect(rakeFor(10_000, { percent: 5, cap: 300 })).toBe(300);
    expect(rakeFor(1000, { percent: 2.5, cap: 1000 })).toBe(25);
    expect(rakeFor(1000, undefined)).toBe(0);
  });

  it('rake is spread over the pots in proportion, leftover chips from the main pot on', () => {
    expect(allocateRake([100, 300], 20)).toEqual([5, 15]);
    expect(allocateRake([100, 100, 100], 10)).toEqual([4, 3, 3]);
    expect(allocateRake([100, 0], 0)).toEqual([0, 0]);
  });

  it('a split pot gives the odd chips to the first winners left of the button', () => {
    expect(splitPot(35, [4, 1])).toEqual([
      { seat: 4, amount: 18 },
      { seat: 1, amount: 17 },
    ]);
    expect(splitPot(11, [2, 5, 7])).toEqual([
      { seat: 2, amount: 4 },
      { seat: 5, amount: 4 },
      { seat: 7, amount: 3 },
    ]);
  });
});
