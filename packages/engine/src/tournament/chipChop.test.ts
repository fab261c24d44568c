import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chipChopDeal, dealPrizes } from './chipChop.js';
import { icmDeal } from './icm.js';

function amounts(stacks: number[], prizes: number[]): number[] {
  const result = chipChopDeal(stacks, prizes);
  if (!result.ok) throw new Error(result.error.message);
  return result.amounts;
}

describe('chip-chop deal', () => {
  it('guarantees the lowest remaining prize and shares the rest by chips (hand-worked)', () => {
    // Pool 100, lowest prize 20 each (60): 40 left to share by 5,000/3,000/2,000 → 20 / 12 / 8.
    expect(amounts([5_000, 3_000, 2_000], [50, 30, 20])).toEqual([40, 32, 28]);
    // Heads-up: 300 each, the 400 left by 3:1.
    expect(amounts([3_000, 1_000], [700, 300])).toEqual([600, 400]);
  });

  it('gives the tugrik left by rounding one each to the largest remainders, then the bigger stack', () => {
    // Pool 100, lowest 0 (3 players, 2 prizes): 100 by 1:1:1 = 33.33 each; the odd tugrik to the first.
    expect(amounts([1_000, 1_000, 1_000], [70, 30])).toEqual([34, 33, 33]);
    // Rest 10 by 2:1 → 6.67 / 3.33: the bigger remainder gets the tugrik.
    expect(amounts([2_000, 1_000], [10, 0])).toEqual([7, 3]);
    // Rest 2 by 2:1:1 → 1 / 0.5 / 0.5: equal remainders and stacks, the earlier player.
    expect(amounts([2_000, 1_000, 1_000], [2, 0, 0])).toEqual([1, 1, 0]);
  });

  it('sums to the prizes exactly and never pays below the lowest prize (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 2, maxLength: 9 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 40 }), { minLength: 1, maxLength: 9 }),
        (stacks, raw) => {
          const prizes = [...raw].sort((a, b) => b - a).slice(0, stacks.length);
          const result = amounts(stacks, prizes);
          const pool = prizes.reduce((a, b) => a + b, 0);
          expect(result.reduce((a, b) => a + b, 0)).toBe(pool);
          const lowest = stacks.length > prizes.length ? 0 : prizes[prizes.length - 1];
          for (const [i, a] of result.entries()) {
            expect(Number.isSafeInteger(a)).toBe(true);
            expect(a).toBeGreaterThanOrEqual(lowest);
            // A bigger stack never gets less.
            for (const [j, b] of result.entries())
              if (stacks[i] > stacks[j]) expect(a).toBeGreaterThanOrEqual(b);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses bad input', () => {
    expect(chipChopDeal([], [10]).ok).toBe(false);
    expect(chipChopDeal([1.5, 2], [10]).ok).toBe(false);
    expect(chipChopDeal([1, 2], [10.5]).ok).toBe(false);
    expect(chipChopDeal([0, 0], [10]).ok).toBe(false);
  });
});

describe('the part kept to play for', () => {
  it('keeps nothing at 0 %, and the rounding with the percent otherwise', () => {
    expect(dealPrizes([500, 300, 200], 0)).toEqual({ dealt: [500, 300, 200], kept: 0 });
    expect(dealPrizes([500, 300, 200], 10)).toEqual({ dealt: [450, 270, 180], kept: 100 });
    // 333 × 0.9 = 299.7 → 299, 667 × 0.9 = 600.3 → 600: 101 kept (the rounding's tugrik too).
    expect(dealPrizes([667, 333], 10)).toEqual({ dealt: [600, 299], kept: 101 });
  });

  it('dealt + kept is the pool, and both proposals share exactly the dealt prizes (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 2, maxLength: 9 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 0, max: 100 }),
        (stacks, raw, percent) => {
          const prizes = [...raw].sort((a, b) => b - a).slice(0, stacks.length);
          const { dealt, kept } = dealPrizes(prizes, percent);
          const pool = prizes.reduce((a, b) => a + b, 0);
          const shared = dealt.reduce((a, b) => a + b, 0);
          expect(shared + kept).toBe(pool);
          expect(kept).toBeGreaterThanOrEqual(Math.floor((pool * percent) / 100));
          const icm = icmDeal(stacks, dealt);
          const chop = chipChopDeal(stacks, dealt);
          if (!icm.ok || !chop.ok) throw new Error('refused');
          expect(icm.amounts.reduce((a, b) => a + b, 0)).toBe(shared);
          expect(chop.amounts.reduce((a, b) => a + b, 0)).toBe(shared);
        },
      ),
      { numRuns: 200 },
    );
  });
});
