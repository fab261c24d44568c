import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceTables,
  dueForBigBlind,
  isFinalTable,
  isHandForHand,
  worstPosition,
  type BalancePlan,
  type TournamentTable,
} from './balancing.js';

const table = (
  tableId: string,
  seats: number[],
  bigBlindSeat: number | null = null,
  seatCount = 9,
): TournamentTable => ({
  tableId,
  seatCount,
  players: seats.map((seat) => ({ playerId: `${tableId}-${seat}`, seat })),
  bigBlindSeat,
});

/** Carries out a plan, checking every move leaves from an occupied seat and lands on an empty one. */
function apply(tables: readonly TournamentTable[], plan: BalancePlan): TournamentTable[] {
  const after = tables.map((t) => ({ ...t, players: t.players.map((p) => ({ ...p })) }));
  const byId = new Map(after.map((t) => [t.tableId, t]));
  for (const move of plan.moves) {
    const from = byId.get(move.fromTableId)!;
    const to = byId.get(move.toTableId)!;
    const player = from.players.find((p) => p.playerId === move.playerId && p.seat === move.fromSeat);
    if (!player) throw new Error(`${move.playerId} is not at ${move.fromTableId} seat ${move.fromSeat}`);
    if (to.players.some((p) => p.seat === move.toSeat))
      throw new Error(`${move.toTableId} seat ${move.toSeat} is taken`);
    if (move.toSeat < 0 || move.toSeat >= to.seatCount) throw new Error(`no seat ${move.toSeat}`);
    from.players = from.players.filter((p) => p !== player);
    to.players.push({ playerId: player.playerId, seat: move.toSeat });
  }
  return after.filter((t) => !plan.brokenTables.includes(t.tableId));
}

const sizes = (tables: TournamentTable[]) => tables.map((t) => t.players.length);

describe('balancing tables', () => {
  it('the player due to be big blind next moves to the worst position of the shortest table', () => {
    const tables = [
      table('A', [0, 1, 2, 3, 4, 5, 6, 7, 8], 3),
      table('B', [0, 2, 5, 7, 8], 5),
      table('C', [0, 1, 2, 3, 4, 5, 6, 7], 1),
    ];
    const plan = balanceTables(tables);
    // A: after big blind seat 3 comes seat 4. B: the first empty seat after its big blind (5) is 6.
    expect(plan.moves[0]).toEqual({
      playerId: 'A-4',
      fromTableId: 'A',
      fromSeat: 4,
      toTableId: 'B',
      toSeat: 6,
      reason: 'balance',
    });
    expect(plan.moves).toHaveLength(2);
    // Then A and C both hold 8; A, listed first, gives its next big blind (seat 5) to B's next worst seat.
    expect(plan.moves[1]).toMatchObject({ playerId: 'A-5', toTableId: 'B', toSeat: 1 });
    expect(sizes(apply(tables, plan))).toEqual([7, 7, 8]);
  });

  it('tables within one player of each other are left alone', () => {
    expect(balanceTables([table('A', [0, 1, 2, 3, 4, 5], 2), table('B', [1, 2, 3, 4, 5], 4)]).moves).toEqual(
      [],
    );
  });

  it('a table breaks in the pre-set order once the others have room, its players drawn into the shortest tables', () => {
    const tables = [
      table('A', [0, 1, 2, 3, 4, 5, 6], 0),
      table('B', [0, 1, 2, 3, 4, 5], 0),
      table('C', [1, 4, 7], 4),
    ];
    // 16 players: A and C together seat 18, so B (first in the order) breaks though C is the shortest.
    const plan = balanceTables(tables, { breakOrder: ['B', 'A', 'C'] });
    expect(plan.brokenTables).toEqual(['B']);
    expect(plan.moves.filter((m) => m.reason === 'break')).toHaveLength(6);
    const after = apply(tables, plan);
    expect(after.map((t) => t.tableId)).toEqual(['A', 'C']);
    expect(sizes(after)).toEqual([8, 8]);
  });

  it('no table breaks while the others lack the room', () => {
    const tables = [
      table('A', [0, 1, 2, 3, 4, 5, 6, 7], 0),
      table('B', [0, 1, 2, 3, 4, 5, 6, 7, 8], 0),
      table('C', [0, 1], 0),
    ];
    const plan = balanceTables(tables, { breakOrder: ['C'] });
    expect(plan.brokenTables).toEqual([]);
    expect(sizes(apply(tables, plan))).toEqual([6, 7, 6]);
  });

  it('who is due the big blind and which seat is worst follow the last big blind clockwise', () => {
    expect(dueForBigBlind(table('T', [1, 4, 8], 4)).seat).toBe(8);
    expect(dueForBigBlind(table('T', [1, 4, 8], 8)).seat).toBe(1);
    expect(worstPosition(table('T', [0, 1, 4, 8], 4))).toBe(5);
    expect(worstPosition(table('T', [0, 1, 2, 3, 4, 5, 6, 7], 7))).toBe(8);
    expect(worstPosition(table('T', [1, 2, 3, 4, 5, 6, 7, 8], 7))).toBe(0);
  });

  it('property: after a balancing step no two tables differ by more than one player, nobody is lost and no table could still break', () => {
    const tablesArb = fc
      .record({
        seatCount: fc.constantFrom(6, 9),
        counts: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 12 }),
        bigBlinds: fc.array(fc.integer({ min: -1, max: 8 }), { minLength: 12, maxLength: 12 }),
        draws: fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 20 }),
        order: fc.boolean(),
      })
      .filter((r) => r.counts.reduce((a, b) => a + Math.min(b, r.seatCount), 0) >= 2);
    fc.assert(
      fc.property(tablesArb, (r) => {
        const tables = r.counts.map((count, i) => {
          const seats = Array.from({ length: r.seatCount }, (_, s) => s).filter(
            (s) => (s * 5 + i) % r.seatCount < Math.min(count, r.seatCount),
          );
          const bb = r.bigBlinds[i];
          return table(`T${i}`, seats, bb < 0 || bb >= r.seatCount ? null : bb, r.seatCount);
        });
        let d = 0;
        const plan = balanceTables(tables, {
          breakOrder: r.order ? tables.map((t) => t.tableId).reverse() : [],
          drawSeat: (count) => Math.floor(r.draws[d++ % r.draws.length] * count),
        });
        const after = apply(tables, plan);
        const all = (list: TournamentTable[]) => list.flatMap((t) => t.players.map((p) => p.playerId)).sort();
        expect(all(after)).toEqual(all(tables));
        const counts = sizes(after);
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
        const total = counts.reduce((a, b) => a + b, 0);
        expect(after.length).toBe(Math.max(1, Math.ceil(total / r.seatCount)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('final table and hand-for-hand', () => {
  it('the final table is reached when everyone left fits at one table', () => {
    expect([10, 9, 6].map((left) => isFinalTable(left, 9))).toEqual([false, true, true]);
  });

  it('hand-for-hand runs only on the bubble with more than one table', () => {
    // 60 entrants pay 9: with 10 left on two tables the next elimination reaches the money.
    expect(isHandForHand(10, 9, 2)).toBe(true);
    expect(isHandForHand(11, 9, 2)).toBe(false);
    expect(isHandForHand(9, 9, 2)).toBe(false);
    expect(isHandForHand(4, 3, 1)).toBe(false);
  });
});
