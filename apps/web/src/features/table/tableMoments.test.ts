import { describe, expect, it } from 'vitest';
import { event, headsUpStart, snapshot, tableInfo, tableSeat } from './tableFixtures';
import { initialTableState, tableReducer, type TableInput, type TableViewState } from './tableState';

const seats = [tableSeat(0, 1, 'bat'), tableSeat(3, 2, 'dorj')];
const run = (inputs: TableInput[], from: TableViewState = initialTableState()) =>
  inputs.reduce(tableReducer, from);
const start = () => [
  snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
  ...headsUpStart(5, ['As', 'Kd']),
];

describe('the table at the moments that matter', () => {
  it('an all-in whose uncalled part comes back is not all-in any more, and its ALL-IN label goes', () => {
    const state = run([
      ...start(),
      event(11, { type: 'action', seat: 0, action: 'allin', to: 1000, added: 995, stack: 0, allIn: true }),
      event(12, { type: 'uncalled-bet-returned', seat: 0, amount: 500 }),
    ]);
    expect(state.hand!.seats.find((s) => s.seat === 0)).toMatchObject({ allIn: false, stack: 500 });
    expect(state.lastActions[0]).toBeUndefined();
  });

  it('a show choice for the viewer is kept until it closes; one for another seat is not ours', () => {
    const choice = { type: 'show-choice', seat: 0, handNumber: 1, kind: 'loser', deadline: 99 } as const;
    const open = run([...start(), event(11, choice)]);
    expect(open.showChoice).toMatchObject({ seat: 0, kind: 'loser' });
    expect(run([event(12, { type: 'show-choice-closed', handNumber: 1 })], open).showChoice).toBeNull();
    expect(run([...start(), event(11, { ...choice, seat: 3 })]).showChoice).toBeNull();
  });

  it('showing one card keeps both in the owner’s own view; hands played counts on live', () => {
    const state = run([
      ...start(),
      event(11, { type: 'cards-shown', seat: 0, cards: ['Kd'], handValue: null, handName: null }),
      event(12, {
        type: 'hand-result',
        handId: 'h1',
        handNumber: 1,
        results: [],
        rake: 0,
        jackpotContribution: 0,
        jackpotPayouts: [],
        deckCommitment: 'a'.repeat(64),
        playerSeeds: [],
      }),
    ]);
    expect(state.hand!.seats.find((s) => s.seat === 0)!.cards).toEqual(['As', 'Kd']);
    expect(state.table!.handsPlayed).toBe(tableInfo(seats).handsPlayed + 1);
  });
});
