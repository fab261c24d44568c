import { describe, expect, it } from 'vitest';
import { event, headsUpStart, snapshot, tableInfo, tableSeat } from './tableFixtures';
import {
  initialTableState,
  tableReducer,
  viewerInHand,
  viewerLegal,
  type TableInput,
  type TableViewState,
} from './tableState';

const seats = [tableSeat(0, 1, 'bat'), tableSeat(3, 2, 'dorj')];
const run = (inputs: TableInput[], from: TableViewState = initialTableState()) =>
  inputs.reduce(tableReducer, from);

describe('the table view state', () => {
  it('starts from the snapshot, then applies events in seq order', () => {
    const state = run([
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      ...headsUpStart(5, ['As', 'Kd']),
    ]);
    expect(state.seq).toBe(10);
    expect(state.connection).toBe('live');
    const hand = state.hand!;
    expect(hand.handNumber).toBe(1);
    expect(hand.potTotal).toBe(15);
    expect(hand.currentBet).toBe(10);
    expect(hand.seats.find((s) => s.seat === 0)).toMatchObject({
      stack: 995,
      bet: 5,
      cards: ['As', 'Kd'],
      inHand: true,
    });
    expect(hand.seats.find((s) => s.seat === 3)).toMatchObject({
      stack: 990,
      bet: 10,
      cards: null,
      cardCount: 2,
    });
    expect(viewerLegal(state)?.toCall).toBe(5);
    expect(viewerInHand(state)).toBe(true);
  });

  it('a player who leaves learns the least they may bring back to this table', () => {
    const state = run([
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      event(5, { type: 'seat-left', seat: 0, userId: 1, reason: 'left', returnMinBuyIn: 1_500 }),
    ]);
    expect(state.viewer).toMatchObject({ seat: null, minBuyIn: 1_500 });
  });

  it('ignores events before the first snapshot and duplicates of applied ones', () => {
    const early = run(headsUpStart(1, ['As', 'Kd']));
    expect(early.hand).toBeNull();
    const state = run([
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      ...headsUpStart(5, ['As', 'Kd']),
    ]);
    const again = run(headsUpStart(5, ['As', 'Kd']), state);
    expect(again).toBe(state);
  });

  it('a gap in seq marks the state out of sync and drops events until a snapshot', () => {
    const start = run([snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) })]);
    const [handStarted, , bigBlind] = headsUpStart(5, null);
    const gapped = run([handStarted, bigBlind], start);
    expect(gapped.outOfSync).toBe(true);
    expect(gapped.seq).toBe(5);
    expect(gapped.hand?.potTotal).toBe(0);
    const resynced = run(
      [snapshot({ seq: 20, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) })],
      gapped,
    );
    expect(resynced.outOfSync).toBe(false);
    expect(resynced.seq).toBe(20);
  });

  it('resumed events after a reconnect continue where the state stopped', () => {
    const inputs = headsUpStart(5, ['As', 'Kd']);
    const before = run([
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      ...inputs.slice(0, 3),
    ]);
    const dropped = tableReducer(before, { type: 'connection', status: 'reconnecting' });
    // The server replays from lastSeq: events already seen are skipped, the rest applied.
    const resumed = run(inputs, dropped);
    expect(resumed.seq).toBe(10);
    expect(resumed.hand?.potTotal).toBe(15);
  });

  it('never shows another seat’s hole cards it did not receive, even if a deal event carried them', () => {
    const spectator = run([
      snapshot({ seq: 4, table: tableInfo(seats) }),
      ...headsUpStart(5, null),
      // a misbehaving frame: another seat's cards in a spectator's copy
      event(11, { type: 'hole-cards-dealt', seat: 3, count: 2, cards: ['Qh', 'Qs'] }),
    ]);
    expect(spectator.hand?.seats.every((seat) => seat.cards === null)).toBe(true);
    expect(viewerLegal(spectator)).toBeNull();
  });

  it('a snapshot’s cards of other seats are dropped unless shown, and legal actions only for the viewer', () => {
    const state = run([
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      ...headsUpStart(5, ['As', 'Kd']),
    ]);
    const leaky = {
      ...state.hand!,
      toAct: 3,
      legal: { seat: 3, toCall: 0, actions: [] },
      seats: state.hand!.seats.map((s) => (s.seat === 3 ? { ...s, cards: ['Qh', 'Qs'] } : s)),
    };
    const next = run([
      snapshot({ seq: 30, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats), hand: leaky }),
    ]);
    expect(next.hand?.seats.find((s) => s.seat === 3)?.cards).toBeNull();
    expect(next.hand?.seats.find((s) => s.seat === 0)?.cards).toEqual(['As', 'Kd']);
    expect(next.hand?.legal).toBeNull();
  });

  it('shows cards turned up at showdown and remembers the hand name', () => {
    const state = run([
      snapshot({ seq: 4, table: tableInfo(seats) }),
      ...headsUpStart(5, null),
      event(11, {
        type: 'cards-shown',
        seat: 3,
        cards: ['Qh', 'Qs'],
        handValue: 3000,
        handName: 'Pair of Queens',
      }),
      event(12, { type: 'hand-mucked', seat: 0 }),
    ]);
    expect(state.hand?.seats.find((s) => s.seat === 3)).toMatchObject({ cards: ['Qh', 'Qs'], shown: true });
    expect(state.hand?.seats.find((s) => s.seat === 0)).toMatchObject({ cards: null, mucked: true });
    expect(state.shownHandNames[3]).toBe('Pair of Queens');
  });

  it('actions move chips into bets; a finished round gathers them; the next street clears bets', () => {
    const state = run([
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      ...headsUpStart(5, ['As', 'Kd']),
      event(11, { type: 'action', seat: 0, action: 'raise', to: 30, added: 25, stack: 970, allIn: false }),
      event(12, { type: 'action', seat: 3, action: 'call', to: 30, added: 20, stack: 970, allIn: false }),
    ]);
    expect(state.hand?.potTotal).toBe(60);
    expect(state.lastActions[0]).toEqual({ action: 'raise', amount: 30 });
    expect(viewerLegal(state)).toBeNull();
    const flop = run(
      [
        event(13, { type: 'pots-updated', pots: [{ amount: 60, eligible: [0, 3] }] }),
        event(14, {
          type: 'street-dealt',
          street: 'flop',
          cards: ['2c', '7d', 'Jh'],
          board: ['2c', '7d', 'Jh'],
        }),
      ],
      state,
    );
    expect(flop.hand?.phase).toBe('flop');
    expect(flop.hand?.board).toEqual(['2c', '7d', 'Jh']);
    expect(flop.hand?.seats.every((s) => s.bet === 0)).toBe(true);
    expect(flop.hand?.pots).toEqual([{ amount: 60, eligible: [0, 3] }]);
    expect(flop.lastActions).toEqual({});
  });

  it('awards pots, ends the hand with the final stacks and keeps the revealed seed for Replay', () => {
    const state = run([
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      ...headsUpStart(5, ['As', 'Kd']),
      event(11, { type: 'action', seat: 0, action: 'fold', to: 5, added: 0, stack: 995, allIn: false }),
      event(12, { type: 'uncalled-bet-returned', seat: 3, amount: 5 }),
      event(13, {
        type: 'pot-awarded',
        potIndex: 0,
        amount: 10,
        winners: [{ seat: 3, amount: 10 }],
        handName: null,
      }),
      event(14, {
        type: 'hand-ended',
        finalStacks: [
          { seat: 0, stack: 995 },
          { seat: 3, stack: 1005 },
        ],
      }),
      event(15, {
        type: 'hand-result',
        handId: '11111111-1111-1111-1111-111111111111',
        handNumber: 1,
        results: [
          { seat: 0, userId: 1, net: -5 },
          { seat: 3, userId: 2, net: 5 },
        ],
        rake: 0,
        jackpotContribution: 0,
        jackpotPayouts: [],
        deckCommitment: 'c0'.repeat(32),
        playerSeeds: [
          { seat: 0, userId: 1, seed: 'my own seed' },
          { seat: 3, userId: 2, seed: '' },
        ],
      }),
    ]);
    expect(state.hand?.phase).toBe('complete');
    expect(state.hand?.seats.find((s) => s.seat === 0)?.folded).toBe(true);
    expect(state.table?.seats.map((s) => s.stack)).toEqual([995, 1005]);
    expect(state.winners).toEqual([{ seat: 3, amount: 10, handName: null }]);
    expect(state.lastResult?.playerSeeds[0].seed).toBe('my own seed');
    expect(state.recentHandIds).toEqual(['11111111-1111-1111-1111-111111111111']);
    expect(viewerInHand(state)).toBe(false);
  });

  it('Replay keeps only hands the viewer was dealt into: a hand that ended while they waited or watched is not theirs to open', () => {
    const result = (seq: number, handId: string) =>
      event(seq, {
        type: 'hand-result',
        handId,
        handNumber: seq,
        results: [
          { seat: 3, userId: 2, net: 5 },
          { seat: 4, userId: 3, net: -5 },
        ],
        rake: 0,
        jackpotContribution: 0,
        jackpotPayouts: [],
        deckCommitment: 'c0'.repeat(32),
        playerSeeds: [],
      });
    const watching = run([
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      result(5, '22222222-2222-2222-2222-222222222222'),
    ]);
    expect(watching.recentHandIds).toEqual([]);
    const spectator = run([
      snapshot({ seq: 4, table: tableInfo(seats) }),
      result(5, '33333333-3333-3333-3333-333333333333'),
    ]);
    expect(spectator.recentHandIds).toEqual([]);
  });

  it('seat events add, update and remove seats and follow the viewer’s own seat', () => {
    const state = run([
      snapshot({ seq: 1, viewer: { userId: 9, seat: null }, table: tableInfo(seats) }),
      event(2, { type: 'seat-taken', seat: tableSeat(5, 9, 'saraa', 500) }),
    ]);
    expect(state.viewer.seat).toBe(5);
    expect(state.table?.seats.map((s) => s.seat)).toEqual([0, 3, 5]);
    const out = run(
      [
        event(3, { type: 'sat-out', seat: 5 }),
        event(4, { type: 'stack-changed', seat: 5, stack: 900, reason: 'recharge' }),
      ],
      state,
    );
    expect(out.table?.seats.find((s) => s.seat === 5)).toMatchObject({ status: 'sitting-out', stack: 900 });
    const gone = run([event(5, { type: 'seat-left', seat: 5, userId: 9, reason: 'left' })], out);
    expect(gone.viewer.seat).toBeNull();
    expect(gone.table?.seats.map((s) => s.seat)).toEqual([0, 3]);
  });

  it('a viewer kicked by an administrator keeps the reason in view until they sit down again', () => {
    const seated = run([
      snapshot({ seq: 1, viewer: { userId: 9, seat: null }, table: tableInfo(seats) }),
      event(2, { type: 'seat-taken', seat: tableSeat(5, 9, 'saraa', 500) }),
    ]);
    expect(seated.removedBecause).toBeNull();
    const kicked = run([event(3, { type: 'seat-left', seat: 5, userId: 9, reason: 'kicked' })], seated);
    expect(kicked.viewer.seat).toBeNull();
    expect(kicked.removedBecause).toBe('kicked');
    // Someone else leaving changes nothing about it; sitting down again clears it.
    const other = run([event(4, { type: 'seat-left', seat: 3, userId: 4, reason: 'idle' })], kicked);
    expect(other.removedBecause).toBe('kicked');
    const back = run([event(5, { type: 'seat-taken', seat: tableSeat(5, 9, 'saraa', 500) })], other);
    expect(back.removedBecause).toBeNull();
  });

  it("keeps a kick's reason for the kicked viewer only, until they sit again", () => {
    const seated = run([
      snapshot({ seq: 1, viewer: { userId: 9, seat: null }, table: tableInfo(seats) }),
      event(2, { type: 'seat-taken', seat: tableSeat(5, 9, 'saraa', 500) }),
    ]);
    const kicked = run(
      [event(3, { type: 'seat-left', seat: 5, userId: 9, reason: 'kicked', note: 'Abusive chat' })],
      seated,
    );
    expect(kicked.removedNote).toBe('Abusive chat');
    const back = run([event(4, { type: 'seat-taken', seat: tableSeat(5, 9, 'saraa', 500) })], kicked);
    expect(back.removedNote).toBeNull();
  });

  it('a viewer who leaves by choice is told nothing', () => {
    const seated = run([
      snapshot({ seq: 1, viewer: { userId: 9, seat: null }, table: tableInfo(seats) }),
      event(2, { type: 'seat-taken', seat: tableSeat(5, 9, 'saraa', 500) }),
      event(3, { type: 'seat-left', seat: 5, userId: 9, reason: 'left' }),
    ]);
    expect(seated.removedBecause).toBeNull();
  });

  it('keeps the acting player’s clock and the jackpot live', () => {
    const state = run([
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      ...headsUpStart(5, ['As', 'Kd']),
      event(11, { type: 'clock', seat: 0, handNumber: 1, deadline: 1_700_000_020_000, timeBankMs: 30_000 }),
      event(12, { type: 'jackpot', amount: 61_000 }),
    ]);
    expect(state.clock).toEqual({ seat: 0, deadline: 1_700_000_020_000, timeBankMs: 30_000 });
    expect(state.jackpot).toBe(61_000);
  });

  it('a not-found error and a closed table end the connection state', () => {
    expect(run([{ type: 'ERROR', code: 'not_found', message: 'No such table' }]).connection).toBe(
      'not-found',
    );
    const closed = run([snapshot({ seq: 1 }), event(2, { type: 'table-closed' })]);
    expect(closed.connection).toBe('closed');
  });
});
