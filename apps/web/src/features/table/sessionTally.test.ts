import type { TableEvent } from '@tenger/protocol';
import { describe, expect, it } from 'vitest';
import { FRESH_SESSION, seatedFor, tallyHand } from './sessionTally';
import { event, snapshot, tableInfo, tableSeat } from './tableFixtures';
import { initialTableState, tableReducer, type TableInput, type TableViewState } from './tableState';

const result = (
  handNumber: number,
  results: { seat: number; userId: number; net: number }[],
  jackpotPayouts: Extract<TableEvent, { type: 'hand-result' }>['jackpotPayouts'] = [],
): Extract<TableEvent, { type: 'hand-result' }> => ({
  type: 'hand-result',
  handId: `hand-${handNumber}`,
  handNumber,
  results,
  rake: 0,
  jackpotContribution: 0,
  jackpotPayouts,
  deckCommitment: 'c0'.repeat(32),
  playerSeeds: [],
});

describe('the session tally', () => {
  it('adds each hand the viewer was dealt into, won or lost, and counts it', () => {
    let tally = tallyHand(
      FRESH_SESSION,
      result(1, [
        { seat: 0, userId: 1, net: 450 },
        { seat: 3, userId: 2, net: -475 },
      ]),
      1,
    );
    tally = tallyHand(
      tally,
      result(2, [
        { seat: 0, userId: 1, net: -200 },
        { seat: 3, userId: 2, net: 190 },
      ]),
      1,
    );
    expect(tally).toEqual({ handsPlayed: 2, net: 250 });
  });

  it('leaves out hands the viewer sat out, and counts nothing for a spectator', () => {
    const without = result(3, [
      { seat: 3, userId: 2, net: 10 },
      { seat: 4, userId: 5, net: -10 },
    ]);
    expect(tallyHand({ handsPlayed: 4, net: -80 }, without, 1)).toEqual({ handsPlayed: 4, net: -80 });
    expect(tallyHand(FRESH_SESSION, result(4, [{ seat: 0, userId: 1, net: 5 }]), null)).toBe(FRESH_SESSION);
  });

  it("adds the viewer's bad-beat jackpot share to that hand's result", () => {
    const beat = result(
      5,
      [
        { seat: 0, userId: 1, net: -1_000 },
        { seat: 3, userId: 2, net: 950 },
      ],
      [
        { userId: 1, seat: 0, share: 'loser', amount: 5_000 },
        { userId: 2, seat: 3, share: 'winner', amount: 2_500 },
      ],
    );
    expect(tallyHand(FRESH_SESSION, beat, 1)).toEqual({ handsPlayed: 1, net: 4_000 });
  });

  it('writes the time seated in whole hours and minutes, never below zero', () => {
    const sat = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(seatedFor(sat, sat + 59_999)).toEqual({ hours: 0, minutes: 0 });
    expect(seatedFor(sat, sat + 34 * 60_000 + 5_000)).toEqual({ hours: 0, minutes: 34 });
    expect(seatedFor(sat, sat + (2 * 60 + 5) * 60_000)).toEqual({ hours: 2, minutes: 5 });
    expect(seatedFor(sat, sat - 10_000)).toEqual({ hours: 0, minutes: 0 });
  });
});

describe('the session in the table state', () => {
  const run = (inputs: TableInput[]): TableViewState => inputs.reduce(tableReducer, initialTableState());
  const watching = snapshot({
    seq: 1,
    viewer: { userId: 1, seat: null },
    table: tableInfo([tableSeat(3, 2, 'dorj')]),
  });

  it('starts when the viewer sits down, counts their hands, and ends when they leave', () => {
    const seated = run([
      watching,
      event(2, result(1, [{ seat: 3, userId: 2, net: 0 }])),
      event(3, { type: 'seat-taken', seat: tableSeat(0, 1, 'bat', 2_000) }),
      event(
        4,
        result(2, [
          { seat: 0, userId: 1, net: 300 },
          { seat: 3, userId: 2, net: -300 },
        ]),
      ),
      // Add Chips changes the stack, not the session's result.
      event(5, { type: 'stack-changed', seat: 0, stack: 3_300, reason: 'recharge' }),
      event(
        6,
        result(3, [
          { seat: 0, userId: 1, net: -120 },
          { seat: 3, userId: 2, net: 115 },
        ]),
      ),
    ]);
    expect(seated.session).toEqual({ handsPlayed: 2, net: 180 });

    const left = tableReducer(seated, event(7, { type: 'seat-left', seat: 0, userId: 1, reason: 'left' }));
    expect(left.session).toBeNull();
    const back = tableReducer(left, event(8, { type: 'seat-taken', seat: tableSeat(1, 1, 'bat') }));
    expect(back.session).toEqual(FRESH_SESSION);
  });

  it('a page opened while seated counts from then; a fresh snapshot keeps the count', () => {
    const seatedView = snapshot({
      seq: 10,
      viewer: { userId: 1, seat: 0 },
      table: tableInfo([tableSeat(0, 1, 'bat'), tableSeat(3, 2, 'dorj')]),
    });
    const played = run([seatedView, event(11, result(7, [{ seat: 0, userId: 1, net: 60 }]))]);
    expect(played.session).toEqual({ handsPlayed: 1, net: 60 });
    expect(tableReducer(played, { ...seatedView, seq: 30 }).session).toEqual({ handsPlayed: 1, net: 60 });
    expect(run([watching]).session).toBeNull();
  });
});
