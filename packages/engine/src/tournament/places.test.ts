import { describe, expect, it } from 'vitest';
import { payoutTable } from './payouts.js';
import { finishingPlaces } from './places.js';

// A 9-player Sit & Go with a pool of 90,001: 1st 45,001, 2nd 27,000, 3rd 18,000.
const payouts = payoutTable(9, 90_001);

describe('finishing places of players busted in the same hand', () => {
  it('two players busting in one hand: the one who began it with more chips finishes higher', () => {
    const finishes = finishingPlaces(
      [
        { playerId: 'short', startingStack: 1_200 },
        { playerId: 'bigger', startingStack: 3_400 },
      ],
      4,
      payouts,
    );
    expect(finishes).toEqual([
      { playerId: 'bigger', place: 3, prize: 18_000, tiedWith: 1 },
      { playerId: 'short', place: 4, prize: 0, tiedWith: 1 },
    ]);
  });

  it('three players busting in one hand take three places in order of their stacks', () => {
    const finishes = finishingPlaces(
      [
        { playerId: 'a', startingStack: 500 },
        { playerId: 'b', startingStack: 9_000 },
        { playerId: 'c', startingStack: 2_000 },
      ],
      5,
      payouts,
    );
    expect(finishes.map((f) => [f.playerId, f.place, f.prize])).toEqual([
      ['b', 3, 18_000],
      ['c', 4, 0],
      ['a', 5, 0],
    ]);
  });

  it('equal stacks share the prizes of their places, to the tugrik, the odd one to the first listed', () => {
    // 2nd and 3rd: 27,000 + 18,000 = 45,000, 22,500 each.
    expect(
      finishingPlaces(
        [
          { playerId: 'x', startingStack: 800 },
          { playerId: 'y', startingStack: 800 },
        ],
        3,
        payouts,
      ),
    ).toEqual([
      { playerId: 'x', place: 2, prize: 22_500, tiedWith: 2 },
      { playerId: 'y', place: 3, prize: 22_500, tiedWith: 2 },
    ]);
    // 2nd and 3rd of 251 + 150 = 401 do not divide: 201 to the first listed, 200 to the next.
    const shared = finishingPlaces(
      [
        { playerId: 'late', startingStack: 100 },
        { playerId: 'early', startingStack: 100 },
      ],
      3,
      [
        { place: 1, amount: 600 },
        { place: 2, amount: 251 },
        { place: 3, amount: 150 },
      ],
    );
    expect(shared.map((f) => [f.playerId, f.place, f.prize])).toEqual([
      ['late', 2, 201],
      ['early', 3, 200],
    ]);
  });

  it('a tie straddling the money shares the paid place with the unpaid one', () => {
    const finishes = finishingPlaces(
      [
        { playerId: 'p', startingStack: 700 },
        { playerId: 'q', startingStack: 700 },
        { playerId: 'r', startingStack: 300 },
      ],
      5,
      payouts,
    );
    // Places 3 and 4 pay 18,000 + 0: 9,000 each; the smaller stack is 5th.
    expect(finishes.map((f) => [f.playerId, f.place, f.prize, f.tiedWith])).toEqual([
      ['p', 3, 9_000, 2],
      ['q', 4, 9_000, 2],
      ['r', 5, 0, 1],
    ]);
  });

  it('the prizes handed out equal the prizes of the places taken, whatever the ties', () => {
    const table = payoutTable(100, 1_000_003);
    for (let trial = 0; trial < 200; trial++) {
      const count = 1 + (trial % 6);
      const busted = Array.from({ length: count }, (_, i) => ({
        playerId: `p${i}`,
        startingStack: 100 * (1 + ((trial * 7 + i * 3) % 3)),
      }));
      const left = count + 1 + (trial % 20);
      const finishes = finishingPlaces(busted, left, table);
      const places = finishes.map((f) => f.place).sort((a, b) => a - b);
      expect(places).toEqual(Array.from({ length: count }, (_, i) => left - count + 1 + i));
      const expected = places.reduce((sum, place) => sum + (table[place - 1]?.amount ?? 0), 0);
      expect(finishes.reduce((sum, f) => sum + f.prize, 0)).toBe(expected);
    }
  });

  it('refuses a count of players left that leaves nobody standing', () => {
    expect(() => finishingPlaces([{ playerId: 'a', startingStack: 1 }], 1, payouts)).toThrow();
  });
});
