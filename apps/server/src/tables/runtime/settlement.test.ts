import { describe, expect, it } from 'vitest';
import {
  applyAction,
  arrangeDeck,
  createHand,
  handRecord,
  parseCards,
  type HandConfig,
  type HandRecord,
  type HandState,
} from '@tenger/engine';
import { accountCode, Accounts } from '../../ledger/accounts.js';
import {
  DEFAULT_JACKPOT_SHARES,
  findBadBeat,
  handMoney,
  jackpotPayouts,
  settlementMovements,
} from './settlement.js';

/** Plays a hand where everyone checks or calls to the river, from arranged cards. */
function showdown(variant: HandConfig['variant'], holes: Record<number, string>, board: string): HandRecord {
  const seats = Object.keys(holes).map((s) => ({
    seat: Number(s),
    playerId: String(100 + Number(s)),
    stack: 10_000,
  }));
  const base = {
    variant,
    seats,
    button: seats[0].seat,
    smallBlind: 50,
    bigBlind: 100,
    handNumber: 1,
    rake: { percent: 5, cap: 300 },
  };
  const holeCards = Object.fromEntries(Object.entries(holes).map(([s, c]) => [Number(s), parseCards(c)]));
  const created = createHand({ ...base, deck: arrangeDeck(base, holeCards, parseCards(board)) });
  if ('error' in created) throw new Error(created.error.message);
  let state: HandState = created.state;
  while (state.phase !== 'complete') {
    const seat = state.toAct!;
    const player = state.seats.find((s) => s.seat === seat)!;
    const next = applyAction(state, { seat, type: player.bet < state.currentBet ? 'call' : 'check' });
    if ('error' in next) throw new Error(next.error.message);
    state = next.state;
  }
  return handRecord(state)!;
}

describe('settling a hand', () => {
  it('losers pay winners, the house and the jackpot in balanced movements', () => {
    const record = showdown('holdem-nl', { 0: 'AsAh', 1: 'KdKc', 2: '7c2d' }, 'Ad9s5h3cJd');
    const money = handMoney(record, 1);
    // 300 in the pot: 5 % rake = 15; 1 % of the pot (3) of it grows the jackpot.
    expect(money).toMatchObject({ rake: 15, jackpotContribution: 3, houseRake: 12 });
    const movements = settlementMovements(money, (seat) => Accounts.seat(100 + seat, 7));
    const net = new Map<string, number>();
    for (const m of movements) {
      expect(Number.isSafeInteger(m.amount) && m.amount > 0).toBe(true);
      net.set(accountCode(m.from), (net.get(accountCode(m.from)) ?? 0) - m.amount);
      net.set(accountCode(m.to), (net.get(accountCode(m.to)) ?? 0) + m.amount);
    }
    expect([...net.values()].reduce((a, b) => a + b, 0)).toBe(0);
    expect(net.get('seat:100:7')).toBe(185);
    expect(net.get('seat:101:7')).toBe(-100);
    expect(net.get('house:house_rake')).toBe(12);
    expect(net.get('house:jackpot')).toBe(3);
  });

  it('no flop, no drop: a hand without rake adds nothing to the jackpot', () => {
    const money = handMoney({ rake: 0, totalPot: 150, seats: [] } as unknown as HandRecord, 1);
    expect(money).toMatchObject({ rake: 0, jackpotContribution: 0, houseRake: 0 });
  });

  it('the jackpot contribution never exceeds the rake', () => {
    const money = handMoney({ rake: 2, totalPot: 10_000, seats: [] } as unknown as HandRecord, 5);
    expect(money.jackpotContribution).toBe(2);
    expect(money.houseRake).toBe(0);
  });
});

describe('the bad-beat jackpot', () => {
  it("four of a kind using both hole cards that loses at showdown qualifies (Hold'em)", () => {
    const record = showdown('holdem-nl', { 0: '9h9d', 1: 'QsJs' }, '9s9cTsKs2h');
    expect(findBadBeat(record)).toMatchObject({ loserSeat: 0, winnerSeat: 1 });
  });

  it("four of a kind made with only one hole card does not qualify (Hold'em)", () => {
    const record = showdown('holdem-nl', { 0: '9s2c', 1: 'QsJs' }, '9d9c9hTsKs');
    expect(findBadBeat(record)).toBeNull();
  });

  it('four of a kind on the board does not qualify', () => {
    const record = showdown('holdem-nl', { 0: 'KhKd', 1: 'AcQd' }, '8s8h8d8cAs');
    expect(findBadBeat(record)).toBeNull();
  });

  it('a full house that loses is not a bad beat', () => {
    const record = showdown('holdem-nl', { 0: 'KhKd', 1: 'AhAd' }, 'KsAs2c2d7h');
    expect(findBadBeat(record)).toBeNull();
  });

  it('in Omaha, where exactly two hole cards always play, a losing four of a kind qualifies', () => {
    const record = showdown('omaha-pl', { 0: '9h9d2c3d', 1: 'QsJs4h5h' }, '9s9cTsKs7d');
    expect(findBadBeat(record)).toMatchObject({ loserSeat: 0, winnerSeat: 1 });
  });

  it('pays half to the loser, a quarter to the winner and shares the rest among the others dealt in', () => {
    const payouts = jackpotPayouts(
      10_001,
      { loserSeat: 0, winnerSeat: 1, loserValue: 7300 },
      [0, 1, 2, 3],
      DEFAULT_JACKPOT_SHARES,
    );
    expect(payouts).toEqual([
      { seat: 0, share: 'loser', amount: 5_000 },
      { seat: 1, share: 'winner', amount: 2_500 },
      { seat: 2, share: 'table', amount: 1_250 },
      { seat: 3, share: 'table', amount: 1_250 },
    ]);
  });
});
