import { describe, expect, it } from 'vitest';
import { satellitePayouts, ticketPrize } from './satellite.js';

describe('satellitePayouts', () => {
  it('buys floor(pool / ticket) tickets and pays the leftover in cash to the next place', () => {
    // 10 entrants × 1,000 = 10,000; a ticket to a 3,000 + 300 target is worth 3,300: 3 tickets, 100 left.
    const s = satellitePayouts(10, 10_000, 3_300);
    expect(s.tickets).toBe(3);
    expect(s.leftover).toBe(100);
    expect(s.payouts).toEqual([
      { place: 1, amount: 3_300 },
      { place: 2, amount: 3_300 },
      { place: 3, amount: 3_300 },
      { place: 4, amount: 100 },
    ]);
  });

  it('pays no cash place when the pool divides exactly', () => {
    expect(satellitePayouts(6, 6_000, 2_000).payouts).toEqual([
      { place: 1, amount: 2_000 },
      { place: 2, amount: 2_000 },
      { place: 3, amount: 2_000 },
    ]);
  });

  it('gives the winner the whole pool in cash when it buys no ticket', () => {
    expect(satellitePayouts(3, 500, 1_000)).toEqual({
      tickets: 0,
      leftover: 500,
      payouts: [{ place: 1, amount: 500 }],
    });
  });

  it('never gives more tickets than entrants (a guarantee): the winner adds the leftover', () => {
    const s = satellitePayouts(2, 5_000, 2_000);
    expect(s.tickets).toBe(2);
    expect(s.payouts).toEqual([
      { place: 1, amount: 3_000 },
      { place: 2, amount: 2_000 },
    ]);
  });

  it('sums to the pool and never rises from place to place', () => {
    for (let entrants = 1; entrants <= 40; entrants++)
      for (const pool of [0, 1, 999, 1_000, 12_345, 100_000])
        for (const value of [1, 7, 1_000, 3_300, 50_000]) {
          const { payouts } = satellitePayouts(entrants, pool, value);
          expect(payouts.reduce((sum, p) => sum + p.amount, 0)).toBe(pool);
          for (let i = 1; i < payouts.length; i++)
            expect(payouts[i]!.amount).toBeLessThanOrEqual(payouts[i - 1]!.amount);
        }
  });

  it('refuses bad input', () => {
    expect(() => satellitePayouts(0, 100, 10)).toThrow(RangeError);
    expect(() => satellitePayouts(3, -1, 10)).toThrow(RangeError);
    expect(() => satellitePayouts(3, 100, 0)).toThrow(RangeError);
  });
});

describe('ticketPrize', () => {
  it('is a ticket (and cash above its value) from the ticket value up, else cash', () => {
    expect(ticketPrize(3_300, 3_300)).toEqual({ ticket: true, cash: 0 });
    expect(ticketPrize(3_400, 3_300)).toEqual({ ticket: true, cash: 100 });
    expect(ticketPrize(1_700, 3_300)).toEqual({ ticket: false, cash: 1_700 });
    expect(ticketPrize(0, 3_300)).toEqual({ ticket: false, cash: 0 });
  });
});
