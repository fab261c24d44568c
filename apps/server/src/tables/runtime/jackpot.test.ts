import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAction,
  arrangeDeck,
  createHand,
  handRecord,
  parseCards,
  toPHH,
  toPokerStars,
  type HandRecord,
  type HandState,
} from '@tenger/engine';
import { HandStore } from '../../hands/handStore.js';
import { Accounts } from '../../ledger/accounts.js';
import { TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../../testing/testServer.js';
import { DEFAULT_JACKPOT_SHARES, settleHand } from './settlement.js';
import { createTestTable } from '../../testing/testTables.js';

/** Three players check it down; seat 0's quad nines (both hole cards) lose to seat 1's straight flush. */
function badBeatHand(playerIds: number[]): HandRecord {
  const seats = playerIds.map((id, seat) => ({ seat, playerId: String(id), stack: 5_000 }));
  const base = {
    variant: 'holdem-nl' as const,
    seats,
    button: 2,
    smallBlind: 50,
    bigBlind: 100,
    handNumber: 1,
    rake: { percent: 5, cap: 300 },
  };
  const holes = { 0: parseCards('9h9d'), 1: parseCards('QsJs'), 2: parseCards('2c3d') };
  const created = createHand({ ...base, deck: arrangeDeck(base, holes, parseCards('9s9cTsKs4h')) });
  if ('error' in created) throw new Error(created.error.message);
  let state: HandState = created.state;
  while (state.phase !== 'complete') {
    const seat = state.toAct!;
    const me = state.seats.find((s) => s.seat === seat)!;
    const next = applyAction(state, { seat, type: me.bet < state.currentBet ? 'call' : 'check' });
    if ('error' in next) throw new Error(next.error.message);
    state = next.state;
  }
  return handRecord(state)!;
}

describe.each(TEST_DRIVERS)('the bad-beat jackpot on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  it('pays the pool out as bonus to the players in the same transaction as the hand', async () => {
    const ledger = t.services.ledger;
    const table = await createTestTable(t);
    const players = [await t.player(10_000), await t.player(10_000), await t.player(10_000)];
    for (const p of players) {
      await ledger.transfer({
        from: Accounts.available(p.id),
        to: Accounts.seat(p.id, table.id),
        amount: 5_000,
        kind: 'buy_in',
        key: `j:${p.id}`,
      });
    }
    await ledger.transfer({
      from: Accounts.outsideBank,
      to: Accounts.jackpot,
      amount: 100_000,
      kind: 'correction',
      key: 'seed-jackpot',
    });
    const record = badBeatHand(players.map((p) => p.id));
    const owners = new Map(players.map((p, seat) => [seat, { userId: p.id, isBot: false }]));
    const handId = '00000000-0000-4000-8000-000000000001';
    const settled = await settleHand(ledger, new HandStore(t.database.db), {
      handId,
      tableId: table.id,
      record,
      owners,
      contributionPercent: 1,
      shares: DEFAULT_JACKPOT_SHARES,
      stored: {
        handId,
        tableId: table.id,
        handNumber: 1,
        startedAt: new Date(),
        endedAt: new Date(),
        variant: record.variant,
        record,
        serverSeed: 'seed',
        seedCommitment: 'commitment',
        clientSeed: 'client',
        phh: toPHH(record),
        pokerstars: toPokerStars(record),
        totalPot: record.totalPot,
        rake: record.rake,
      },
    });
    // 300 in the pot: rake 15, of which 3 to the jackpot: pool 100,003.
    expect(settled.money).toMatchObject({ rake: 15, jackpotContribution: 3 });
    expect(settled.payouts).toEqual([
      { seat: 0, share: 'loser', amount: 50_001 },
      { seat: 1, share: 'winner', amount: 25_000 },
      { seat: 2, share: 'table', amount: 25_000 },
    ]);
    expect(settled.jackpot).toBe(2);
    expect(await ledger.jackpotAmount()).toBe(2);
    const loser = await ledger.balancesOf(players[0].id);
    expect(loser).toMatchObject({ available: 5_000 + 50_001, atTables: 4_900 });
    const history = await t.call({ method: 'GET', url: '/api/v1/user/outcome', token: players[0].token });
    const items = history.json().items as Array<{ type: string; amount: number; handId: string | null }>;
    expect(items.find((i) => i.type === 'bonus')).toMatchObject({ amount: 50_001, handId });
    expect(items.find((i) => i.type === 'gameplay')).toMatchObject({ amount: -100, handId });
    // Cash the seats out so the books close.
    for (const p of players) {
      const { atTables } = await ledger.balancesOf(p.id);
      await ledger.transfer({
        from: Accounts.seat(p.id, table.id),
        to: Accounts.available(p.id),
        amount: atTables,
        kind: 'leave_seat',
        key: `jl:${p.id}`,
      });
    }
  });
});
