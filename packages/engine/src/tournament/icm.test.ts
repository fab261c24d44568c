import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { icmDeal, icmEquities } from './icm.js';

function equities(stacks: number[], prizes: number[]): number[] {
  const result = icmEquities(stacks, prizes);
  if (!result.ok) throw new Error(result.error.message);
  return result.equities;
}

describe('ICM (Malmuth–Harville)', () => {
  it('matches a hand-worked example: stacks 5,000/3,000/2,000 for prizes 50/30/20', () => {
    // A wins with 5/10. A is 2nd when B wins (3/10 × 5/7) or C wins (2/10 × 5/8): 0.2142857 + 0.125.
    // EV(A) = 50 × 0.5 + 30 × 0.3392857 + 20 × 0.1607143 = 38.392857
    // EV(B) = 50 × 0.3 + 30 × (0.5 × 3/5 + 0.2 × 3/8 = 0.375) + 20 × 0.325 = 32.75
    // EV(C) = 50 × 0.2 + 30 × (0.5 × 2/5 + 0.3 × 2/7 = 0.2857143) + 20 × 0.5142857 = 28.857143
    const result = icmEquities([5_000, 3_000, 2_000], [50, 30, 20]);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.equities[0]).toBeCloseTo(38.392857, 5);
    expect(result.equities[1]).toBeCloseTo(32.75, 5);
    expect(result.equities[2]).toBeCloseTo(28.857143, 5);
    expect(result.placeChances[0][1]).toBeCloseTo(0.3392857, 6);
  });

  it('equal stacks get equal equity, and heads-up equity is the chip share of the difference', () => {
    expect(equities([1_000, 1_000, 1_000, 1_000], [60, 40])).toEqual(
      [25, 25, 25, 25].map((v) => expect.closeTo(v, 9)),
    );
    const [a, b] = equities([3_000, 1_000], [700, 300]);
    expect(a).toBeCloseTo(300 + 400 * 0.75, 9);
    expect(b).toBeCloseTo(300 + 400 * 0.25, 9);
  });

  it('a player with no chips gets the prize of the last place only', () => {
    const result = equities([0, 5_000, 5_000], [50, 30, 20]);
    expect(result[0]).toBeCloseTo(20, 9);
    expect(result[1]).toBeCloseTo(40, 9);
  });

  it('refuses more than 10 players, and bad input, with a code', () => {
    expect(icmEquities(new Array(11).fill(100), [50, 30, 20])).toMatchObject({
      ok: false,
      error: { code: 'too-many-players' },
    });
    expect(icmEquities([100, -1], [1])).toMatchObject({ ok: false, error: { code: 'bad-input' } });
    expect(icmEquities([100, 1.5], [1])).toMatchObject({ ok: false, error: { code: 'bad-input' } });
  });

  it('property: equities sum to the prizes, each place is taken with chance 1, more chips never mean less equity, and relabelling players changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 2, maxLength: 10 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        (stacks, raw) => {
          const prizes = [...raw].sort((a, b) => b - a);
          const result = icmEquities(stacks, prizes);
          if (!result.ok) throw new Error(result.error.message);
          const paid = prizes.slice(0, stacks.length).reduce((a, b) => a + b, 0);
          expect(result.equities.reduce((a, b) => a + b, 0)).toBeCloseTo(paid, 4);
          for (let k = 0; k < stacks.length; k++) {
            expect(result.placeChances.reduce((sum, row) => sum + row[k], 0)).toBeCloseTo(1, 9);
          }
          for (let i = 0; i < stacks.length; i++)
            for (let j = 0; j < stacks.length; j++)
              if (stacks[i] > stacks[j])
                expect(result.equities[i]).toBeGreaterThanOrEqual(result.equities[j] - 1e-6);
          const reversed = equities([...stacks].reverse(), prizes).reverse();
          reversed.forEach((e, i) => expect(e).toBeCloseTo(result.equities[i], 6));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('an ICM deal', () => {
  it('shares the prizes still to win in whole tugrik summing exactly to them', () => {
    const deal = icmDeal([5_000, 3_000, 2_000], [50_000, 30_000, 20_000]);
    expect(deal).toEqual({ ok: true, amounts: [38_393, 32_750, 28_857] });
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: 100_000 }), { minLength: 2, maxLength: 9 })
          .filter((s) => s.some((x) => x > 0)),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 9 }),
        (stacks, raw) => {
          const prizes = [...raw].sort((a, b) => b - a);
          const result = icmDeal(stacks, prizes);
          if (!result.ok) throw new Error(result.error.message);
          expect(result.amounts.every((a) => Number.isSafeInteger(a) && a >= 0)).toBe(true);
          expect(result.amounts.reduce((a, b) => a + b, 0)).toBe(
            prizes.slice(0, stacks.length).reduce((a, b) => a + b, 0),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
