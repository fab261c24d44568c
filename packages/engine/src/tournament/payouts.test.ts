import { describe, expect, it } from 'vitest';
import { payoutShares, payoutTable, placesPaid, prizeFor } from './payouts.js';

const amounts = (entrants: number, pool: number) => payoutTable(entrants, pool).map((p) => p.amount);

describe('places paid', () => {
  it('2–5 entrants pay one place, 6–7 pay two, 8–9 pay three, then about 15 % of the field', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 9].map(placesPaid)).toEqual([1, 1, 1, 1, 2, 2, 3, 3]);
    expect([10, 20, 23, 27, 60, 100, 180, 1_000, 10_000].map(placesPaid)).toEqual([
      3, 3, 3, 4, 9, 15, 27, 150, 1_500,
    ]);
  });

  it('refuses a field of fewer than two', () => {
    expect(() => placesPaid(1)).toThrow();
    expect(() => placesPaid(2.5)).toThrow();
  });
});

describe('payout tables', () => {
  it('a Sit & Go of 6 pays 65/35 and of 9 pays 50/30/20, to the tugrik', () => {
    expect(amounts(6, 60_000)).toEqual([39_000, 21_000]);
    expect(amounts(9, 90_000)).toEqual([45_000, 27_000, 18_000]);
    expect(amounts(4, 12_345)).toEqual([12_345]);
  });

  it('rounding leftovers go to the winner', () => {
    // 65 % of 1,001 is 650.65 and 35 % is 350.35: 650 + 350, and the tugrik left over to 1st.
    expect(amounts(6, 1_001)).toEqual([651, 350]);
    expect(amounts(9, 1_001)).toEqual([501, 300, 200]);
  });

  it('a 10-entrant field pays about 50/28/21 and larger fields fall smoothly with a min-cash above the buy-in', () => {
    expect(amounts(10, 100_000)).toEqual([50_304, 28_484, 21_212]);
    for (const entrants of [100, 1_000, 10_000]) {
      const buyIn = 10_000;
      const table = amounts(entrants, entrants * buyIn);
      expect(table.at(-1)!).toBeGreaterThan(buyIn * 1.5);
      expect(table[0]).toBeGreaterThan(table[1]);
    }
  });

  it(
    'payouts sum to the pool exactly and never rise, for every field from 2 to 10,000 and several pools',
    { timeout: 60_000 },
    () => {
      const pools = [0, 1, 7, 999, 100_000, 1_234_567, 10_000_000_000, Number.MAX_SAFE_INTEGER];
      for (let entrants = 2; entrants <= 10_000; entrants++) {
        const shares = payoutShares(entrants);
        for (let i = 1; i < shares.length; i++)
          if (shares[i] > shares[i - 1]) throw new Error(`${entrants}: share ${i + 1} rises`);
        for (const pool of entrants % 97 === 0 || entrants < 50 ? pools : [1_234_567]) {
          const table = payoutTable(entrants, pool);
          expect(table.length).toBe(placesPaid(entrants));
          let sum = 0;
          for (let i = 0; i < table.length; i++) {
            const { place, amount } = table[i];
            if (place !== i + 1 || !Number.isSafeInteger(amount) || amount < 0)
              throw new Error(`${entrants}/${pool}: place ${place}`);
            if (i > 0 && amount > table[i - 1].amount)
              throw new Error(`${entrants}/${pool}: place ${place} rises`);
            sum += amount;
          }
          if (sum !== pool) throw new Error(`${entrants}/${pool}: paid ${sum}`);
        }
      }
    },
  );

  it('a place outside the money wins nothing', () => {
    const table = payoutTable(9, 9_000);
    expect([1, 3, 4].map((place) => prizeFor(table, place))).toEqual([4_500, 1_800, 0]);
  });

  it('refuses a pool that is not a whole number of tugrik', () => {
    expect(() => payoutTable(9, 10.5)).toThrow();
    expect(() => payoutTable(9, -1)).toThrow();
  });
});
