import { describe, expect, it } from 'vitest';
import { nextBlinds } from './blinds.js';
import type { TournamentTable } from './balancing.js';
import { lateEntrySeat, lateEntrySeats } from './lateEntry.js';

const STAKES = { smallBlind: 1, bigBlind: 2, ante: 0, anteKind: 'big-blind' as const };

function table(
  tableId: string,
  seats: number[],
  bigBlindSeat: number | null,
  seatCount = 9,
): TournamentTable {
  return {
    tableId,
    seatCount,
    players: seats.map((seat) => ({ playerId: `${tableId}${seat}`, seat })),
    bigBlindSeat,
  };
}

/** A tiny repeatable generator for the brute-force walk (test data, not cards). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('a late entrant’s seat (TDA rule 9)', () => {
  it('is never the seat that would hold the button or post the small blind next hand', () => {
    // Seats 0, 2, 4, 6 taken; last big blind 4: next hand BB 6, SB 4, button 2. Seat 3 would be the button.
    const t = table('a', [0, 2, 4, 6], 4);
    const allowed = lateEntrySeats(t);
    expect(allowed).not.toContain(3);
    expect(allowed).toContain(5); // between last BB and next BB: posts the big blind at once
    expect(allowed).toEqual([1, 5, 7, 8]);
  });

  it('may be any empty seat before the table’s first hand (its button is not drawn yet)', () => {
    expect(lateEntrySeats(table('a', [0, 4], null))).toEqual([1, 2, 3, 5, 6, 7, 8]);
  });

  it('goes to the table with the fewest players', () => {
    const seat = lateEntrySeat(
      [table('a', [0, 1, 2, 3, 4], 2), table('b', [0, 1, 2], 1), table('c', [0, 1, 2, 3], 0)],
      () => 0,
    );
    expect(seat!.tableId).toBe('b');
  });

  it('is null when no table has an allowed seat', () => {
    expect(lateEntrySeat([table('a', [0, 1], 0, 2)], () => 0)).toBeNull();
  });

  it('in a brute-force walk posts a big blind before holding the button or posting a small blind', () => {
    const random = lcg(21);
    let checked = 0;
    for (let round = 0; round < 3_000; round++) {
      const seatCount = 2 + Math.floor(random() * 8);
      const seats = [...Array(seatCount).keys()].filter(() => random() < 0.6);
      if (seats.length < 2 || seats.length === seatCount) continue;
      const lastBigBlind = seats[Math.floor(random() * seats.length)]!;
      const t = table('t', seats, lastBigBlind, seatCount);
      const pick = lateEntrySeat([t], (count) => Math.floor(random() * count));
      if (!pick) continue;
      // Deal on with the newcomer: their first post (by the table's blind rule) is the big blind.
      const occupied = [...seats, pick.seat];
      let before = lastBigBlind;
      for (let hand = 0; hand < seatCount + 1; hand++) {
        const plan = nextBlinds({ previousBigBlind: before }, occupied, STAKES);
        if (plan.bigBlindSeat === pick.seat) break;
        expect(
          [plan.smallBlindSeat, plan.button],
          `seats ${seats} last BB ${lastBigBlind} hand ${hand}`,
        ).not.toContain(pick.seat);
        before = plan.bigBlindSeat;
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(1_000);
  });
});
